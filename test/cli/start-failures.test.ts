// Every way the server, the stdio server and the CLI refuse to start: one line on stderr that names what to
// do, and the documented exit code (README "Exit codes": 2 for a setting it cannot understand, 1 for a site
// it cannot start on), never a stack trace. The built entries are run, as people run them.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { svcCommand } from '../../dist/lib/install-paths.js';

const dist = (file: string) => fileURLToPath(new URL(`../../dist/${file}`, import.meta.url));
const CMD = svcCommand();
const base = makeTempFolder('svc-start-');

/** Runs a built entry with no SVC_* settings but `env`, from the temp folder; stdin closed. */
function run(file: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(process.execPath, [dist(file), ...args], { cwd: base, env: { PATH: process.env.PATH, ...env }, input: '', encoding: 'utf8', timeout: 30_000 });
  return { code: result.status, err: result.stderr, out: result.stdout };
}

/** A folder holding content/site.yaml with `text`. */
function siteWith(name: string, text: string): string {
  const root = join(base, name);
  mkdirSync(join(root, 'content'), { recursive: true });
  writeFileSync(join(root, 'content', 'site.yaml'), text);
  return root;
}

function assertOneLine(err: string, what: string): void {
  assert.match(err, /^svc: [^\n]+\n$/, `${what}: ${err}`);
  assert.doesNotMatch(err, /\n\s+at /, what);
}

const missing = join(base, 'nowhere');
const empty = join(base, 'empty');
mkdirSync(empty);
const aFile = join(base, 'a-file');
writeFileSync(aFile, 'not a folder');
const badYaml = siteWith('bad-yaml', 'title: [unclosed\n');
const badField = siteWith('bad-field', 'title: 5\nlanguages: { en: English }\n');
const good = siteWith('good', 'title: Good\nurl: https://good.example\nlanguages: { en: English }\n');

const FAILURES: Array<{ name: string; args: string[]; env?: NodeJS.ProcessEnv; code: number; err: string }> = [
  { name: 'a bad flag is named as the flag', args: ['--port', 'abc', `--root=${good}`], code: 2, err: 'svc: --port must be a whole number from 0 to 65535.\n' },
  { name: 'a bad setting is named as the variable', args: [`--root=${good}`], env: { SVC_PORT: 'abc' }, code: 2, err: 'svc: the setting SVC_PORT must be a whole number from 0 to 65535.\n' },
  { name: 'an unknown flag', args: ['--colour=red'], code: 2, err: '' },
  { name: 'a site folder that does not exist', args: [`--root=${missing}`], code: 1, err: `svc: There is no folder ${missing}; create a site there with: ${CMD} init --root ${missing}\n` },
  { name: 'a folder without a site', args: [`--root=${empty}`], code: 1, err: `svc: There is no site in ${empty} (content/site.yaml is missing); create one with: ${CMD} init --root ${empty}\n` },
  { name: 'the working folder without a site (no --root needed to fix it)', args: [], code: 1, err: `svc: There is no site in ${base} (content/site.yaml is missing); create one with: ${CMD} init\n` },
  { name: 'a root that is a file', args: [`--root=${aFile}`], code: 1, err: `svc: ${aFile} is a file, not a site folder.\n` },
  { name: 'site.yaml that is not YAML', args: [`--root=${badYaml}`], code: 1, err: '' },
  { name: 'site.yaml with a wrong setting', args: [`--root=${badField}`], code: 1, err: 'svc: content/site.yaml: title Invalid input: expected string, received number.\n' },
  { name: 'a data folder that is a file', args: [`--root=${good}`, `--data=${aFile}`], code: 1, err: `svc: The data folder ${aFile} is a file, not a folder.\n` },
  { name: 'a data folder inside a file', args: [`--root=${good}`, `--data=${join(aFile, 'data')}`], code: 1, err: `svc: The data folder ${join(aFile, 'data')} cannot be used: a part of the path is a file, not a folder.\n` },
];

for (const failure of FAILURES) {
  test(`the server, the stdio server and svc serve refuse to start on ${failure.name}`, () => {
    const entries = [
      run('server.js', failure.args, failure.env),
      run('stdio.js', [...failure.args, '--token=svc_whatever'], failure.env),
      run('cli.js', ['serve', ...failure.args], failure.env),
    ];
    for (const [index, result] of entries.entries()) {
      const what = ['server.js', 'stdio.js', 'cli.js serve'][index]!;
      assert.equal(result.code, failure.code, `${what}: ${result.err}`);
      assertOneLine(result.err, what);
      assert.equal(result.out, '', what);
      // The CLI points a usage error at its help; the sentence before it is the same.
      if (failure.err) assert.ok(index === 2 && failure.code === 2 ? result.err.startsWith(failure.err.replace(/\.?\n$/, '')) : result.err === failure.err, `${what}: ${result.err}`);
    }
  });
}

test('an unknown flag names the options there are', () => {
  assert.equal(run('server.js', ['--colour=red']).err, 'svc: --colour is not an option here; the options are --root, --data, --host, --port, --base-url, --trust-proxy, --keep-alive-timeout, --max-connections, --token.\n');
  assert.equal(run('cli.js', ['serve', '--colour=red']).err, `svc: --colour is not an option here; the options are --root, --data, --host, --port, --base-url, --trust-proxy, --keep-alive-timeout, --max-connections; ${CMD} help lists the commands.\n`);
});

test('site.yaml that is not YAML is named with the parser\'s first line', () => {
  const result = run('server.js', [`--root=${badYaml}`]);
  assert.match(result.err, /^svc: content\/site\.yaml cannot be read: [^\n]+\n$/);
});

test('a port in use ends the start with one sentence and exit code 1', async () => {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const port = (holder.address() as AddressInfo).port;
  try {
    for (const [file, args] of [['server.js', []], ['cli.js', ['serve']]] as const) {
      const child = spawn(process.execPath, [dist(file), ...args, `--root=${good}`, `--port=${port}`], { env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'pipe'] });
      let err = '';
      child.stderr.setEncoding('utf8').on('data', (text: string) => { err += text; });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      assert.equal(code, 1, file);
      assert.equal(err, `svc: Cannot listen on 127.0.0.1:${port}: another program uses this port; choose another with --port or SVC_PORT.\n`, file);
    }
  } finally {
    await new Promise<void>((resolve) => holder.close(() => resolve()));
  }
});

test('the stdio server without a token says so before anything else, with exit code 1', () => {
  const result = run('stdio.js', [`--root=${missing}`]);
  assert.equal(result.code, 1);
  assert.equal(result.err, 'svc: a valid token is required: pass --token=<token> or set SVC_TOKEN to a token created in the panel under Assistants.\n');
});

test('svc mcp passes the stdio server\'s refusal through: same sentence, same exit code', () => {
  const result = run('cli.js', ['mcp', `--root=${empty}`, '--token=svc_whatever']);
  assert.equal(result.code, 1);
  assert.equal(result.err, `svc: There is no site in ${empty} (content/site.yaml is missing); create one with: ${CMD} init --root ${empty}\n`);
});

after(() => {
  // makeTempFolder removes the folders when the process ends.
});
