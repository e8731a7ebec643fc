// A search as SQL over the index (search-database.ts): the best matches the reader may see, with their
// snippets, and how many match. Ranked by BM25 with the columns weighted (a title match comes first), among
// the newest RANKED_AT_MOST matches the reader may see: a row's id grows with its date (search-database.ts
// rowIdFor), so FTS5 goes through a word's matches newest first and stops there, where ranking every match
// read tens of thousands of rows for a word on most pages (bm25 and the reader's row for each: 180 ms at
// 100,000 posts). Below that many matches, which is every search but those of common words, all are ranked.
// The rows public when indexed and the others are in tables of their own (search-tables.ts), each ranked by
// its own statistics, so an anonymous score never depends on a draft; a reader who may see drafts has the
// matches of both merged by score.
import { allAsArrays, type StatementSync } from './sqlite-module.js';
import { textTable } from './search-tables.js';
import type { OwnRows } from './own-rows.js';

/** Weights of title, excerpt, tags and body in the ranking (BM25): a title match comes first. */
const WEIGHTS = '10.0, 4.0, 3.0, 1.0';
/** Words around the matches in a snippet (what is no word does not count: search-snippet.ts cuts by characters too). */
const SNIPPET_WORDS = 24;
/**
 * Matches ranked at most, the newest (more than the 1,000 a search pages through, so every page comes from
 * one ranking). Measured at 100,000 posts: some 2 ms of ranking for a word on every page, against 45 ms for
 * all 100,000 (docs/decisions.md).
 */
export const RANKED_AT_MOST = 2_000;

/** Who is searching: anyone (null), or a person whose drafts (and maybe others') count too. */
export interface SearchReader { accountId: string; seesOthers: boolean }

/** Which translations: those public now, or all the reader may see, or only their drafts or those scheduled ahead. */
export type SearchStatus = 'published' | 'any' | 'draft' | 'scheduled';

export interface IndexQuery {
  match: string;
  language: string;
  stemmed: boolean;
  type: string | null;
  /** null: anyone's search (public translations only, whatever `status` says). */
  reader: SearchReader | null;
  status: SearchStatus;
  now: number;
  limit: number;
  offset: number;
  /** false: no snippets (a caller that lists the matches its own way). */
  snippets: boolean;
  /** 'newest': the matches newest first, unranked (a list in date order: the panel's Content list). */
  order?: 'best' | 'newest';
}

export interface IndexHit { entry: string; language: string; score: number; snippet: string }

/** The SQL filter of what `reader` may see, and its parameters. */
function visibleTo(reader: SearchReader | null, status: SearchStatus, now: number): { sql: string; params: Array<string | number> } {
  if (reader === null || status === 'published') return { sql: 'd.public_from <= ?', params: [now] };
  const whose: { sql: string; params: Array<string | number> } = reader.seesOthers ? { sql: '', params: [] } : { sql: ' AND (d.public_from <= ? OR d.author = ?)', params: [now, reader.accountId] };
  if (status === 'draft') return { sql: `d.status = 'draft'${whose.sql}`, params: whose.params };
  if (status === 'scheduled') return { sql: `d.status = 'scheduled' AND d.public_from > ?${whose.sql}`, params: [now, ...whose.params] };
  return { sql: reader.seesOthers ? '1' : '(d.public_from <= ? OR d.author = ?)', params: reader.seesOthers ? [] : [now, reader.accountId] };
}

/** One table a search reads (search-tables.ts), its filter and the filter's parameters. */
interface Part { table: string; where: string; params: Array<string | number> }

/**
 * The tables a search reads. The public one, but for a reader's drafts or what is scheduled ahead: a row
 * there was public when indexed, so it is neither (the site has one clock). The hidden one for a reader who
 * may see what is there, and for anyone while a row there has become public (a scheduled translation whose
 * time passed before its entry.due moved it: index-follow.ts), which the index on docs(hidden, public_from)
 * tells at once: anyone's search reads no draft's match of its words however many drafts hold them. A reader
 * who may see only their own hidden rows has them ranked in a copy of their own (own-rows.ts), and the
 * hidden table only for what has become public there.
 */
function partsOf(statement: (sql: string) => StatementSync, query: IndexQuery, own: OwnRows | undefined): Part[] {
  const visible = visibleTo(query.reader, query.status, query.now);
  const anyone = query.reader === null || query.status === 'published';
  const ownOnly = !anyone && (query.status === 'draft' || query.status === 'scheduled');
  const turnedPublic = () => statement('SELECT 1 FROM docs WHERE hidden = 1 AND public_from <= ? LIMIT 1').get(query.now) !== undefined;
  const hidden = !anyone || turnedPublic();
  const part = (table: string, extra = '', extraParams: Array<string | number> = []): Part => ({
    table,
    where: `${table} MATCH ? AND d.language = ?${query.type === null ? '' : ' AND d.type = ?'} AND ${visible.sql}${extra}`,
    params: [query.match, query.language, ...(query.type === null ? [] : [query.type]), ...visible.params, ...extraParams],
  });
  const parts = ownOnly ? [] : [part(textTable(query.stemmed, false))];
  if (!hidden) return parts;
  // Unranked (newest first) there is no score to move: the shared table serves.
  const reader = query.reader;
  const ownTable = reader && !anyone && !reader.seesOthers && query.order !== 'newest' ? own?.table(query.stemmed, reader.accountId) ?? null : null;
  if (ownTable === null) return [...parts, part(textTable(query.stemmed, true))];
  if (turnedPublic()) parts.push(part(textTable(query.stemmed, true), ' AND d.public_from <= ? AND d.author IS NOT ?', [query.now, reader!.accountId]));
  return [...parts, part(ownTable)];
}

/**
 * The best matches the reader may see, best first (or the newest first, unranked), and how many match
 * (counted up to `countUpTo`).
 * `statement` gives a statement prepared once per connection (the SQL differs only by tables, type and reader kind);
 * `own` the copies of a reader's own hidden rows on that connection.
 */
export function rankedSearch(statement: (sql: string) => StatementSync, query: IndexQuery, countUpTo: number, own?: OwnRows): { hits: IndexHit[]; total: number } {
  const parts = partsOf(statement, query, own);
  const newest = query.order === 'newest';
  // Per table: the newest matches first (FTS5 reads its lists backwards by rowid, no sort), bm25 of those
  // alone, each by its own table's statistics; then the page of them all (ids are shared across the tables,
  // so each match is one row and the order is whole). Snippets after: a column of the select is made for
  // every row before the sort keeps the page, and a snippet reads and cuts up the row's text.
  // CROSS JOIN keeps the order written: the FTS5 match first, then each match's row (never every row, then its match).
  // Newest first alone is that first step without bm25, each table read up to the page's end: a list in date
  // order wants no ranking (the panel's Content list: its first pages are then the newest matches, whatever their number).
  const selects = parts.map(({ table, where }, at) => `SELECT * FROM (SELECT ${table}.rowid AS rid, d.entry AS entry, d.language AS language,
    ${newest ? '0' : `bm25(${table}, ${WEIGHTS})`} AS bm25, ${at} AS part FROM ${table} CROSS JOIN docs AS d ON d.id = ${table}.rowid
    WHERE ${where} ORDER BY ${table}.rowid DESC LIMIT ${newest ? '?' : RANKED_AT_MOST})`);
  const params = parts.flatMap((part) => (newest ? [...part.params, query.offset + query.limit] : part.params));
  const rows = allAsArrays(statement(`SELECT rid, entry, language, bm25, part FROM (${selects.join(' UNION ALL ')})
    ORDER BY ${newest ? '' : 'bm25, '}rid DESC LIMIT ? OFFSET ?`), ...params, query.limit, query.offset) as Array<[rid: number, entry: string, language: string, bm25: number, part: number]>;
  const snippets = new Map<number, string>();
  if (query.snippets) {
    for (const [at, { table }] of parts.entries()) {
      const ids = rows.filter((row) => row[4] === at).map(([rid]) => rid);
      if (ids.length === 0) continue;
      const snippet = (column: number) => `snippet(${table}, ${column}, char(2), char(3), '…', ${SNIPPET_WORDS})`;
      const made = statement(`SELECT rowid AS rid, CASE WHEN length(body) > 0 THEN ${snippet(3)} ELSE ${snippet(1)} END AS snippet
        FROM ${table} WHERE ${table} MATCH ? AND rowid IN (${ids.map(() => '?').join(', ')})`)
        .all(query.match, ...ids) as Array<{ rid: number; snippet: string }>;
      for (const row of made) snippets.set(row.rid, row.snippet);
    }
  }
  const counts = parts.map(({ table, where }) => `(SELECT count(*) FROM (SELECT 1 FROM ${table} CROSS JOIN docs AS d ON d.id = ${table}.rowid WHERE ${where} LIMIT ?))`);
  const counted = statement(`SELECT ${counts.join(' + ')} AS n`).get(...parts.flatMap((part) => [...part.params, countUpTo])) as { n: number };
  // BM25 in FTS5 is negative, lower better: the score said to callers is positive, higher better.
  const hits = rows.map(([rid, entry, language, bm25]) => ({ entry, language, score: Math.round(-bm25 * 1000) / 1000, snippet: snippets.get(rid) ?? '' }));
  return { hits, total: Math.min(counted.n, countUpTo) };
}
