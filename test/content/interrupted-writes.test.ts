// Temp files a killed writer left (`.<name>.<pid>.<hex>.tmp`) are never indexed or served, and are removed
// when their folder is next listed (the index at start, the freshness sweep, media, revisions, records) once
// they are older than any write can take; a temp file of a write still under way is left alone.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { ContentStore } from '../../dist/content/store.js';
import { listRevisions } from '../../dist/content/revisions.js';
import { listRecordNames } from '../../dist/lib/record-names.js';
import { STALE_TEMP_MS } from '../../dist/lib/atomic-write.js';
import { writerIsGone } from '../../dist/lib/temp-file-journal.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

const roots: string[] = [];
after(() => { for (const root of roots) rmSync(root, { recursive: true, force: true }); });

/** A stale and a fresh temp file in `dir`; returns their paths. */
function leaveTempFiles(dir: string, name: string): { stale: string; fresh: string } {
  mkdirSync(dir, { recursive: true });
  const stale = join(dir, `.${name}.4242.a1b2c3d4e5f6.tmp`);
  const fresh = join(dir, `.${name}.4243.0a0b0c0d0e0f.tmp`);
  writeFileSync(stale, 'half a file');
  writeFileSync(fresh, 'a write under way');
  const old = new Date(Date.now() - STALE_TEMP_MS - 60_000);
  utimesSync(stale, old, old);
  return { stale, fresh };
}

test('an entry folder, a media folder, revisions and data records lose their stale temp files when listed, and keep fresh ones', () => {
  const root = createFixtureSite();
  roots.push(root);
  const entry = leaveTempFiles(join(root, 'content', 'posts', 'hello'), 'en.md');
  const media = leaveTempFiles(join(root, 'content', 'media', 'posts', 'hello'), 'photo.png');
  const revisions = leaveTempFiles(join(root, 'data', 'revisions', 'posts', 'hello', 'en'), '20260301T100000000Z.md');
  const tokens = leaveTempFiles(join(root, 'data', 'tokens'), 'abc.json');
  const store = new ContentStore({ root, clock: Date.now, log: () => {} });

  const hello = store.entry('posts/hello')!;
  assert.deepEqual([...hello.translations.keys()].sort(), ['de', 'en']);
  assert.equal(existsSync(entry.stale), false);
  assert.equal(existsSync(entry.fresh), true);

  assert.ok(!store.mediaFiles('posts/hello').some((name) => name.endsWith('.tmp')));
  assert.equal(existsSync(media.stale), false);
  assert.equal(existsSync(media.fresh), true);

  assert.deepEqual(listRevisions(new TrustedFolders([join(root, 'data')]), join(root, 'data'), 'posts/hello', 'en'), []);
  assert.equal(existsSync(revisions.stale), false);
  assert.equal(existsSync(revisions.fresh), true);

  assert.deepEqual(listRecordNames(new TrustedFolders([join(root, 'data')]), join(root, 'data', 'tokens'), '.json'), []);
  assert.equal(existsSync(tokens.stale), false);
  assert.equal(existsSync(tokens.fresh), true);
});

test('a writer is gone when its note is older than any write takes, or on this machine when no process has its pid', () => {
  const here = hostname().replace(/[^A-Za-z0-9._-]/g, '_');
  const now = Date.now();
  // A pid no process has (above any pid_max), on this machine: gone at once.
  assert.equal(writerIsGone(`2147483646@${here}`, now, now), true);
  // A live process (this one's parent) is writing, on this machine, or maybe on another: not gone.
  assert.equal(writerIsGone(`${process.ppid}@${here}`, now, now), false);
  assert.equal(writerIsGone(`2147483646@another-machine`, now, now), false);
  // Whatever the machine, a note unchanged for longer than any write takes belongs to a gone writer.
  assert.equal(writerIsGone(`${process.ppid}@another-machine`, now - STALE_TEMP_MS, now), true);
});

test('the write fault switch is for tests only: nothing in src/ turns it on', () => {
  const callers = readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && readFileSync(join('src', file), 'utf8').includes('failWritesForTests('))
    .filter((file) => file !== join('lib', 'save-failure.ts'));
  assert.deepEqual(callers, []);
});
