// Funnels: steps in order within one visit (pages, goals, events), per step visitors, drop-off and conversion,
// for a period and filters, through stats_funnel, the API and the panel; bad steps refused in one sentence.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { makeTestSite, FIXED_NOW, type TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { get, type Jar } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { createStatsService } from '../../dist/wiring/create-stats-service.js';
import { parseFunnel } from '../../dist/stats/funnel.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
let jar: Jar;
const UA = (n: number) => `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/201001${n} Firefox/133.0`;
const at = (iso: string) => { site.clock.now = Date.parse(iso); };
const pv = (path: string, who: number, country = 'AT') => site.deps.stats.collect(JSON.stringify({ t: 'pv', p: path, r: '', w: 1300 }), { 'user-agent': UA(who), 'cf-ipcountry': country }, '10.0.0.1');
const ev = (path: string, who: number, name: string) => site.deps.stats.collect(JSON.stringify({ t: 'ev', p: path, n: name }), { 'user-agent': UA(who) }, '10.0.0.1');

before(async () => {
  site = await makeTestSite();
  site.deps.stats = createStatsService(site.deps.config, site.deps.content, () => site.clock.now, (day) => createHash('sha256').update(`salt ${day}`).digest());
  // Yesterday: 1 goes /, /hello, /about and signs up; 2 goes /, /about, /hello (/about too early); 3 (Germany) goes
  // /, /hello, then after an hour (a new visit) /about; 4 goes /hello only.
  at('2026-03-09T08:00:00Z'); pv('/', 1); at('2026-03-09T08:01:00Z'); pv('/hello', 1); at('2026-03-09T08:02:00Z'); pv('/about', 1); ev('/about', 1, 'signup');
  at('2026-03-09T09:00:00Z'); pv('/', 2); at('2026-03-09T09:01:00Z'); pv('/about', 2); at('2026-03-09T09:02:00Z'); pv('/hello', 2);
  at('2026-03-09T10:00:00Z'); pv('/', 3, 'DE'); at('2026-03-09T10:01:00Z'); pv('/hello', 3, 'DE'); at('2026-03-09T11:30:00Z'); pv('/about', 3, 'DE');
  at('2026-03-09T12:00:00Z'); pv('/hello', 4);
  // Today: 5 goes /, /hello, /about.
  at('2026-03-10T10:00:00Z'); pv('/', 5); pv('/hello', 5); pv('/about', 5);
  site.clock.now = FIXED_NOW;
  ({ http, panel } = served = await serveTestSite({ site }));
  jar = await served.signIn('ann@example.org');
});
after(() => served.close());

const funnel = async (args: Record<string, unknown>) => {
  const result = await callTool(site, http.url, site.tokens.statsOnly!, 'stats_funnel', args);
  return result.isError ? { error: result.content[0].text as string } : result.structuredContent;
};

test('per step the visitors who reached it in order in one visit, the drop-off and the conversion', async () => {
  const answer = await funnel({ steps: ['/', '/hello', '/about'], period: '7d' });
  assert.deepEqual([answer.from, answer.to, answer.filters, answer.conversion_rate], ['2026-03-04', '2026-03-10', [], 0.5]);
  assert.deepEqual(answer.steps, [
    { step: '/', label: '/', visitors: 4, dropoff: 0, dropoff_rate: null, conversion_rate: 1 },
    { step: '/hello', label: '/hello', visitors: 4, dropoff: 0, dropoff_rate: 0, conversion_rate: 1 },
    { step: '/about', label: '/about', visitors: 2, dropoff: 2, dropoff_rate: 0.5, conversion_rate: 0.5 },
  ]);
  const goal = site.deps.stats.goals.add({ kind: 'page', name: 'About', pattern: '/ab*' });
  const withGoal = await funnel({ steps: ['/*', `goal:${goal.id}`, 'event:signup'], period: '7d', filters: ['country:AT'] });
  assert.deepEqual(withGoal.steps.map((s: any) => [s.label, s.visitors]), [['/*', 4], ['About', 3], ['signup', 1]]);
  const germany = await funnel({ steps: ['/', '/hello', '/about'], period: '7d', filters: ['country:DE'] });
  assert.deepEqual(germany.steps.map((s: any) => s.visitors), [1, 1, 0]);
  const api = await fetch(`${panel.url}/svc/api/v1/stats/funnel?period=7d&step=%2F&step=%2Fhello`, { headers: { authorization: `Bearer ${site.tokens.statsOnly}` } });
  assert.deepEqual(((await api.json()) as any).steps.map((s: any) => s.visitors), [4, 4]);
  site.deps.stats.goals.remove(goal.id);
});

test('9 steps, 1 step, an unknown goal, a step that is no page and a hostile pattern: one sentence each, or a quick answer', { timeout: 20_000 }, async () => {
  assert.match((await funnel({ steps: Array.from({ length: 9 }, (_, i) => `/p${i}`) })).error, /steps: must be a list of 2 to 8 steps/);
  assert.match((await funnel({ steps: ['/'] })).error, /steps: must be a list of 2 to 8 steps/);
  assert.match((await funnel({ steps: ['/', 'goal:g12345678'] })).error, /Step 2 names the goal g12345678, which the site does not have; stats_goals lists the goals/);
  assert.match((await funnel({ steps: ['/', 'hello'] })).error, /Step 2 must be a page \(\/path or \/pattern\/\*\), goal:<id> or event:<name>/);
  assert.match((await funnel({ steps: ['/', 'event:'] })).error, /Step 2 must name an event of 1 to 100 characters/);
  assert.throws(() => parseFunnel(Array.from({ length: 9 }, () => '/'), []), /A funnel has 2 to 8 steps; this one has 9\./);
  const hostile = await funnel({ steps: ['**********a'.replace(/^\*/, '/'), `/${'*'.repeat(150)}b${'*'.repeat(140)}`], period: '90d' });
  assert.deepEqual(hostile.steps.map((s: any) => s.visitors), [0, 0]);
  const api = (query: string, token = site.tokens.statsOnly) => fetch(`${panel.url}/svc/api/v1/stats/funnel?${query}`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal((await api('step=%2F')).status, 422);
  assert.equal((await api('step=%2F&step=%2Fa&period=year')).status, 422);
  assert.equal((await api('step=%2F&step=%2Fa', site.tokens.editor)).status, 403);
});

test('the panel draws the funnel as bars in a table, keeps a bad step in the form with the sentence, needs stats.view', async () => {
  const page = await get(panel, '/svc/panel/stats/funnel?period=7d&step=%2F&step=%2Fhello&step=%2Fabout', jar);
  assert.equal(page.res.status, 200);
  const cells = [...page.text.matchAll(/<td class="num">([^<]*)<\/td>/g)].map((m) => m[1]);
  assert.deepEqual(cells, ['4', '–', '100%', '4', '0 (0%)', '100%', '2', '2 (50%)', '50%']);
  assert.match(page.text, /<rect width="50\.0" height="10" fill="#2456c7"\/>/);
  const bad = await get(panel, '/svc/panel/stats/funnel?step=%2F&step=%3Cscript%3E', jar);
  assert.equal(bad.res.status, 422);
  assert.match(bad.text, /Step 2 must be a page/);
  assert.ok(bad.text.includes('value="&lt;script&gt;"') && !bad.text.includes('<script>'), 'the step is kept, escaped');
  // 50 steps: the refusal counts what was asked, as the Content API's does (the form shows 20 of them).
  const many = await get(panel, `/svc/panel/stats/funnel?${Array.from({ length: 50 }, (_, i) => `step=%2Fp${i}`).join('&')}`, jar);
  assert.equal(many.res.status, 422);
  assert.match(many.text, /A funnel has 2 to 8 steps; this one has 50\./);
  const empty = await get(panel, '/svc/panel/stats/funnel', jar);
  assert.equal(empty.res.status, 200);
  const carl = await served.signIn('carl@example.org');
  assert.equal((await get(panel, '/svc/panel/stats/funnel', carl)).res.status, 403);
});
