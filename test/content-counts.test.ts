// Counting entries before the index exists (what a short-lived stdio process answers site_info with) must give
// the same numbers as the index: folders without a language file, files of other languages and nested pages.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { ContentStore } from '../src/content/store.js';
import { createFixtureSite } from './helpers/fixture-site.js';

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
