// A writer killed with SIGKILL in the middle of its writes leaves every file old or new, never partial: the
// translation, its revisions and the history log. Temp files a killed writer leaves are skipped by readers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFrontMatter } from '../src/content/front-matter.js';
import { listRevisions, readRevision } from '../src/content/revisions.js';
import { readHistory } from '../src/content/history.js';
import { ContentStore } from '../src/content/store.js';
import { makeTempFolder } from './helpers/temp-folder.js';

const WRITER = fileURLToPath(new URL('./helpers/crash-writer.ts', import.meta.url));
const BODY_BYTES = 2_000_000;

function makeSite(): string {
  const root = makeTempFolder('svc-crash-');
  mkdirSync(join(root, 'content/posts/victim'), { recursive: true });
  writeFileSync(join(root, 'content/site.yaml'), 'title: Crash\nlanguages: { en: English }\n');
  writeFileSync(join(root, 'content/posts/victim/en.md'), '---\ntitle: Victim\nstatus: draft\nauthor: ann\n---\nOriginal.\n');
  return root;
}

/** A whole translation: the original, or a round's complete body with the matching round field. */
function assertWhole(text: string, where: string): void {
  const { fields, body } = parseFrontMatter(text);
  assert.equal(fields.title, 'Victim', where);
  if (body === 'Original.\n') return;
  const round = Number(body.slice('round '.length, body.indexOf('\n')));
  assert.equal(fields.round, round, `${where}: fields and body from different writes`);
  assert.equal(body, `round ${round}\n${'x'.repeat(BODY_BYTES)}\n`, `${where}: partial body`);
}

async function runAndKill(root: string, delayMs: number): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, root, join(root, 'data'), 'posts/victim'], {
    env: { ...process.env, BODY_BYTES: String(BODY_BYTES) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => { if (chunk.toString().includes('ready')) resolve(); });
    child.on('exit', (code) => reject(new Error(`writer exited early with ${code}`)));
  });
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  const exited = new Promise((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  child.kill('SIGKILL');
  assert.equal(await exited, 'SIGKILL');
}

test('a writer killed with SIGKILL mid-write leaves each file old or new, never partial', { timeout: 120_000 }, async () => {
  const root = makeSite();
  const dataDir = join(root, 'data');
  for (const delay of [3, 11, 17, 29, 41, 77]) {
    await runAndKill(root, delay);
    assertWhole(readFileSync(join(root, 'content/posts/victim/en.md'), 'utf8'), `en.md after a kill at ${delay} ms`);
    for (const revision of listRevisions(dataDir, 'posts/victim', 'en')) {
      assertWhole(readRevision(dataDir, 'posts/victim', 'en', revision.id), `revision ${revision.id}`);
    }
    // Every complete history line parses; a line cut by the kill is skipped, never mistaken.
    for (const record of readHistory(dataDir, { limit: 100_000 })) assert.equal(record.token, 'crash writer');
    // A killed writer may die holding the entry's lock; file-lock breaks it once it is 10 s old. The next
    // round should not wait for that, so the test removes it as the stale-lock rule eventually would.
    rmSync(join(dataDir, 'locks', 'posts+victim.lock'), { force: true });
  }
  // The store reads the entry whole and skips any temp file a killed writer left in the folder.
  const store = new ContentStore({ root, clock: Date.now, log: () => {} });
  const entry = store.entry('posts/victim')!;
  assert.deepEqual([...entry.translations.keys()], ['en']);
  assertWhole(readFileSync(entry.translations.get('en')!.file, 'utf8'), 'as the store reads it');
  const leftovers = readdirSync(join(root, 'content/posts/victim')).filter((name) => name !== 'en.md');
  for (const name of leftovers) assert.ok(name.startsWith('.en.md.') && name.endsWith('.tmp'), `unexpected file ${name}`);
});
