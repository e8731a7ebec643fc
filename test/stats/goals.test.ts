// Goals: patterns that cannot backtrack, what a goal may be, the goal file, stats_goals and the API with
// filters, and the panel's Goals page (forms with CSRF, bad input refused with nothing saved, escaping).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite, FIXED_NOW, type TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { get, post, csrfOf, type Jar } from '../helpers/panel-harness.ts';
import { createStatsService } from '../../dist/wiring/create-stats-service.js';
import { compilePattern, patternProblem } from '../../dist/stats/path-pattern.js';
import { checkGoal, MAX_GOALS } from '../../dist/stats/goals.js';
import { GoalStore } from '../../dist/stats/goal-store.js';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
let jar: Jar;
const UA = (n: number) => `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/201001${n} Firefox/133.0`;

function at(iso: string): void { site.clock.now = Date.parse(iso); }
function pv(path: string, who: number, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): void {
  site.deps.stats.collect(JSON.stringify({ t: 'pv', p: path, r: '', w: 1300, z: 'Europe/Vienna', l: 'de-AT', ...extra }), { 'user-agent': UA(who), ...headers }, '10.0.0.1');
}
function ev(path: string, who: number, name: string): void {
  site.deps.stats.collect(JSON.stringify({ t: 'ev', p: path, n: name }), { 'user-agent': UA(who) }, '10.0.0.1');
}

before(async () => {
  site = await makeTestSite();
  site.deps.stats = createStatsService(site.deps.config, site.deps.content, () => site.clock.now, (day) => createHash('sha256').update(`salt ${day}`).digest());
  // Yesterday (rolled up when asked): 1 and 2 from Austria sign up after /hello; 3 from Germany (a CDN header) views /hike-day twice.
  at('2026-03-09T08:00:00Z'); pv('/hello', 1); ev('/hello', 1, 'signup');
  at('2026-03-09T08:10:00Z'); pv('/hello', 2); ev('/hello', 2, 'signup'); ev('/hello', 2, 'signup');
  at('2026-03-09T09:00:00Z'); pv('/hike-day', 3, {}, { 'cf-ipcountry': 'DE' }); pv('/hike-day?x=1', 3, {}, { 'cf-ipcountry': 'DE' }); pv('/hike-day', 3, {}, { 'cf-ipcountry': 'DE' });
  // Today: 4 views /hello.
  at('2026-03-10T11:00:00Z'); pv('/hello', 4);
  site.clock.now = FIXED_NOW;
  ({ http, panel } = served = await serveTestSite({ site }));
  jar = await served.signIn('ann@example.org');
});
after(() => served.close());

test('a pattern matches with * as any characters, and a hostile one costs one pass, not a search', { timeout: 10_000 }, () => {
  const cases: [string, string, boolean][] = [
    ['/blog/*', '/blog/a', true], ['/blog/*', '/blog/', true], ['/blog/*', '/blo', false], ['/*/edit', '/a/b/edit', true], ['/*/edit', '/a/b/editx', false],
    ['/hello', '/hello', true], ['/hello', '/hello/', false], ['*a*a*', '/aa', true], ['/a*a', '/a', false], ['/x**y', '/xy', true],
  ];
  for (const [pattern, path, expected] of cases) assert.equal(compilePattern(pattern).matches(path), expected, `${pattern} ${path}`);
  const hostile = compilePattern(`/${'*'.repeat(150)}a${'*'.repeat(148)}`);
  const long = `/${'b'.repeat(299)}`;
  for (let i = 0; i < 10_000; i++) assert.equal(hostile.matches(long), false);
  assert.equal(compilePattern('**********a').matches(`${'/'.repeat(1)}${'a'.repeat(5000)}b`), false);
  assert.equal(patternProblem('blog/*'), 'must be a path starting with /, with * for any characters (e.g. /blog/*)');
  assert.equal(patternProblem(`/${'x'.repeat(300)}`), 'must be at most 300 characters');
  assert.equal(patternProblem('/a b'), 'must not contain spaces or control characters');
});

test('a goal that cannot be one is refused with a sentence naming what is wrong', () => {
  const refusals: [Record<string, unknown>, RegExp][] = [
    [{ kind: 'funnel' }, /kind of goal must be one of page, event, scroll, outbound, download/],
    [{ kind: 'page', pattern: 'hello' }, /The page must be a path starting with \//],
    [{ kind: 'event' }, /The event name is missing/],
    [{ kind: 'event', event: 'x'.repeat(101) }, /The event name must be 1 to 100 characters/],
    [{ kind: 'scroll', pattern: '/a', scroll: 0 }, /whole percent from 1 to 100/],
    [{ kind: 'scroll', pattern: '/a', scroll: '101' }, /whole percent from 1 to 100/],
    [{ kind: 'scroll', pattern: '/a', scroll: 'abc' }, /whole percent from 1 to 100/],
    [{ kind: 'page', pattern: '/a', name: 'a\u0000b' }, /The name must be 1 to 100 characters without control characters/],
  ];
  for (const [input, sentence] of refusals) assert.throws(() => checkGoal(input), sentence, JSON.stringify(input));
  assert.deepEqual(checkGoal({ kind: 'scroll', pattern: '/blog/*', scroll: '75' }), { name: 'Scroll 75% on /blog/*', kind: 'scroll', pattern: '/blog/*', scroll: 75 });
});

test('the goal file: added and removed whole, at most 50, a damaged line left out and the rest kept', () => {
  const dir = makeTempFolder('svc-goals-');
  const store = new GoalStore(new TrustedFolders([dir]), dir);
  const first = store.add({ kind: 'event', event: 'signup' });
  assert.match(first.id, /^g[0-9a-f]{8}$/);
  assert.throws(() => store.add({ kind: 'page', pattern: 'x' }), /The page must be/);
  assert.equal(store.list().length, 1);
  for (let i = 1; i < MAX_GOALS; i++) store.add({ kind: 'page', pattern: `/p${i}` });
  assert.throws(() => store.add({ kind: 'page', pattern: '/one-more' }), /at most 50 goals/);
  assert.equal(store.remove(first.id), true);
  assert.equal(store.remove(first.id), false);
  const doc = JSON.parse(readFileSync(join(dir, 'goals.json'), 'utf8'));
  doc.goals.push({ id: 'g00000000', kind: 'page', pattern: 'not a path' }, { id: '../x', kind: 'event', event: 'e' });
  writeFileSync(join(dir, 'goals.json'), JSON.stringify(doc));
  assert.equal(new GoalStore(new TrustedFolders([dir]), dir).list().length, MAX_GOALS - 1);
  writeFileSync(join(dir, 'goals.json'), '{"goals": [');
  assert.deepEqual(new GoalStore(new TrustedFolders([dir]), dir).list(), []);
});

test('stats_goals and the API: conversions of goals made after the data, for a period and filters', async () => {
  const signup = site.deps.stats.goals.add({ kind: 'event', event: 'signup' });
  const hike = site.deps.stats.goals.add({ kind: 'page', name: 'Hike', pattern: '/hike*' });
  const answer = (await callTool(site, http.url, site.tokens.statsOnly!, 'stats_goals', { period: '7d' })).structuredContent;
  assert.deepEqual([answer.from, answer.to, answer.visitors, answer.filters], ['2026-03-04', '2026-03-10', 4, []]);
  assert.deepEqual(answer.goals, [
    { id: signup.id, name: 'signup', kind: 'event', target: 'signup', visitors: 2, conversions: 3, conversion_rate: 0.5 },
    { id: hike.id, name: 'Hike', kind: 'page', target: '/hike*', visitors: 1, conversions: 3, conversion_rate: 0.25 },
  ]);
  const filtered = (await callTool(site, http.url, site.tokens.statsOnly!, 'stats_goals', { period: '7d', filters: ['country:AT'] })).structuredContent;
  assert.deepEqual([filtered.visitors, filtered.filters, filtered.goals.map((g: any) => [g.visitors, g.conversions, g.conversion_rate])], [3, ['country:AT'], [[2, 3, 0.667], [0, 0, 0]]]);
  const today = (await callTool(site, http.url, site.tokens.statsOnly!, 'stats_goals', { period: 'today' })).structuredContent;
  assert.deepEqual(today.goals.map((g: any) => g.conversions), [0, 0]);
  const bad = await callTool(site, http.url, site.tokens.statsOnly!, 'stats_goals', { filters: ['planet:mars'] });
  assert.equal(bad.isError, true);
  assert.match(bad.content[0].text, /A filter is written dimension:value/);
  const refused = await callTool(site, http.url, site.tokens.editor!, 'stats_goals', {});
  assert.match(refused.content[0].text, /needs the scope stats:read/);
  const api = (path: string, token?: string) => fetch(`${panel.url}/svc/api/v1/stats/goals${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  const got = await api('?period=7d&filter=country:DE', site.tokens.statsOnly);
  assert.equal(got.status, 200);
  assert.deepEqual(((await got.json()) as any).goals.map((g: any) => [g.visitors, g.conversions]), [[0, 0], [1, 3]]);
  assert.equal((await api('?period=7d')).status, 401);
  assert.equal((await api('?period=7d', site.tokens.editor)).status, 403);
  assert.equal((await api('?period=week', site.tokens.statsOnly)).status, 422);
  assert.equal((await api('?filter=nope', site.tokens.statsOnly)).status, 422);
  site.deps.stats.goals.remove(signup.id);
  site.deps.stats.goals.remove(hike.id);
});

test('the panel: a goal added with the form counts at once; a bad one is refused and nothing saved; removal needs the form\'s token', async () => {
  const page = await get(panel, '/svc/panel/stats/goals', jar);
  assert.equal(page.res.status, 200);
  const csrf = csrfOf(page.text);
  const added = await post(panel, '/svc/panel/stats/goals', { csrf, kind: 'event', event: '<script>alert(1)</script>', name: '' }, jar);
  assert.equal(added.res.status, 303);
  const goal = site.deps.stats.goals.list()[0]!;
  assert.equal(goal.event, '<script>alert(1)</script>');
  const shown = await get(panel, '/svc/panel/stats/goals?done=added', jar);
  assert.ok(shown.text.includes('&lt;script&gt;alert(1)&lt;/script&gt;') && !shown.text.includes('<script>alert'));
  const refused = await post(panel, '/svc/panel/stats/goals', { csrf, kind: 'scroll', pattern: '/a', scroll: '500', name: 'Deep' }, jar);
  assert.equal(refused.res.status, 422);
  assert.match(refused.text, /The scroll depth must be a whole percent from 1 to 100\./);
  assert.match(refused.text, /value="Deep"/);
  assert.equal(site.deps.stats.goals.list().length, 1);
  const forged = await post(panel, '/svc/panel/stats/goals', { csrf: 'forged', kind: 'outbound' }, jar);
  assert.equal(forged.res.status, 403);
  assert.equal((await post(panel, '/svc/panel/stats/goals/remove', { id: goal.id }, jar)).res.status, 403);
  assert.equal(site.deps.stats.goals.list().length, 1);
  const stats = await get(panel, '/svc/panel/stats?period=7d', jar);
  assert.match(stats.text, /<h2>Goals<\/h2>.*&lt;script&gt;alert\(1\)&lt;\/script&gt;/s);
  assert.equal((await post(panel, '/svc/panel/stats/goals/remove', { csrf, id: goal.id }, jar)).res.status, 303);
  assert.equal((await post(panel, '/svc/panel/stats/goals/remove', { csrf, id: goal.id }, jar)).res.status, 404);
  assert.deepEqual(site.deps.stats.goals.list(), []);
  const carl = await served.signIn('carl@example.org');
  assert.equal((await get(panel, '/svc/panel/stats/goals', carl)).res.status, 403);
});
