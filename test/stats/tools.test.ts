// The statistics tools, resource and prompt over MCP on the real HTTP server: every parameter, default,
// range error and answer field, on a fixed clock with fixed salts and traffic recorded through the collector.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite, FIXED_NOW, type TestSite } from '../helpers/test-site.ts';
import { callTool, rpc, type HttpHarness } from '../helpers/mcp-http.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';
import { createStatsService } from '../../dist/wiring/create-stats-service.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let avaToken: string;
const UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const fixedSalt = (day: string) => createHash('sha256').update(`salt ${day}`).digest();

function at(iso: string): void { site.clock.now = Date.parse(iso); }
function pv(path: string, ip: string, referrer = '', extra: Record<string, unknown> = {}): void {
  site.deps.stats.collect(JSON.stringify({ t: 'pv', p: path, r: referrer, w: 1300, z: 'Europe/Vienna', l: 'de-AT', ...extra }), { 'user-agent': UA }, ip);
}
function engage(path: string, ip: string, ms: number, scroll: number): void {
  site.deps.stats.collect(JSON.stringify({ t: 'en', p: path, e: ms, s: scroll }), { 'user-agent': UA }, ip);
}

before(async () => {
  site = await makeTestSite();
  site.deps.stats = createStatsService(site.deps.config, site.deps.content, () => site.clock.now, fixedSalt);
  // An entry with a YouTube embed makes a consent banner necessary.
  mkdirSync(join(site.root, 'content/posts/video'), { recursive: true });
  writeFileSync(join(site.root, 'content/posts/video/en.md'), '---\ntitle: "Video"\nstatus: draft\nauthor: ann\n---\nWatch https://www.youtube.com/watch?v=abc and the map https://www.google.com/maps/place/Bolzano\n');
  site.deps.content.invalidate();
  // The period before the last seven days: two visitors on 3 March.
  at('2026-03-03T10:00:00Z'); pv('/hello', '10.0.0.1');
  at('2026-03-03T11:00:00Z'); pv('/hello', '10.0.0.2');
  // Yesterday (Berlin): A comes from Google to /hello, reads it and goes on to /hike-day; B views /hello.
  at('2026-03-09T08:00:00Z'); pv('/hello?utm_source=newsletter&utm_campaign=march', '10.0.0.3', 'https://www.google.com/');
  at('2026-03-09T08:01:00Z'); engage('/hello', '10.0.0.3', 45_000, 90);
  at('2026-03-09T08:02:00Z'); pv('/hike-day', '10.0.0.3', 'http://127.0.0.1:8080/hello');
  at('2026-03-09T09:00:00Z'); pv('/hello', '10.0.0.4', 'https://news.ycombinator.com/item?id=1');
  site.deps.stats.recordCrawlerHit({ userAgent: 'Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)', path: '/hello' });
  // Today: one visitor an hour ago, one right now; AI crawlers and consent decisions.
  at('2026-03-10T11:00:00Z'); pv('/about', '10.0.0.5');
  site.deps.stats.recordCrawlerHit({ userAgent: 'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)', path: '/hello' });
  site.deps.stats.recordCrawlerHit({ userAgent: 'Mozilla/5.0 (compatible; PerplexityBot/1.0)', path: '/about' });
  site.deps.stats.recordConsent({ version: 'v1', statistics: true, marketing: false, externalMedia: true, action: 'save' });
  site.deps.stats.recordConsent({ version: 'v1', statistics: false, marketing: false, externalMedia: false, action: 'reject_all' });
  at('2026-03-10T11:58:00Z'); pv('/hike-day', '10.0.0.6');
  site.clock.now = FIXED_NOW;
  avaToken = site.deps.auth.createToken({ ownerId: 'ava', name: 'ava stats', scopes: ['stats:read'], expiresInDays: 30 }).token;
  ({ http } = served = await serveTestSite({ site }));
});
after(() => served.close());

const call = (name: string, args?: unknown, token = site.tokens.statsOnly!) => callTool(site, http.url, token, name, args);
async function answer(name: string, args?: unknown): Promise<any> {
  const result = await call(name, args);
  assert.equal(result.isError, undefined, result.content?.[0]?.text);
  assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent);
  return result.structuredContent;
}
async function refusal(name: string, args: unknown): Promise<string> {
  const result = await call(name, args);
  assert.equal(result.isError, true);
  return result.content[0].text;
}
const invalid = (tool: string, detail: string) => `The arguments of ${tool} are not valid: ${detail}. Fix them and call ${tool} again.`;

test('stats_overview: the last seven days by default, change against the seven before, top pages with title and id', async () => {
  const overview = await answer('stats_overview');
  assert.equal(overview.period, '7d');
  assert.equal(overview.from, '2026-03-04');
  assert.equal(overview.to, '2026-03-10');
  assert.equal(overview.visitors, 4);
  assert.equal(overview.pageviews, 5);
  assert.deepEqual(overview.change_percent, { visitors: 100, pageviews: 150, compared_with: { from: '2026-02-25', to: '2026-03-03' } });
  assert.equal(overview.average_reading_seconds, 45);
  assert.equal(overview.consent_share, 0.5);
  assert.deepEqual(overview.top_pages, [
    { path: '/hello', title: 'Hello Alps', id: 'posts/hello', visitors: 2, pageviews: 2, read_rate: 0.5 },
    { path: '/hike-day', title: 'Hike day', id: 'posts/hike-day', visitors: 2, pageviews: 2, read_rate: 0 },
    { path: '/about', title: 'About', id: 'pages/about', visitors: 1, pageviews: 1, read_rate: 0 },
  ]);
  assert.deepEqual(overview.top_sources, [
    { source: '(direct)', visitors: 2, pageviews: 2 },
    { source: 'newsletter', visitors: 1, pageviews: 2 },
    { source: 'news.ycombinator.com', visitors: 1, pageviews: 1 },
  ]);
});

test('stats_overview takes every period of the spec', async () => {
  const ranges: Record<string, [string, string]> = {
    today: ['2026-03-10', '2026-03-10'], yesterday: ['2026-03-09', '2026-03-09'], '7d': ['2026-03-04', '2026-03-10'],
    '30d': ['2026-02-09', '2026-03-10'], '90d': ['2025-12-11', '2026-03-10'], '12m': ['2025-03-11', '2026-03-10'], month: ['2026-03-01', '2026-03-10'],
  };
  for (const [period, [from, to]] of Object.entries(ranges)) {
    const overview = await answer('stats_overview', { period });
    assert.deepEqual([overview.period, overview.from, overview.to], [period, from, to], period);
  }
  const today = await answer('stats_overview', { period: 'today' });
  assert.deepEqual([today.visitors, today.pageviews], [2, 2]);
  const yesterday = await answer('stats_overview', { period: 'yesterday' });
  assert.deepEqual([yesterday.visitors, yesterday.pageviews, yesterday.change_percent.visitors], [2, 3, null]);
  const month = await answer('stats_overview', { period: 'month' });
  assert.deepEqual([month.pageviews, month.change_percent.compared_with], [7, { from: '2026-02-01', to: '2026-02-10' }]);
});

test('stats_overview refuses an unknown period or argument with the validation message', async () => {
  assert.equal(await refusal('stats_overview', { period: 'week' }), invalid('stats_overview', 'period: must be one of today, yesterday, 7d, 30d, 90d, 12m, month'));
  assert.equal(await refusal('stats_overview', { period: 7 }), invalid('stats_overview', 'period: must be one of today, yesterday, 7d, 30d, 90d, 12m, month'));
  assert.equal(await refusal('stats_overview', { days: 7 }), invalid('stats_overview', 'unknown argument days'));
});

test('stats_query answers from, to, visitors, pageviews and rows under the dimension\'s name', async () => {
  const days = await answer('stats_query', { from: '2026-03-03', to: '2026-03-10', dimension: 'days' });
  assert.deepEqual(Object.keys(days), ['from', 'to', 'dimension', 'visitors', 'pageviews', 'rows_total', 'days']);
  assert.deepEqual([days.visitors, days.pageviews, days.rows_total], [6, 7, 8]);
  assert.deepEqual(days.days.map((row: any) => [row.day, row.visitors, row.pageviews]), [
    ['2026-03-03', 2, 2], ['2026-03-04', 0, 0], ['2026-03-05', 0, 0], ['2026-03-06', 0, 0], ['2026-03-07', 0, 0], ['2026-03-08', 0, 0], ['2026-03-09', 2, 3], ['2026-03-10', 2, 2],
  ]);
  const lastTwo = await answer('stats_query', { from: '2026-03-03', to: '2026-03-10', dimension: 'days', limit: 2 });
  assert.deepEqual(lastTwo.days.map((row: any) => row.day), ['2026-03-09', '2026-03-10']);
  const hours = await answer('stats_query', { from: '2026-03-09', to: '2026-03-09', dimension: 'hours', limit: 24 });
  assert.equal(hours.hours.length, 24);
  assert.deepEqual(hours.hours[9], { hour: 9, visitors: 1, pageviews: 2 });
  assert.deepEqual(hours.hours[10], { hour: 10, visitors: 1, pageviews: 1 });
  const pages = await answer('stats_query', { from: '2026-03-09', to: '2026-03-10', dimension: 'pages' });
  assert.deepEqual(pages.pages[0], { path: '/hello', title: 'Hello Alps', id: 'posts/hello', visitors: 2, pageviews: 2, average_reading_seconds: 45, read_rate: 0.5 });
  const expectations: Record<string, [string, unknown]> = {
    referrers: ['referrer', 'newsletter'], campaigns: ['campaign', 'march'], countries: ['country', 'AT'], languages: ['language', 'de'],
    devices: ['device', 'laptop'], browsers: ['browser', 'Safari 18'], os: ['os', 'macOS'],
  };
  for (const [dimension, [key, value]] of Object.entries(expectations)) {
    const rows = (await answer('stats_query', { from: '2026-03-09', to: '2026-03-09', dimension }))[dimension];
    assert.ok(rows.some((row: any) => row[key] === value && row.visitors >= 1 && row.pageviews >= 1), `${dimension}: ${JSON.stringify(rows)}`);
  }
  const events = await answer('stats_query', { from: '2026-03-09', to: '2026-03-10', dimension: 'events' });
  assert.deepEqual(events.events, []);
});

test('stats_query limits rows to 1-200 (default 20) and ranges to 400 days', async () => {
  const wide = await answer('stats_query', { from: '2025-02-03', to: '2026-03-10', dimension: 'days' });
  assert.equal(wide.rows_total, 401);
  assert.equal(wide.days.length, 20);
  const most = await answer('stats_query', { from: '2025-02-03', to: '2026-03-10', dimension: 'days', limit: 200 });
  assert.equal(most.days.length, 200);
  assert.equal((await answer('stats_query', { from: '2026-03-09', to: '2026-03-10', dimension: 'pages', limit: 1 })).pages.length, 1);
  const tooLong = invalid('stats_query', 'to: must be at most 400 days after from');
  assert.equal(await refusal('stats_query', { from: '2025-02-02', to: '2026-03-10', dimension: 'days' }), tooLong);
  assert.equal(await refusal('stats_query', { from: '2026-03-10', to: '2026-03-09', dimension: 'days' }), invalid('stats_query', 'to: must be the same day as from or later'));
  const limit = 'limit: must be a whole number from 1 to 200';
  for (const bad of [0, 201, 1.5, '5', -1]) assert.equal(await refusal('stats_query', { from: '2026-03-09', to: '2026-03-10', dimension: 'pages', limit: bad }), invalid('stats_query', limit), String(bad));
  const date = 'must be a day written YYYY-MM-DD that exists, in the years 1000 to 9998, e.g. 2026-03-01';
  // The day after 9999-12-31 is no four-digit day: a range ending there went on for ever and took the server with it.
  for (const dimension of ['days', 'pages']) assert.equal(await refusal('stats_query', { from: '9999-12-31', to: '9999-12-31', dimension }), invalid('stats_query', `from: ${date}; to: ${date}`));
  assert.equal(await refusal('stats_query', { from: '2026-03-09', to: '9999-12-31', dimension: 'days' }), invalid('stats_query', `to: ${date}`));
  assert.equal(await refusal('stats_query', { from: '0999-12-31', to: '1000-01-01', dimension: 'days' }), invalid('stats_query', `from: ${date}`));
  assert.equal((await answer('stats_query', { from: '9998-12-31', to: '9998-12-31', dimension: 'days' })).days.length, 1);
  assert.equal(await refusal('stats_query', { from: '2026-3-9', to: '2026-03-10', dimension: 'pages' }), invalid('stats_query', `from: ${date}`));
  assert.equal(await refusal('stats_query', { from: '2026-02-30', to: '2026-03-10', dimension: 'pages' }), invalid('stats_query', `from: ${date}`));
  assert.equal(await refusal('stats_query', { from: '2026-03-09', to: 'yesterday', dimension: 'pages' }), invalid('stats_query', `to: ${date}`));
  assert.equal(await refusal('stats_query', { to: '2026-03-10', dimension: 'pages' }), invalid('stats_query', 'from: must be a day written YYYY-MM-DD'));
  assert.equal(await refusal('stats_query', { from: '2026-03-09', to: '2026-03-10', dimension: 'weeks' }), invalid('stats_query', 'dimension: must be one of days, hours, pages, referrers, campaigns, countries, languages, devices, browsers, os, events, channels, props'));
  assert.equal(await refusal('stats_query', { from: '2026-03-09', to: '2026-03-10' }), invalid('stats_query', 'dimension: must be one of days, hours, pages, referrers, campaigns, countries, languages, devices, browsers, os, events, channels, props'));
});

test('stats_post by id: per language path, visitors, reading, scroll, read rate, came from, went on to, per day', async () => {
  const post = await answer('stats_post', { id: 'posts/hello' });
  assert.deepEqual([post.id, post.title, post.period, post.from, post.to], ['posts/hello', 'Hello Alps', '30d', '2026-02-09', '2026-03-10']);
  const en = post.languages.find((row: any) => row.language === 'en');
  assert.deepEqual({ ...en, per_day: undefined, ai_traffic: undefined }, {
    ai_traffic: undefined, language: 'en', path: '/hello', visitors: 4, pageviews: 4, average_reading_seconds: 45, average_scroll_percent: 90, read_rate: 0.25,
    came_from: [{ from: '(direct)', count: 2 }, { from: 'news.ycombinator.com', count: 1 }, { from: 'newsletter', count: 1 }],
    went_on_to: [{ path: '/hike-day', count: 1 }],
    per_day: undefined,
  });
  assert.equal(en.per_day.length, 30);
  assert.deepEqual(en.per_day.find((row: any) => row.day === '2026-03-09'), { day: '2026-03-09', visitors: 2, pageviews: 2 });
  // GPTBot yesterday and ClaudeBot today trained on /hello; nobody came from an assistant.
  assert.deepEqual(en.ai_traffic, {
    assistant_visits: { visitors: 0, pageviews: 0, assistants: [] }, user_fetches: { hits: 0, crawlers: [] }, search_crawlers: { hits: 0, crawlers: [] },
    training_crawlers: { hits: 2, crawlers: [{ crawler: 'ClaudeBot', operator: 'Anthropic', hits: 1 }, { crawler: 'GPTBot', operator: 'OpenAI', hits: 1 }] },
  });
  const de = post.languages.find((row: any) => row.language === 'de');
  assert.deepEqual([de.path, de.visitors, de.read_rate, de.average_reading_seconds], ['/de/hello', 0, null, null]);
});

test('stats_post by path, with each period; a path that is no entry is reported alone', async () => {
  const byPath = await answer('stats_post', { path: '/hike-day', period: '7d' });
  assert.deepEqual([byPath.id, byPath.title, byPath.from, byPath.languages[0].visitors], ['posts/hike-day', 'Hike day', '2026-03-04', 2]);
  assert.deepEqual(byPath.languages[0].came_from, [{ from: '(direct)', count: 1 }, { from: '/hello', count: 1 }]);
  for (const [period, from] of [['90d', '2025-12-11'], ['12m', '2025-03-11']]) assert.equal((await answer('stats_post', { path: '/hike-day', period })).from, from);
  const loose = await answer('stats_post', { path: '/no-such-page' });
  assert.deepEqual([loose.id, loose.title, loose.languages.length, loose.languages[0].language, loose.languages[0].visitors], [null, null, 1, null, 0]);
});

test('stats_post refuses a missing, unknown or malformed id or path and other periods', async () => {
  assert.equal(await refusal('stats_post', {}), invalid('stats_post', 'give id or path'));
  assert.equal(await refusal('stats_post', { id: 'posts/nope' }), 'There is no entry posts/nope; content_list lists the entries and their ids.');
  assert.equal(await refusal('stats_post', { id: '../etc' }), 'id: ../etc is not an entry id; content_list lists the entries and their ids.');
  assert.equal(await refusal('stats_post', { path: 'hello' }), invalid('stats_post', 'path: must be a URL path such as /hello'));
  assert.equal(await refusal('stats_post', { id: 'posts/hello', period: 'today' }), invalid('stats_post', 'period: must be one of 7d, 30d, 90d, 12m'));
});

test('stats_realtime: visitors of the last five minutes and the pages they are on', async () => {
  const now = await answer('stats_realtime');
  assert.equal(now.window_minutes, 5);
  assert.equal(now.visitors, 1);
  assert.deepEqual(now.pages, [{ path: '/hike-day', title: 'Hike day', id: 'posts/hike-day', visitors: 1 }]);
  assert.deepEqual(now.today, { visitors: 2, pageviews: 2 });
  assert.match(now.as_of, /^2026-03-10 13:0\d$/);
  assert.equal(await refusal('stats_realtime', { period: 'today' }), invalid('stats_realtime', 'unknown argument period'));
});

test('stats_ai_crawlers: by crawler with operator and purpose, by purpose, operator and page', async () => {
  const crawlers = await answer('stats_ai_crawlers');
  assert.deepEqual([crawlers.period, crawlers.from, crawlers.to, crawlers.hits], ['30d', '2026-02-09', '2026-03-10', 3]);
  assert.deepEqual(crawlers.by_purpose, { training: 2, search: 1, user: 0 });
  assert.deepEqual(crawlers.crawlers.find((row: any) => row.crawler === 'GPTBot'), { crawler: 'GPTBot', operator: 'OpenAI', purpose: 'training', hits: 1, pages: 1, top_pages: [{ path: '/hello', hits: 1 }] });
  assert.deepEqual(crawlers.pages[0], { path: '/hello', title: 'Hello Alps', id: 'posts/hello', hits: 2, crawlers: { GPTBot: 1, ClaudeBot: 1 } });
  const today = await answer('stats_ai_crawlers', { period: 'today' });
  assert.deepEqual([today.hits, today.by_operator], [2, [{ operator: 'Anthropic', hits: 1 }, { operator: 'Perplexity', hits: 1 }]]);
  for (const period of ['7d', '90d']) assert.equal((await answer('stats_ai_crawlers', { period })).hits, 3);
  assert.equal(await refusal('stats_ai_crawlers', { period: 'yesterday' }), invalid('stats_ai_crawlers', 'period: must be one of today, 7d, 30d, 90d'));
});

test('consent_overview: decisions, agreement per category, banner facts from embedded services', async () => {
  const consent = await answer('consent_overview');
  assert.deepEqual([consent.days, consent.from, consent.to, consent.decisions], [30, '2026-02-09', '2026-03-10', 2]);
  assert.deepEqual(consent.agreement, [
    { category: 'statistics', agreed: 1, share: 0.5 }, { category: 'marketing', agreed: 0, share: 0 }, { category: 'external_media', agreed: 1, share: 0.5 },
  ]);
  assert.deepEqual(consent.actions, { save: 1, reject_all: 1 });
  assert.equal(consent.banner_needed, true);
  assert.match(consent.banner_version, /^[0-9a-f]{8}$/);
  assert.deepEqual(consent.categories_offered, ['necessary', 'external_media']);
  assert.deepEqual(consent.embedded_services, [
    { service: 'Google Maps', category: 'external_media', entries: 1, example_ids: ['posts/video'] },
    { service: 'YouTube', category: 'external_media', entries: 1, example_ids: ['posts/video'] },
  ]);
  assert.equal((await answer('consent_overview', { days: 1 })).from, '2026-03-10');
  assert.equal((await answer('consent_overview', { days: 366 })).from, '2025-03-10');
  for (const bad of [0, 367, 2.5, '30']) assert.equal(await refusal('consent_overview', { days: bad }), invalid('consent_overview', 'days: must be a whole number from 1 to 366'), String(bad));
});

test('every statistics tool needs stats:read, and the owner\'s stats.view right at the time of the call', async () => {
  for (const name of ['stats_overview', 'stats_query', 'stats_post', 'stats_realtime', 'stats_ai_crawlers', 'consent_overview']) {
    const result = await call(name, {}, site.tokens.editor);
    assert.equal(result.isError, true);
    assert.equal(result.content[0].text, `This token may not use the tool ${name}: it needs the scope stats:read. Ask Bob Editor to create a token with the scope stats:read in the panel under Assistants.`);
  }
  assert.equal((await call('stats_overview', {}, avaToken)).isError, undefined);
  site.deps.auth.accounts.setRole('ava', 'contributor');
  const refused = await call('stats_overview', {}, avaToken);
  assert.equal(refused.content[0].text, 'This token may not use the tool stats_overview: it needs the scope stats:read, and the role contributor of Ava Author no longer allows it. Ask an administrator about the role.');
  site.deps.auth.accounts.setRole('ava', 'author');
});

test('svc://stats/today: today so far with visitors, pageviews, top pages, top sources and right now', async () => {
  const read = await rpc(site, http.url, site.tokens.statsOnly!, 'resources/read', { uri: 'svc://stats/today' });
  const content = read.json.result.contents[0];
  assert.equal(content.mimeType, 'application/json');
  const today = JSON.parse(content.text);
  assert.deepEqual(Object.keys(today), ['day', 'visitors', 'pageviews', 'top_pages', 'top_sources', 'right_now']);
  assert.deepEqual([today.day, today.visitors, today.pageviews, today.right_now], ['2026-03-10', 2, 2, 1]);
  assert.deepEqual(today.top_sources, [{ source: '(direct)', visitors: 2, pageviews: 2 }]);
  const refused = await rpc(site, http.url, site.tokens.editor!, 'resources/read', { uri: 'svc://stats/today' });
  assert.equal(refused.json.error.code, -32602);
  assert.match(refused.json.error.message, /^This token may not use the resource svc:\/\/stats\/today: it needs the scope stats:read/);
});

test('weekly_review asks for stats_overview and stats_post and at most eight sentences with one suggestion', async () => {
  const listed = await rpc(site, http.url, site.tokens.statsOnly!, 'prompts/list');
  assert.ok(listed.json.result.prompts.some((prompt: any) => prompt.name === 'weekly_review'));
  const got = await rpc(site, http.url, site.tokens.statsOnly!, 'prompts/get', { name: 'weekly_review' });
  const [message] = got.json.result.messages;
  assert.equal(message.role, 'user');
  assert.match(message.content.text, /stats_overview with period "7d"/);
  assert.match(message.content.text, /stats_post/);
  assert.match(message.content.text, /at most eight sentences/);
  assert.match(message.content.text, /exactly one concrete suggestion/);
  const refused = await rpc(site, http.url, site.tokens.editor!, 'prompts/get', { name: 'weekly_review' });
  assert.match(refused.json.error.message, /needs the scope stats:read/);
});

test('home pages carry the site title; stats_post on / reports the home page alone', async () => {
  const home = await answer('stats_post', { path: '/', period: '7d' });
  assert.deepEqual([home.id, home.title, home.languages[0].language, home.languages[0].path], [null, 'Test Alps', 'en', '/']);
});
