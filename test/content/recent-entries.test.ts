// The sweep's quicker paths to a change (DESIGN.md section 5 "Freshness"): a pass hands out what it found
// before it ends, and the entries changed most recently are looked at between passes, so an edit to the
// entry someone is working on does not wait for a pass over the whole site.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecentEntries } from '../../dist/content/list-engine/recent-entries.js';
import { StampSweep, type SweepSetup } from '../../dist/content/list-engine/stamp-sweep.js';

const roots: string[] = [];
after(() => { for (const root of roots) rmSync(root, { recursive: true, force: true }); });

/** A content folder of `count` posts, post-1 the oldest; each file's mtime a day after the one before. */
function posts(count: number): SweepSetup {
  const root = mkdtempSync(join(tmpdir(), 'svc-recent-'));
  roots.push(root);
  const day = 86_400;
  for (let i = 1; i <= count; i++) {
    const folder = join(root, 'posts', `post-${i}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'en.md'), `---\ntitle: Post ${i}\n---\nText.\n`);
    utimesSync(join(folder, 'en.md'), 1_700_000_000 + i * day, 1_700_000_000 + i * day);
    utimesSync(folder, 1_600_000_000, 1_600_000_000);
  }
  return { contentDir: root, folders: [{ folder: 'posts', nested: false }], maxDepth: 3, files: ['en.md', 'de.md', 'style.css'] };
}

function wholePass(sweep: StampSweep): string[] {
  const pass = sweep.pass();
  let step = pass.next();
  while (!step.done) step = pass.next();
  return step.value;
}

test('the newest entries are those whose files changed last, newest last', () => {
  const setup = posts(6);
  const sweep = new StampSweep(setup, { ids: new Uint8Array(0), stamps: new Float64Array(0) });
  assert.equal(wholePass(sweep).length, 6);
  assert.deepEqual(sweep.newestEntries(3).map((entry) => entry.id), ['posts/post-4', 'posts/post-5', 'posts/post-6']);
  assert.deepEqual(sweep.newestEntries(10).map((entry) => entry.id), ['posts/post-1', 'posts/post-2', 'posts/post-3', 'posts/post-4', 'posts/post-5', 'posts/post-6']);
});

test('a recent entry edited in place is named at the next look, and only once', () => {
  const setup = posts(4);
  const sweep = new StampSweep(setup, { ids: new Uint8Array(0), stamps: new Float64Array(0) });
  wholePass(sweep);
  const recent = new RecentEntries(setup);
  recent.watch(sweep.newestEntries(2));
  assert.deepEqual(recent.check(), []);
  writeFileSync(join(setup.contentDir, 'posts/post-4/en.md'), '---\ntitle: Edited by hand\n---\nText.\n');
  assert.deepEqual(recent.check(), ['posts/post-4']);
  assert.deepEqual(recent.check(), []);
  // A translation added moves the folder's mtime: named too.
  writeFileSync(join(setup.contentDir, 'posts/post-3/de.md'), '---\ntitle: Neu\n---\nText.\n');
  assert.deepEqual(recent.check(), ['posts/post-3']);
});

test('an entry that is not among the recent ones is left to the sweep', () => {
  const setup = posts(4);
  const sweep = new StampSweep(setup, { ids: new Uint8Array(0), stamps: new Float64Array(0) });
  wholePass(sweep);
  const recent = new RecentEntries(setup);
  recent.watch(sweep.newestEntries(2));
  writeFileSync(join(setup.contentDir, 'posts/post-1/en.md'), '---\ntitle: Old, edited\n---\nText.\n');
  assert.deepEqual(recent.check(), []);
  assert.deepEqual(wholePass(sweep), ['posts/post-1']);
});

test('a pass hands out what it found before it ends, and its result holds the rest', () => {
  const setup = posts(200);
  const sweep = new StampSweep(setup, { ids: new Uint8Array(0), stamps: new Float64Array(0) });
  wholePass(sweep);
  writeFileSync(join(setup.contentDir, 'posts/post-1/en.md'), '---\ntitle: First, edited\n---\nText.\n');
  writeFileSync(join(setup.contentDir, 'posts/post-99/en.md'), '---\ntitle: Last, edited\n---\nText.\n');
  const pass = sweep.pass();
  let step = pass.next();
  const found: string[] = [];
  // Folders are gone through in name order: post-1 comes first, post-99 last.
  while (!step.done && found.length === 0) { found.push(...sweep.takeFound()); step = pass.next(); }
  assert.deepEqual(found, ['posts/post-1']);
  while (!step.done) step = pass.next();
  assert.deepEqual([...sweep.takeFound(), ...step.value], ['posts/post-99']);
});
