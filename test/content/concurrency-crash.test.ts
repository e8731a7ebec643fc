// Writers killed with SIGKILL in the middle of every kind of write (translation create and update, publish,
// revisions, styles, media, tokens, accounts, history, statistics), 60 kills in all, four writers side by
// side: every file stays old or new, never partial; no write answered as done is lost; and once the server
// has started, no temp file is left anywhere. Each writer's own start (lib/site-writes.ts) removes what the
// killed ones left while the others are still writing, so it must leave their temp files in flight alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';
import { listRevisions, listStyleVersions, readRevision, readStyleVersion } from '../../dist/content/revisions.js';
import { readHistory } from '../../dist/content/history.js';
import { isTempFileName } from '../../dist/lib/atomic-write.js';
import { AuthService } from '../../dist/auth/auth-service.js';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { startTestServer } from '../helpers/test-server.ts';
import { crashImage, roundOfBody, roundOfCss, roundOfStats } from '../helpers/crash-contents.ts';
import { writeSite } from '../helpers/write-site.ts';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

const WRITER = fileURLToPath(new URL('../helpers/crash-writer.ts', import.meta.url));
/**
 * The writer runs under Node's own type stripping, as this file does: on by default from Node 22.18, asked for
 * before by the flags make test gives (Makefile), which a child does not inherit: they are handed on.
 */
const STRIP_TYPES = process.execArgv.filter((flag) => flag === '--experimental-strip-types' || flag === '--disable-warning=ExperimentalWarning');
const WORKERS = 4;
/**
 * 15 lives a writer, each killed 5-125 ms after it is ready (60 moments in all, no two alike, every kind of
 * write answered): 25 lives a writer made this file the suite's costliest, 70 s of CPU, of which each life's
 * start is some 0.5 s.
 */
const KILLS_EACH = 15;

/** Each writer's account id. */
const accountOf: string[] = [];

async function makeSite(): Promise<string> {
  const root = makeTempFolder('svc-crash-');
  writeSite(root, { settings: { title: 'Crash', languages: { en: 'English' } }, entries: {} });
  for (let worker = 0; worker < WORKERS; worker++) {
    writeFileSync(join(mkdirFolder(root, `content/posts/w${worker}`), 'en.md'), `---\ntitle: W${worker}\nstatus: draft\nauthor: ann\n---\nround -1\n`);
  }
  // The owner of the writers' tokens, and an account each writer renames.
  const auth = new AuthService({ dataDir: join(root, 'data'), clock: Date.now, log: () => {} });
  await auth.accounts.create({ name: 'Ann', email: 'ann@example.org', role: 'admin', password: 'a long enough password' });
  for (let worker = 0; worker < WORKERS; worker++) {
    accountOf[worker] = (await auth.accounts.create({ name: `W${worker}`, email: `w${worker}@example.org`, role: 'admin', password: 'a long enough password' })).id;
  }
  return root;
}

function mkdirFolder(root: string, path: string): string {
  mkdirSync(join(root, path), { recursive: true });
  return join(root, path);
}

/** What the writers answered as done: the last round of each kind and what it made. */
type Done = Array<{ kind: string; round: number; what: string }>;

/** One writer from `firstRound`, killed `delayMs` after its first answered write; returns the round it was on when killed. */
async function runAndKill(root: string, worker: number, firstRound: number, delayMs: number, done: Done): Promise<number> {
  const child = spawn(process.execPath, [...STRIP_TYPES, WRITER, root, join(root, 'data'), String(worker), String(firstRound)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let lastRound = firstRound;
  let pending = '';
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        if (line === 'ready') resolve();
        const [, kind, round, what] = /^done (\S+) (\d+) (\S+)$/.exec(line) ?? [];
        if (kind === undefined) continue;
        done.push({ kind, round: Number(round), what: what! });
        lastRound = Number(round) + 1;
      }
    });
    void exited.then((signal) => reject(new Error(`writer ${worker} exited early (${signal})`)));
  });
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  child.kill('SIGKILL');
  assert.equal(await exited, 'SIGKILL');
  // A killed writer may die holding its entry's or account's lock, which file-lock breaks once 10 s old: the next writer
  // on it should not wait for that, so the test removes it as the stale-lock rule eventually would.
  rmSync(join(root, 'data', 'locks', `posts+w${worker}.lock`), { force: true });
  rmSync(join(root, 'data', 'accounts', `.${accountOf[worker]}.lock`), { force: true });
  return lastRound;
}

async function runWorker(root: string, worker: number, done: Done): Promise<void> {
  let round = 0;
  // The next writer takes up the round the killed one was on: skipping it, a writer that answered one write a
  // life (a slow machine) went round every other kind only and never wrote a style (CI failed so).
  for (let kill = 0; kill < KILLS_EACH; kill++) round = await runAndKill(root, worker, round, 5 + ((kill * 37 + worker * 11) % 120), done);
}

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((item) => item.isFile()).map((item) => join(item.parentPath, item.name));
}

/** Every file the writers write parses whole, and holds a write no older than the last one answered as done. */
function assertWholeAndNothingLost(root: string, done: Done): void {
  const dataDir = join(root, 'data');
  const last = (kind: string, what: string) => Math.max(-1, ...done.filter((write) => write.kind === kind && write.what === what).map((write) => write.round));
  for (let worker = 0; worker < WORKERS; worker++) {
    const id = `posts/w${worker}`;
    const text = readFileSync(join(root, 'content', id, 'en.md'), 'utf8');
    const { fields, body } = parseFrontMatter(text);
    if (body !== 'round -1\n') assert.equal(fields.round, roundOfBody(body), `${id}: fields and body from different writes`);
    assert.ok(body === 'round -1\n' ? last('update', id) === -1 : roundOfBody(body) >= last('update', id), `${id}: an answered update is lost`);
    if (done.some((write) => write.kind === 'publish' && write.what === id)) assert.equal(fields.status, 'published', `${id}: an answered publish is lost`);
    for (const revision of listRevisions(new TrustedFolders([dataDir]), dataDir, id, 'en')) {
      const revised = parseFrontMatter(readRevision(new TrustedFolders([dataDir]), dataDir, id, 'en', revision.id)).body;
      if (revised !== 'round -1\n') roundOfBody(revised);
    }
    // A writer killed before each of its style rounds got as far as the file leaves none (the site starts without).
    const cssFile = join(root, 'content', id, 'style.css');
    if (!existsSync(cssFile)) assert.equal(last('style', id), -1, `${id}: an answered style is lost (no style.css)`);
    else assert.ok(roundOfCss(readFileSync(cssFile, 'utf8')) >= last('style', id), `${id}: an answered style is lost`);
    for (const version of listStyleVersions(new TrustedFolders([dataDir]), dataDir, id)) roundOfCss(readStyleVersion(new TrustedFolders([dataDir]), dataDir, id, version.id));
    const day = `2026-01-0${worker + 1}`;
    assert.ok(roundOfStats(readFileSync(join(dataDir, 'stats', 'daily', `${day}.json`), 'utf8')) >= last('stats', day), `${day}: answered stats are lost`);
  }
  for (const write of done) {
    if (write.kind === 'create') roundOfBody(parseFrontMatter(readFileSync(join(root, 'content', write.what, 'en.md'), 'utf8')).body);
    if (write.kind === 'media') assert.deepEqual(readFileSync(join(root, 'content', write.what)), crashImage(), `${write.what} is not whole`);
    if (write.kind === 'token') JSON.parse(readFileSync(join(dataDir, 'tokens', `${write.what}.json`), 'utf8'));
    if (write.kind === 'account') {
      const { name } = parseYaml(readFileSync(join(dataDir, 'accounts', `${write.what}.yaml`), 'utf8')) as { name: string };
      assert.ok(Number(name.split(' round ')[1]) >= last('account', write.what), `${write.what}: an answered account change is lost`);
    }
  }
  // Every file of a kind parses, answered or not; a history line cut by a kill is skipped, never mistaken.
  for (const file of filesBelow(join(dataDir, 'tokens'))) if (!isTempFileName(file.split('/').pop()!)) JSON.parse(readFileSync(file, 'utf8'));
  for (const file of filesBelow(join(dataDir, 'accounts'))) if (!isTempFileName(file.split('/').pop()!)) parseYaml(readFileSync(file, 'utf8'));
  const history = readHistory(new TrustedFolders([dataDir]), dataDir, { limit: 1_000_000 });
  for (const record of history) assert.equal(record.token, 'crash writer');
  // (A publish of what is published already changes nothing and adds no line.)
  const answered = done.filter((write) => ['update', 'create', 'style', 'media'].includes(write.kind)).length;
  assert.ok(history.length >= answered, `history has ${history.length} lines for ${answered} answered writes`);
}

test('60 writers killed with SIGKILL mid-write leave every file old or new, lose no answered write, and a start leaves no temp file', { timeout: 300_000 }, async () => {
  const root = await makeSite();
  const done: Done = [];
  await Promise.all(Array.from({ length: WORKERS }, (_, worker) => runWorker(root, worker, done)));
  for (const kind of ['update', 'create', 'publish', 'style', 'media', 'token', 'account', 'stats']) {
    assert.ok(done.some((write) => write.kind === kind), `no ${kind} was answered as done`);
  }
  assertWholeAndNothingLost(root, done);

  // The server's start removes what the last killed writers left (their pids are gone), in content/ and data/.
  const server = await startTestServer(root);
  try {
    const leftovers = filesBelow(root).filter((file) => isTempFileName(file.split('/').pop()!));
    assert.deepEqual(leftovers, []);
    assertWholeAndNothingLost(root, done);
    const page = await fetch(`${server.url}/svc/api/v1/site`);
    assert.equal(page.status, 200);
  } finally {
    await server.close();
  }
});
