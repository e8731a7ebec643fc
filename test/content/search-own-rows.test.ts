// A reader who may see only their own drafts has them ranked by their own rows' statistics
// (content/search/own-rows.ts): what other people's drafts hold never moves the score a contributor sees,
// whatever process changed them; what became public is found once; past OWN_ROWS_AT_MOST own rows the shared
// table serves. On real SQLite files, two connections where another process is meant.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { SearchDatabase, type SearchDocument } from '../../dist/content/search/search-database.js';
import type { IndexQuery } from '../../dist/content/search/ranked-search.js';
import { OWN_ROWS_AT_MOST } from '../../dist/content/search/own-rows.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';
import { makeTempFolder } from '../helpers/temp-folder.ts';

const NOW = Date.UTC(2026, 4, 1);
const DAY = 86_400_000;
const CLEO = { accountId: 'cleo', seesOthers: false };
const ADMIN = { accountId: 'root', seesOthers: true };

const doc = (entry: string, day: number, body: string, extra: Partial<SearchDocument> = {}): SearchDocument => ({
  entry, language: 'en', type: 'post', status: 'published', publicFrom: 0, author: 'ann', dateMs: Date.UTC(2026, 0, day), title: 'Kitchen', excerpt: '', tags: '', body, ...extra,
});
const draft = (entry: string, day: number, body: string, author: string) => doc(entry, day, body, { status: 'draft', publicFrom: null, author });
const query = (match: string, extra: Partial<IndexQuery> = {}): IndexQuery => ({
  match, language: 'en', stemmed: true, type: null, reader: CLEO, status: 'any', now: NOW, limit: 100, offset: 0, snippets: true, ...extra,
});
const scores = (db: SearchDatabase, q: IndexQuery) => db.search(q, 1000).hits.map((hit) => [hit.entry, hit.score] as const);

/** Two connections to one index file (as the server and a stdio session), `documents` indexed at NOW. */
function withIndex(documents: SearchDocument[], work: (db: SearchDatabase, other: SearchDatabase) => void): void {
  const folder = makeTempFolder('svc-search-own-');
  const file = join(folder, 'search.sqlite');
  const db = new SearchDatabase(new TrustedFolders([folder]), file);
  const other = new SearchDatabase(new TrustedFolders([folder]), file);
  try {
    db.open();
    db.transaction(() => { for (const document of documents) db.insert(document, true, NOW); });
    other.open();
    work(db, other);
  } finally {
    db.close();
    other.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

test('a contributor\'s own draft keeps its score whatever other people\'s drafts hold, changed by any connection', () => {
  const mine = [draft('posts/mine', 5, 'Dumplings with dill.', 'cleo'), draft('posts/plan', 6, 'Plans for spring.', 'cleo'), draft('posts/list', 7, 'A shopping list.', 'cleo')];
  withIndex([doc('posts/soup', 10, 'Dumplings in a clear broth.'), doc('posts/tea', 11, 'Green tea.'), doc('posts/bread', 9, 'Rye bread.'), ...mine], (db, other) => {
    const before = scores(db, query('"dumplings"'));
    assert.deepEqual(before.map(([entry]) => entry).sort(), ['posts/mine', 'posts/soup']);
    assert.ok(before.every(([, score]) => score > 0));
    // Other people's drafts gain the word, in this connection and in another process's.
    db.transaction(() => { db.insert(draft('posts/secret', 12, 'dumplings dumplings merger', 'ann'), true, NOW); });
    assert.deepEqual(scores(db, query('"dumplings"')), before, 'a draft of this connection');
    other.transaction(() => { for (let i = 0; i < 5; i++) other.insert(draft(`posts/more-${i}`, 13 + i, 'Dumplings, dumplings.', 'ann'), true, NOW); });
    assert.deepEqual(scores(db, query('"dumplings"')), before, 'drafts of another connection');
    assert.deepEqual(scores(db, query('"dumplings"', { status: 'draft' })), before.filter(([entry]) => entry === 'posts/mine'));
    assert.equal(db.search(query('"merger"'), 1000).total, 0, 'no one else\'s draft is found');
    // The same search by one who sees every draft ranks in the shared table: its score did move.
    const admin = db.search(query('"dumplings"', { reader: ADMIN }), 1000).hits;
    assert.equal(admin.length, 8);
    assert.notEqual(admin.find((hit) => hit.entry === 'posts/mine')!.score, before.find(([entry]) => entry === 'posts/mine')![1]);
    // Her own change is seen at once, by either connection, and does move her score.
    other.transaction(() => { other.insert(draft('posts/second', 20, 'More dumplings.', 'cleo'), true, NOW); });
    const after = db.search(query('"dumplings"'), 1000).hits;
    assert.deepEqual(after.map((hit) => hit.entry).sort(), ['posts/mine', 'posts/second', 'posts/soup']);
    assert.ok(after.every((hit) => hit.snippet.includes('\u0002dumplings\u0003') || hit.snippet.includes('\u0002Dumplings\u0003')));
  });
});

test('a row of someone else\'s that became public in the hidden table is found once; her own that did is found once too', () => {
  const scheduled = (entry: string, author: string) => doc(entry, 8, 'Dumplings at noon.', { status: 'scheduled', publicFrom: NOW + DAY, author });
  withIndex([doc('posts/soup', 10, 'Dumplings in a clear broth.'), scheduled('posts/ann-week', 'ann'), scheduled('posts/cleo-week', 'cleo'), draft('posts/mine', 5, 'Dumplings.', 'cleo')], (db) => {
    assert.deepEqual(db.search(query('"dumplings"'), 1000).hits.map((hit) => hit.entry).sort(), ['posts/cleo-week', 'posts/mine', 'posts/soup']);
    const later = query('"dumplings"', { now: NOW + 2 * DAY });
    const found = db.search(later, 1000);
    assert.deepEqual(found.hits.map((hit) => hit.entry).sort(), ['posts/ann-week', 'posts/cleo-week', 'posts/mine', 'posts/soup']);
    assert.equal(found.total, 4);
    assert.deepEqual(db.search(query('"dumplings"', { now: NOW + 2 * DAY, status: 'scheduled' }), 1000).hits.map((hit) => hit.entry), [], 'its time passed: no longer ahead');
  });
});

test(`past ${OWN_ROWS_AT_MOST} own hidden rows the shared table serves, and every one is still found`, () => {
  const many = Array.from({ length: OWN_ROWS_AT_MOST + 1 }, (_, i) => draft(`posts/d-${i}`, 1 + (i % 300), i === 7 ? 'Dumplings.' : 'Notes.', 'cleo'));
  withIndex([doc('posts/soup', 10, 'Dumplings in a clear broth.'), draft('posts/secret', 12, 'Dumplings.', 'ann'), ...many], (db) => {
    const found = db.search(query('"dumplings"'), 1000);
    assert.deepEqual(found.hits.map((hit) => hit.entry).sort(), ['posts/d-7', 'posts/soup']);
    assert.equal(db.search(query('"notes"', { limit: 5 }), 5000).total, OWN_ROWS_AT_MOST, 'every own draft but the one of dumplings');
  });
});
