// The statistics endpoints end to end on the real server (port 0): beacon script, collect, consent, the
// public pages' beacon tag and AI crawler count, and GET /svc/api/v1/stats.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'node:http';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';
import { createStatsService } from '../../dist/wiring/create-stats-service.js';
import { consentBanner } from '../../dist/stats/consent-banner.js';

let served: ServedSite;
let site: TestSite;
let base: string;
const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const DAY = '2026-03-10';

before(async () => {
  site = await makeTestSite();
  site.deps.stats = createStatsService(site.deps.config, site.deps.content, () => site.clock.now, (day) => createHash('sha256').update(day).digest());
  ({ base } = served = await serveTestSite({ site }));
});
after(() => served.close());

function send(path: string, body: string, headers: Record<string, string> = {}) {
  return fetch(base + path, { method: 'POST', body, headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': UA, ...headers } });
}
/** A raw request: fetch may not send Sec-Fetch-* headers, a browser navigation does. */
function raw(method: string, path: string, headers: Record<string, string>, body = ''): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(base + path, { method, headers }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode!)); });
    req.on('error', reject);
    req.end(body);
  });
}
const today = () => site.deps.stats.range(DAY, DAY);
const botLog = () => {
  const path = join(site.root, 'data/stats/bots', `${DAY}.ndjson`);
  return existsSync(path) ? readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line)) : [];
};

test('POST /svc/collect answers 204 with no body and counts the page view', async () => {
  const before = today().pageviews;
  const response = await send('/svc/collect', JSON.stringify({ t: 'pv', p: '/hello?utm_source=mastodon', r: '', w: 390, z: 'Europe/Rome', l: 'it-IT' }));
  assert.equal(response.status, 204);
  assert.equal(await response.text(), '');
  assert.equal(response.headers.get('cache-control'), 'no-store');
  const after = today();
  assert.equal(after.pageviews, before + 1);
  assert.deepEqual(after.referrers.mastodon, [1, 1]);
  assert.deepEqual(after.countries.IT, [1, 1]);
  assert.deepEqual(after.devices.mobile, [1, 1]);
  assert.ok(after.pages['/hello']);
});

test('POST /svc/collect refuses a body over 4 KB with 413 and a body that is no beacon with 400', async () => {
  const big = await send('/svc/collect', JSON.stringify({ t: 'pv', p: '/' + 'a'.repeat(4100) }));
  assert.equal(big.status, 413);
  assert.deepEqual(await big.json(), { message: 'The request body is larger than 4096 bytes.' });
  const bad = await send('/svc/collect', 'hello');
  assert.equal(bad.status, 400);
  assert.deepEqual(await bad.json(), { message: 'The body must be a JSON object from the beacon.' });
  const noPath = await send('/svc/collect', '{"t":"pv","p":"https://elsewhere.example/"}');
  assert.equal(noPath.status, 400);
  assert.deepEqual(await noPath.json(), { message: 'The field p must be the page path, starting with /.' });
});

test('bots, prefetches and navigations to the collect address get 204 but are not counted', async () => {
  const before = today().pageviews;
  const body = JSON.stringify({ t: 'pv', p: '/hello' });
  const answers = await Promise.all([
    send('/svc/collect', body, { 'user-agent': '' }),
    send('/svc/collect', body, { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' }),
    send('/svc/collect', body, { 'sec-purpose': 'prefetch' }),
  ]);
  assert.deepEqual(answers.map((r) => r.status), [204, 204, 204]);
  // A form or link navigating to the address, and someone opening it in the address bar.
  assert.equal(await raw('POST', '/svc/collect', { 'user-agent': UA, 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }, body), 204);
  assert.equal(await raw('GET', '/svc/collect', { 'user-agent': UA, 'sec-fetch-mode': 'navigate' }), 204);
  assert.equal(today().pageviews, before);
  const reasons = botLog().filter((line) => line.k === 'bot').map((line) => line.r).sort();
  assert.deepEqual(reasons, ['bot_ua', 'empty_ua', 'navigation', 'navigation', 'prefetch']);
});

test('POST /svc/consent records a decision; a bad one gets 400', async () => {
  const version = consentBanner(site.deps.content).banner_version;
  const ok = await send('/svc/consent', JSON.stringify({ v: version, a: 'save', c: { statistics: true, marketing: false, external_media: true } }));
  assert.equal(ok.status, 204);
  const all = await send('/svc/consent', JSON.stringify({ v: version, a: 'accept_all' }));
  assert.equal(all.status, 204);
  const consent = today().consent;
  assert.equal(consent.decisions, 2);
  assert.deepEqual(consent.agreed, { statistics: 2, marketing: 1, external_media: 2 });
  assert.deepEqual(consent.actions, { save: 1, accept_all: 1 });
  assert.deepEqual(consent.versions, { [version]: 2 });
  const badAction = await send('/svc/consent', JSON.stringify({ v: 'x', a: 'maybe' }));
  assert.equal(badAction.status, 400);
  assert.deepEqual(await badAction.json(), { message: 'The field a must be one of accept_all, reject_all, save.' });
  const badVersion = await send('/svc/consent', JSON.stringify({ v: '<script>', a: 'save' }));
  assert.deepEqual([badVersion.status, await badVersion.json()], [400, { message: 'The field v must be the banner version.' }]);
});

test('GET /svc/beacon.js serves the script: no cookies, no storage; cached by ETag', async () => {
  const response = await fetch(base + '/svc/beacon.js');
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'text/javascript; charset=utf-8');
  const script = await response.text();
  assert.match(script, /sendBeacon/);
  assert.match(script, /visibilitychange/);
  assert.match(script, /t:'en',e:engaged,s:scroll/);
  assert.equal(/cookie|localStorage|sessionStorage|indexedDB/i.test(script), false);
  assert.ok(script.length < 2500, `${script.length} bytes`);
  const again = await fetch(base + '/svc/beacon.js', { headers: { 'if-none-match': response.headers.get('etag')! } });
  assert.equal(again.status, 304);
  assert.equal(again.headers.get('cache-control'), 'public, max-age=3600');
  assert.equal((await fetch(base + '/svc/beacon.js', { headers: { 'if-none-match': `W/${response.headers.get('etag')}` } })).status, 304);
});

test('public pages carry the beacon tag; AI crawlers are counted on page requests, people are not', async () => {
  const page = await fetch(base + '/hello', { headers: { 'user-agent': UA } });
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<script defer src="\/svc\/beacon\.js" data-collect="\/svc\/collect"><\/script>/);
  const before = Object.values(today().crawlers).reduce((sum, c) => sum + c.hits, 0);
  const crawled = await fetch(base + '/hello', { headers: { 'user-agent': 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)' } });
  assert.equal(crawled.status, 200);
  await crawled.text();
  const missing = await fetch(base + '/no-such-page', { headers: { 'user-agent': 'PerplexityBot/1.0' } });
  assert.equal(missing.status, 404);
  await missing.text();
  const crawlers = today().crawlers;
  assert.equal(Object.values(crawlers).reduce((sum, c) => sum + c.hits, 0), before + 1);
  assert.deepEqual(crawlers.GPTBot, { hits: 1, pages: { '/hello': 1 } });
});

test('an AI crawler asking whether its copy of a page is current gets 304 and is counted too', async () => {
  const bot = 'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
  const first = await fetch(base + '/about', { headers: { 'user-agent': bot } });
  assert.equal(first.status, 200);
  await first.text();
  const again = await fetch(base + '/about', { headers: { 'user-agent': bot, 'if-none-match': first.headers.get('etag')! } });
  assert.equal(again.status, 304);
  assert.deepEqual(today().crawlers.ClaudeBot, { hits: 2, pages: { '/about': 2 } });
});

test('GET /svc/api/v1/stats needs a token with stats:read: 401 without or with a bad one, 403 without the scope', async () => {
  const none = await fetch(base + '/svc/api/v1/stats?period=7d');
  assert.equal(none.status, 401);
  assert.deepEqual(await none.json(), { message: 'A valid token is required for statistics; send one with the scope stats:read.' });
  const bad = await fetch(base + '/svc/api/v1/stats', { headers: { authorization: 'Bearer svc_nope' } });
  assert.equal(bad.status, 401);
  assert.deepEqual(await bad.json(), { message: 'A valid token is required: this token is unknown, expired or revoked.' });
  const noScope = await fetch(base + '/svc/api/v1/stats', { headers: { authorization: `Bearer ${site.tokens.editor}` } });
  assert.equal(noScope.status, 403);
  assert.deepEqual(await noScope.json(), { message: 'This token may not read statistics: it needs the scope stats:read. Ask Bob Editor to create a token with the scope stats:read in the panel under Assistants.' });
  const ava = site.deps.auth.createToken({ ownerId: 'ava', name: 'ava api', scopes: ['stats:read'], expiresInDays: 30 }).token;
  assert.equal((await fetch(base + '/svc/api/v1/stats', { headers: { authorization: `Bearer ${ava}` } })).status, 200);
  site.deps.auth.accounts.setRole('ava', 'contributor');
  const demoted = await fetch(base + '/svc/api/v1/stats', { headers: { authorization: `Bearer ${ava}` } });
  assert.equal(demoted.status, 403);
  site.deps.auth.accounts.setRole('ava', 'author');
});

test('GET /svc/api/v1/stats takes the spec\'s periods (422 for others) and answers the report', async () => {
  const auth = { authorization: `Bearer ${site.tokens.statsOnly}` };
  const wrong = await fetch(base + '/svc/api/v1/stats?period=week', { headers: auth });
  assert.equal(wrong.status, 422);
  assert.deepEqual(await wrong.json(), { message: 'The parameter period must be one of today, yesterday, 7d, 30d, 90d, 12m, month.' });
  for (const period of ['today', 'yesterday', '7d', '30d', '90d', '12m', 'month']) {
    const response = await fetch(`${base}/svc/api/v1/stats?period=${period}`, { headers: auth });
    assert.equal(response.status, 200, period);
    assert.equal((await response.json()).period, period);
  }
  const response = await fetch(base + '/svc/api/v1/stats', { headers: auth });
  assert.equal(response.headers.get('cache-control'), 'private, no-store');
  assert.equal(response.headers.get('access-control-allow-origin'), '*');
  const report = await response.json();
  assert.deepEqual(Object.keys(report), [
    'period', 'from', 'to', 'visitors', 'pageviews', 'visits', 'bounce_rate', 'average_reading_seconds', 'consent_share',
    'change_percent', 'top_pages', 'top_sources', 'time_zone', 'per_day', 'countries', 'devices', 'browsers',
  ]);
  assert.deepEqual([report.period, report.from, report.to, report.time_zone], ['7d', '2026-03-04', DAY, 'Europe/Berlin']);
  assert.equal(report.pageviews, today().pageviews);
  assert.equal(report.per_day.length, 7);
  assert.deepEqual(report.top_pages[0], { path: '/hello', title: 'Hello Alps', id: 'posts/hello', visitors: 1, pageviews: 1, read_rate: 0 });
  assert.deepEqual(report.countries, [{ country: 'IT', visitors: 1, pageviews: 1 }]);
});

test('the first beacon after midnight rolls up the day that ended, after it is answered', async () => {
  assert.equal(site.deps.stats.files.hasDaily(DAY), false);
  site.clock.now = Date.parse('2026-03-10T23:05:00Z'); // 00:05 in Berlin on the 11th
  const response = await send('/svc/collect', JSON.stringify({ t: 'pv', p: '/hello' }));
  assert.equal(response.status, 204);
  const rollup = site.deps.stats.files.readDaily(DAY)!;
  assert.equal(rollup.pageviews, 1);
  assert.equal(readFileSync(join(site.root, 'data/stats/raw', `${DAY}.ndjson`), 'utf8').includes('"v":'), false);
});
