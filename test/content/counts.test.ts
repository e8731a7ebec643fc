// Counting entries before the index exists (what a short-lived stdio process answers site_info with) must give
// the same numbers as the index: folders without a language file, files of other languages and nested pages.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { ContentStore } from '../../dist/content/store.js';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { waitFor } from '../helpers/wait-for.ts';

const root = createFixtureSite({
  'content/posts/only-media/media/a.txt': 'not an entry: no language file',
  'content/posts/other-language/fr.md': '---\ntitle: Pas une langue du site\nstatus: published\n---\n',
  'content/pages/about/team/history/en.md': '---\ntitle: History\nstatus: draft\n---\n',
});
after(() => rmSync(root, { recursive: true, force: true }));

test('counts from folders equal counts from the index', () => {
  const fromFolders = new ContentStore({ root, clock: Date.now, log: () => {} }).counts();
  const indexed = new ContentStore({ root, clock: Date.now, log: () => {} });
  indexed.entries();
  assert.deepEqual(fromFolders, indexed.counts());
  assert.ok(fromFolders.post! > 0 && fromFolders.page! > 0);
});

test('past a size of persisted index, the first counts come from restoring it (a hand edit shows next), below it from the folders', async () => {
  const cacheDir = join(root, 'data/cache');
  const writer = new ContentStore({ root, clock: Date.now, log: () => {}, cacheDir });
  writer.entries();
  await writer.persistIndex();
  writer.close();
  const before = new ContentStore({ root, clock: Date.now, log: () => {} }).counts();
  // A post added by hand after the index was kept: the restored index must not be answered as it was.
  const added = join(root, 'content/posts/added-by-hand');
  rmSync(added, { recursive: true, force: true });
  mkdirSync(added);
  writeFileSync(join(added, 'en.md'), '---\ntitle: Added by hand\nstatus: draft\n---\n');
  const past = new Date(Date.now() + 5_000);
  utimesSync(join(root, 'content/posts'), past, past);
  try {
    const small = new ContentStore({ root, clock: Date.now, log: () => {}, cacheDir });
    assert.equal(small.counts().post, before.post! + 1);
    assert.equal(small.ready, false, 'a small persisted index is not restored for counts');
    small.close();
    // As a list does, the first answer is the index as it was kept; the check for changes follows it.
    const large = new ContentStore({ root, clock: Date.now, log: () => {}, cacheDir, countsFromIndexAbove: 0 });
    assert.deepEqual(large.counts(), before);
    assert.equal(large.ready, true, 'counted from the restored index');
    await waitFor(() => assert.deepEqual(large.counts(), { ...before, post: before.post! + 1 }));
    large.close();
  } finally {
    rmSync(added, { recursive: true, force: true });
  }
});
