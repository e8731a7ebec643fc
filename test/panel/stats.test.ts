// The panel's Statistics page on the real server (port 0) with a fixed clock: its figures against the MCP
// statistics tools for the same period, links, the chart, escaping, who may see it, a bad period, signed out.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { get, type Jar } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { seedStats } from '../../dist/cli/demo-traffic/seed.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
const jars: Record<string, Jar> = {};
const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const PERIODS = ['today', 'yesterday', '7d', '30d', '90d', '12m', 'month'] as const;

/** A beacon; the user agent tells visitors apart (every request comes from 127.0.0.1). */
function collect(body: Record<string, unknown>, version: number): Promise<Response> {
  return fetch(`${panel.url}/svc/collect`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': UA.replace(/133/g, String(version)) } });
}

before(async () => {
  site = await makeTestSite();
  // 40 days of generated history (rollups, the last day as raw lines) and today so far.
  seedStats(site.deps.stats, site.deps.content, { days: 40, pageviewsPerDay: 30, rawDays: 1, seed: 7 });
  ({ http, panel } = served = await serveTestSite({ site }));
  // Real beacons: a visitor from a source whose name is markup, and an AI crawler on a public page.
  for (const response of [
    await collect({ t: 'pv', p: '/hello?utm_source=<img src=x onerror=alert(1)>', r: '', w: 390 }, 131),
    await collect({ t: 'pv', p: '/about', r: 'https://news.example/', w: 1500 }, 132),
    await collect({ t: 'pv', p: '/a-missing-page', r: '', w: 800 }, 130),
  ]) assert.equal(response.status, 204);
  const crawled = await fetch(`${panel.url}/hello`, { headers: { 'user-agent': 'Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)' } });
  assert.equal(crawled.status, 200);
  for (const key of ['ann', 'bob', 'ava', 'carl']) jars[key] = await served.signIn(`${key}@example.org`);
});
after(() => served.close());

const tool = async (name: string, args: unknown): Promise<any> => (await callTool(site, http.url, site.tokens.admin!, name, args)).structuredContent;
const count = (text: string): number => Number(text.replace(/,/g, ''));
/** The first cell (raw markup) and the numbers of each row of the table under the heading `caption`. */
function tableRows(html: string, caption: string): { first: string; numbers: string[] }[] {
  const section = new RegExp(`<h2>${caption}</h2>(.*?)(<h2>|</main>)`, 's').exec(html);
  assert.ok(section, `no section ${caption}`);
  const body = /<tbody>.*?<\/tbody>/s.exec(section[1]!)?.[0] ?? '';
  return [...body.matchAll(/<tr><td>(.*?)<\/td>(.*?)<\/tr>/g)].map((row) => ({
    first: row[1]!,
    numbers: [...row[2]!.matchAll(/<td class="num">(.*?)<\/td>/g)].map((cell) => cell[1]!),
  }));
}
/** The path a page cell shows: under the title, or as the link text of a page without one. */
const pathOf = (cell: string): string => /<span class="muted">([^<· ]+)/.exec(cell)?.[1] ?? /^<a [^>]*>([^<]*)<\/a>/.exec(cell)![1]!;
/** The text of a name cell (its first line, without the filter link's markup). */
const textOf = (cell: string): string => cell.split('<br>')[0]!.replace(/<[^>]+>/g, '');
function figure(html: string, label: string): [string, string] {
  const match = new RegExp(`<dt>${label}</dt><dd>(.*?)</dd><dd[^>]*>(.*?)</dd>`).exec(html);
  assert.ok(match, `no figure ${label}`);
  return [match[1]!, match[2]!];
}
const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 1000) / 10}%`);
/** A change as the page shows it: "new" against an empty or nearly empty period (fewer than 10, under half of now). */
const change = (value: number | null, now: number, before: number) => (before < 10 && now > 0 && now >= 2 * before ? 'new'
  : value === null ? 'no earlier figures' : `${value > 0 ? '+' : ''}${value.toLocaleString('en-US')}%`);

test('for every period the page shows the visitors, page views, reading time, consent share, changes, top pages and sources of stats_overview', async () => {
  for (const period of PERIODS) {
    const page = await get(panel, `/svc/panel/stats?period=${period}`, jars.ann);
    assert.equal(page.res.status, 200, period);
    const overview = await tool('stats_overview', { period });
    assert.ok(overview.pageviews > 0, period);
    const visitors = figure(page.text, 'Visitors');
    assert.equal(count(visitors[0]), overview.visitors, period);
    const compared = overview.change_percent.compared_with;
    const before = site.deps.stats.range(compared.from, compared.to);
    assert.equal(visitors[1].replace(/<[^>]+>/g, ''), change(overview.change_percent.visitors, overview.visitors, before.visitors), period);
    const views = figure(page.text, 'Page views');
    assert.equal(count(views[0]), overview.pageviews, period);
    assert.equal(views[1].replace(/<[^>]+>/g, ''), change(overview.change_percent.pageviews, overview.pageviews, before.pageviews), period);
    const reading = figure(page.text, 'Average reading time')[0];
    const seconds = overview.average_reading_seconds;
    assert.equal(reading, seconds === null ? '–' : seconds < 60 ? `${seconds} s` : `${Math.floor(Math.round(seconds) / 60)} min ${Math.round(seconds) % 60} s`, period);
    assert.equal(figure(page.text, 'Consent share')[0], percent(overview.consent_share), period);
    assert.match(page.text, new RegExp(`Change against ${overview.change_percent.compared_with.from}( to ${overview.change_percent.compared_with.to})?\\.`), period);
    assert.match(page.text, new RegExp(`<a href="/svc/panel/stats\\?period=${period}" aria-current="page">`), period);
    const pages = tableRows(page.text, 'Top pages');
    assert.deepEqual(pages.map((row) => pathOf(row.first)), overview.top_pages.map((p: any) => p.path), period);
    assert.deepEqual(pages.map((row) => row.numbers.slice(0, 3)), overview.top_pages.map((p: any) => [String(p.visitors), String(p.pageviews), percent(p.read_rate)]), period);
    const sources = tableRows(page.text, 'Top sources');
    assert.deepEqual(sources.map((row) => [textOf(row.first), ...row.numbers]), overview.top_sources.map((s: any) => [s.source.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'), String(s.visitors), String(s.pageviews)]), period);
  }
});

test('devices, browsers and countries are the top ten of stats_query; right now and AI crawlers those of stats_realtime and stats_ai_crawlers', async () => {
  const page = await get(panel, '/svc/panel/stats?period=30d', jars.ann);
  const overview = await tool('stats_overview', { period: '30d' });
  for (const [caption, dimension, key] of [['Devices', 'devices', 'device'], ['Browsers', 'browsers', 'browser'], ['Countries', 'countries', 'country']] as const) {
    const query = await tool('stats_query', { from: overview.from, to: overview.to, dimension, limit: 10 });
    const rows = tableRows(page.text, caption);
    assert.equal(rows.length, Math.min(10, query.rows_total), caption);
    assert.deepEqual(rows.map((row) => count(row.numbers[0]!)), query[dimension].map((r: any) => r.visitors), caption);
    for (const [i, row] of rows.entries()) assert.ok(textOf(row.first).endsWith(dimension === 'countries' && /^[A-Z]{2}$/.test(query[dimension][i][key]) ? `(${query[dimension][i][key]})` : query[dimension][i][key]), `${caption}: ${row.first}`);
  }
  assert.match(page.text, />Germany \(DE\)<\/a><\/td>|>Austria \(AT\)<\/a><\/td>|>Italy \(IT\)<\/a><\/td>/);
  const realtime = await tool('stats_realtime', {});
  assert.match(page.text, new RegExp(`<strong class="big">${realtime.visitors}</strong> visitors? in the last 5 minutes<br><span class="muted">As of ${realtime.as_of}\\.`));
  assert.match(page.text, new RegExp(`Today so far: ${realtime.today.visitors.toLocaleString('en-US')} visitors, ${realtime.today.pageviews.toLocaleString('en-US')} page views\\.`));
  assert.ok(realtime.visitors >= 2);
  assert.deepEqual(tableRows(page.text, 'Right now').map((row) => count(row.numbers[0]!)), realtime.pages.slice(0, 5).map((p: any) => p.visitors));
  const crawlers = await tool('stats_ai_crawlers', { period: '30d' });
  assert.ok(crawlers.crawlers.some((c: any) => c.crawler === 'GPTBot'));
  assert.deepEqual(tableRows(page.text, 'AI crawlers').map((row) => [row.first, ...row.numbers]), crawlers.crawlers.slice(0, 5).map((c: any) =>
    [`${c.crawler}<br><span class="muted">${c.operator} · ${c.purpose === 'user' ? 'user-triggered' : c.purpose}</span>`, c.hits.toLocaleString('en-US'), String(c.pages)]));
  assert.match(page.text, new RegExp(`Page requests by AI crawlers from ${crawlers.from} to ${crawlers.to}: ${crawlers.hits.toLocaleString('en-US')} in all`));
});

test('periods that stats_ai_crawlers does not take show the nearest one it does, and say which days', async () => {
  for (const [period, nearest] of [['yesterday', '7d'], ['month', '30d'], ['12m', '90d']] as const) {
    const page = await get(panel, `/svc/panel/stats?period=${period}`, jars.ann);
    const crawlers = await tool('stats_ai_crawlers', { period: nearest });
    assert.match(page.text, new RegExp(`Page requests by AI crawlers from ${crawlers.from} to ${crawlers.to}: ${crawlers.hits.toLocaleString('en-US')} in all`), period);
  }
});

test('a top page\'s name filters the page by it; it links to the public page, and entries also to their page in the panel', async () => {
  const page = await get(panel, '/svc/panel/stats?period=30d', jars.ann);
  const rows = tableRows(page.text, 'Top pages').map((row) => row.first);
  const hello = rows.find((cell) => cell.includes('>/hello'));
  // The public address is the site's (the server's base address here, as the public site itself uses).
  const base = site.deps.content.site().url;
  assert.equal(base, 'http://127.0.0.1:8080');
  assert.equal(hello, `<a href="/svc/panel/stats?period=30d&amp;filter=page%3A%2Fhello" title="Show only page Hello Alps">Hello Alps</a><br><span class="muted">/hello · <a href="${base}/hello">on the site</a> · <a class="nowrap" href="/svc/panel/entries/posts/hello">in the panel</a></span>`);
  const home = rows.find((cell) => cell.includes('<span class="muted">/ · '));
  assert.equal(home, `<a href="/svc/panel/stats?period=30d&amp;filter=page%3A%2F" title="Show only page Test Alps">Test Alps</a><br><span class="muted">/ · <a href="${base}/">on the site</a></span>`);
  // A path that is no entry (here: open right now) has no title: the name shows the path, once.
  const now = tableRows((await get(panel, '/svc/panel/stats?period=today', jars.ann)).text, 'Right now').map((row) => row.first);
  assert.ok(now.includes(`/a-missing-page<br><span class="muted"><a href="${base}/a-missing-page">on the site</a></span>`), now.join('\n'));
});

test('the chart has a bar per day up to a month, per week up to half a year, per month beyond, or per hour for a single day; no inline script or style', async () => {
  const bars = (html: string) => [...html.matchAll(/fill="#2456c7"/g)].length;
  const week = await get(panel, '/svc/panel/stats?period=7d', jars.ann);
  assert.equal(bars(week.text), 7);
  assert.match(week.text, /<h2>Visitors per day<\/h2><nav class="periods" aria-label="Chart figure">.*?<\/nav><nav class="periods" aria-label="Group the chart by">.*?<\/nav><figure class="chart"><div class="chart-plot"><ol class="chart-axis" aria-hidden="true"><li>[\d,]+<\/li><li>[\d,.]+<\/li><li>0<\/li><\/ol><svg [^>]*role="group" aria-label="Visitors per day from 2026-03-04 to 2026-03-10; the most, [\d,]+, on 2026-03-\d\d\.">/);
  assert.match(week.text, /<title>2026-03-10: [\d,]+ visitors, [\d,]+ page views; previous period \(2026-03-03\): [\d,]+ visitors<\/title>/);
  const today = await get(panel, '/svc/panel/stats?period=today', jars.ann);
  assert.equal(bars(today.text), 24);
  assert.match(today.text, /<h2>Visitors per hour<\/h2>/);
  // 2025-12-11 to 2026-03-10: the weeks of Monday 2025-12-08 to Monday 2026-03-09, the first and last cut to the range.
  const quarter = await get(panel, '/svc/panel/stats?period=90d', jars.ann);
  assert.equal(bars(quarter.text), 14);
  assert.match(quarter.text, /<h2>Visitors per week<\/h2>/);
  assert.match(quarter.text, /<title>week of 2025-12-11: /);
  assert.match(quarter.text, /<title>week of 2025-12-15: /);
  assert.match(quarter.text, /<title>week of 2026-03-09: /);
  assert.equal(bars((await get(panel, '/svc/panel/stats?period=90d&group=day', jars.ann)).text), 90);
  const year = await get(panel, '/svc/panel/stats?period=12m', jars.ann);
  assert.equal(bars(year.text), 13);
  assert.match(year.text, /<h2>Visitors per month<\/h2>/);
  assert.match(year.text, /<title>2025-03: /);
  assert.match(year.text, /<title>2026-03: /);
  assert.doesNotMatch(week.text, /<script>|<script [^>]*>[^<]|\sstyle=|\son[a-z]+=/i);
  assert.match(week.text, /<script src="\/svc\/panel\/panel.js" defer><\/script>/);
  assert.equal(week.res.headers.get('content-security-policy'), "default-src 'none'; script-src 'self'; connect-src 'self'; frame-src 'self'; style-src 'self'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'");
  assert.equal(week.res.headers.get('cache-control'), 'private, no-store');
});

test('a source name sent by a visitor is shown as text, never as markup', async () => {
  const page = await get(panel, '/svc/panel/stats?period=today', jars.ann);
  assert.match(page.text, /<td><a href="[^"]*filter=source%3A%3Cimg[^"]*" title="Show only source &lt;img src=x onerror=alert\(1\)&gt;">&lt;img src=x onerror=alert\(1\)&gt;<\/a><\/td>/);
  assert.doesNotMatch(page.text, /<img/);
});

test('the page is in the navigation of admins, editors and authors; a contributor gets the panel\'s refusal', async () => {
  for (const key of ['ann', 'bob', 'ava']) {
    const page = await get(panel, '/svc/panel/stats', jars[key]);
    assert.equal(page.res.status, 200, key);
    assert.match(page.text, /<a href="\/svc\/panel\/stats" aria-current="page">Statistics<\/a>/, key);
    assert.match(page.text, /<a href="\/svc\/panel\/stats\?period=7d" aria-current="page">7 days<\/a>/, key);
  }
  const refused = await get(panel, '/svc/panel/stats?period=30d', jars.carl);
  assert.equal(refused.res.status, 403);
  assert.match(refused.text, /<h1>Not allowed<\/h1><div class="card"><p>Your role does not allow this page\.<\/p>/);
  assert.doesNotMatch(refused.text, /Visitors|Statistics<\/a>/);
  const home = await get(panel, '/svc/panel/', jars.carl);
  assert.doesNotMatch(home.text, /\/svc\/panel\/stats/);
});

test('a period that does not exist answers 422 with a sentence and the period links, never an error page', async () => {
  const cases: [string, string][] = [
    ['period=week', 'The address asks for the period “week”. Choose one of: today, yesterday, 7d, 30d, 90d, 12m, month.'],
    ['period=7D', 'The address asks for the period “7D”. Choose one of: today, yesterday, 7d, 30d, 90d, 12m, month.'],
    ['period=', 'The address asks for an empty period. Choose one of: today, yesterday, 7d, 30d, 90d, 12m, month.'],
    ['period=7d&period=30d', 'The address asks for more than one period. Choose one of: today, yesterday, 7d, 30d, 90d, 12m, month.'],
    ['period=%3Cb%3E"x', 'The address asks for the period “&lt;b&gt;&quot;x”. Choose one of: today, yesterday, 7d, 30d, 90d, 12m, month.'],
  ];
  for (const [query, sentence] of cases) {
    const page = await get(panel, `/svc/panel/stats?${query}`, jars.ann);
    assert.equal(page.res.status, 422, query);
    assert.ok(page.text.includes(`<p class="notice error" role="alert">${sentence}</p><h1>Statistics</h1><nav class="periods" aria-label="Period">`), query);
    assert.match(page.text, /<a href="\/svc\/panel\/stats\?period=30d">30 days<\/a>/);
    assert.doesNotMatch(page.text, /<dt>Visitors<\/dt>|aria-current="page">7 days/, query);
  }
});

test('signed out, the page sends people to sign in and back here', async () => {
  const page = await get(panel, '/svc/panel/stats?period=30d');
  assert.equal(page.res.status, 303);
  assert.equal(page.res.headers.get('location'), '/svc/panel/sign-in?next=%2Fsvc%2Fpanel%2Fstats%3Fperiod%3D30d');
  const bad = await get(panel, '/svc/panel/stats?period=week');
  assert.equal(bad.res.status, 303);
});

test('with nothing counted yet the page says so in sentences instead of empty tables', async () => {
  const empty = await serveTestSite();
  try {
    const harness = empty.panel;
    const jar = await empty.signIn('bob@example.org');
    const page = await get(harness, '/svc/panel/stats?period=30d', jar);
    assert.equal(page.res.status, 200);
    assert.match(page.text, /<dt>Visitors<\/dt><dd>0<\/dd><dd><span class="change">no earlier figures<\/span><\/dd>/);
    assert.match(page.text, /<dt>Average reading time<\/dt><dd>–<\/dd><dd class="muted">per engaged visitor<\/dd>/);
    assert.match(page.text, /<dt>Bounce rate<\/dt><dd>–<\/dd>/);
    assert.match(page.text, /<dt>Visits<\/dt><dd>0<\/dd><dd><span class="change">no earlier figures<\/span><\/dd>/);
    assert.match(page.text, /<dt>Consent share<\/dt><dd>–<\/dd>/);
    assert.match(page.text, /aria-label="No visitors in any day from 2026-02-09 to 2026-03-10\."/);
    assert.match(page.text, /<figcaption><span>2026-02-09<\/span><span>no visitors<\/span><span>2026-03-10<\/span><\/figcaption>/);
    assert.match(page.text, /<h2>Top pages<\/h2><p class="muted">No page views in this period\.<\/p>/);
    assert.match(page.text, /<h2>Top sources<\/h2><p class="muted">No visits from other sites in this period\.<\/p>/);
    assert.match(page.text, /<h2>Countries<\/h2><p class="muted">Nothing counted in this period\.<\/p>/);
    assert.match(page.text, /<h2>Right now<\/h2><p><strong class="big">0<\/strong> visitors in the last 5 minutes<br>/);
    assert.match(page.text, /<h2>AI crawlers<\/h2><p class="muted">Page requests by AI crawlers from 2026-02-09 to 2026-03-10: 0 in all[^<]*<\/p><p class="muted">No AI crawler requested a page in these days\.<\/p>/);
    assert.doesNotMatch(page.text, /<table/);
  } finally {
    await empty.close();
  }
});
