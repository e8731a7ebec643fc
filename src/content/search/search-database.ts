// The search index as an SQLite file (data/cache/search.sqlite) with FTS5 tables of two kinds: one that
// stems English words (porter) and one that only folds case and diacritics, for the languages FTS5 has no
// stemmer for. Both fold `é` to `e` (remove_diacritics 2) and keep prefix indexes, so `café`, `cafe` and
// `caf*` meet. Each kind is two tables: the rows public when indexed, and the rest (search-tables.ts: BM25's
// statistics are a table's, and an anonymous score must not move with a draft's words).
// A row per translation, in one of the four; which translations a reader may see is decided by the columns
// beside the text.
// A damaged file (cut short, overwritten) is found by the error SQLite gives and made anew: it is a cache,
// the content is in content/.
import { makeFoldersNoFollow, removeNoFollow, statNoFollow } from '../../lib/no-follow.js';
import { cutShort, isDamaged } from './damaged-index.js';
import { isNetworkFolder } from '../../lib/network-folder.js';
import { sqliteModule, type DatabaseSync, type StatementSync } from './sqlite-module.js';
import { dirname } from 'node:path';
import { rankedSearch, type IndexHit, type IndexQuery } from './ranked-search.js';
import { OwnRows } from './own-rows.js';
import { indexedHidden, TEXT_TABLES, textTable } from './search-tables.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

export type { IndexHit, IndexQuery, SearchReader, SearchStatus } from './ranked-search.js';

/**
 * Changes when the tables or what is indexed do: an index of another version is built anew (2: a row's id
 * follows its date; 3: a card's shown texts only, its settings left out: search-text.ts; 4: public and hidden
 * tables, search-tables.ts).
 */
const SCHEMA_VERSION = '4';
/** How long a writer waits for another process's transaction (short: the event loop waits with it). */
const BUSY_MS = 2_000;
/** Row ids per second of a row's date (rowIdFor). */
const ID_SLOTS = 1024;
/** Seconds from 1970 a row id is made of at most, either way (year 9,900 or so): ids stay exact numbers in JavaScript. */
const MAX_SECOND = 250_000_000_000;
/** Marks around a matched word in snippets (char(2), char(3)): characters no indexed text holds (they are taken out of it). */
export const MARK_OPEN = '\u0002';
export const MARK_CLOSE = '\u0003';

/** One translation as the index keeps it. */
export interface SearchDocument {
  entry: string;
  language: string;
  type: string;
  /** Epoch ms from which anyone may see it: 0 when published, the time when scheduled, null for a draft. */
  publicFrom: number | null;
  /** As the translation was when indexed (a scheduled one stays so after its time: publicFrom says when it is public). */
  status: 'draft' | 'published' | 'scheduled';
  author: string | null;
  dateMs: number;
  title: string;
  excerpt: string;
  tags: string;
  body: string;
}

/**
 * SQLite without FTS5: Node's own builds have it from 22.16 on, 22.13 to 22.15 lack it. Search is then not
 * offered (the rest of the site is unaffected), and every search says why.
 */
export class SearchUnavailable extends Error {}

const CONTROL = /[\u0000-\u0008\u000b-\u001f]/g;
const clean = (text: string) => text.replace(CONTROL, ' ');

export class SearchDatabase {
  private db: DatabaseSync | null = null;
  /** Statements prepared once per connection (a search prepares two; compiling them is most of a small one). */
  private readonly statements = new Map<string, StatementSync>();
  /** Each reader's own hidden rows, ranked apart from everyone else's drafts (own-rows.ts). */
  private readonly ownRows = new OwnRows((sql) => this.statement(sql));

  /** `file`: where the index lives, or ':memory:' (a store without a cache folder). */
  constructor(private readonly trusted: TrustedFolders, readonly file: string) {}

  /** Opens the file (made when missing); one that is damaged or of another version is made anew. */
  open(): void {
    if (this.db) return;
    try {
      this.db = this.connect();
    } catch (error) {
      if (!isDamaged(error)) throw error;
      this.discard();
      this.db = this.connect();
    }
  }

  private connect(): DatabaseSync {
    const { DatabaseSync } = sqliteModule();
    if (this.file !== ':memory:') {
      makeFoldersNoFollow(this.trusted, dirname(this.file), 0o700);
      // A cache is never reached through a link: one in its place is removed.
      const found = statNoFollow(this.trusted, this.file);
      if (found?.isSymbolicLink()) removeNoFollow(this.trusted, this.file);
      // A journal left by an index removed by hand would be replayed into the new file as if it were its own.
      if (!found || found.isSymbolicLink()) this.removeJournals();
      if (cutShort(this.trusted, this.file)) throw Object.assign(new Error(`${this.file} is shorter than its header says`), { errcode: 11 });
    }
    const db = new DatabaseSync(this.file);
    try {
      // WAL lets readers in other processes go on while one writes; it needs shared memory, which a network
      // file system does not give, so there the classic journal is used.
      const networked = this.file !== ':memory:' && isNetworkFolder(dirname(this.file));
      db.exec(`PRAGMA busy_timeout = ${BUSY_MS}; PRAGMA journal_mode = ${networked ? 'DELETE' : 'WAL'}; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -4000;`);
      const version = this.readMeta(db, 'schema');
      if (version !== null && version !== SCHEMA_VERSION) throw Object.assign(new Error('no such table: another version'), { errcode: 11 });
      db.exec(`
        CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS docs(id INTEGER PRIMARY KEY, entry TEXT NOT NULL, language TEXT NOT NULL, type TEXT NOT NULL,
          status TEXT NOT NULL, public_from INTEGER, author TEXT, date_ms INTEGER NOT NULL, hidden INTEGER NOT NULL, UNIQUE(entry, language));
        CREATE INDEX IF NOT EXISTS docs_due ON docs(hidden, public_from);
        ${TEXT_TABLES.map(({ name, tokenize }) => `CREATE VIRTUAL TABLE IF NOT EXISTS ${name} USING fts5(title, excerpt, tags, body, tokenize = '${tokenize}', prefix = '2 3');`).join('\n        ')}
        INSERT OR IGNORE INTO meta(key, value) VALUES ('schema', '${SCHEMA_VERSION}');`);
      // Reading a row of each table finds a file damaged past its first pages before it is relied on.
      db.prepare(TEXT_TABLES.map(({ name }) => `SELECT count(*) FROM (SELECT rowid FROM ${name} LIMIT 1)`).join(' UNION ALL ')).all();
      return db;
    } catch (error) {
      db.close();
      if (/no such module: fts5/.test((error as Error).message)) {
        throw new SearchUnavailable(`Full-text search needs SQLite's FTS5, which Node ${process.versions.node} lacks (Node 22.16 and later have it).`);
      }
      throw error;
    }
  }

  private readMeta(db: DatabaseSync, key: string): string | null {
    try {
      const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
      return row?.value ?? null;
    } catch (error) {
      if (/no such table: meta/.test((error as Error).message)) return null;
      throw error;
    }
  }

  private get open_(): DatabaseSync {
    this.open();
    return this.db!;
  }

  private statement(sql: string): StatementSync {
    let prepared = this.statements.get(sql);
    if (!prepared) this.statements.set(sql, (prepared = this.open_.prepare(sql)));
    return prepared;
  }

  meta(key: string): string | null {
    const row = this.statement('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value ?? null;
  }

  setMeta(key: string, value: string): void {
    this.statement('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  /** Runs `work` in one write transaction (taken at once, so two processes never interleave theirs). */
  transaction<T>(work: () => T): T {
    const db = this.open_;
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      try { db.exec('ROLLBACK'); } catch { /* the transaction is gone already */ }
      throw error;
    }
  }

  /**
   * The entry's rows replaced by `documents`, indexed at `now` (public or hidden as they are then: a
   * scheduled row whose time came moves to the public table at its entry.due). An entry gone takes the
   * entries below it with it (a page's pages live in its folder), so their rows go too.
   */
  replaceEntry(entry: string, documents: readonly SearchDocument[] | null, stemmed: (language: string) => boolean, now: number): void {
    const rows = documents === null
      // Ids below `entry` sort between `entry/` and `entry0` ('0' follows '/'): a range of the unique index.
      ? this.statement('SELECT id, language, hidden FROM docs WHERE entry = ? OR (entry >= ? AND entry < ?)').all(entry, `${entry}/`, `${entry}0`)
      : this.statement('SELECT id, language, hidden FROM docs WHERE entry = ?').all(entry);
    for (const row of rows as Array<{ id: number; language: string; hidden: number }>) {
      // The row's text is in the one table its language and `hidden` name (insert).
      this.statement(`DELETE FROM ${textTable(stemmed(row.language), row.hidden === 1)} WHERE rowid = ?`).run(row.id);
      this.statement('DELETE FROM docs WHERE id = ?').run(row.id);
    }
    for (const document of documents ?? []) this.insert(document, stemmed(document.language), now);
  }

  /**
   * Adds rows for entries not in the index yet (the build from scratch): to the public table when public at
   * `now`, else to the hidden one.
   */
  insert(document: SearchDocument, stemmed: boolean, now: number): void {
    const id = this.rowIdFor(document.dateMs);
    const hidden = indexedHidden(document.publicFrom, now);
    this.statement('INSERT INTO docs(id, entry, language, type, status, public_from, author, date_ms, hidden) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(id, document.entry, document.language, document.type, document.status, document.publicFrom, document.author, document.dateMs, hidden ? 1 : 0);
    this.statement(`INSERT INTO ${textTable(stemmed, hidden)}(rowid, title, excerpt, tags, body) VALUES (?, ?, ?, ?, ?)`)
      .run(id, clean(document.title), clean(document.excerpt), clean(document.tags), clean(document.body));
  }

  /**
   * A free row id that grows with the date: the second's number times ID_SLOTS, plus the next free slot of
   * that second (so FTS5's rowid order is the dates' order, and a search reads matches newest first:
   * ranked-search.ts). A second full of rows spills past the last id.
   */
  private rowIdFor(dateMs: number): number {
    const second = Number.isFinite(dateMs) ? Math.max(-MAX_SECOND, Math.min(MAX_SECOND, Math.floor(dateMs / 1000))) : 0;
    const base = second * ID_SLOTS;
    const { id } = this.statement('SELECT coalesce(max(id) + 1, ?) AS id FROM docs WHERE id >= ? AND id < ?').get(base, base, base + ID_SLOTS) as { id: number };
    if (id < base + ID_SLOTS) return id;
    return (this.statement('SELECT max(id) + 1 AS id FROM docs').get() as { id: number }).id;
  }

  /** Translations indexed. */
  size(): number {
    return (this.statement('SELECT count(*) AS n FROM docs').get() as { n: number }).n;
  }

  /** The best matches the reader may see, best first, and how many match (counted up to `countUpTo`). */
  search(query: IndexQuery, countUpTo: number): { hits: IndexHit[]; total: number } {
    return rankedSearch((sql) => this.statement(sql), query, countUpTo, this.ownRows);
  }

  close(): void {
    this.statements.clear();
    this.ownRows.forget();
    try { this.db?.close(); } catch { /* closed already */ }
    this.db = null;
  }

  /** Closes and removes the file (and its journal): the next open makes it anew. */
  discard(): void {
    this.close();
    if (this.file === ':memory:') return;
    try { removeNoFollow(this.trusted, this.file); } catch { /* not there */ }
    this.removeJournals();
  }

  private removeJournals(): void {
    for (const suffix of ['-wal', '-shm', '-journal']) {
      try { removeNoFollow(this.trusted, this.file + suffix); } catch { /* not there */ }
    }
  }
}
