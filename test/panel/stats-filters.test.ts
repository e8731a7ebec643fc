// The Statistics page's filters, range, paging and CSV on the real server (port 0, fixed clock), over a day
// of raw lines counted by hand, and the Content API's /stats with the same filters: one engine, one answer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { get, type Jar } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import type { RawLine } from '../../src/stats/store/raw-event.ts';

let served: ServedSite;
let site: TestSite;
let panel: PanelAddress;
const jars: Record<string, Jar> = {};
/** 2026-03-10 09:00 UTC, 10:00 in Berlin: today for the fixed clock (12:00 UTC). */
const T = Date.UTC(2026, 2, 10, 9, 0);
const MIN = 60_000;

type Who = { v: string; co: string; l: string; d: string; b: string; o: string };
const A: Who = { v: 'a', co: 'DE', l: 'de', d: 'mobile', b: 'Firefox 133', o: 'Android 14' };
const B: Who = { v: 'b', co: 'DE', l: 'en', d: 'desktop', b: 'Chrome 131', o: 'Windows 10' };
const C: Who = { v: 'c', co: 'AT', l: 'de', d: 'mobile', b: 'Safari 18', o: 'iOS 18' };
const pv = (who: Who, t: number, p: string, s: string | null, f: string | null = null): RawLine =>
  ({ k: 'pv', t, v: who.v, p, s, c: null, f, co: who.co, l: who.l, d: who.d, b: who.b, o: who.o });
/** Event names a visitor could send that a spreadsheet would misread, or that CSV must quote. */
const AWKWARD = ['=HYPERLINK("http://x.example","y")', '+1', '-2', '@sum', 'a,b', 'say "hi"', 'two\nlines'];
const EXTRA_PAGES = 60;

before(async () => {
  site = await makeTestSite();
  const lines: RawLine[] = [
    pv(A, T, '/hello', 'google.com'), pv(A, T + MIN, '/about', null, '/hello'),
    pv(B, T + 2 * MIN, '/', null), pv(B, T + 3 * MIN, '/hello', null, '/'),
    pv(C, T + 4 * MIN, '/hello', null),
    ...AWKWARD.map((n, i): RawLine => ({ k: 'ev', t: T + (5 + i) * MIN, v: 'c', p: '/hello', n })),
    // Many pages of one view each: more rows than a page of a table shows.
    ...Array.from({ length: EXTRA_PAGES }, (_, i) => pv({ ...C, v: `x${i}` }, T + (20 + i) * MIN, `/page-${String(i).padStart(2, '0')}`, null)),
  ];
  const dir = site.deps.stats.files.dir;
  mkdirSync(join(dir, 'raw'), { recursive: true });
  writeFileSync(join(dir, 'raw', '2026-03-10.ndjson'), lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
  ({ panel } = served = await serveTestSite({ site }));
  for (const key of ['ann', 'carl']) jars[key] = await served.signIn(`${key}@example.org`);
});
after(() => served.close());

const count = (html: string, label: string): number => Number(new RegExp(`<dt>${label}</dt><dd>([\\d,]+)</dd>`).exec(html)![1]!.replace(/,/g, ''));
const decode = (href: string) => href.replace(/&amp;/g, '&');

test('a click on a row filters the whole page; filters add up, show as chips, and each chip removes its own', async () => {
  const page = await get(panel, '/svc/panel/stats?period=today', jars.ann);
  assert.equal(page.res.status, 200);
  assert.deepEqual([count(page.text, 'Visitors'), count(page.text, 'Page views')], [3 + EXTRA_PAGES, 5 + EXTRA_PAGES]);
  const germany = /<a href="([^"]+)" title="Show only country Germany \(DE\)">Germany \(DE\)<\/a>/.exec(page.text);
  assert.ok(germany, 'the country is a filter link');
  const de = await get(panel, decode(germany[1]!), jars.ann);
  assert.equal(decode(germany[1]!), '/svc/panel/stats?period=today&filter=country%3ADE');
  assert.deepEqual([count(de.text, 'Visitors'), count(de.text, 'Page views')], [2, 4]);
  assert.match(de.text, /<section class="filters" aria-label="Filters"><p>Showing only page views with:<\/p><ul class="chips"><li>Country: Germany \(DE\) <a href="\/svc\/panel\/stats\?period=today" aria-label="Remove the filter Country: Germany \(DE\)">×<\/a><\/li><\/ul><\/section>/);
  // The country column is filtered already: its names are no longer links. A page's name adds a second filter.
  assert.doesNotMatch(de.text, /title="Show only country/);
  const hello = /<a href="([^"]+)" title="Show only page Hello Alps">/.exec(de.text)!;
  assert.equal(decode(hello[1]!), '/svc/panel/stats?period=today&filter=page%3A%2Fhello&filter=country%3ADE');
  const both = await get(panel, decode(hello[1]!), jars.ann);
  assert.deepEqual([count(both.text, 'Visitors'), count(both.text, 'Page views')], [2, 2]);
  assert.match(both.text, /<li>Page: \/hello <a href="\/svc\/panel\/stats\?period=today&amp;filter=country%3ADE" aria-label="Remove the filter Page: \/hello">×<\/a><\/li>/);
  assert.match(both.text, /<li>Country: Germany \(DE\) <a href="\/svc\/panel\/stats\?period=today&amp;filter=page%3A%2Fhello" aria-label="Remove the filter Country: Germany \(DE\)">×<\/a><\/li>/);
  assert.match(both.text, /<li><a href="\/svc\/panel\/stats\?period=today">Remove all filters<\/a><\/li>/);
  // The period links keep the filters (a shared address opens the same view).
  assert.match(both.text, /<a href="\/svc\/panel\/stats\?period=30d&amp;filter=page%3A%2Fhello&amp;filter=country%3ADE">30 days<\/a>/);
  // Entry pages under the two filters: A entered on /hello, B on / (then went on to /hello).
  assert.match(both.text, /<h2>Entry pages<\/h2>.*?<tbody><tr><td>[^]*?\/hello[^]*?<\/td><td class="num">1<\/td><td class="num">1<\/td><\/tr><\/tbody>/s);
});

test('a bad filter, range or table answers 422 with one sentence and the period links', async () => {
  const cases: [string, string][] = [
    ['filter=planet:mars', 'A filter is written dimension:value, with the dimension one of page, source, campaign, country, language, device, browser, os, prop.'],
    ['filter=country:DE&filter=country:AT', 'Give at most one country filter.'],
    ['from=2026-02-30&to=2026-03-10', 'The from day “2026-02-30” must be a day written YYYY-MM-DD that exists, in the years 1000 to 9998, e.g. 2026-03-01.'],
    ['from=2026-03-10&to=9999-12-31', 'The to day “9999-12-31” must be a day written YYYY-MM-DD that exists, in the years 1000 to 9998, e.g. 2026-03-01.'],
    ['from=2026-03-10&to=2026-03-01', 'The range must end on or after its first day: 2026-03-01 is before 2026-03-10.'],
    ['from=2025-02-01&to=2026-03-10', 'The range from 2025-02-01 to 2026-03-10 is longer than stats_query allows: to must be at most 400 days after from.'],
    ['from=2026-03-01', 'A range needs both from and to, each a day written YYYY-MM-DD.'],
    ['period=7d&from=2026-03-01&to=2026-03-02', 'The address gives a period and a range; give either a period or from and to.'],
    ['metric=money', 'The address asks for the chart figure “money”. Choose one of: visitors, pageviews, reading.'],
    ['period=30d&group=year', 'The address asks for the grouping “year”. Choose one of: day, week, month.'],
    ['show=secrets', 'The address asks for the table “secrets”. Choose one of: pages, referrers, channels, entry_pages, exit_pages, campaigns, countries, languages, devices, browsers, os, events.'],
    ['show=pages&page=0', 'The address asks for the page “0”; pages are numbered from 1.'],
  ];
  for (const [query, sentence] of cases) {
    const page = await get(panel, `/svc/panel/stats?${query}`, jars.ann);
    assert.equal(page.res.status, 422, query);
    assert.ok(page.text.includes(`<p class="notice error" role="alert">${sentence.replace(/"/g, '&quot;')}</p><h1>Statistics</h1><nav class="periods" aria-label="Period">`), `${query}: ${/role="alert">([^<]*)/.exec(page.text)?.[1]}`);
  }
});

test('a custom range of at most 400 days shows those days, grouped by month when long; the form keeps the filters', async () => {
  const long = await get(panel, '/svc/panel/stats?from=2025-02-03&to=2026-03-10&filter=country:DE', jars.ann);
  assert.equal(long.res.status, 200);
  assert.match(long.text, /<p class="muted">From 2025-02-03 to 2026-03-10\.<\/p>/);
  assert.match(long.text, /<h2>Visitors per month<\/h2>/);
  assert.equal([...long.text.matchAll(/fill="#2456c7"/g)].length, 14);
  assert.match(long.text, /<title>2026-03: 2 visitors, 4 page views<\/title>/);
  assert.match(long.text, /<input type="hidden" name="filter" value="country:DE">/);
  assert.match(long.text, /<label>From <input type="date" name="from" value="2025-02-03" required><\/label>/);
  const weeks = await get(panel, '/svc/panel/stats?from=2026-01-01&to=2026-03-10&metric=pageviews', jars.ann);
  assert.match(weeks.text, /<h2>Page views per week<\/h2>/);
  assert.match(weeks.text, /aria-label="Page views per week from week of 2026-01-01 to week of 2026-03-09; the most, 65, in week of 2026-03-09\."/);
  const reading = await get(panel, '/svc/panel/stats?period=today&metric=reading', jars.ann);
  assert.match(reading.text, /Reading time is counted per day, not per hour: choose a longer period to chart it\./);
});

test('every row of a table, fifty to a page, with the pages around it', async () => {
  const overview = await get(panel, '/svc/panel/stats?period=today', jars.ann);
  assert.match(overview.text, /<a href="\/svc\/panel\/stats\?period=today&amp;show=pages">All 63 rows<\/a>/);
  const first = await get(panel, '/svc/panel/stats?period=today&show=pages', jars.ann);
  assert.equal(first.res.status, 200);
  assert.equal([...first.text.matchAll(/<tr><td>/g)].length, 50);
  assert.match(first.text, /Rows 1–50 of 63\./);
  assert.match(first.text, /<nav class="pager" aria-label="Pages of top pages"><span>Page 1 of 2<\/span><a href="\/svc\/panel\/stats\?period=today&amp;show=pages&amp;page=2" rel="next">Next<\/a><\/nav>/);
  const second = await get(panel, '/svc/panel/stats?period=today&show=pages&page=2', jars.ann);
  assert.equal([...second.text.matchAll(/<tr><td>/g)].length, 13);
  assert.match(second.text, /Rows 51–63 of 63\./);
  assert.match(second.text, /rel="prev">Previous<\/a><span>Page 2 of 2<\/span><\/nav>/);
  // Past the last page: the last page.
  assert.match((await get(panel, '/svc/panel/stats?period=today&show=pages&page=9', jars.ann)).text, /Rows 51–63 of 63\./);
});

test('the CSV of a table has a header, every row, quotes where CSV needs them and defuses formulas', async () => {
  const events = await get(panel, '/svc/panel/stats/export?period=today&table=events', jars.ann);
  assert.equal(events.res.status, 200);
  assert.equal(events.res.headers.get('content-type'), 'text/csv; charset=utf-8');
  assert.equal(events.res.headers.get('content-disposition'), 'attachment; filename="statistics-2026-03-10-2026-03-10-events.csv"');
  const lines = events.text.split('\r\n');
  assert.equal(lines[0], 'event,visitors,count');
  const cells = new Set(lines.slice(1, -1));
  for (const expected of [`"'=HYPERLINK(""http://x.example"",""y"")",1,1`, "'+1,1,1", "'-2,1,1", "'@sum,1,1", '"a,b",1,1', '"say ""hi""",1,1', '"two\nlines",1,1']) {
    assert.ok(events.text.includes(expected), expected);
  }
  assert.equal(cells.size >= 6, true);
  const pages = await get(panel, '/svc/panel/stats/export?period=today&filter=country:DE&table=pages', jars.ann);
  assert.deepEqual(pages.text.split('\r\n').slice(0, 4), [
    'path,title,id,visitors,pageviews,average_reading_seconds,read_rate',
    '/hello,Hello Alps,posts/hello,2,2,,0',
    '/,Test Alps,,1,1,,0',
    '/about,About,pages/about,1,1,,0',
  ]);
  const chart = await get(panel, '/svc/panel/stats/export?period=7d&filter=country:DE&table=chart', jars.ann);
  assert.equal(chart.text.split('\r\n')[0], 'day,from,to,visitors,pageviews,average_reading_seconds');
  assert.equal(chart.text.split('\r\n')[7], '2026-03-10,2026-03-10,2026-03-10,2,4,');
  const bad = await get(panel, '/svc/panel/stats/export?period=today&table=salts', jars.ann);
  assert.equal(bad.res.status, 422);
  assert.equal(bad.text, 'The address asks for the table “salts”. Choose one of: chart, pages, referrers, channels, entry_pages, exit_pages, campaigns, countries, languages, devices, browsers, os, events.\n');
});

test('statistics, their CSV and the right-now part are for people whose role may view statistics', async () => {
  for (const path of ['/svc/panel/stats?filter=country:DE', '/svc/panel/stats/export?table=pages', '/svc/panel/stats/realtime']) {
    const refused = await get(panel, path, jars.carl);
    assert.equal(refused.res.status, 403, path);
    assert.doesNotMatch(refused.text, /Hello Alps|visitors,/, path);
    const signedOut = await get(panel, path);
    assert.equal(signedOut.res.status, 303, path);
  }
  const part = await get(panel, '/svc/panel/stats/realtime', jars.ann);
  assert.equal(part.res.status, 200);
  assert.equal(part.res.headers.get('x-svc-part'), 'realtime');
  assert.match(part.text, /^<h2>Right now<\/h2><p><strong class="big">\d+<\/strong>/);
  const page = await get(panel, '/svc/panel/stats', jars.ann);
  assert.match(page.text, /<section id="realtime" data-refresh="\/svc\/panel\/stats\/realtime"><h2>Right now<\/h2>/);
});

test('the Content API\'s /stats takes the same filters and answers the same figures; a bad filter is 422', async () => {
  const auth = { authorization: `Bearer ${site.tokens.statsOnly}` };
  const report = await (await fetch(`${panel.url}/svc/api/v1/stats?period=today&filter=country:DE&filter=page:/hello`, { headers: auth })).json() as Record<string, any>;
  assert.deepEqual([report.visitors, report.pageviews, report.filters], [2, 2, ['page:/hello', 'country:DE']]);
  assert.deepEqual(report.top_pages.map((p: any) => [p.path, p.visitors, p.pageviews]), [['/hello', 2, 2]]);
  assert.deepEqual(report.countries, [{ country: 'DE', visitors: 2, pageviews: 2 }]);
  const all = await (await fetch(`${panel.url}/svc/api/v1/stats?period=today`, { headers: auth })).json() as Record<string, any>;
  assert.equal(all.filters, undefined);
  assert.equal(all.pageviews, 5 + EXTRA_PAGES);
  const bad = await fetch(`${panel.url}/svc/api/v1/stats?period=today&filter=country`, { headers: auth });
  assert.equal(bad.status, 422);
  assert.deepEqual(await bad.json(), { message: 'A filter is written dimension:value, with the dimension one of page, source, campaign, country, language, device, browser, os, prop.' });
});
