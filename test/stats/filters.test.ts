// Filters in the statistics' query engine: a small day of raw lines whose figures are counted here by hand,
// asked with one filter and several at once, today live, after the day's rollup (daily visit table) and
// after its month's (monthly table); with no filter the visit tables give exactly the rollups' figures.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StatsService } from '../../dist/stats/stats-service.js';
import { statsQuery, dimensionRows } from '../../dist/stats/dimension-query.js';
import { DIMENSIONS } from '../../dist/stats/stats-inputs.js';
import { decodeVisitTable, encodeVisitTable } from '../../dist/stats/store/visit-table.js';
import { parseFilters } from '../../dist/stats/stats-filters.js';
import type { StatsContent } from '../../src/stats/page-index.ts';
import type { RawLine } from '../../src/stats/store/raw-event.ts';
import { makeTestSite } from '../helpers/test-site.ts';
import { seedStats } from '../../dist/cli/demo-traffic/seed.js';
import { addDays } from '../../dist/lib/day-math.js';

const folders: string[] = [];
after(() => { for (const dir of folders) rmSync(dir, { recursive: true, force: true }); });

const DAY = '2026-01-15';
/** 10:00 in Berlin on DAY */
const T = Date.UTC(2026, 0, 15, 9, 0);
const MIN = 60_000;
const content: StatsContent = {
  site: () => ({ title: 'T', languages: { en: 'English' }, defaultLanguage: 'en' }) as never,
  entries: () => [],
  entry: () => undefined,
};

type Who = { v: string; co: string; l: string; d: string; b: string; o: string };
const A: Who = { v: 'a', co: 'DE', l: 'de', d: 'mobile', b: 'Firefox 133', o: 'Android 14' };
const B: Who = { v: 'b', co: 'DE', l: 'en', d: 'desktop', b: 'Chrome 131', o: 'Windows 10' };
const C: Who = { v: 'c', co: 'AT', l: 'de', d: 'mobile', b: 'Safari 18', o: 'iOS 18' };
const D: Who = { v: 'd', co: 'US', l: 'en', d: 'mobile', b: 'Chrome 131', o: 'Android 14' };
const E: Who = { v: 'e', co: 'DE', l: 'de', d: 'mobile', b: 'Firefox 133', o: 'Android 14' };
const pv = (who: Who, t: number, p: string, s: string | null, f: string | null = null, c: string | null = null): RawLine =>
  ({ k: 'pv', t, v: who.v, p, s, c, f, co: who.co, l: who.l, d: who.d, b: who.b, o: who.o });

/**
 * A: from google.com, /hello then /about (an event "signup" on /about; 40 s read of /hello, scrolled 80 %).
 * B: direct to /, then 40 minutes later a second visit from the newsletter (campaign spring) to /hello.
 * C: direct, /hello twice. D: from google.com, /about. E: from news.ycombinator.com, / (a bounce).
 */
const LINES: RawLine[] = [
  pv(A, T, '/hello', 'google.com'),
  { k: 'en', t: T + 1 * MIN, v: 'a', p: '/hello', e: 40_000, sc: 80 },
  pv(A, T + 1 * MIN, '/about', null, '/hello'),
  { k: 'ev', t: T + 2 * MIN, v: 'a', p: '/about', n: 'signup' },
  pv(B, T + 3 * MIN, '/', null),
  pv(C, T + 4 * MIN, '/hello', null),
  pv(C, T + 5 * MIN, '/hello', null, '/hello'),
  pv(D, T + 6 * MIN, '/about', 'google.com'),
  pv(E, T + 7 * MIN, '/', 'news.ycombinator.com'),
  pv(B, T + 45 * MIN, '/hello', 'newsletter', null, 'spring'),
];

function makeStats(clock: { now: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-stats-filters-'));
  folders.push(dir);
  mkdirSync(join(dir, 'raw'), { recursive: true });
  writeFileSync(join(dir, 'raw', `${DAY}.ndjson`), LINES.map((line) => JSON.stringify(line)).join('\n') + '\n');
  return { stats: new StatsService({ dir, clock: () => clock.now, timeZone: () => 'Europe/Berlin', siteHosts: () => ['alps.example'] }), dir };
}

const query = (stats: StatsService, dimension: Parameters<typeof statsQuery>[2]['dimension'], filters: string[]) =>
  statsQuery(stats, content, { from: DAY, to: DAY, dimension, limit: 200, filters: parseFilters(filters) }) as Record<string, any>;
const rows = (answer: Record<string, any>, key: string, ...columns: string[]) =>
  Object.fromEntries((answer[answer.dimension] as Record<string, unknown>[]).map((row) => [row[key], columns.map((c) => row[c])]));

/** Every figure below was counted from LINES by hand. */
function checkHandCounts(stats: StatsService, when: string): void {
  const de = query(stats, 'pages', ['country:DE']);
  assert.deepEqual([de.visitors, de.pageviews], [3, 5], when);
  assert.deepEqual(rows(de, 'path', 'visitors', 'pageviews'), { '/hello': [2, 2], '/': [2, 2], '/about': [1, 1] }, when);
  // A read /hello (40 s, 80 %) and is one of its two visitors from DE.
  assert.deepEqual(rows(de, 'path', 'average_reading_seconds', 'read_rate')['/hello'], [40, 0.5], when);
  assert.deepEqual(rows(query(stats, 'referrers', ['country:DE']), 'referrer', 'visitors', 'pageviews'),
    { 'google.com': [1, 2], '(direct)': [1, 1], newsletter: [1, 1], 'news.ycombinator.com': [1, 1] }, when);
  assert.deepEqual(rows(query(stats, 'entry_pages', ['country:DE']), 'path', 'visitors', 'entries'), { '/hello': [2, 2], '/': [2, 2] }, when);
  assert.deepEqual(rows(query(stats, 'exit_pages', ['country:DE']), 'path', 'visitors', 'exits'), { '/': [2, 2], '/about': [1, 1], '/hello': [1, 1] }, when);
  assert.deepEqual(rows(query(stats, 'events', ['country:DE']), 'event', 'visitors', 'count'), { signup: [1, 1] }, when);
  assert.deepEqual(rows(query(stats, 'days', ['country:DE']), 'day', 'visitors', 'pageviews'), { [DAY]: [3, 5] }, when);
  // 10:00 to 10:59 in Berlin: all but B's second visit (10:45 is still the 10 o'clock hour): A, B, E.
  assert.deepEqual(query(stats, 'hours', ['country:DE']).hours[10], { hour: 10, visitors: 3, pageviews: 5 }, when);

  const both = query(stats, 'pages', ['device:mobile', 'country:DE']);
  assert.deepEqual([both.visitors, both.pageviews], [2, 3], when);
  assert.deepEqual(rows(both, 'path', 'visitors', 'pageviews'), { '/hello': [1, 1], '/about': [1, 1], '/': [1, 1] }, when);
  const three = query(stats, 'browsers', ['device:mobile', 'country:DE', 'page:/']);
  assert.deepEqual([three.visitors, three.pageviews], [1, 1], when);
  assert.deepEqual(rows(three, 'browser', 'visitors', 'pageviews'), { 'Firefox 133': [1, 1] }, when);

  const hello = query(stats, 'countries', ['page:/hello']);
  assert.deepEqual([hello.visitors, hello.pageviews], [3, 4], when);
  assert.deepEqual(rows(hello, 'country', 'visitors', 'pageviews'), { DE: [2, 2], AT: [1, 2] }, when);
  assert.deepEqual(rows(query(stats, 'referrers', ['page:/hello']), 'referrer', 'visitors', 'pageviews'), { 'google.com': [1, 1], newsletter: [1, 1], '(direct)': [1, 2] }, when);
  assert.deepEqual(rows(query(stats, 'entry_pages', ['page:/hello']), 'path', 'visitors', 'entries'), { '/hello': [3, 3] }, when);
  // The event was sent from /about, so a filter on /hello sees none.
  assert.equal(query(stats, 'events', ['page:/hello']).rows_total, 0, when);

  const google = query(stats, 'countries', ['source:google.com']);
  assert.deepEqual([google.visitors, google.pageviews], [2, 3], when);
  assert.deepEqual(rows(google, 'country', 'visitors', 'pageviews'), { DE: [1, 2], US: [1, 1] }, when);
  const direct = query(stats, 'pages', ['source:(direct)']);
  assert.deepEqual([direct.visitors, direct.pageviews], [2, 3], when);
  const spring = query(stats, 'pages', ['campaign:spring']);
  assert.deepEqual([spring.visitors, spring.pageviews, rows(spring, 'path', 'pageviews')], [1, 1, { '/hello': [1] }], when);
  assert.deepEqual(rows(query(stats, 'languages', ['os:Android 14']), 'language', 'visitors', 'pageviews'), { de: [2, 3], en: [1, 1] }, when);
  // A value the day never saw matches nothing; so does a combination no page view has.
  for (const filters of [['country:FR'], ['country:AT', 'source:google.com'], ['page:/nowhere']]) {
    const none = query(stats, 'pages', filters);
    assert.deepEqual([none.visitors, none.pageviews, none.rows_total], [0, 0, 0], `${when} ${filters}`);
  }
  const figures = stats.filtered(DAY, DAY, parseFilters(['country:DE']));
  assert.deepEqual([figures.rollup.visits, figures.rollup.bounces], [4, 3], when);
  assert.equal(figures.rollup.engaged_ms / figures.rollup.engaged_visitors, 40_000, when);
}

test('filtered figures equal the hand counts today, after the day is rolled up, and after its month is', () => {
  const clock = { now: T + 2 * 60 * MIN };
  const { stats, dir } = makeStats(clock);
  checkHandCounts(stats, 'today');
  clock.now = T + 24 * 60 * MIN;
  stats.ensureRolledUp();
  assert.ok(existsSync(join(dir, 'visits', `${DAY}.bin`)), 'the day has its visit table');
  checkHandCounts(stats, 'rolled up');
  // A fresh process reads the table from disk.
  checkHandCounts(new StatsService({ dir, clock: () => clock.now, timeZone: () => 'Europe/Berlin', siteHosts: () => ['alps.example'] }), 'read back');
  clock.now = Date.UTC(2026, 2, 3, 12);
  stats.ensureRolledUp();
  assert.ok(existsSync(join(dir, 'visits', '2026-01.bin')), 'the month has its visit table');
  const monthly = new StatsService({ dir, clock: () => clock.now, timeZone: () => 'Europe/Berlin', siteHosts: () => ['alps.example'] });
  const month = statsQuery(monthly, content, { from: '2026-01-01', to: '2026-01-31', dimension: 'pages', limit: 20, filters: parseFilters(['country:DE', 'device:mobile']) });
  assert.deepEqual([month.visitors, month.pageviews], [2, 3]);
  checkHandCounts(monthly, 'from the monthly table (the day alone reads the daily one)');
});

test('a damaged visit table is refused whole: its day is named as missing, nothing is counted from it', () => {
  const clock = { now: T + 24 * 60 * MIN };
  const { stats, dir } = makeStats(clock);
  stats.ensureRolledUp();
  const path = join(dir, 'visits', `${DAY}.bin`);
  const good = readFileSync(path);
  const table = decodeVisitTable(good, DAY)!;
  assert.ok(table, 'the written table reads back');
  const damaged: [string, Buffer][] = [
    ['cut short', good.subarray(0, good.length - 9)],
    ['a page number past the page list', encodeVisitTable({ ...table, pvPage: table.pvPage.map((page, k) => (k === 0 ? table.names.pages.length : page)) })],
    ['a run that holds no page view', encodeVisitTable({ ...table, runStart: table.runStart.map((at, r) => (r === 1 ? 0 : at)) })],
    ['a country number past its list', encodeVisitTable({ ...table, runFacets: { ...table.runFacets, country: table.runFacets.country.map(() => 999) } })],
  ];
  for (const [what, bytes] of damaged) {
    assert.equal(decodeVisitTable(bytes, DAY), null, what);
    writeFileSync(path, bytes);
    const fresh = new StatsService({ dir, clock: () => clock.now, timeZone: () => 'Europe/Berlin', siteHosts: () => ['alps.example'] });
    const figures = fresh.filtered(DAY, DAY, parseFilters(['country:DE']));
    assert.deepEqual([figures.rollup.pageviews, figures.missing], [0, [DAY]], what);
  }
  writeFileSync(path, good);
  const again = new StatsService({ dir, clock: () => clock.now, timeZone: () => 'Europe/Berlin', siteHosts: () => ['alps.example'] });
  assert.equal(again.filtered(DAY, DAY, parseFilters(['country:DE'])).rollup.pageviews, 5, 'the whole table counts again');
});

test('with no filter the visit tables count exactly what the rollups do, day by day and over a range', async () => {
  const site = await makeTestSite();
  try {
    const stats = site.deps.stats;
    seedStats(stats, site.deps.content, { days: 45, pageviewsPerDay: 120, rawDays: 3, seed: 11 });
    const today = stats.today();
    for (const [from, to] of [[addDays(today, -44), today], [addDays(today, -2), addDays(today, -1)], [today, today]] as const) {
      const rollup = stats.range(from, to);
      const counted = stats.filtered(from, to, []).rollup;
      for (const key of ['visitors', 'pageviews', 'visits', 'bounces', 'engaged_ms', 'engaged_visitors', 'hours', 'days', 'referrers', 'campaigns', 'countries', 'languages', 'devices', 'browsers', 'os', 'events'] as const) {
        assert.deepEqual(counted[key], rollup[key], `${key} ${from}..${to}`);
      }
      for (const [path, page] of Object.entries(rollup.pages)) {
        const mine = counted.pages[path]!;
        assert.deepEqual([mine.v, mine.pv, mine.em, mine.ev, mine.rd], [page.v, page.pv, page.em, page.ev, page.rd], `${path} ${from}..${to}`);
      }
    }
  } finally {
    site.cleanup();
  }
});

test('a dimension counted alone (stats_query counts only what it asks) has the rows it has when everything is counted', async () => {
  const site = await makeTestSite();
  try {
    const stats = site.deps.stats;
    seedStats(stats, site.deps.content, { days: 40, pageviewsPerDay: 150, rawDays: 2, seed: 5 });
    const today = stats.today();
    const from = addDays(today, -39);
    const top = (dimension: 'pages' | 'devices' | 'countries' | 'referrers', key: string) =>
      String((statsQuery(stats, content, { from, to: today, dimension, limit: 1 }) as Record<string, any>)[dimension][0][key]);
    const page = top('pages', 'path'), device = top('devices', 'device'), country = top('countries', 'country'), source = top('referrers', 'referrer');
    const sets = [[`device:${device}`], [`country:${country}`, `source:${source}`], [`page:${page}`], [`page:${page}`, `device:${device}`, `country:${country}`]];
    for (const set of sets) {
      const filters = parseFilters(set);
      const everything = stats.filtered(from, today, filters);
      assert.ok(everything.rollup.pageviews > 0, `${set} matches some page views`);
      // Custom properties are counted from the tables' property rows, not the filtered figures (stats-properties.test.ts).
      for (const dimension of [...DIMENSIONS.filter((d) => d !== 'props'), 'entry_pages', 'exit_pages'] as const) {
        const alone = statsQuery(stats, content, { from, to: today, dimension, limit: 1000, filters }) as Record<string, any>;
        const rows = dimensionRows(everything, content, dimension, from, today);
        assert.deepEqual(alone[dimension], dimension === 'days' ? rows : rows.slice(0, 1000), `${dimension} ${set}`);
        assert.deepEqual([alone.visitors, alone.pageviews, alone.rows_total], [everything.rollup.visitors, everything.rollup.pageviews, rows.length], `${dimension} ${set}`);
      }
    }
  } finally {
    site.cleanup();
  }
});

test('days counted before visit tables existed are named, not counted as nothing by a filter', async () => {
  const site = await makeTestSite();
  try {
    const stats = site.deps.stats;
    seedStats(stats, site.deps.content, { days: 5, pageviewsPerDay: 50, visitTables: false, today: false, seed: 3 });
    const today = stats.today();
    const figures = stats.filtered(addDays(today, -5), today, parseFilters(['country:DE']));
    assert.deepEqual(figures.missing, [1, 2, 3, 4, 5].map((n) => addDays(today, -n)).reverse());
  } finally {
    site.cleanup();
  }
});

test('a filter that is not dimension:value, names no dimension, repeats one or is too long is refused in one sentence', () => {
  const cases: [string[], string][] = [
    [['country'], 'A filter is written dimension:value, with the dimension one of page, source, campaign, country, language, device, browser, os, prop.'],
    [['planet:mars'], 'A filter is written dimension:value, with the dimension one of page, source, campaign, country, language, device, browser, os, prop.'],
    [['country:'], 'The country filter needs a value of 1 to 300 characters.'],
    [[`page:/${'x'.repeat(300)}`], 'The page filter needs a value of 1 to 300 characters.'],
    [['country:DE', 'country:AT'], 'Give at most one country filter.'],
  ];
  for (const [texts, message] of cases) assert.throws(() => parseFilters(texts), { message }, texts.join(' '));
  // A value may hold a colon (paths with one, sources with a port).
  assert.deepEqual(parseFilters(['page:/a:b', 'source:x.example:8080']), [{ dimension: 'page', value: '/a:b' }, { dimension: 'source', value: 'x.example:8080' }]);
});
