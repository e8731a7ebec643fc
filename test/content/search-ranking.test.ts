// The ranking of full-text search (content/search/ranked-search.ts) on a real FTS5 index: row ids follow the
// entries' dates, so equal matches come newest first; a word on more pages than are ranked has the newest of
// them ranked (a title match among them first), a rarer one every match; a second holding more rows than it
// has ids for still takes them all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SearchDatabase, type SearchDocument } from '../../dist/content/search/search-database.js';
import { RANKED_AT_MOST, type IndexQuery } from '../../dist/content/search/ranked-search.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

const HOUR = 3_600_000;
const doc = (entry: string, dateMs: number, title: string, body: string): SearchDocument => ({
  entry, language: 'en', type: 'post', status: 'published', publicFrom: 0, author: 'ann', dateMs, title, excerpt: '', tags: '', body,
});
const query = (match: string, extra: Partial<IndexQuery> = {}): IndexQuery => ({
  match, language: 'en', stemmed: true, type: null, reader: null, status: 'published', now: Date.now(), limit: 5, offset: 0, snippets: false, ...extra,
});

function database(documents: SearchDocument[]): SearchDatabase {
  const db = new SearchDatabase(new TrustedFolders(), ':memory:');
  db.open();
  db.transaction(() => { for (const document of documents) db.insert(document, true, Date.now()); });
  return db;
}

test('equal matches come newest first, in whatever order they were indexed', () => {
  const dates = [5, 1, 9, 3, 7].map((day) => Date.UTC(2026, 0, day));
  const db = database(dates.map((dateMs, i) => doc(`posts/p${i}`, dateMs, 'Walk', 'A walk by the lake.')));
  try {
    assert.deepEqual(db.search(query('"lake"'), 1000).hits.map((hit) => hit.entry), ['posts/p2', 'posts/p4', 'posts/p0', 'posts/p3', 'posts/p1']);
    // Ties keep the same order page after page.
    assert.deepEqual(db.search(query('"lake"', { limit: 2, offset: 2 }), 1000).hits.map((hit) => hit.entry), ['posts/p0', 'posts/p3']);
  } finally {
    db.close();
  }
});

test('a word on more pages than are ranked: the newest of them are ranked, a title match first; a rare word ranks every match', () => {
  const count = RANKED_AT_MOST + 50;
  const start = Date.UTC(2020, 0, 1);
  const documents = Array.from({ length: count }, (_, i) => doc(`posts/p${i}`, start + i * HOUR, `Day ${i}`, 'Coffee at the hut, then the pass.'));
  // The oldest has the word in its title too (it would come first were all ranked) and a rare word; one of the newest has it in its title.
  documents[0] = doc('posts/oldest', start, 'Coffee', 'Coffee at the hut, then the larch wood.');
  documents[count - 10] = doc('posts/recent', start + (count - 10) * HOUR, 'Coffee', 'Coffee at the hut, then the pass.');
  const db = database(documents);
  try {
    const common = db.search(query('"coffee"'), 1000);
    assert.equal(common.hits[0]!.entry, 'posts/recent');
    assert.ok(!common.hits.some((hit) => hit.entry === 'posts/oldest'));
    assert.equal(common.total, 1000, 'counted up to what a search pages through');
    // The last page a search reaches is still of the ranked ones.
    assert.equal(db.search(query('"coffee"', { limit: 10, offset: 990 }), 1000).hits.length, 10);
    assert.deepEqual(db.search(query('"larch"'), 1000).hits.map((hit) => hit.entry), ['posts/oldest']);
    assert.deepEqual(db.search(query('"coffee" AND "larch"'), 1000).hits.map((hit) => hit.entry), ['posts/oldest']);
  } finally {
    db.close();
  }
});

test('newest first, unranked: every match in date order, past the ranked ones, and the same count', () => {
  const count = RANKED_AT_MOST + 50;
  const start = Date.UTC(2020, 0, 1);
  const documents = Array.from({ length: count }, (_, i) => doc(`posts/p${i}`, start + i * HOUR, `Day ${i}`, 'Coffee at the hut.'));
  // A title match, which ranking would put first, stays in its place by date.
  documents[count - 10] = doc('posts/recent', start + (count - 10) * HOUR, 'Coffee', 'Coffee at the hut.');
  const db = database(documents);
  try {
    const newest = db.search(query('"coffee"', { order: 'newest', limit: 12 }), 1000);
    assert.deepEqual(newest.hits.map((hit) => hit.entry), [...Array.from({ length: 9 }, (_, i) => `posts/p${count - 1 - i}`), 'posts/recent', `posts/p${count - 11}`, `posts/p${count - 12}`]);
    assert.ok(newest.hits.every((hit) => hit.score === 0), 'unranked');
    assert.equal(newest.total, db.search(query('"coffee"'), 1000).total);
    // Paging reaches matches older than the newest RANKED_AT_MOST: the oldest is on the last page.
    const last = db.search(query('"coffee"', { order: 'newest', limit: 10, offset: count - 10 }), 100_000);
    assert.equal(last.hits.at(-1)!.entry, 'posts/p0');
    assert.equal(db.search(query('"coffee"'), 1000).hits[0]!.entry, 'posts/recent', 'the default order still ranks');
  } finally {
    db.close();
  }
});

test('more rows in one second than it has ids for are all indexed and found; dates past any range are taken', () => {
  const second = Date.UTC(2026, 2, 1, 12);
  const documents = Array.from({ length: 1_100 }, (_, i) => doc(`posts/same-${i}`, second, 'Same', 'Quince jam.'));
  documents.push(doc('posts/far', 8.64e15, 'Far', 'Quince jam.'), doc('posts/before', -8.64e15, 'Before', 'Quince jam.'));
  const db = database(documents);
  try {
    assert.equal(db.size(), 1_102);
    assert.equal(db.search(query('"quince"'), 5_000).total, 1_102);
    assert.equal(db.search(query('"quince"'), 5_000).hits[0]!.entry, 'posts/far');
  } finally {
    db.close();
  }
});
