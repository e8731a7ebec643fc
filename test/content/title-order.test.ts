// The Content list sorted by title (content/title-order.ts) from an index restored from data/cache: the
// same rows, A to Z, as a store that read every file, for every filter (status, words in the title, who may
// see drafts); and a page keeps no more entries than it shows, where the order once kept every entry of the
// site (some 30 MB at 100,000 posts, for good, after one visit).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { queryObjects } from 'node:v8';
import { ContentStore } from '../../dist/content/store.js';
import { listEntriesByTitle } from '../../dist/content/title-order.js';
import type { EntryQuery } from '../../src/content/query.ts';
import type { Entry, Translation } from '../../src/content/entries/types.ts';
import { entry, makeSiteFolder, writeSite, type EntryFile } from '../helpers/write-site.ts';

const roots: string[] = [];
const stores: ContentStore[] = [];
after(() => {
  for (const store of stores) store.close();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const POSTS = 120;
const STATUSES = ['published', 'draft', 'scheduled'] as const;
const WORDS = ['Alpine', 'lake', 'Ridge', 'meadow', 'Élan', 'valley'];

function* posts(): Generator<[string, EntryFile]> {
  for (let n = 0; n < POSTS; n++) {
    const status = STATUSES[n % 7 === 0 ? 1 : n % 11 === 0 ? 2 : 0];
    const day = String(1 + (n % 28)).padStart(2, '0');
    // Titles that collide, differ only in case and accents, and hold numbers (the collator's numeric order).
    const title = `${WORDS[(n * 5) % WORDS.length]} ${n % 9 === 0 ? 'walk' : 'trail'} ${(n * 37) % 50}`;
    yield [`content/posts/post-${String(n).padStart(3, '0')}/en.md`, entry({
      title, status, author: n % 2 === 0 ? 'ann' : 'bob',
      ...(status === 'published' ? { published: `2026-01-${day} 08:00` } : status === 'scheduled' ? { published: `2027-02-${day} 08:00` } : {}),
    }, `Post ${n}.`)];
  }
}

function open(root: string): ContentStore {
  const store = new ContentStore({ root, clock: () => Date.UTC(2026, 5, 1), log: () => {}, cacheDir: join(root, 'data/cache') });
  stores.push(store);
  return store;
}

/** A store that read every file, and one that took the index the first kept. */
async function twoStores(): Promise<{ scanned: ContentStore; restored: ContentStore }> {
  const root = makeSiteFolder('title-order');
  roots.push(root);
  writeSite(root, { settings: { title: 'Titles', languages: { en: 'English' }, default_language: 'en', timezone: 'UTC' }, entries: posts() });
  const scanned = open(root);
  scanned.entries();
  await scanned.persistIndex();
  const restored = open(root);
  return { scanned, restored };
}

const ids = (found: { rows: Array<{ entry: Entry }> }) => found.rows.map((row) => row.entry.id);
/** How many objects of this entry's class are alive (after a full collection: v8.queryObjects makes one). */
const alive = (sample: Entry) => queryObjects(sample.constructor as new () => unknown, { format: 'count' }) as number;

test('sorted by title, a restored index lists what a full read lists, for every filter and window', async () => {
  const { scanned, restored } = await twoStores();
  const annSees = (e: Entry, t: Translation) => t.author === 'ann' || e.id.endsWith('0');
  const queries: EntryQuery[] = [
    { type: 'post', language: 'en' },
    { type: 'post', language: 'en', status: 'draft' },
    { type: 'post', language: 'en', status: 'published' },
    { type: 'post', language: 'en', status: 'scheduled' },
    { type: 'post', language: 'en', search: 'LAKE trail' },
    { type: 'post', language: 'en', search: 'walk', status: 'published' },
    { type: 'post', language: 'en', visible: annSees },
    { type: 'post', language: 'en', visible: annSees, search: 'alpine' },
    { type: 'page', language: 'en' },
  ];
  for (const query of queries) {
    for (const window of [{}, { offset: 0, limit: 7 }, { offset: 20, limit: 15 }, { offset: 500, limit: 10 }]) {
      const expected = listEntriesByTitle(scanned, query, window);
      const found = listEntriesByTitle(restored, query, window);
      assert.deepEqual(ids(found), ids(expected), `${JSON.stringify({ ...query, visible: !!query.visible })} ${JSON.stringify(window)}`);
      assert.equal(found.total, expected.total);
    }
  }
  const all = ids(listEntriesByTitle(restored, { type: 'post', language: 'en' }));
  assert.equal(all.length, POSTS);
  const titles = all.map((id) => restored.entry(id)!.translations.get('en')!.title);
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  for (let i = 1; i < titles.length; i++) assert.ok(collator.compare(titles[i - 1]!, titles[i]!) <= 0, `${titles[i - 1]} before ${titles[i]}`);
});

test('a page of the title order keeps the entries it shows, not every entry it sorted', async () => {
  const { restored } = await twoStores();
  // The restored entries' class, as the store loaded it.
  const sample = restored.entry('posts/post-000')!;
  assert.equal(sample.constructor.name, 'RestoredEntry', 'the index was restored');
  const keptEntries = () => alive(sample);
  const before = keptEntries();
  const page = listEntriesByTitle(restored, { type: 'post', language: 'en' }, { offset: 40, limit: 10 });
  assert.equal(page.rows.length, 10);
  const filtered = listEntriesByTitle(restored, { type: 'post', language: 'en', search: 'trail', visible: () => false }, { offset: 0, limit: 5 });
  assert.equal(filtered.rows.length, 5);
  // The rows are what the index answers for those ids (the kept objects, the same at every call).
  for (const row of [...page.rows, ...filtered.rows]) assert.equal(row.entry, restored.entry(row.entry.id));
  const kept = keptEntries() - before;
  assert.ok(kept <= 15, `${kept} entries kept after two pages of 10 and 5 rows, of ${POSTS}`);
  // The order itself is kept: a second page reads no title again and keeps only its own rows.
  listEntriesByTitle(restored, { type: 'post', language: 'en' }, { offset: 80, limit: 10 });
  assert.ok(keptEntries() - before <= 25);
});
