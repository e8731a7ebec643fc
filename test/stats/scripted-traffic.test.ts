// A scripted traffic mix (test/helpers/traffic-script.ts) sent over real HTTP to the real server as browsers,
// AI crawlers and bots would send it, on the fixed clock. Then every figure of every statistics tool, the
// resource svc://stats/today, GET /svc/api/v1/stats and the panel's statistics page is compared with the
// figures counted plainly from the script (test/helpers/traffic-tally.ts): late on the day of the clock
// change while it is counted live, and again the next morning from its rollup.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { callTool, rpc, type HttpHarness } from '../helpers/mcp-http.ts';
import { get, type Jar, type PanelHarness } from '../helpers/panel-harness.ts';
import { createStatsService } from '../../dist/wiring/create-stats-service.js';
import { consentBanner } from '../../dist/stats/consent-banner.js';
import { STEPS, NEXT_DAY_STEPS, BEFORE_ROLLUP, AFTER_ROLLUP, GOALS } from '../helpers/traffic-script.ts';
import { expectedGoals, expectedFunnel } from '../helpers/traffic-goals.ts';
import { playStep } from '../helpers/traffic-player.ts';
import { tally, reading, averageReading, share, type Figures } from '../helpers/traffic-tally.ts';
import { expectedAiTraffic, expectedAssistantPages, expectedChannels } from '../helpers/traffic-ai.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let base: string;
let jar: Jar;
const TITLES: Record<string, { title: string | null; id: string | null }> = {
  '/': { title: 'Test Alps', id: null }, '/de': { title: 'Test Alps', id: null }, '/hello': { title: 'Hello Alps', id: 'posts/hello' },
  '/hike-day': { title: 'Hike day', id: 'posts/hike-day' }, '/about': { title: 'About', id: 'pages/about' }, '/a-missing-page': { title: null, id: null },
};

before(async () => {
  site = await makeTestSite();
  site.deps.stats = createStatsService(site.deps.config, site.deps.content, () => site.clock.now, (day) => createHash('sha256').update(`salt ${day}`).digest());
  ({ http, base } = served = await serveTestSite({ site }));
  for (const step of STEPS) await playStep(step, base, site.clock, consentBanner(site.deps.content).banner_version);
  // Goals made after the traffic: they count what was collected before them.
  for (const goal of GOALS) site.deps.stats.goals.add({ ...goal });
});
after(() => served.close());

const tool = async (name: string, args: unknown = {}): Promise<any> => {
  const result = await callTool(site, http.url, site.tokens.statsOnly!, name, args);
  assert.equal(result.isError, undefined, result.content?.[0]?.text);
  return result.structuredContent;
};
const change = (now: number, then: number) => (then === 0 ? null : Math.round(((now - then) / then) * 1000) / 10);
const pageRows = (f: Figures) => [...f.pages].filter(([, p]) => p.pageviews > 0)
  .sort((a, b) => b[1].visitors.size - a[1].visitors.size || b[1].pageviews - a[1].pageviews || (a[0] < b[0] ? -1 : 1));

/** stats_overview (and the head of the API report) as the script says it must be. */
function expectedOverview(now: Figures, then: Figures) {
  return {
    visitors: now.visitors.size, pageviews: now.pageviews, visits: now.visits, bounce_rate: share(now.bounces, now.visits),
    average_reading_seconds: averageReading(now), consent_share: share(now.consent.agreedAny, now.consent.decisions),
    change_percent: { visitors: change(now.visitors.size, then.visitors.size), pageviews: change(now.pageviews, then.pageviews) },
    top_pages: pageRows(now).slice(0, 10).map(([path, p]) => ({ path, ...TITLES[path]!, visitors: p.visitors.size, pageviews: p.pageviews, read_rate: reading(p).read_rate })),
    top_sources: now.referrers.sorted().slice(0, 10).map(([source, visitors, pageviews]) => ({ source, visitors, pageviews })),
  };
}
const overviewFigures = (o: any) => ({
  visitors: o.visitors, pageviews: o.pageviews, visits: o.visits, bounce_rate: o.bounce_rate, average_reading_seconds: o.average_reading_seconds,
  consent_share: o.consent_share, change_percent: { visitors: o.change_percent.visitors, pageviews: o.change_percent.pageviews }, top_pages: o.top_pages, top_sources: o.top_sources,
});

async function checkOverview(period: string, from: string, to: string, before: [string, string]) {
  const expected = expectedOverview(tally(from, to), tally(...before));
  const overview = await tool('stats_overview', { period });
  assert.deepEqual([overview.period, overview.from, overview.to, overview.change_percent.compared_with], [period, from, to, { from: before[0], to: before[1] }], period);
  assert.deepEqual(overviewFigures(overview), expected, `stats_overview ${period}`);
  const api = await fetch(`${base}/svc/api/v1/stats?period=${period}`, { headers: { authorization: `Bearer ${site.tokens.statsOnly}` } });
  assert.equal(api.status, 200);
  const report = await api.json() as any;
  assert.equal(report.time_zone, 'Europe/Berlin');
  assert.deepEqual(overviewFigures(report), expected, `API ${period}`);
  const f = tally(from, to);
  const days = [];
  for (let t = Date.parse(`${from}T12:00:00Z`); new Date(t).toISOString().slice(0, 10) <= to; t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  assert.deepEqual(report.per_day, days.map((day) => ({ day, visitors: f.days.get(day)[0], pageviews: f.days.get(day)[1] })), `API ${period} per_day`);
  for (const [name, key] of [['countries', 'country'], ['devices', 'device'], ['browsers', 'browser']] as const) {
    assert.deepEqual(report[name], f[name].sorted().slice(0, 10).map(([k, visitors, pageviews]) => ({ [key]: k, visitors, pageviews })), `API ${period} ${name}`);
  }
  // The panel shows the same period: its headline figures and its top pages and sources.
  const panel = await get({ url: base } as PanelHarness, `/svc/panel/stats?period=${period}`, jar);
  assert.equal(panel.res.status, 200);
  const figure = (label: string) => new RegExp(`<dt>${label}</dt><dd>(.*?)</dd>`).exec(panel.text)?.[1];
  const percent = (x: number | null) => (x === null ? '–' : `${Math.round(x * 1000) / 10}%`);
  assert.deepEqual([figure('Visitors'), figure('Page views'), figure('Consent share')], [String(expected.visitors), String(expected.pageviews), percent(expected.consent_share)], `panel ${period}`);
  for (const [caption, name] of [['Devices', 'devices'], ['Browsers', 'browsers'], ['Countries', 'countries']] as const) {
    // Countries show their name before the code, e.g. "Germany (DE)".
    assert.deepEqual(tableRows(panel.text, caption).map(([label, visitors]) => [/\(([A-Z]{2})\)$/.exec(textOf(label!))?.[1] ?? textOf(label!), visitors]), f[name].sorted().slice(0, 10).map(([key, visitors]) => [key, String(visitors)]), `panel ${period} ${caption}`);
  }
  assert.deepEqual(tableRows(panel.text, 'Top sources').map(([name, ...numbers]) => [textOf(name!), ...numbers]), expected.top_sources.map((row) => [row.source, String(row.visitors), String(row.pageviews)]), `panel ${period} sources`);
  assert.deepEqual(tableRows(panel.text, 'Top pages').map(([cell, ...numbers]) => [pathOf(cell!), ...numbers]), expected.top_pages.map((row) => [row.path, String(row.visitors), String(row.pageviews), percent(row.read_rate)]), `panel ${period} pages`);
}

/** The cells of each row of the panel's table under the heading `caption` (the first one as markup). */
function tableRows(html: string, caption: string): string[][] {
  const section = new RegExp(`<h2>${caption}</h2>(.*?)(<h2>|</main>)`, 's').exec(html);
  assert.ok(section, `no section ${caption}`);
  const body = /<tbody>.*?<\/tbody>/s.exec(section[1]!)?.[0] ?? '';
  return [...body.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) => [...row[1]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => cell[1]!));
}
/** The path a page cell shows: under the title, or as the link text of a page without one. */
const pathOf = (cell: string): string => /<span class="muted">([^<· ]+)/.exec(cell)?.[1] ?? /^(?:<a [^>]*>)?([^<]*)/.exec(cell)![1]!;
/** The text of a name cell: its first line without the markup of the link that filters by it. */
const textOf = (cell: string): string => cell.split('<br>')[0]!.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"');

async function checkQueries(from: string, to: string) {
  const f = tally(from, to);
  const q = (dimension: string) => tool('stats_query', { from, to, dimension, limit: 200 });
  const days = await q('days');
  assert.deepEqual([days.visitors, days.pageviews], [f.visitors.size, f.pageviews]);
  assert.deepEqual(days.days.map((d: any) => [d.day, d.visitors, d.pageviews]), [from, to].filter((d, i, all) => all.indexOf(d) === i).map((d) => [d, ...f.days.get(d)]));
  const hours = await q('hours');
  assert.deepEqual(hours.hours.map((h: any) => [h.visitors, h.pageviews]), Array.from({ length: 24 }, (_, h) => f.hours.get(String(h))), 'hours');
  const pages = await q('pages');
  assert.equal(pages.rows_total, pageRows(f).length);
  assert.deepEqual(pages.pages, pageRows(f).map(([path, p]) => ({ path, ...TITLES[path]!, visitors: p.visitors.size, pageviews: p.pageviews, average_reading_seconds: reading(p).average_reading_seconds, read_rate: reading(p).read_rate })), 'pages');
  for (const [dimension, key] of [['referrers', 'referrer'], ['campaigns', 'campaign'], ['countries', 'country'], ['languages', 'language'], ['devices', 'device'], ['browsers', 'browser'], ['os', 'os']] as const) {
    const answer = await q(dimension);
    assert.deepEqual(answer[dimension], f[dimension].sorted().map(([k, visitors, pageviews]) => ({ [key]: k, visitors, pageviews })), dimension);
    assert.equal(answer.rows_total, f[dimension].rows.size, dimension);
  }
  const events = await q('events');
  assert.deepEqual(events.events, f.events.sorted().map(([event, visitors, count]) => ({ event, visitors, count })), 'events');
  // Custom properties: each name with the visitors and events that carried it, each value of one, the refusals.
  const names = await tool('stats_query', { from, to, dimension: 'props', limit: 200 });
  const byName = [...f.props].map(([name, values]): [string, number, number] => {
    const who = new Set<string>();
    let events = 0;
    for (const row of values.rows.values()) { for (const w of row.who) who.add(w); events += row.n; }
    return [name, who.size, events];
  }).sort((a, b) => b[1] - a[1] || b[2] - a[2] || (a[0] < b[0] ? -1 : 1));
  assert.deepEqual(names.props, byName.map(([property, visitors, events]) => ({ property, visitors, events })), 'props');
  assert.deepEqual(names.properties_refused, Object.fromEntries(f.refused), 'props refused');
  for (const property of f.props.keys()) {
    const values = await tool('stats_query', { from, to, dimension: 'props', property, limit: 200 });
    assert.deepEqual(values.props, f.props.get(property)!.sorted().map(([value, visitors, events]) => ({ value, visitors, events })), `props ${property}`);
  }
  const channels = await q('channels');
  assert.deepEqual(channels.channels, expectedChannels(f).map(([channel, visitors, pageviews]) => ({ channel, visitors, pageviews })), 'channels');
}

async function checkPosts(from: string, to: string) {
  const f = tally(from, to);
  for (const args of [{ id: 'posts/hello', period: '7d' }, { path: '/about', period: '7d' }, { path: '/hike-day', period: '7d' }, { path: '/a-missing-page', period: '7d' }]) {
    const post = await tool('stats_post', args);
    const path = args.path ?? '/hello';
    assert.deepEqual([post.id, post.title, post.from, post.to], [TITLES[path]!.id, TITLES[path]!.title, from, to]);
    assert.ok(post.languages.some((language: any) => language.path === (args.path ?? '/hello') && language.pageviews > 0), JSON.stringify(args));
    for (const language of post.languages) {
      const p = f.pages.get(language.path);
      const top = (map: Map<string, number> | undefined) => [...(map ?? [])].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 8);
      assert.deepEqual({ ...language, language: undefined, per_day: undefined }, {
        language: undefined, per_day: undefined, path: language.path, visitors: p?.visitors.size ?? 0, pageviews: p?.pageviews ?? 0,
        ...(p ? reading(p) : { average_reading_seconds: null, average_scroll_percent: null, read_rate: null }),
        came_from: top(p?.from).map(([from, count]) => ({ from, count })), went_on_to: top(p?.to).map(([path, count]) => ({ path, count })),
        ai_traffic: expectedAiTraffic(f, language.path),
      }, `stats_post ${language.path}`);
      const expected = language.per_day.map((d: any) => {
        const day = tally(d.day, d.day).pages.get(language.path);
        return { day: d.day, visitors: day?.visitors.size ?? 0, pageviews: day?.pageviews ?? 0 };
      });
      assert.deepEqual(language.per_day, expected, `stats_post ${language.path} per_day`);
      assert.equal(language.per_day.length, 7);
    }
  }
  // The panel's page filtered to one post shows the same AI traffic for its days.
  for (const path of ['/hello', '/hike-day']) {
    const ai = expectedAiTraffic(f, path);
    const panel = await get({ url: base } as PanelHarness, `/svc/panel/stats?from=${from}&to=${to}&filter=${encodeURIComponent(`page:${path}`)}`, jar);
    assert.equal(panel.res.status, 200);
    const section = /<h2>AI traffic<\/h2>(.*?)<\/table>/s.exec(panel.text)?.[1] ?? '';
    const cells = [...section.matchAll(/<td class="num">([^<]*)<\/td>/g)].map((m) => m[1]);
    assert.deepEqual(cells, [`${ai.assistant_visits.visitors} visitors`, `${ai.assistant_visits.pageviews} views`, `${ai.user_fetches.hits} requests`, `${ai.search_crawlers.hits} requests`, `${ai.training_crawlers.hits} requests`], `panel AI traffic ${path}`);
    for (const row of ai.assistant_visits.assistants) assert.ok(section.includes(`${row.assistant} ${row.visitors}`), `panel AI traffic ${path} ${row.assistant}`);
  }
}

async function checkCrawlersAndConsent(period: string, from: string, to: string, days: number) {
  const f = tally(from, to);
  const crawlers = await tool('stats_ai_crawlers', { period });
  const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
  const byHits = <T>(rows: [string, T, number][]) => rows.sort((a, b) => b[2] - a[2] || (a[0] < b[0] ? -1 : 1));
  const top = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const rows = byHits([...f.crawlers].map(([name, c]): [string, typeof c, number] => [name, c, sum(c.pages)]));
  const byOperator = new Map<string, number>();
  const byPurpose: Record<string, number> = { training: 0, search: 0, user: 0 };
  const byPage = new Map<string, Map<string, number>>();
  for (const [name, c, hits] of rows) {
    byOperator.set(c.operator, (byOperator.get(c.operator) ?? 0) + hits);
    byPurpose[c.purpose]! += hits;
    for (const [path, n] of c.pages) byPage.set(path, (byPage.get(path) ?? new Map()).set(name, n));
  }
  assert.deepEqual({ ...crawlers, period: undefined }, {
    period: undefined, from, to, hits: rows.reduce((s, [, , hits]) => s + hits, 0), by_purpose: byPurpose,
    by_operator: top(byOperator).map(([operator, hits]) => ({ operator, hits })),
    crawlers: rows.map(([crawler, c, hits]) => ({ crawler, operator: c.operator, purpose: c.purpose, hits, pages: c.pages.size, top_pages: top(c.pages).slice(0, 5).map(([path, n]) => ({ path, hits: n })) })),
    pages: top(new Map([...byPage].map(([path, names]) => [path, sum(names)]))).map(([path, hits]) => ({ path, ...TITLES[path]!, hits, crawlers: Object.fromEntries(byPage.get(path)!) })),
    ai_traffic: expectedAiTraffic(f),
    assistant_pages: expectedAssistantPages(f).map(([path, visitors, pageviews]) => ({ path, ...TITLES[path]!, visitors, pageviews })),
  }, `stats_ai_crawlers ${period}`);
  const consent = await tool('consent_overview', { days });
  assert.deepEqual([consent.from, consent.to, consent.decisions], [from, to, f.consent.decisions]);
  assert.deepEqual(consent.agreement, ['statistics', 'marketing', 'external_media'].map((category) => ({ category, agreed: f.consent.agreed.get(category) ?? 0, share: share(f.consent.agreed.get(category) ?? 0, f.consent.decisions) })));
  assert.deepEqual(consent.actions, Object.fromEntries(f.consent.actions));
  assert.deepEqual(consent.banner_versions_answered, { [consentBanner(site.deps.content).banner_version]: f.consent.decisions });
}

/** stats_goals, the API's goals and the panel's Goals card, goal by goal, against the script's count. */
async function checkGoals(period: string, from: string, to: string) {
  const f = tally(from, to);
  const expected = expectedGoals(f).map(([visitors, conversions]) => ({ visitors, conversions, conversion_rate: share(visitors, f.visitors.size) }));
  const figures = (goals: any[]) => goals.map((g) => ({ visitors: g.visitors, conversions: g.conversions, conversion_rate: g.conversion_rate }));
  const answer = await tool('stats_goals', { period });
  assert.deepEqual([answer.from, answer.to, answer.visitors, answer.goals.length], [from, to, f.visitors.size, GOALS.length], `stats_goals ${period}`);
  assert.deepEqual(figures(answer.goals), expected, `stats_goals ${period}`);
  const api = await fetch(`${base}/svc/api/v1/stats/goals?period=${period}`, { headers: { authorization: `Bearer ${site.tokens.statsOnly}` } });
  assert.equal(api.status, 200);
  assert.deepEqual(figures(((await api.json()) as any).goals), expected, `API goals ${period}`);
  const panel = await get({ url: base } as PanelHarness, `/svc/panel/stats?period=${period}`, jar);
  const percent = (x: number | null) => (x === null ? '–' : `${Math.round(x * 1000) / 10}%`);
  assert.deepEqual(tableRows(panel.text, 'Goals').map(([name, ...numbers]) => [textOf(name!), ...numbers]),
    answer.goals.map((g: any, i: number) => [g.name, String(expected[i]!.visitors), String(expected[i]!.conversions), percent(expected[i]!.conversion_rate)]), `panel goals ${period}`);
}

const FUNNELS = [['/hello', 'event:signup'], ['/hike-day', '/hello', 'event:Outbound Link: Click'], ['/*', '/h*', '/about', '/hike*'], ['/', '/hello', '/hike-day', '/about', '/hello']];

/** stats_funnel, the API's funnel and the panel's funnel page, step by step, against the script's count. */
async function checkFunnels(period: string, from: string, to: string) {
  const f = tally(from, to);
  for (const steps of FUNNELS) {
    const reached = expectedFunnel(f, steps);
    const expected = steps.map((step, s) => ({
      step, visitors: reached[s]!, dropoff: s === 0 ? 0 : reached[s - 1]! - reached[s]!,
      dropoff_rate: s === 0 ? null : share(reached[s - 1]! - reached[s]!, reached[s - 1]!), conversion_rate: share(reached[s]!, reached[0]!),
    }));
    const answer = await tool('stats_funnel', { steps, period });
    assert.deepEqual(answer.steps.map(({ label: _, ...rest }: any) => rest), expected, `stats_funnel ${period} ${steps.join(' > ')}`);
    const query = steps.map((step) => `step=${encodeURIComponent(step)}`).join('&');
    const api = await fetch(`${base}/svc/api/v1/stats/funnel?period=${period}&${query}`, { headers: { authorization: `Bearer ${site.tokens.statsOnly}` } });
    assert.deepEqual(((await api.json()) as any).steps.map((row: any) => row.visitors), reached, `API funnel ${period}`);
    const panel = await get({ url: base } as PanelHarness, `/svc/panel/stats/funnel?period=${period}&${query}`, jar);
    assert.equal(panel.res.status, 200);
    const cells = [...panel.text.matchAll(/<tr><th scope="row">.*?<\/th><td class="funnel-bar">.*?<\/td><td class="num">([^<]*)<\/td>/g)].map((m) => m[1]);
    assert.deepEqual(cells, reached.map(String), `panel funnel ${period} ${steps.join(' > ')}`);
  }
}

async function checkNow(day: string, active: { path: string; visitors: number }[]) {
  const f = tally(day, day);
  const asOf = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(site.clock.now + 1000);
  const realtime = await tool('stats_realtime');
  assert.equal(realtime.as_of, asOf);
  assert.deepEqual(realtime.pages.map((p: any) => [p.title, p.id]), active.map((p) => [TITLES[p.path]!.title, TITLES[p.path]!.id]));
  assert.deepEqual([realtime.visitors, realtime.pages.map((p: any) => ({ path: p.path, visitors: p.visitors })), realtime.today], [active.reduce((s, p) => s + p.visitors, 0), active, { visitors: f.visitors.size, pageviews: f.pageviews }]);
  const read = await rpc(site, http.url, site.tokens.statsOnly!, 'resources/read', { uri: 'svc://stats/today' });
  const today = JSON.parse(read.json.result.contents[0].text);
  const expected = expectedOverview(f, f);
  assert.deepEqual(today, { day, visitors: f.visitors.size, pageviews: f.pageviews, top_pages: expected.top_pages.slice(0, 5), top_sources: expected.top_sources.slice(0, 5), right_now: active.reduce((s, p) => s + p.visitors, 0) });
}

test('the script adds up as worked out by hand', () => {
  const d28 = tally('2026-03-28', '2026-03-28');
  const d29 = tally('2026-03-29', '2026-03-29');
  // 28th: anna (/, /hello), ben (/hello), chloe (/about at 23:59:30) = 3 visitors, 4 page views, 3 visits; chloe's is a bounce.
  assert.deepEqual([d28.visitors.size, d28.pageviews, d28.visits, d28.bounces], [3, 4, 3, 1]);
  // 29th: chloe 1, dan 3, eva 4, finn 1, greta 2 + 1 (two visits), anna 2, hana 1, kai 2, lena 1, ben 2, ivan 1 = 21
  // page views of 11 visitors in 12 visits; bounces: chloe, finn, greta's second visit, hana, lena, ivan.
  assert.deepEqual([d29.visitors.size, d29.pageviews, d29.visits, d29.bounces], [11, 21, 12, 6]);
  // Sources on the 29th by visit: dan's three views count for Hacker News (the one without a referrer too), eva's
  // four for mastodon (the one back from t.co too), greta's first visit two for producthunt, anna's two for the
  // newsletter, ben's two for Google, kai's two for ChatGPT, lena's one for Perplexity's tag.
  assert.deepEqual(d29.referrers.sorted(), [['(direct)', 3, 3], ['mastodon', 1, 4], ['news.ycombinator.com', 1, 3], ['chatgpt.com', 1, 2], ['google.com', 1, 2], ['newsletter', 1, 2], ['producthunt', 1, 2], ['bing.com', 1, 1], ['duckduckgo.com', 1, 1], ['perplexity', 1, 1]]);
  // AI traffic of /hello on the 29th: kai came on from /hike-day inside a ChatGPT visit, lena from Perplexity; one
  // fetch for a person (Perplexity-User), one search crawler (OAI-SearchBot), two training crawls (ClaudeBot, GPTBot).
  const hello = expectedAiTraffic(d29, '/hello');
  assert.deepEqual(hello.assistant_visits.assistants.map((a) => [a.assistant, a.visitors, a.pageviews]), [['ChatGPT', 1, 1], ['Perplexity', 1, 1]]);
  // Goals of the 29th: /hello 9 views by 8 (chloe, dan, eva, greta twice, anna, kai, lena, ben); /hike* 6 views by
  // 5 (dan, eva twice, greta, kai, ivan); scroll 75 % on /h*: chloe (100) and eva (90) on /hello, anna's 74 just misses; signup anna; kai's link and file.
  assert.deepEqual(expectedGoals(d29), [[8, 9], [5, 6], [11, 21], [1, 1], [2, 2], [1, 1], [1, 1]]);
  // Funnels of the 29th: /hello then signup: anna only; /hike-day, /hello, an outbound click: dan and kai went on
  // to /hello, only kai clicked out; home, /hello, /hike-day, /about, /hello in one visit: nobody past anna's /hello.
  assert.deepEqual(expectedFunnel(d29, ['/hello', 'event:signup']), [8, 1]);
  assert.deepEqual(expectedFunnel(d29, ['/hike-day', '/hello', 'event:Outbound Link: Click']), [5, 2, 1]);
  assert.deepEqual(expectedFunnel(d29, ['/', '/hello', '/hike-day', '/about', '/hello']), [1, 1, 0, 0, 0]);
  // Properties: plan free (ben, 28th) and pro (anna, 29th; her e-mail refused), file, and two url values.
  assert.deepEqual([...tally('2026-03-28', '2026-03-29').props.keys()].sort(), ['file', 'plan', 'url']);
  assert.deepEqual(Object.fromEntries(d29.refused), { email: 1 });
  assert.deepEqual([hello.user_fetches.hits, hello.search_crawlers.hits, hello.training_crawlers.hits], [1, 1, 2]);
  assert.deepEqual(expectedChannels(d29), [['Social', 3, 9], ['Search', 3, 4], ['Direct', 3, 3], ['AI assistants', 2, 3], ['Tagged links', 1, 2]]);
  // Campaigns per visit: eva's four views (launch; summer came later in the visit), anna's two (spring); ben's
  // one on the 28th (spring).
  assert.deepEqual(d29.campaigns.sorted(), [['launch', 1, 4], ['spring', 1, 2]]);
  assert.deepEqual(tally('2026-03-28', '2026-03-29').campaigns.sorted(), [['spring', 2, 3], ['launch', 1, 4]]);
  // Hours of the 29th: nothing at 02:xx (skipped by the clock), dan at 01:50 and 03:10/03:12.
  assert.deepEqual([d29.hours.get('1'), d29.hours.get('2'), d29.hours.get('3'), d29.hours.get('0')], [[1, 1], [0, 0], [1, 2], [1, 1]]);
  // Consent: 2 decisions on the 28th (1 agreed), 6 on the 29th: accept_all, save statistics, save marketing +
  // external media agreed; reject_all and the two saves with nothing ticked did not: 4 of 8 = 0.5.
  const both = tally('2026-03-28', '2026-03-29');
  assert.deepEqual([both.consent.decisions, both.consent.agreedAny], [8, 4]);
  assert.deepEqual(Object.fromEntries(both.bots), { bot_ua: 1, empty_ua: 1, prefetch: 1, navigation: 1 });
});

test('before the rollup: every answer late on the day of the clock change equals the script', async () => {
  site.clock.now = Date.parse(BEFORE_ROLLUP);
  jar = await served.signIn('ann@example.org');
  // Right now (23:44:30 to 23:49:30): ben on /about since 23:48, ivan on /hike-day since 23:49.
  await checkNow('2026-03-29', [{ path: '/about', visitors: 1 }, { path: '/hike-day', visitors: 1 }]);
  assert.equal(site.deps.stats.files.hasDaily('2026-03-29'), false);
  await checkOverview('today', '2026-03-29', '2026-03-29', ['2026-03-28', '2026-03-28']);
  await checkOverview('7d', '2026-03-23', '2026-03-29', ['2026-03-16', '2026-03-22']);
  await checkQueries('2026-03-28', '2026-03-29');
  await checkPosts('2026-03-23', '2026-03-29');
  await checkCrawlersAndConsent('7d', '2026-03-23', '2026-03-29', 7);
  await checkCrawlersAndConsent('today', '2026-03-29', '2026-03-29', 1);
  await checkGoals('today', '2026-03-29', '2026-03-29');
  await checkGoals('7d', '2026-03-23', '2026-03-29');
  await checkFunnels('today', '2026-03-29', '2026-03-29');
  await checkFunnels('7d', '2026-03-23', '2026-03-29');
  const bots = site.deps.stats.range('2026-03-28', '2026-03-29').bots;
  assert.deepEqual(bots, Object.fromEntries(tally('2026-03-28', '2026-03-29').bots));
});

test('after the rollup: the next morning every answer about those days is the same', async () => {
  for (const step of NEXT_DAY_STEPS) await playStep(step, base, site.clock, consentBanner(site.deps.content).banner_version);
  site.clock.now = Date.parse(AFTER_ROLLUP);
  jar = await served.signIn('ann@example.org');
  // Right now (00:01 to 00:06 on the 30th): jana on /hello since 00:03.
  await checkNow('2026-03-30', [{ path: '/hello', visitors: 1 }]);
  assert.equal(site.deps.stats.files.hasDaily('2026-03-29'), true);
  await checkOverview('yesterday', '2026-03-29', '2026-03-29', ['2026-03-28', '2026-03-28']);
  await checkOverview('7d', '2026-03-24', '2026-03-30', ['2026-03-17', '2026-03-23']);
  await checkQueries('2026-03-28', '2026-03-29');
  await checkPosts('2026-03-24', '2026-03-30');
  await checkCrawlersAndConsent('7d', '2026-03-24', '2026-03-30', 7);
  await checkGoals('yesterday', '2026-03-29', '2026-03-29');
  await checkGoals('7d', '2026-03-24', '2026-03-30');
  await checkFunnels('yesterday', '2026-03-29', '2026-03-29');
  await checkFunnels('7d', '2026-03-24', '2026-03-30');
  assert.deepEqual(site.deps.stats.files.readDaily('2026-03-29')!.bots, Object.fromEntries(tally('2026-03-29', '2026-03-29').bots));
});
