// Keys in statistics come from visitors: `__proto__`, `constructor` and friends must count like any other
// key, in the day being counted, in the rollup written when it is over, and in every answer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';
import { createStatsService } from '../../dist/wiring/create-stats-service.js';
import { consentBanner } from '../../dist/stats/consent-banner.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const HOSTILE = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

before(async () => {
  site = await makeTestSite();
  site.deps.stats = createStatsService(site.deps.config, site.deps.content, () => site.clock.now, (day) => createHash('sha256').update(day).digest());
  ({ http } = served = await serveTestSite({ site }));
});
after(() => served.close());

/** One visitor per number: every request comes from 127.0.0.1 (X-Forwarded-For is not trusted), so the user agent tells them apart. */
const send = (path: string, body: unknown, visitor: number) =>
  fetch(`${http.url.replace('/svc/mcp', '')}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': UA.replace('Gecko/20100101', `Gecko/2010010${visitor}`) } });

test('sources, campaigns and events named like Object properties are counted as such; banner versions so named are refused', async () => {
  let ip = 1;
  const version = consentBanner(site.deps.content).banner_version;
  for (const name of HOSTILE) {
    assert.equal((await send('/svc/collect', { t: 'pv', p: `/hello?utm_source=${name}&utm_campaign=${name}` }, ip)).status, 204);
    assert.equal((await send('/svc/collect', { t: 'ev', n: name, p: '/hello' }, ip)).status, 204);
    // Only the site's current banner version is counted (stats-endpoints.ts): a made-up one is a 400.
    assert.equal((await send('/svc/consent', { v: name === '__proto__' ? 'proto' : name, a: 'accept_all' }, ip)).status, 400);
    assert.equal((await send('/svc/consent', { v: version, a: 'accept_all' }, ip)).status, 204);
    ip++;
  }
  const check = async () => {
    const overview = await callTool(site, http.url, site.tokens.admin!, 'stats_overview', { period: 'today' });
    const sources = overview.structuredContent.top_sources.map((row: any) => row.source).sort();
    // Sources are lowercased like every source.
    assert.deepEqual(sources, HOSTILE.map((name) => name.toLowerCase()).sort());
    for (const row of overview.structuredContent.top_sources) assert.equal(typeof row.visitors, 'number');
    const campaigns = await callTool(site, http.url, site.tokens.admin!, 'stats_query', { from: '2026-03-10', to: '2026-03-10', dimension: 'campaigns' });
    assert.deepEqual(campaigns.structuredContent.campaigns.map((row: any) => row.campaign ?? row.key ?? row.name).sort(), HOSTILE.map((name) => name.toLowerCase()).sort());
    const events = await callTool(site, http.url, site.tokens.admin!, 'stats_query', { from: '2026-03-10', to: '2026-03-10', dimension: 'events' });
    assert.equal(events.structuredContent.events.length, HOSTILE.length);
    const consent = await callTool(site, http.url, site.tokens.admin!, 'consent_overview', { days: 1 });
    assert.ok(!JSON.stringify(consent.structuredContent).includes('native code'));
  };
  await check();
  // The same once the day is over and rolled up into its file.
  site.clock.now += 24 * 3600_000;
  site.deps.stats.warmUp();
  const overview = await callTool(site, http.url, site.tokens.admin!, 'stats_overview', { period: 'yesterday' });
  assert.deepEqual(overview.structuredContent.top_sources.map((row: any) => row.source).sort(), HOSTILE.map((name) => name.toLowerCase()).sort());
  assert.equal(({} as any).polluted, undefined);
  assert.equal(typeof Object.prototype.toString, 'function');
});
