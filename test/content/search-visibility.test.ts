// Who a search's statistics come from (content/search/search-tables.ts): rows public when indexed are in
// tables of their own, so an anonymous score never moves with a draft's words or a post scheduled ahead; a
// scheduled row whose time has passed is found by anyone at once and moves to the public rows at its
// entry.due; an unpublished one moves back; an index of the previous schema is built anew; a reader who sees
// both kinds pages through their merge, each match once, best first. On real SQLite files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { SearchDatabase, type SearchDocument } from '../../dist/content/search/search-database.js';
import type { IndexQuery } from '../../dist/content/search/ranked-search.js';
import { stemmedLanguage } from '../../dist/content/search/index-build.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';
import { ContentStore } from '../../dist/content/store.js';
import { searcherOf } from '../../dist/content/content-rights.js';
import { entry, makeSiteFolder, writeSite } from '../helpers/write-site.ts';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { tableOf } from '../helpers/search-rows.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { startTestServer } from '../helpers/test-server.ts';

const NOW = Date.UTC(2026, 4, 1);
const DAY = 86_400_000;
const ANN = { accountId: 'ann', seesOthers: false };
const ADMIN = { accountId: 'root', seesOthers: true };

const doc = (entryId: string, day: number, body: string, extra: Partial<SearchDocument> = {}): SearchDocument => ({
  entry: entryId, language: 'en', type: 'post', status: 'published', publicFrom: 0, author: 'ann', dateMs: Date.UTC(2026, 0, day), title: 'Kitchen', excerpt: '', tags: '', body, ...extra,
});
const draft = (entryId: string, day: number, body: string) => doc(entryId, day, body, { status: 'draft', publicFrom: null });
const query = (match: string, extra: Partial<IndexQuery> = {}): IndexQuery => ({
  match, language: 'en', stemmed: true, type: null, reader: null, status: 'published', now: NOW, limit: 100, offset: 0, snippets: true, ...extra,
});

/** A SearchDatabase on a file of its own, with `documents` indexed at NOW; removed after `work`. */
function withDatabase(documents: SearchDocument[], work: (db: SearchDatabase, file: string) => void): void {
  const folder = makeTempFolder('svc-search-tables-');
  const file = join(folder, 'search.sqlite');
  const db = new SearchDatabase(new TrustedFolders([folder]), file);
  try {
    db.open();
    db.transaction(() => { for (const document of documents) db.insert(document, true, NOW); });
    work(db, file);
  } finally {
    db.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

const replace = (db: SearchDatabase, document: SearchDocument, now: number) => db.transaction(() => db.replaceEntry(document.entry, [document], stemmedLanguage, now));
const scores = (db: SearchDatabase, q: IndexQuery) => db.search(q, 1000).hits.map((hit) => [hit.entry, hit.score]);

test('an anonymous score is the same whatever drafts and posts scheduled ahead hold the word; their readers find them with a score', () => {
  // Drafts of other words beside them: in a table of two rows holding the word, BM25 weighs it nothing (FTS5 clamps its idf).
  const others = [draft('posts/plan', 1, 'Plans for spring.'), draft('posts/list', 2, 'A shopping list.'), draft('posts/ideas', 3, 'Ideas.')];
  const published = [doc('posts/soup', 10, 'Dumplings in a clear broth.'), doc('posts/bread', 11, 'Rye bread and butter.'), doc('posts/tea', 12, 'Green tea.')];
  withDatabase([...published, ...others], (db, file) => {
    const before = scores(db, query('"dumplings"'));
    assert.equal(before.length, 1);
    assert.ok(before[0]![1]! > 0);
    db.transaction(() => {
      db.insert(draft('posts/notes', 12, 'dumplings dumplings merger'), true, NOW);
      db.insert(doc('posts/week', 13, 'Dumplings every day.', { status: 'scheduled', publicFrom: NOW + DAY }), true, NOW);
    });
    assert.deepEqual(scores(db, query('"dumplings"')), before);
    assert.deepEqual(scores(db, query('"dumplings"', { reader: ADMIN, status: 'published' })), before, 'published only is what anyone sees');
    assert.equal(db.search(query('"merger"'), 1000).total, 0);
    assert.equal(tableOf(file, 'posts/notes'), 'text_stemmed_hidden');
    assert.equal(tableOf(file, 'posts/week'), 'text_stemmed_hidden');
    assert.equal(tableOf(file, 'posts/soup'), 'text_stemmed');
    const own = db.search(query('"dumplings"', { reader: ANN, status: 'draft' }), 1000).hits;
    assert.deepEqual(own.map((hit) => hit.entry), ['posts/notes']);
    assert.ok(own[0]!.score > 0);
    assert.equal(own[0]!.snippet, '\u0002dumplings\u0003 \u0002dumplings\u0003 merger');
    const all = db.search(query('"dumplings"', { reader: ADMIN, status: 'any' }), 1000);
    assert.deepEqual(all.hits.map((hit) => hit.entry).sort(), ['posts/notes', 'posts/soup', 'posts/week']);
    assert.equal(all.total, 3);
    assert.ok(all.hits.every((hit) => hit.score > 0 && hit.snippet.includes('\u0002')));
    assert.deepEqual(all.hits.filter((hit) => hit.entry === 'posts/soup').map((hit) => [hit.entry, hit.score]), before, 'a public row keeps its score for every reader');
  });
});

test('a scheduled row whose time has passed is found by anyone at once, and moves to the public rows when indexed again', () => {
  withDatabase([doc('posts/soup', 10, 'Dumplings in a clear broth.'), doc('posts/week', 13, 'Dumplings every day.', { status: 'scheduled', publicFrom: NOW + DAY })], (db, file) => {
    assert.deepEqual(db.search(query('"dumplings"'), 1000).hits.map((hit) => hit.entry), ['posts/soup']);
    const later = NOW + 2 * DAY;
    const due = db.search(query('"dumplings"', { now: later }), 1000);
    assert.deepEqual(due.hits.map((hit) => hit.entry).sort(), ['posts/soup', 'posts/week'], 'before its entry.due is applied');
    assert.equal(due.total, 2);
    assert.equal(tableOf(file, 'posts/week'), 'text_stemmed_hidden');
    replace(db, doc('posts/week', 13, 'Dumplings every day.', { status: 'published', publicFrom: 0 }), later);
    assert.equal(tableOf(file, 'posts/week'), 'text_stemmed');
    assert.deepEqual(db.search(query('"dumplings"', { now: later }), 1000).hits.map((hit) => hit.entry).sort(), ['posts/soup', 'posts/week']);
  });
});

test('unpublishing moves a row to the hidden rows: anyone no longer finds it, its author still does', () => {
  withDatabase([doc('posts/soup', 10, 'Dumplings in a clear broth.')], (db, file) => {
    replace(db, draft('posts/soup', 10, 'Dumplings in a clear broth.'), NOW);
    assert.equal(tableOf(file, 'posts/soup'), 'text_stemmed_hidden');
    assert.equal(db.search(query('"dumplings"'), 1000).total, 0);
    assert.deepEqual(db.search(query('"dumplings"', { reader: ANN, status: 'any' }), 1000).hits.map((hit) => hit.entry), ['posts/soup']);
    replace(db, doc('posts/soup', 10, 'Dumplings in a clear broth.'), NOW);
    assert.equal(tableOf(file, 'posts/soup'), 'text_stemmed');
  });
});

test('a reader who sees both kinds pages through their merge: each match once, best first, newest first for a list in date order', () => {
  // Public and hidden rows of every length and count of the word, their dates interleaved.
  const documents = Array.from({ length: 20 }, (_, i) => {
    const body = `${'quince '.repeat(1 + (i % 4))}${'jam '.repeat(i % 5)}`;
    return i % 3 === 0 ? draft(`posts/d${i}`, i + 1, body) : doc(`posts/p${i}`, i + 1, body);
  });
  // Rows of other words in both tables, so that the word weighs something in each (FTS5 clamps a word on most
  // rows to nothing) and about as much: each table's matches are ranked by its own statistics.
  const fillers = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? draft : doc)(`posts/f${i}`, 100 + i, 'Apples and pears.'));
  withDatabase([...documents, ...fillers], (db) => {
    const whole = db.search(query('"quince"', { reader: ANN, status: 'any' }), 1000);
    assert.equal(whole.total, 20);
    assert.equal(whole.hits.length, 20);
    assert.ok(new Set(whole.hits.map((hit) => hit.score)).size >= 8, 'scores of many sizes');
    for (const [at, hit] of whole.hits.entries()) assert.ok(at === 0 || whole.hits[at - 1]!.score >= hit.score, `${hit.entry} after a better one`);
    const kinds = whole.hits.map((hit) => hit.entry.startsWith('posts/d')).join();
    assert.ok(kinds.indexOf('true') < kinds.lastIndexOf('false') && kinds.indexOf('false') < kinds.lastIndexOf('true'), 'the kinds interleave');
    for (const order of ['best', 'newest'] as const) {
      const all = order === 'best' ? whole.hits : db.search(query('"quince"', { reader: ANN, status: 'any', order }), 1000).hits;
      const paged: string[] = [];
      for (let offset = 0; offset < 24; offset += 3) {
        const page = db.search(query('"quince"', { reader: ANN, status: 'any', order, limit: 3, offset }), 1000);
        assert.equal(page.total, 20);
        paged.push(...page.hits.map((hit) => hit.entry));
      }
      assert.deepEqual(paged, all.map((hit) => hit.entry), order);
      assert.equal(new Set(paged).size, 20);
    }
    const newest = db.search(query('"quince"', { reader: ANN, status: 'any', order: 'newest' }), 1000).hits.map((hit) => hit.entry);
    assert.deepEqual(newest, documents.map((document) => document.entry).reverse());
    assert.equal(db.search(query('"quince"', { reader: ANN, status: 'any' }), 7).total, 7, 'the count summed is still capped');
    assert.equal(db.search(query('"quince"', { reader: { accountId: 'bob', seesOthers: false }, status: 'any' }), 1000).total, 13, 'another\'s drafts are not counted');
  });
});

/** A site of its own: one published post and one scheduled for 2026-06-01 09:00 UTC. */
function scheduledSite(): string {
  const root = makeSiteFolder('svc-search-due-');
  writeSite(root, {
    settings: { title: 'Due', description: 'Due.', url: 'https://due.example', languages: { en: 'English' }, default_language: 'en', timezone: 'UTC' },
    entries: {
      'content/posts/soup/en.md': entry({ title: 'Soup night', status: 'published', published: '2026-03-01 09:00', author: 'ann' }, 'Dumplings in a clear broth.'),
      'content/posts/week/en.md': entry({ title: 'Dumpling week', status: 'scheduled', published: '2026-06-01 09:00', author: 'ann' }, 'Dumplings every day.'),
    },
  });
  return root;
}

test('a scheduled post whose time comes is found by anyone at the first search, before its entry.due is applied, and then lives in the public rows', async () => {
  const root = scheduledSite();
  let now = Date.UTC(2026, 4, 1);
  const server = await startTestServer(root, { clock: () => now, rateLimits: false });
  const { content } = server.deps;
  const file = join(root, 'data', 'cache', 'search.sqlite');
  const find = () => {
    const found = content.search.search({ text: 'dumplings', language: 'en', type: null, searcher: searcherOf(null), limit: 10 });
    assert.ok(found.ready);
    return found.rows.map((row) => row.entry.id).sort();
  };
  try {
    content.search.start();
    await waitFor(() => assert.equal(content.search.state().state, 'ready'));
    assert.deepEqual(find(), ['posts/soup']);
    assert.equal(tableOf(file, 'posts/week'), 'text_stemmed_hidden');
    const seq = content.changes!.feed.end().seq;
    now = Date.UTC(2026, 5, 1, 9, 0, 1);
    // Nothing has read the content since the clock moved: no entry.due yet, the row is where it was.
    assert.deepEqual(content.changes!.feed.since(seq).events.map((event) => event.kind), []);
    assert.equal(tableOf(file, 'posts/week'), 'text_stemmed_hidden');
    assert.deepEqual(find(), ['posts/soup', 'posts/week']);
    await waitFor(() => assert.ok(content.changes!.feed.since(seq).events.some((event) => event.kind === 'entry.due' && event.entry === 'posts/week')));
    await waitFor(() => assert.equal(tableOf(file, 'posts/week'), 'text_stemmed'));
    assert.deepEqual(find(), ['posts/soup', 'posts/week']);
    const answer = await fetch(`${server.url}/svc/api/v1/entries?q=dumplings&fields=id`);
    assert.deepEqual(((await answer.json()) as { data: Array<{ id: string }> }).data.map((row) => row.id).sort(), ['posts/soup', 'posts/week']);
  } finally {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test('an index of the previous schema (one table per tokenizer, drafts beside the rest) is built anew', async () => {
  const root = scheduledSite();
  const file = join(root, 'data', 'cache', 'search.sqlite');
  mkdirSync(dirname(file), { recursive: true });
  const old = new DatabaseSync(file);
  old.exec(`
    CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    CREATE TABLE docs(id INTEGER PRIMARY KEY, entry TEXT NOT NULL, language TEXT NOT NULL, type TEXT NOT NULL,
      status TEXT NOT NULL, public_from INTEGER, author TEXT, date_ms INTEGER NOT NULL, UNIQUE(entry, language));
    CREATE VIRTUAL TABLE text_stemmed USING fts5(title, excerpt, tags, body, tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3');
    CREATE VIRTUAL TABLE text_folded USING fts5(title, excerpt, tags, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
    INSERT INTO meta VALUES ('schema', '3'), ('state', 'ready'), ('seq', '999999');
    INSERT INTO docs VALUES (1, 'posts/stale', 'en', 'post', 'published', 0, 'ann', 0);
    INSERT INTO text_stemmed(rowid, title, excerpt, tags, body) VALUES (1, 'Stale', '', '', 'Dumplings of an index gone by.');`);
  old.close();
  const store = new ContentStore({ root, clock: () => Date.UTC(2026, 4, 1), log: () => {}, cacheDir: join(root, 'data', 'cache'), dataDir: join(root, 'data') });
  try {
    store.search.start();
    await waitFor(() => assert.equal(store.search.state().state, 'ready'));
    const found = store.search.search({ text: 'dumplings', language: 'en', type: null, searcher: searcherOf(null), limit: 10 });
    assert.ok(found.ready);
    assert.deepEqual(found.rows.map((row) => row.entry.id), ['posts/soup']);
    assert.equal(tableOf(file, 'posts/soup'), 'text_stemmed');
    assert.equal(tableOf(file, 'posts/week'), 'text_stemmed_hidden');
    assert.equal(tableOf(file, 'posts/stale'), null);
  } finally {
    store.close();
    rmSync(root, { recursive: true, force: true });
  }
});
