// What `make run` serves: a copy of the demo site (never the tracked content/), and on its first start the
// items that give every panel page something to show: a second person, an assistant's draft waiting for
// approval, an assistant's change to a live post waiting, an entry in the trash. Run as `svc demo --root`
// on a copy, through the real command; then the panel pages are looked at.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Jar, get, signIn, type PanelHarness } from '../helpers/panel-harness.ts';

const CHECKOUT = fileURLToPath(new URL('../..', import.meta.url));
let root: string;
let child: ChildProcess;
let output = '';
let panel: PanelHarness;

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'svc-demo-run-'));
  for (const folder of ['content', 'theme']) cpSync(join(CHECKOUT, folder), join(root, folder), { recursive: true });
  child = spawn(process.execPath, [join(CHECKOUT, 'dist', 'cli.js'), 'demo', '--root', root, '--port', '0', '--host', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => { output += chunk; });
  child.stderr!.on('data', (chunk) => { output += chunk; });
  const started = Date.now();
  // A guard against a hang, not a timing: the demo's start took over 30 s with the suite and other work on two cores.
  while (!/^ +password +\S+$/m.test(output) && Date.now() - started < 120_000) await new Promise((resolve) => setTimeout(resolve, 100));
  const url = /(http:\/\/127\.0\.0\.1:\d+)\/svc\/panel\//.exec(output)?.[1];
  assert.ok(url, `the demo did not start: ${output}`);
  panel = { url } as PanelHarness;
});
after(async () => {
  // The demo writes on its way out (the index it keeps, today's statistics): its folder goes once it has
  // exited, else the removal races those writes (ENOTEMPTY). A demo that has not exited in 10 s is killed.
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  }
  rmSync(root, { recursive: true, force: true });
});

test('the first start makes a second person, two waiting changes and a trash item, through the real command', async () => {
  const password = /^ +password +(\S+)$/m.exec(output)![1]!;
  assert.match(output, /A second person: editor@example\.org \(editor\), password \S+ \(shown this once\)\./);
  const jar: Jar = await signIn(panel, 'admin@example.org', password);
  const approvals = await get(panel, '/svc/panel/approvals', jar);
  assert.match(approvals.text, /Ten huts worth the climb/);
  assert.match(approvals.text, /<h2>Changes to published entries<\/h2>/);
  assert.match(approvals.text, /posts\/hut-packing-list · the en text/);
  const trash = await get(panel, '/svc/panel/trash', jar);
  assert.match(trash.text, /posts\/midsummer-fires-walk, the entry with its media/);
  const team = await get(panel, '/svc/panel/team', jar);
  assert.match(team.text, /Eve Editor/);
  // The copy changed; the checkout's content/ did not.
  assert.equal(existsSync(join(root, 'content', 'posts', 'midsummer-fires-walk')), false);
  assert.ok(existsSync(join(CHECKOUT, 'content', 'posts', 'midsummer-fires-walk')));
  assert.match(readFileSync(join(root, 'content', 'site.yaml'), 'utf8'), /approval_live: true/);
  assert.doesNotMatch(readFileSync(join(CHECKOUT, 'content', 'site.yaml'), 'utf8'), /approval_live/);
  assert.equal(readdirSync(join(root, 'data', 'trash')).length, 1);
});

test('make run serves the copy in .tmp/demo (an ignored folder), made once', () => {
  const makefile = readFileSync(join(CHECKOUT, 'Makefile'), 'utf8');
  assert.match(makefile, /DEMO_ROOT := \.tmp\/demo/);
  assert.match(makefile, /cp -R content theme \$\(DEMO_ROOT\)\//);
  assert.match(makefile, /dist\/cli\.js demo --root \$\(DEMO_ROOT\)/);
  assert.match(readFileSync(join(CHECKOUT, '.gitignore'), 'utf8'), /^\.tmp\/$/m);
});
