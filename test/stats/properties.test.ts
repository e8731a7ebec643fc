// Custom event properties: the limits at collection ("(other)" for what is over them, never dropped
// silently), values that look like personal data refused and counted as refused, the breakdown and the
// prop:<name>:<value> filter through stats_query, the API and the panel, before and after the rollup.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { makeTestSite, FIXED_NOW, type TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { get } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { createStatsService } from '../../dist/wiring/create-stats-service.js';
import { readEventProperties, looksPersonal, MAX_PROPS_PER_EVENT, MAX_VALUES_PER_PROP_DAY } from '../../dist/stats/event-properties.js';
import { VisitRecorder } from '../../dist/stats/store/visit-recorder.js';
import { parseFilters } from '../../dist/stats/stats-filters.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
const UA = (n: number) => `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/201001${n} Firefox/133.0`;
const at = (iso: string) => { site.clock.now = Date.parse(iso); };
const pv = (path: string, who: number, country = 'AT') => site.deps.stats.collect(JSON.stringify({ t: 'pv', p: path, r: '', w: 1300 }), { 'user-agent': UA(who), 'cf-ipcountry': country }, '10.0.0.1');
const ev = (path: string, who: number, name: string, pr?: unknown) => site.deps.stats.collect(JSON.stringify({ t: 'ev', p: path, n: name, ...(pr === undefined ? {} : { pr }) }), { 'user-agent': UA(who) }, '10.0.0.1');

before(async () => {
  site = await makeTestSite();
  site.deps.stats = createStatsService(site.deps.config, site.deps.content, () => site.clock.now, (day) => createHash('sha256').update(`salt ${day}`).digest());
  // Yesterday: 1 and 2 sign up on the pro plan (2 twice), 3 from Germany on the free plan; 3 also gives an e-mail address and a phone number.
  at('2026-03-09T08:00:00Z'); pv('/hello', 1); ev('/hello', 1, 'signup', { plan: 'pro', seats: 3 });
  at('2026-03-09T08:10:00Z'); pv('/hello', 2); ev('/hello', 2, 'signup', { plan: 'pro' }); ev('/hello', 2, 'signup', { plan: 'pro' });
  at('2026-03-09T09:00:00Z'); pv('/hike-day', 3, 'DE'); ev('/hike-day', 3, 'signup', { plan: 'free', contact: 'ada@example.org', phone: '+43 664 1234567' });
  // Today: 4 signs up for free, with 40 properties: 30 kept, the rest one "(other)".
  at('2026-03-10T11:00:00Z'); pv('/about', 4);
  ev('/about', 4, 'signup', { plan: 'free', ...Object.fromEntries(Array.from({ length: 39 }, (_, i) => [`p${String(i).padStart(2, '0')}`, 'x'])) });
  site.clock.now = FIXED_NOW;
  ({ http, panel } = served = await serveTestSite({ site }));
});
after(() => served.close());

test('limits: 30 properties an event, names of 64 characters without a colon, values of 200; the rest is "(other)"', () => {
  const many = readEventProperties(Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i])));
  assert.equal(Object.keys(many.props).length, MAX_PROPS_PER_EVENT + 1);
  assert.equal(many.props['(other)'], '(other)');
  const odd = readEventProperties({ ['n'.repeat(10_240)]: 'v', 'a:b': 'v2', ok: 'w'.repeat(201), yes: true });
  assert.deepEqual({ ...odd.props }, { '(other)': 'v', ok: '(other)', yes: 'true' });
  assert.deepEqual(readEventProperties(undefined), { props: Object.create(null), refused: [] });
  assert.throws(() => readEventProperties(['a']), /The field pr must be an object/);
  assert.throws(() => readEventProperties({ a: { nested: 1 } }), /Each property value must be a text, a number or true\/false/);
  assert.throws(() => readEventProperties({ a: null }), /Each property value must be/);
  const proto = readEventProperties(JSON.parse('{"__proto__": "x", "constructor": "y"}'));
  assert.deepEqual(Object.entries(proto.props), [['__proto__', 'x'], ['constructor', 'y']]);
});

test('values that look like personal data are refused and counted as refused', () => {
  for (const value of ['ada@example.org', 'Mail: a.b@c.co', '+43 664 1234567', '(030) 123-4567', '4111 1111 1111 1111', 'id 123456789012']) assert.equal(looksPersonal(value), true, value);
  for (const value of ['pro', '2026', '19.99', 'plan-42', 'v1.2.3', 'Room 101']) assert.equal(looksPersonal(value), false, value);
  assert.deepEqual(readEventProperties({ email: 'ada@example.org', plan: 'pro' }).refused, ['email']);
});

test('a million distinct values a day cannot grow the tables: past 1,000 a property they count as "(other)"', () => {
  const recorder = new VisitRecorder();
  recorder.pageview({ visitor: 0, startsVisit: true, path: '/a', hour: 1, facets: { source: '(direct)', campaign: '', country: 'AT', language: 'de', device: 'laptop', browser: 'Firefox 133', os: 'Linux' } });
  for (let i = 0; i < 20_000; i++) recorder.event(0, 'e', '/a', true, { id: `value ${i}` });
  const table = recorder.toTable('2026-03-01');
  assert.equal(table.names.propValues!.length, MAX_VALUES_PER_PROP_DAY + 1);
  assert.equal(table.prEv.length, 20_000);
  const other = table.names.propValues!.indexOf('(other)');
  assert.equal(table.prValue.filter((v) => v === other).length, 20_000 - MAX_VALUES_PER_PROP_DAY);
});

test('property filters are written prop:<name>:<value>, one per property', () => {
  assert.deepEqual(parseFilters(['prop:plan:pro', 'country:AT']), [{ dimension: 'country', value: 'AT' }, { dimension: 'prop', name: 'plan', value: 'pro' }]);
  assert.deepEqual(parseFilters(['prop:url:https://x.example/a']), [{ dimension: 'prop', name: 'url', value: 'https://x.example/a' }]);
  for (const bad of ['prop:plan', 'prop::x', `prop:${'n'.repeat(65)}:x`]) assert.throws(() => parseFilters([bad]), /A property filter is written prop:<name>:<value>/, bad);
  assert.throws(() => parseFilters(['prop:plan:a', 'prop:plan:b']), /at most one filter on the property plan/);
});

async function query(args: Record<string, unknown>): Promise<any> {
  const result = await callTool(site, http.url, site.tokens.statsOnly!, 'stats_query', { from: '2026-03-09', to: '2026-03-10', ...args });
  assert.equal(result.isError, undefined, result.content?.[0]?.text);
  return result.structuredContent;
}

async function checkFigures(when: string) {
  const names = await query({ dimension: 'props' });
  assert.deepEqual(names.props.slice(0, 2), [{ property: 'plan', visitors: 4, events: 5 }, { property: '(other)', visitors: 1, events: 1 }], when);
  assert.equal(names.rows_total, 1 + 1 + 1 + 29, when); // plan, (other), seats, p00-p28
  assert.deepEqual(names.properties_refused, { contact: 1, phone: 1 }, when);
  const plans = await query({ dimension: 'props', property: 'plan' });
  assert.deepEqual([plans.property, plans.props], ['plan', [{ value: 'pro', visitors: 2, events: 3 }, { value: 'free', visitors: 2, events: 2 }]], when);
  const pro = await query({ dimension: 'pages', filters: ['prop:plan:pro'] });
  assert.deepEqual([pro.visitors, pro.pages.map((p: any) => [p.path, p.visitors])], [2, [['/hello', 2]]], when);
  const freeInGermany = await query({ dimension: 'props', property: 'plan', filters: ['country:DE'] });
  assert.deepEqual(freeInGermany.props, [{ value: 'free', visitors: 1, events: 1 }], when);
  const none = await query({ dimension: 'pages', filters: ['prop:plan:enterprise'] });
  assert.deepEqual([none.visitors, none.pages], [0, []], when);
  const api = await fetch(`${panel.url}/svc/api/v1/stats?period=7d&filter=${encodeURIComponent('prop:plan:free')}`, { headers: { authorization: `Bearer ${site.tokens.statsOnly}` } });
  assert.deepEqual([api.status, ((await api.json()) as any).visitors], [200, 2], when);
  const jar = await served.signIn('ann@example.org');
  const page = await get(panel, '/svc/panel/stats?period=7d', jar);
  assert.match(page.text, /<h2>Properties<\/h2>.*plan: pro<\/a><\/td><td class="num">2<\/td><td class="num">3<\/td>/s, when);
  assert.match(page.text, /2 values were refused as personal data \(an e-mail address, a phone number or a long number\): contact 1, phone 1\./, when);
  const filtered = await get(panel, `/svc/panel/stats?period=7d&filter=${encodeURIComponent('prop:plan:pro')}`, jar);
  assert.match(filtered.text, /Property: plan: pro/);
  assert.match(filtered.text, /<dt>Visitors<\/dt><dd>2<\/dd>/);
}

test('breakdowns and filters by property, the same before and after the rollup', async () => {
  site.clock.now = FIXED_NOW;
  await checkFigures('before');
  assert.equal(site.deps.stats.files.hasDaily('2026-03-10'), false);
  at('2026-03-11T08:00:00Z');
  await checkFigures('after');
  assert.equal(site.deps.stats.files.hasDaily('2026-03-10'), true);
});

test('at the collect address: properties that are not an object of values are a 400; a beacon over 4 KB a 413; nothing counted', async () => {
  // The clock stays on the 11th (the rate limiter's clock never goes back).
  const before = (await query({ dimension: 'events', to: '2026-03-11' })).events;
  const send = (body: string) => fetch(`${panel.url}/svc/collect`, { method: 'POST', body, headers: { 'content-type': 'text/plain', 'user-agent': UA(9) } });
  const bad = await send(JSON.stringify({ t: 'ev', p: '/hello', n: 'x', pr: [1, 2] }));
  assert.equal(bad.status, 400);
  assert.match(((await bad.json()) as any).message, /The field pr must be an object/);
  const huge = await send(JSON.stringify({ t: 'ev', p: '/hello', n: 'x', pr: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i])) }));
  assert.equal(huge.status, 413);
  const script = await send(JSON.stringify({ t: 'ev', p: '/hello', n: '<script>alert(1)</script>' }));
  assert.equal(script.status, 204);
  const after = (await query({ dimension: 'events', to: '2026-03-11' })).events;
  assert.deepEqual(after.filter((row: any) => !before.some((b: any) => b.event === row.event)).map((row: any) => row.event), ['<script>alert(1)</script>']);
  const jar = await served.signIn('ann@example.org');
  const page = await get(panel, '/svc/panel/stats?period=today', jar);
  assert.ok(page.text.includes('&lt;script&gt;alert(1)&lt;/script&gt;') && !page.text.includes('<script>alert(1)'));
});
