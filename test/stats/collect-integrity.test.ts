// What a beacon may not do to the figures, end to end on the real server (port 0): engagement counts only
// for a visitor who viewed the page that day, a page is counted by its path alone (no query, so no secret
// from a link reaches the log or an answer), and /svc/collect and /svc/consent are rate limited per address.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite } from '../helpers/test-site.ts';
import { callTool } from '../helpers/mcp-http.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';
import { createStatsService } from '../../dist/wiring/create-stats-service.js';
import { consentBanner } from '../../dist/stats/consent-banner.js';

const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const DAY = '2026-03-10';

const running: ServedSite[] = [];

async function start(): Promise<ServedSite> {
  const site = await makeTestSite();
  site.deps.stats = createStatsService(site.deps.config, site.deps.content, () => site.clock.now, (day) => createHash('sha256').update(day).digest());
  const server = await serveTestSite({ site });
  running.push(server);
  return server;
}
after(async () => {
  for (const server of running) await server.close();
});

/** Every request comes from 127.0.0.1 (X-Forwarded-For is not trusted): the user agent tells visitors apart. */
const post = (server: ServedSite, path: string, body: unknown, visitor: number) =>
  fetch(server.base + path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': UA.replace('rv:133.0', `rv:${100 + visitor}.0`) } });
const collect = async (server: ServedSite, body: unknown, visitor: number) => assert.equal((await post(server, '/svc/collect', body, visitor)).status, 204);
const tool = async (server: ServedSite, name: string, args: unknown) => (await callTool(server.site, server.http.url, server.site.tokens.admin!, name, args)).structuredContent;
const pageRows = async (server: ServedSite) => (await tool(server, 'stats_query', { from: DAY, to: DAY, dimension: 'pages' })).pages as { path: string; visitors: number; pageviews: number; average_reading_seconds: number | null; read_rate: number | null }[];

/** The live figures, then the same from the day's rollup (the clock moved to the next day). */
async function liveAndRolled(server: ServedSite, check: (when: string) => Promise<void>): Promise<void> {
  await check('live');
  server.site.clock.now += 24 * 3600_000;
  server.site.deps.stats.warmUp();
  await check('rolled up');
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

let server: ServedSite;
before(async () => { server = await start(); });

test('engagement counts only for a visitor who viewed the page that day: no reading time or read rate from anyone else', async () => {
  const read = { t: 'en', p: '/hello', e: 40_000, s: 100 };
  // Three visitors report reading /hello without viewing it; one views /about and reports /hello too.
  for (const visitor of [1, 2, 3]) await collect(server, read, visitor);
  await collect(server, { t: 'pv', p: '/about', r: '' }, 4);
  await collect(server, read, 4);
  // Visitor 5 views /hello and reads it; visitor 6 views it and reads nothing.
  await collect(server, { t: 'pv', p: '/hello', r: '' }, 5);
  await collect(server, read, 5);
  await collect(server, { t: 'pv', p: '/hello', r: '' }, 6);
  await liveAndRolled(server, async (when) => {
    const rows = await pageRows(server);
    const hello = rows.find((row) => row.path === '/hello');
    assert.deepEqual(hello && [hello.visitors, hello.pageviews, hello.average_reading_seconds, hello.read_rate], [2, 2, 40, 0.5], when);
    const about = rows.find((row) => row.path === '/about');
    assert.deepEqual(about && [about.visitors, about.pageviews, about.average_reading_seconds, about.read_rate], [1, 1, null, 0], when);
    const overview = await tool(server, 'stats_overview', { period: when === 'live' ? 'today' : 'yesterday' });
    assert.equal(overview.average_reading_seconds, 40, when);
  });
});

test('a query in a page view\'s path counts the page by its path alone, its source still read, and no query is kept', async () => {
  const other = await start();
  await collect(other, { t: 'pv', p: '/hello', r: '' }, 1);
  await collect(other, { t: 'pv', p: '/hello?mc_cid=abc&utm_source=Newsletter', r: '' }, 2);
  await collect(other, { t: 'pv', p: '/hello?token=SECRETQ1#top', r: '' }, 3);
  await collect(other, { t: 'en', p: '/hello?token=SECRETQ1', e: 40_000, s: 100 }, 3);
  const overview = await tool(other, 'stats_overview', { period: 'today' });
  assert.deepEqual(overview.top_pages.map((row: any) => [row.path, row.id, row.visitors, row.pageviews]), [['/hello', 'posts/hello', 3, 3]]);
  assert.deepEqual(overview.top_sources.map((row: any) => row.source).sort(), ['(direct)', 'newsletter']);
  const realtime = await tool(other, 'stats_realtime', {});
  const answers = JSON.stringify([overview, realtime, await pageRows(other)]);
  assert.ok(!answers.includes('SECRETQ1') && !answers.includes('mc_cid'), answers);
  assert.deepEqual((await pageRows(other)).map((row) => [row.path, row.pageviews, row.average_reading_seconds]), [['/hello', 3, 40]]);
  for (const file of filesUnder(join(other.site.root, 'data/stats'))) {
    assert.ok(!readFileSync(file).includes('SECRETQ1'), `${file} holds the query`);
  }
});

test('POST /svc/collect and /svc/consent share a bucket of 600 a minute per client address: then 429 with Retry-After', async () => {
  const limited = await start();
  const body = { t: 'pv', p: '/a-page-that-does-not-exist', r: '' };
  const statuses: number[] = [];
  for (let visitor = 0; visitor < 599; visitor++) statuses.push((await post(limited, '/svc/collect', body, visitor)).status);
  const version = consentBanner(limited.site.deps.content).banner_version;
  statuses.push((await post(limited, '/svc/consent', { v: version, a: 'accept_all' }, 1)).status);
  assert.deepEqual(new Set(statuses), new Set([204]));
  for (const [path, sent] of [['/svc/collect', body], ['/svc/consent', { v: version, a: 'accept_all' }]] as const) {
    const refused = await post(limited, path, sent, 500);
    assert.equal(refused.status, 429, path);
    assert.equal(refused.headers.get('retry-after'), '1');
    assert.deepEqual(await refused.json(), { message: 'Too many requests: at most 600 a minute. Try again in 1 s.' });
  }
  assert.equal(limited.site.deps.stats.range(DAY, DAY).pageviews, 599);
  // The bucket refills evenly: a minute later the address may send again.
  limited.site.clock.now += 60_000;
  assert.equal((await post(limited, '/svc/collect', body, 501)).status, 204);
});

test('POST /svc/consent refuses a banner version that is not the site\'s current one with 400 and a sentence', async () => {
  const server = await start();
  const version = consentBanner(server.site.deps.content).banner_version;
  const before = server.site.deps.stats.range(DAY, DAY).consent.decisions;
  const stale = await post(server, '/svc/consent', { v: 'ab12cd34', a: 'accept_all' }, 1);
  assert.equal(stale.status, 400);
  assert.deepEqual(await stale.json(), { message: `The field v must be the current banner version (${version}).` });
  assert.equal((await post(server, '/svc/consent', { v: version, a: 'reject_all' }, 1)).status, 204);
  assert.equal(server.site.deps.stats.range(DAY, DAY).consent.decisions, before + 1);
});

test('one engagement report counts at most 30 minutes, however long it says it was', async () => {
  const other = await start();
  await collect(other, { t: 'pv', p: '/hike-day', r: '' }, 1);
  await collect(other, { t: 'en', p: '/hike-day', e: 1e300, s: 50 }, 1);
  await collect(other, { t: 'pv', p: '/hike-day', r: '' }, 2);
  await collect(other, { t: 'en', p: '/hike-day', e: 72_000, s: 50 }, 2);
  const row = (await pageRows(other)).find((page) => page.path === '/hike-day');
  assert.equal(row?.average_reading_seconds, (30 * 60 + 72) / 2);
  // Reports add up: a visitor who reads on after switching away sends another.
  await collect(other, { t: 'en', p: '/hike-day', e: 10 * 60_000, s: 50 }, 1);
  assert.equal((await pageRows(other)).find((page) => page.path === '/hike-day')?.average_reading_seconds, (40 * 60 + 72) / 2);
});
