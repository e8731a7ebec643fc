// Counting rules of the statistics, on a fixed clock with fixed salts, in a temp folder.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, readFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StatsService, type RequestHeaders } from '../../dist/stats/stats-service.js';
import { visitorHash } from '../../dist/stats/salt-store.js';

const folders: string[] = [];
after(() => { for (const dir of folders) rmSync(dir, { recursive: true, force: true }); });

const fixedSalt = (day: string) => createHash('sha256').update(`salt ${day}`).digest();
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

function makeStats(now: number, timeZone = 'Europe/Berlin') {
  const dir = mkdtempSync(join(tmpdir(), 'svc-stats-'));
  folders.push(dir);
  const clock = { now };
  const stats = new StatsService({ dir, clock: () => clock.now, timeZone: () => timeZone, siteHosts: () => ['alps.example'], salts: fixedSalt });
  return { stats, clock, dir };
}

interface Hit { ip?: string; ua?: string; headers?: RequestHeaders; r?: string; w?: number; z?: string; l?: string }

function pv(stats: StatsService, path: string, hit: Hit = {}) {
  const headers: RequestHeaders = { 'user-agent': hit.ua ?? FIREFOX, ...hit.headers };
  return stats.collect(JSON.stringify({ t: 'pv', p: path, r: hit.r ?? '', w: hit.w ?? 1280, z: hit.z, l: hit.l ?? 'de-DE' }), headers, hit.ip ?? '203.0.113.7');
}
function engage(stats: StatsService, path: string, ms: number, scroll: number, hit: Hit = {}) {
  return stats.collect(JSON.stringify({ t: 'en', p: path, e: ms, s: scroll }), { 'user-agent': hit.ua ?? FIREFOX }, hit.ip ?? '203.0.113.7');
}
function event(stats: StatsService, name: string, hit: Hit = {}) {
  return stats.collect(JSON.stringify({ t: 'ev', p: '/', n: name }), { 'user-agent': hit.ua ?? FIREFOX }, hit.ip ?? '203.0.113.7');
}
function rawLines(dir: string, day: string): any[] {
  const path = join(dir, 'raw', `${day}.ndjson`);
  return existsSync(path) ? readFileSync(path, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line)) : [];
}

test('the salt rotates at midnight in the site time zone, not at UTC midnight', () => {
  // 2026-01-15 22:59 UTC is 23:59 in Berlin; two minutes later it is the 16th there.
  const { stats, clock, dir } = makeStats(Date.UTC(2026, 0, 15, 22, 59));
  pv(stats, '/a');
  clock.now = Date.UTC(2026, 0, 15, 23, 1);
  pv(stats, '/a');
  const before = rawLines(dir, '2026-01-15');
  const afterMidnight = rawLines(dir, '2026-01-16');
  assert.equal(before.length, 1);
  assert.equal(afterMidnight.length, 1);
  assert.equal(before[0].v, visitorHash(fixedSalt('2026-01-15'), '203.0.113.7', FIREFOX, 'alps.example'));
  assert.equal(afterMidnight[0].v, visitorHash(fixedSalt('2026-01-16'), '203.0.113.7', FIREFOX, 'alps.example'));
  assert.notEqual(before[0].v, afterMidnight[0].v);
  assert.deepEqual(stats.salts.days(), ['2026-01-15', '2026-01-16']);
});

test('a salt is deleted once the day after next begins (at most 48 hours)', () => {
  const { stats, clock } = makeStats(Date.UTC(2026, 0, 15, 10, 0));
  pv(stats, '/a');
  clock.now = Date.UTC(2026, 0, 16, 10, 0);
  pv(stats, '/a');
  assert.deepEqual(stats.salts.days(), ['2026-01-15', '2026-01-16']);
  // 17 January 00:00 Berlin = 16 January 23:00 UTC: the salt of the 15th has lived 48 hours.
  clock.now = Date.UTC(2026, 0, 16, 23, 0, 30);
  stats.catchUp();
  assert.deepEqual(stats.salts.days(), ['2026-01-16']);
  const file = JSON.parse(readFileSync(join(stats.dir, 'salts.json'), 'utf8'));
  assert.deepEqual(Object.keys(file.salts), ['2026-01-16']);
});

test('days follow the site time zone across a daylight-saving change (New York, 8 March 2026)', () => {
  // Midnight starting 8 March is 05:00 UTC (EST); midnight starting 9 March is 04:00 UTC (EDT): a 23-hour day.
  const { stats, clock, dir } = makeStats(Date.UTC(2026, 2, 8, 4, 59), 'America/New_York');
  pv(stats, '/late');
  clock.now = Date.UTC(2026, 2, 8, 5, 0);
  pv(stats, '/first');
  clock.now = Date.UTC(2026, 2, 8, 7, 30); // 03:30 EDT, right after the jump from 02:00 to 03:00
  pv(stats, '/after-jump', { ip: '198.51.100.1' });
  clock.now = Date.UTC(2026, 2, 9, 3, 59);
  pv(stats, '/last', { ip: '198.51.100.2' });
  clock.now = Date.UTC(2026, 2, 9, 4, 0);
  pv(stats, '/next-day');
  assert.deepEqual(rawLines(dir, '2026-03-07').map((l) => l.p), ['/late']);
  assert.deepEqual(rawLines(dir, '2026-03-08').map((l) => l.p), ['/first', '/after-jump', '/last']);
  assert.deepEqual(rawLines(dir, '2026-03-09').map((l) => l.p), ['/next-day']);
  clock.now = Date.UTC(2026, 2, 9, 12, 0);
  stats.catchUp();
  const day = stats.files.readDaily('2026-03-08')!;
  assert.equal(day.pageviews, 3);
  assert.deepEqual(day.hours[0], [1, 1]);
  assert.deepEqual(day.hours[3], [1, 1]);
  assert.deepEqual(day.hours[2], [0, 0]); // 02:00-03:00 did not exist that night
  assert.deepEqual(day.hours[23], [1, 1]);
  // A visitor on both sides of midnight is a new (daily-unique) visitor on the new day.
  assert.equal(stats.files.readDaily('2026-03-07')!.visitors, 1);
});

test('days follow the site time zone across the autumn change (Berlin, 25 October 2026: a 25-hour day)', () => {
  const { stats, clock, dir } = makeStats(Date.UTC(2026, 9, 24, 22, 0)); // 00:00 CEST on the 25th
  pv(stats, '/start');
  clock.now = Date.UTC(2026, 9, 25, 0, 30); // 02:30 CEST
  pv(stats, '/first-two-thirty', { ip: '198.51.100.3' });
  clock.now = Date.UTC(2026, 9, 25, 1, 30); // 02:30 CET, the repeated hour
  pv(stats, '/second-two-thirty', { ip: '198.51.100.4' });
  clock.now = Date.UTC(2026, 9, 25, 22, 59); // 23:59 CET
  pv(stats, '/end', { ip: '198.51.100.5' });
  clock.now = Date.UTC(2026, 9, 25, 23, 0); // 00:00 on the 26th
  pv(stats, '/next');
  assert.equal(rawLines(dir, '2026-10-25').length, 4);
  assert.equal(rawLines(dir, '2026-10-26').length, 1);
  clock.now = Date.UTC(2026, 9, 26, 12, 0);
  stats.catchUp();
  const day = stats.files.readDaily('2026-10-25')!;
  assert.deepEqual(day.hours[2], [2, 2]);
  assert.deepEqual(day.hours[23], [1, 1]);
});

test('a visit ends after 30 minutes without an event; a visit with one page view and no event is a bounce', () => {
  const start = Date.UTC(2026, 0, 15, 9, 0);
  const { stats, clock } = makeStats(start);
  pv(stats, '/a');
  clock.now = start + 30 * 60_000; // exactly 30 minutes later: the same visit
  pv(stats, '/b', { r: 'https://alps.example/a' });
  clock.now += 30 * 60_000 + 1; // just over 30 minutes: a new visit with one page view (a bounce)
  pv(stats, '/c');
  clock.now += 60 * 60_000; // another visit: one page view plus an event is no bounce
  pv(stats, '/d');
  clock.now += 1000;
  event(stats, 'signup');
  clock.now = Date.UTC(2026, 0, 15, 20, 0);
  pv(stats, '/e', { ip: '198.51.100.9' }); // someone else: one visit, one page view, a bounce
  const today = stats.range('2026-01-15', '2026-01-15');
  assert.equal(today.visitors, 2);
  assert.equal(today.pageviews, 5);
  assert.equal(today.visits, 4);
  assert.equal(today.bounces, 2);
  assert.deepEqual(today.events.signup, [1, 1]);
});

test('bots are dropped and only counted in the bot log: empty or bot user agents, prefetches, navigations', () => {
  const { stats, dir } = makeStats(Date.UTC(2026, 0, 15, 9, 0));
  assert.equal(pv(stats, '/a', { ua: '' }), 'empty_ua');
  assert.equal(pv(stats, '/a', { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }), 'bot_ua');
  assert.equal(pv(stats, '/a', { ua: 'curl/8.5.0' }), 'bot_ua');
  assert.equal(pv(stats, '/a', { ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)' }), 'bot_ua');
  assert.equal(pv(stats, '/a', { headers: { 'sec-purpose': 'prefetch;prerender' } }), 'prefetch');
  assert.equal(pv(stats, '/a', { headers: { purpose: 'prefetch' } }), 'prefetch');
  assert.equal(pv(stats, '/a', { headers: { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' } }), 'navigation');
  assert.equal(pv(stats, '/a', { headers: { 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty' } }), null);
  assert.equal(rawLines(dir, '2026-01-15').length, 1);
  const today = stats.range('2026-01-15', '2026-01-15');
  assert.equal(today.pageviews, 1);
  assert.deepEqual(today.bots, { empty_ua: 1, bot_ua: 3, prefetch: 2, navigation: 1 });
});

test('sources: utm_source before source before ref before the referrer host without www.; the own host is no source', () => {
  const { stats, dir } = makeStats(Date.UTC(2026, 0, 15, 9, 0));
  pv(stats, '/a?utm_source=Newsletter&source=x&ref=y&utm_campaign=Spring-Sale&utm_medium=email', { r: 'https://www.google.com/search?q=alps', ip: '10.0.0.1' });
  pv(stats, '/a?source=mastodon&ref=y', { r: 'https://www.google.com/', ip: '10.0.0.2' });
  pv(stats, '/a?ref=producthunt', { r: 'https://www.google.com/', ip: '10.0.0.3' });
  pv(stats, '/a', { r: 'https://www.Google.com/search', ip: '10.0.0.4' });
  pv(stats, '/a', { r: 'https://news.ycombinator.com/item?id=1', ip: '10.0.0.5' });
  pv(stats, '/a', { r: 'https://www.alps.example/b', ip: '10.0.0.6' });
  pv(stats, '/a', { r: '', ip: '10.0.0.7' });
  pv(stats, '/a', { r: 'not a url', ip: '10.0.0.8' });
  const lines = rawLines(dir, '2026-01-15');
  assert.deepEqual(lines.map((l) => l.s), ['newsletter', 'mastodon', 'producthunt', 'google.com', 'news.ycombinator.com', null, null, null]);
  assert.deepEqual(lines.map((l) => l.c), ['spring-sale', null, null, null, null, null, null, null]);
  assert.equal(lines[5].f, '/b');
  const today = stats.range('2026-01-15', '2026-01-15');
  assert.deepEqual(today.referrers['(direct)'], [3, 3]);
  assert.deepEqual(today.campaigns, { 'spring-sale': [1, 1] });
});

test('paths lose their query (tracking parameters and all others) and the fragment', () => {
  const { stats, dir } = makeStats(Date.UTC(2026, 0, 15, 9, 0));
  pv(stats, '/post?utm_source=a&utm_term=b&fbclid=123&gclid=456&page=2#top');
  pv(stats, '/post?fbclid=1');
  const lines = rawLines(dir, '2026-01-15');
  assert.deepEqual(lines.map((l) => l.p), ['/post', '/post']);
  assert.throws(() => stats.collect(JSON.stringify({ t: 'pv', p: 'https://evil.example/' }), { 'user-agent': FIREFOX }, '1.1.1.1'), { message: 'The field p must be the page path, starting with /.' });
});

test('country from a CDN header, else the browser time zone, else the Accept-Language region', () => {
  const { stats, dir } = makeStats(Date.UTC(2026, 0, 15, 9, 0));
  pv(stats, '/a', { headers: { 'cf-ipcountry': 'ch' }, z: 'Europe/Berlin' });
  pv(stats, '/a', { headers: { 'cf-ipcountry': 'XX' }, z: 'Europe/Vienna' });
  pv(stats, '/a', { headers: { 'x-vercel-ip-country': 'FR' } });
  pv(stats, '/a', { headers: { 'cloudfront-viewer-country': 'JP' } });
  pv(stats, '/a', { z: 'America/Sao_Paulo' });
  pv(stats, '/a', { z: 'Mars/Base', headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.8' } });
  pv(stats, '/a', { headers: { 'accept-language': 'de' } });
  assert.deepEqual(rawLines(dir, '2026-01-15').map((l) => l.co), ['CH', 'AT', 'FR', 'JP', 'BR', 'AT', '(unknown)']);
});

test('device from Sec-CH-UA-Mobile, else the viewport width; browser and OS from the token table; language', () => {
  const { stats, dir } = makeStats(Date.UTC(2026, 0, 15, 9, 0));
  pv(stats, '/a', { headers: { 'sec-ch-ua-mobile': '?1' }, w: 1920 });
  pv(stats, '/a', { w: 575 });
  pv(stats, '/a', { w: 576 });
  pv(stats, '/a', { w: 991 });
  pv(stats, '/a', { w: 992 });
  pv(stats, '/a', { w: 1439 });
  pv(stats, '/a', { w: 1440 });
  pv(stats, '/a', { ua: IPHONE, l: 'en-US' });
  pv(stats, '/a', { ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86', l: 'fr' });
  pv(stats, '/a', { ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.104 Mobile Safari/537.36', l: 'xx-invalid-123' });
  const lines = rawLines(dir, '2026-01-15');
  assert.deepEqual(lines.slice(0, 7).map((l) => l.d), ['mobile', 'mobile', 'tablet', 'tablet', 'laptop', 'laptop', 'desktop']);
  assert.deepEqual(lines.slice(7).map((l) => [l.b, l.o, l.l]), [
    ['Safari 18', 'iOS 18', 'en'],
    ['Edge 131', 'Windows 10', 'fr'],
    ['Chrome 131', 'Android 14', 'xx'],
  ]);
  assert.equal(lines[0].b, 'Firefox 132');
});

test('read rate: a visitor reads a page with at least 30 s engaged and 75 % scrolled; reading time per engaged visitor', () => {
  const { stats, clock } = makeStats(Date.UTC(2026, 0, 15, 9, 0));
  const visitors = [
    { ip: '10.0.0.1', reports: [[20_000, 50], [10_000, 75]] }, // 30 s in two reports, 75 %: reads
    { ip: '10.0.0.2', reports: [[29_999, 100]] }, // just under 30 s: no
    { ip: '10.0.0.3', reports: [[120_000, 74]] }, // long but 74 %: no
    { ip: '10.0.0.4', reports: [] }, // no engagement report at all
  ];
  for (const visitor of visitors) {
    pv(stats, '/story', { ip: visitor.ip });
    for (const [ms, scroll] of visitor.reports) { clock.now += 1000; engage(stats, '/story', ms!, scroll!, { ip: visitor.ip }); }
  }
  const page = stats.range('2026-01-15', '2026-01-15').pages['/story']!;
  assert.equal(page.v, 4);
  assert.equal(page.rd, 1);
  assert.equal(page.ev, 3);
  assert.equal(page.em, 30_000 + 29_999 + 120_000);
  assert.equal(page.ss, 75 + 100 + 74);
  assert.equal(page.sn, 3);
});

test('came-from and went-on-to per page come from the referrer', () => {
  const { stats, clock } = makeStats(Date.UTC(2026, 0, 15, 9, 0));
  pv(stats, '/a', { r: 'https://www.google.com/' });
  clock.now += 60_000;
  pv(stats, '/b', { r: 'https://alps.example/a' });
  clock.now += 60_000;
  pv(stats, '/c', { r: 'https://alps.example/a?utm_source=x' });
  pv(stats, '/a', { ip: '10.9.9.9' });
  // Ranges leave the steps out (only stats_post shows them, from the day rollups); the day itself has them.
  assert.deepEqual(stats.range('2026-01-15', '2026-01-15').pages['/a']!.from, {});
  const day = stats.live().rollup();
  assert.deepEqual(day.pages['/a']!.from, { 'google.com': 1, '(direct)': 1 });
  assert.deepEqual(day.pages['/a']!.to, { '/b': 1, '/c': 1 });
  assert.deepEqual(day.pages['/b']!.from, { '/a': 1 });
});

test('the rollup of a finished day equals a direct count over its raw log, and no visitor hash survives it', () => {
  const { stats, clock, dir } = makeStats(Date.UTC(2026, 0, 15, 6, 0));
  const paths = ['/', '/a', '/b', '/c', '/d'];
  let n = 0;
  for (let i = 0; i < 600; i++) {
    clock.now += 53_000;
    const ip = `10.1.${i % 37}.${(i * 7) % 11}`;
    pv(stats, paths[(i * 13) % 5]!, { ip, r: i % 3 === 0 ? 'https://www.google.com/' : i % 3 === 1 ? 'https://alps.example/a' : '', w: 300 + (i % 4) * 400 });
    if (i % 4 === 0) engage(stats, paths[(i * 13) % 5]!, (i % 7) * 10_000, (i * 17) % 101, { ip });
    n++;
  }
  const raw = rawLines(dir, '2026-01-15');
  const pvs = raw.filter((l) => l.k === 'pv');
  const direct = {
    pageviews: pvs.length,
    visitors: new Set(pvs.map((l) => l.v)).size,
    perPage: Object.fromEntries(paths.map((p) => [p, [new Set(pvs.filter((l) => l.p === p).map((l) => l.v)).size, pvs.filter((l) => l.p === p).length]])),
    devices: new Set(pvs.map((l) => l.d)).size,
  };
  assert.equal(direct.pageviews, n);
  clock.now = Date.UTC(2026, 0, 16, 8, 0);
  const result = stats.catchUp();
  assert.deepEqual(result.days, ['2026-01-15']);
  const rollup = stats.files.readDaily('2026-01-15')!;
  assert.equal(rollup.pageviews, direct.pageviews);
  assert.equal(rollup.visitors, direct.visitors);
  for (const p of paths) assert.deepEqual([rollup.pages[p]!.v, rollup.pages[p]!.pv], direct.perPage[p]);
  assert.equal(rollup.hours.reduce((sum, [, count]) => sum + count, 0), direct.pageviews);
  assert.equal(Object.values(rollup.devices).reduce((sum, [, count]) => sum + count, 0), direct.pageviews);
  assert.equal(Object.keys(rollup.devices).length, direct.devices);
  // No hash in the rollup, and the raw log was rewritten without them.
  const hashes = new Set(pvs.map((l) => l.v));
  const text = readFileSync(join(dir, 'daily', '2026-01-15.json'), 'utf8');
  for (const hash of hashes) assert.equal(text.includes(hash), false);
  const stripped = rawLines(dir, '2026-01-15');
  assert.equal(stripped.length, raw.length);
  assert.equal(stripped.some((l) => 'v' in l), false);
  // The range answer for the finished day reads the rollup and agrees.
  assert.equal(stats.range('2026-01-15', '2026-01-15').pageviews, direct.pageviews);
});

test('yesterday is rolled up only after a two-minute grace past midnight; the range still counts it before', () => {
  const { stats, clock } = makeStats(Date.UTC(2026, 0, 15, 12, 0));
  pv(stats, '/a');
  clock.now = Date.UTC(2026, 0, 15, 23, 1); // 00:01 Berlin on the 16th
  assert.deepEqual(stats.catchUp().days, []);
  assert.equal(stats.range('2026-01-15', '2026-01-15').pageviews, 1);
  clock.now = Date.UTC(2026, 0, 15, 23, 3);
  assert.deepEqual(stats.catchUp().days, ['2026-01-15']);
  assert.deepEqual(stats.catchUp().days, []);
});

test('monthly rollups are written when a month is over and answer long ranges', () => {
  const { stats, clock } = makeStats(Date.UTC(2026, 0, 30, 12, 0));
  pv(stats, '/jan');
  clock.now = Date.UTC(2026, 1, 2, 12, 0);
  pv(stats, '/feb');
  // The first question of a new day catches up by itself: January 30 and the month of January are written.
  assert.equal(stats.range('2026-02-02', '2026-02-02').pageviews, 1);
  assert.ok(stats.files.hasDaily('2026-01-30'));
  assert.ok(stats.files.hasMonthly('2026-01'));
  clock.now = Date.UTC(2026, 1, 3, 12, 0);
  const result = stats.catchUp();
  assert.deepEqual(result.days, ['2026-02-02']);
  assert.deepEqual(result.months, []);
  const month = stats.files.readMonthly('2026-01')!;
  assert.equal(month.pageviews, 1);
  assert.deepEqual(month.days['2026-01-30'], [1, 1]);
  assert.equal(stats.range('2026-01-01', '2026-02-03').pageviews, 2);
});

test('retention: raw logs after 35 days, bot logs after 30, daily rollups after 25 months; monthly kept', () => {
  const { stats, clock, dir } = makeStats(Date.UTC(2024, 0, 10, 12, 0));
  pv(stats, '/old');
  stats.recordCrawlerHit({ userAgent: 'GPTBot/1.2', path: '/old' });
  clock.now = Date.UTC(2024, 0, 11, 12, 0);
  stats.catchUp();
  assert.ok(existsSync(join(dir, 'raw', '2024-01-10.ndjson')));
  clock.now = Date.UTC(2024, 1, 9, 12, 0); // 30 days later: both kept
  stats.catchUp();
  assert.ok(existsSync(join(dir, 'bots', '2024-01-10.ndjson')));
  clock.now = Date.UTC(2024, 1, 10, 12, 0); // 31 days later: the bot log goes, the raw log stays
  stats.catchUp();
  assert.equal(existsSync(join(dir, 'bots', '2024-01-10.ndjson')), false);
  assert.ok(existsSync(join(dir, 'raw', '2024-01-10.ndjson')));
  clock.now = Date.UTC(2024, 1, 15, 12, 0); // 36 days later
  stats.catchUp();
  assert.equal(existsSync(join(dir, 'raw', '2024-01-10.ndjson')), false);
  assert.ok(existsSync(join(dir, 'daily', '2024-01-10.json')));
  clock.now = Date.UTC(2026, 1, 9, 12, 0); // 25 months less a day: kept
  stats.catchUp();
  assert.ok(existsSync(join(dir, 'daily', '2024-01-10.json')));
  clock.now = Date.UTC(2026, 1, 11, 12, 0);
  stats.catchUp();
  assert.equal(existsSync(join(dir, 'daily', '2024-01-10.json')), false);
  assert.ok(readdirSync(join(dir, 'monthly')).includes('2024-01.json'));
});

test('long tails are cut: at most 500 referrers a day, the rest summed under (other)', () => {
  const { stats } = makeStats(Date.UTC(2026, 0, 15, 9, 0));
  for (let i = 0; i < 620; i++) pv(stats, '/a', { ip: `10.2.${i >> 8}.${i & 255}`, r: `https://site-${i}.example/` });
  const rollup = stats.range('2026-01-15', '2026-01-15');
  assert.equal(Object.keys(rollup.referrers).length, 500);
  assert.deepEqual(rollup.referrers['(other)'], [121, 121]);
  assert.equal(Object.values(rollup.referrers).reduce((sum, [, n]) => sum + n, 0), 620);
});

test('AI crawlers are counted on page requests by crawler and page; other agents are not', () => {
  const { stats } = makeStats(Date.UTC(2026, 0, 15, 9, 0));
  assert.equal(stats.recordCrawlerHit({ userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)', path: '/a?utm_source=x' })?.operator, 'Anthropic');
  assert.equal(stats.recordCrawlerHit({ userAgent: 'Mozilla/5.0 (compatible; Claude-SearchBot/1.0)', path: '/a' })?.purpose, 'search');
  assert.equal(stats.recordCrawlerHit({ userAgent: 'Mozilla/5.0 (compatible; ChatGPT-User/1.0; +https://openai.com/bot)', path: '/b' })?.purpose, 'user');
  assert.equal(stats.recordCrawlerHit({ userAgent: FIREFOX, path: '/a' }), null);
  assert.equal(stats.recordCrawlerHit({ userAgent: undefined, path: '/a' }), null);
  const rollup = stats.range('2026-01-15', '2026-01-15');
  assert.deepEqual(rollup.crawlers, {
    ClaudeBot: { hits: 1, pages: { '/a': 1 } },
    'Claude-SearchBot': { hits: 1, pages: { '/a': 1 } },
    'ChatGPT-User': { hits: 1, pages: { '/b': 1 } },
  });
  assert.equal(rollup.pageviews, 0);
});

test('beacon bodies that are not a beacon are refused with a sentence', () => {
  const { stats } = makeStats(Date.UTC(2026, 0, 15, 9, 0));
  const send = (body: string) => { try { stats.collect(body, { 'user-agent': FIREFOX }, '1.1.1.1'); return 'ok'; } catch (error) { return (error as Error).message; } };
  assert.equal(send('nope'), 'The body must be a JSON object from the beacon.');
  assert.equal(send('[1]'), 'The body must be a JSON object from the beacon.');
  assert.equal(send('{"t":"pv"}'), 'The field p must be the page path, starting with /.');
  assert.equal(send('{"t":"pv","p":"//evil.example/"}'), 'The field p must be the page path, starting with /.');
  assert.equal(send('{"t":"xx","p":"/"}'), 'The field t must be pv, en or ev.');
  assert.equal(send('{"t":"ev","p":"/"}'), 'The field n must name the event (at most 200 characters).');
  assert.equal(send('{"t":"en","p":"/","e":-5,"s":400}'), 'ok');
  assert.equal(stats.range('2026-01-15', '2026-01-15').pageviews, 0);
});

test('right after midnight the last five minutes reach into yesterday', () => {
  const { stats, clock } = makeStats(Date.UTC(2026, 0, 15, 22, 58)); // 23:58 Berlin
  pv(stats, '/late', { ip: '10.3.0.1' });
  assert.equal(stats.activeVisitors().length, 1);
  clock.now = Date.UTC(2026, 0, 15, 23, 1); // 00:01 on the 16th
  pv(stats, '/early', { ip: '10.3.0.2' });
  assert.deepEqual(stats.activeVisitors().map((v) => v.path).sort(), ['/early', '/late']);
  clock.now = Date.UTC(2026, 0, 15, 23, 4); // six minutes after the late visit
  assert.deepEqual(stats.activeVisitors().map((v) => v.path), ['/early']);
});
