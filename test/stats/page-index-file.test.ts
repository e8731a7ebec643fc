// A month's page index written beside its visit table (visit-page-index-file.ts): a page filter over the
// month reads it, and one that is damaged or was made for another table is refused and the index built
// from the table again, so the figures stay the hand counts below.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StatsService } from '../../dist/stats/stats-service.js';
import { statsQuery } from '../../dist/stats/dimension-query.js';
import { parseFilters } from '../../dist/stats/stats-filters.js';
import { readVisitTable, encodeVisitTable } from '../../dist/stats/store/visit-table.js';
import { buildPageIndex } from '../../dist/stats/store/visit-page-index.js';
import { decodePageIndex, encodePageIndex, pageColumnsFingerprint } from '../../dist/stats/store/visit-page-index-file.js';
import type { StatsContent } from '../../src/stats/page-index.ts';
import type { RawLine } from '../../src/stats/store/raw-event.ts';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

const folders: string[] = [];
after(() => { for (const dir of folders) rmSync(dir, { recursive: true, force: true }); });

const content: StatsContent = {
  site: () => ({ title: 'T', languages: { en: 'English' }, defaultLanguage: 'en' }) as never,
  entries: () => [],
  entry: () => undefined,
};
const MIN = 60_000;
const pv = (v: string, t: number, p: string, co: string, f: string | null = null): RawLine =>
  ({ k: 'pv', t, v, p, s: null, c: null, f, co, l: 'de', d: 'mobile', b: 'Firefox 133', o: 'Android 14' });
/** 10:00 in Berlin on 15 January: a (DE) / then /hello; b (AT) /hello twice; c (DE) / alone. */
const T = Date.UTC(2026, 0, 15, 9, 0);
const JAN_15: RawLine[] = [pv('a', T, '/', 'DE'), pv('a', T + MIN, '/hello', 'DE', '/'), pv('b', T + 2 * MIN, '/hello', 'AT'), pv('b', T + 3 * MIN, '/hello', 'AT', '/hello'), pv('c', T + 4 * MIN, '/', 'DE')];
/** 20 January: d (DE) /hello. */
const JAN_20: RawLine[] = [pv('d', T + 5 * 24 * 60 * MIN, '/hello', 'DE')];
const MARCH = Date.UTC(2026, 2, 3, 12);

function siteWith(days: Record<string, RawLine[]>) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-page-index-file-'));
  folders.push(dir);
  mkdirSync(join(dir, 'raw'), { recursive: true });
  for (const [day, lines] of Object.entries(days)) writeFileSync(join(dir, 'raw', `${day}.ndjson`), lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
  const open = () => new StatsService({ dir, clock: () => MARCH, timeZone: () => 'Europe/Berlin', siteHosts: () => ['alps.example'] });
  open().ensureRolledUp();
  return { dir, open, indexPath: join(dir, 'visits', '2026-01.pages.bin') };
}

/** page:/hello over January, by country, in a fresh process (nothing cached). */
function helloByCountry(open: () => StatsService) {
  const answer = statsQuery(open(), content, { from: '2026-01-01', to: '2026-01-31', dimension: 'countries', limit: 20, filters: parseFilters(['page:/hello']) });
  return { visitors: answer.visitors, pageviews: answer.pageviews, rows: Object.fromEntries(answer.countries.map((row) => [row.country, [row.visitors, row.pageviews]])) };
}

test('rolling a month up writes its page index beside its table, and a page filter over the month reads it', () => {
  const { dir, open, indexPath } = siteWith({ '2026-01-15': JAN_15 });
  assert.ok(existsSync(join(dir, 'visits', '2026-01.bin')) && existsSync(indexPath), 'the month has its table and its page index');
  assert.deepEqual(helloByCountry(open), { visitors: 2, pageviews: 3, rows: { DE: [1, 1], AT: [1, 2] } });
  // The file is what the filter reads: an index that lists /'s runs under /hello (whole, made for this
  // table, only wrong) shows in the figures. Written only to prove the reading; never made by the service.
  const table = readVisitTable(new TrustedFolders([join(dir, 'visits', '2026-01.bin')]), join(dir, 'visits', '2026-01.bin'), '2026-01')!;
  const real = buildPageIndex(table);
  const hello = table.names.pages.indexOf('/hello'), home = table.names.pages.indexOf('/');
  const listOf = (page: number) => real.runs.slice(real.start[page]!, real.start[page + 1]!);
  const lists = table.names.pages.map((_, page) => (page === hello ? listOf(home) : page === home ? listOf(hello) : listOf(page)));
  const start = new Int32Array(lists.length + 1);
  lists.forEach((list, page) => { start[page + 1] = start[page]! + list.length; });
  const swapped = { start, runs: Int32Array.from(lists.flatMap((list) => [...list])) };
  writeFileSync(indexPath, encodePageIndex(table, swapped));
  assert.notDeepEqual(helloByCountry(open), { visitors: 2, pageviews: 3, rows: { DE: [1, 1], AT: [1, 2] } });
});

test('a damaged page index is refused and the index built from the table: the figures stay right', () => {
  const { dir, open, indexPath } = siteWith({ '2026-01-15': JAN_15 });
  const good = readFileSync(indexPath);
  const table = readVisitTable(new TrustedFolders([join(dir, 'visits', '2026-01.bin')]), join(dir, 'visits', '2026-01.bin'), '2026-01')!;
  const index = buildPageIndex(table);
  const damaged: [string, Buffer][] = [
    ['cut short', good.subarray(0, good.length - 4)],
    ['not an index', Buffer.from('hello, world, this is no page index at all')],
    ['empty', Buffer.alloc(0)],
    ['a run past the table', encodePageIndex(table, { start: index.start, runs: index.runs.map((run, i) => (i === 0 ? table.runFlags.length : run)) })],
    ['runs out of order', encodePageIndex(table, { start: index.start, runs: index.runs.slice().reverse() })],
    ['a page list ending before it starts', encodePageIndex(table, { start: index.start.map((at, p) => (p === 1 ? index.runs.length + 1 : at)), runs: index.runs })],
  ];
  for (const [what, bytes] of damaged) {
    assert.equal(decodePageIndex(bytes, table), null, what);
    writeFileSync(indexPath, bytes);
    assert.deepEqual(helloByCountry(open), { visitors: 2, pageviews: 3, rows: { DE: [1, 1], AT: [1, 2] } }, what);
  }
});

test('a page index made for the month before it was rolled up again is refused as stale', () => {
  const { dir, open, indexPath } = siteWith({ '2026-01-15': JAN_15 });
  const old = readFileSync(indexPath);
  // A late day of the month arrives: the month's table is made again (with its index), then the index of
  // the table before is put back, as a crash between the two writes of another version could leave it.
  writeFileSync(join(dir, 'raw', '2026-01-20.ndjson'), JAN_20.map((line) => JSON.stringify(line)).join('\n') + '\n');
  open().ensureRolledUp();
  assert.notDeepEqual(readFileSync(indexPath), old, 'the month was rolled up again');
  writeFileSync(indexPath, old);
  const table = readVisitTable(new TrustedFolders([join(dir, 'visits', '2026-01.bin')]), join(dir, 'visits', '2026-01.bin'), '2026-01')!;
  assert.equal(decodePageIndex(old, table), null, 'the old index does not fit the new table');
  assert.deepEqual(helloByCountry(open), { visitors: 3, pageviews: 4, rows: { DE: [2, 2], AT: [1, 2] } });
});

test('a month keeps the fingerprint of its page columns in its table\'s header; an index is read against it, or against the columns of a table written without one', () => {
  const { dir, open, indexPath } = siteWith({ '2026-01-15': JAN_15 });
  const tablePath = join(dir, 'visits', '2026-01.bin');
  const table = readVisitTable(new TrustedFolders([tablePath]), tablePath, '2026-01')!;
  const index = readFileSync(indexPath);
  assert.equal(table.pagesFingerprint, pageColumnsFingerprint(table), 'written with the month');
  assert.ok(decodePageIndex(index, table), 'the index fits the fingerprint kept');
  // A table written before headers kept it: the fingerprint is worked out from its columns.
  const { pagesFingerprint, ...without } = table;
  assert.ok(pagesFingerprint);
  writeFileSync(tablePath, encodeVisitTable(without));
  const before = readVisitTable(new TrustedFolders([tablePath]), tablePath, '2026-01')!;
  assert.equal(before.pagesFingerprint, undefined);
  assert.ok(decodePageIndex(index, before), 'the index fits the columns');
  assert.deepEqual(helloByCountry(open), { visitors: 2, pageviews: 3, rows: { DE: [1, 1], AT: [1, 2] } });
  // A header naming other columns than the index's: the index is refused and built again from the table.
  writeFileSync(tablePath, encodeVisitTable({ ...table, pagesFingerprint: 'another table' }));
  assert.equal(decodePageIndex(index, readVisitTable(new TrustedFolders([tablePath]), tablePath, '2026-01')!), null);
  assert.deepEqual(helloByCountry(open), { visitors: 2, pageviews: 3, rows: { DE: [1, 1], AT: [1, 2] } });
});
