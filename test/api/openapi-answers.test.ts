// The answers of every Content API address, through the real server, against openapi.json as the watch of
// test/helpers/api-answer-watch.ts checks them (here read at the end of each test, not only at close): the
// change feed and the statistics endpoints with real figures in them, the ZIP export, HEAD, 304 and the CORS
// preflight at every address; and the schemas the document is made from refuse what the handlers refuse.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createFixtureSite, FIXTURE_SITE_YAML } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { watchApiAnswers } from '../helpers/api-answer-watch.ts';
import { changesQuery, statsExportQuery, statsFunnelQuery, statsGoalsQuery, statsQuery } from '../../dist/api/answers/api-schemas.js';

const API = '/svc/api/v1';
const UA = (n: number) => `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/201001${n} Firefox/133.0`;
let root: string;
let server: TestServer;
let problems: () => string[];
const tokens: Record<string, string> = {};
let goalId: string;

const api = (path: string, token?: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  fetch(`${server.url}${API}${path}`, { ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) } });
let reported = 0;
/** The watch's findings since the last look, none expected; read after the answers are whole. */
async function noProblems(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  const found = problems().slice(reported);
  reported = problems().length;
  assert.deepEqual(found, []);
}

before(async () => {
  root = createFixtureSite();
  server = await startTestServer(root, { rateLimits: { api: 10_000 } });
  problems = watchApiAnswers(server.server);
  for (const [name, scopes] of [['reader', ['content:read']], ['stats', ['stats:read']]] as const) {
    const account = await server.deps.auth.accounts.create({ name, email: `${name}@example.org`, role: 'admin', password: 'a long password 1' });
    tokens[name] = server.deps.auth.createToken({ ownerId: account.id, name, scopes: [...scopes], expiresInDays: 30 }).token;
  }
  // Today's visitors: 1 and 2 view /hello and sign up, 2 goes on to /second; 3 from Germany views /second.
  const stats = server.deps.stats;
  const pv = (path: string, who: number, headers: Record<string, string> = {}) =>
    stats.collect(JSON.stringify({ t: 'pv', p: path, r: 'https://mastodon.social/', w: 1300, z: 'Europe/Vienna', l: 'de-AT' }), { 'user-agent': UA(who), ...headers }, '10.0.0.1');
  const ev = (path: string, who: number, name: string) => stats.collect(JSON.stringify({ t: 'ev', p: path, n: name }), { 'user-agent': UA(who) }, '10.0.0.1');
  pv('/hello', 1); ev('/hello', 1, 'signup');
  pv('/hello', 2); ev('/hello', 2, 'signup'); pv('/second', 2);
  pv('/second', 3, { 'cf-ipcountry': 'DE' });
  goalId = stats.goals.add({ kind: 'event', event: 'signup' }).id;
  stats.goals.add({ kind: 'page', pattern: '/second' });
});
after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

test('the statistics endpoints\' answers, figures in them, conform to the document', async () => {
  const report = await (await api('/stats?period=today', tokens.stats)).json();
  assert.ok(report.pageviews >= 4 && report.top_pages.length >= 2 && report.per_day.length === 1, JSON.stringify(report));
  const filtered = await api('/stats?period=7d&filter=page:/hello&filter=prop:plan:pro', tokens.stats);
  assert.equal(filtered.status, 200);
  assert.deepEqual((await filtered.json()).filters, ['page:/hello', 'prop:plan:pro']);
  const goals = await (await api('/stats/goals?period=today', tokens.stats)).json();
  assert.equal(goals.goals.length, 2);
  assert.ok(goals.goals.some((goal: any) => goal.conversions >= 2), JSON.stringify(goals));
  const funnel = await api(`/stats/funnel?period=today&step=/hello&step=goal:${goalId}&step=/second`, tokens.stats);
  assert.equal(funnel.status, 200);
  const steps = (await funnel.json()).steps;
  assert.equal(steps.length, 3);
  assert.equal(steps[0].visitors, 2);
  assert.equal((await api('/stats/funnel?step=/hello&step=goal:nothing', tokens.stats)).status, 422);
  await noProblems();
});

test('the export is a ZIP as the document says, for GET and HEAD; its refusals are JSON', async () => {
  const response = await api('/stats/export?period=7d', tokens.stats);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'application/zip');
  assert.match(response.headers.get('content-disposition')!, /^attachment; filename="statistics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.zip"$/);
  const bytes = Buffer.from(await response.arrayBuffer());
  assert.equal(bytes.subarray(0, 4).toString('binary'), 'PK\u0003\u0004');
  const head = await api('/stats/export?from=2026-03-01&to=2026-03-02', tokens.stats, { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(head.headers.get('content-type'), 'application/zip');
  for (const [query, status] of [['?from=2026-03-01', 422], ['?from=2026-01-01&to=2027-03-01', 422], ['?period=week', 422], ['', 401]] as const) {
    const refused = await api(`/stats/export${query}`, status === 401 ? undefined : tokens.stats);
    assert.equal(refused.status, status, query);
    assert.match((await refused.json()).message, /./);
  }
  assert.equal((await api('/stats/export', tokens.reader)).status, 403);
  await noProblems();
});

test('/changes answers, its events and its errors conform, a closed site\'s 401 and 403 (at every content address) included', async () => {
  const feed = server.deps.content.changes!.feed;
  const start = (await (await api('/changes')).json()).next;
  feed.append({ kind: 'entry.updated', entry: 'posts/hello', languages: ['en'], paths: ['/hello'], before: [], via: 'mcp', person: 'ann', token: 'Claude' });
  feed.append({ kind: 'site.changed', entry: null, languages: [], paths: [], before: [], via: 'panel', person: 'ann', token: null });
  const open = await api(`/changes?since=${start}`);
  assert.equal(open.headers.get('cache-control'), 'public, no-cache');
  const body = await open.json();
  assert.equal(body.data.length, 2);
  assert.equal((await api(`/changes?since=${start}`, undefined, { headers: { 'if-none-match': open.headers.get('etag')! } })).status, 304);
  assert.equal((await api(`/changes?since=${start}&limit=1`, tokens.reader)).headers.get('cache-control'), 'private, no-store');
  assert.equal((await api('/changes?since=')).status, 422);
  const closedRoot = createFixtureSite({ 'content/site.yaml': FIXTURE_SITE_YAML.replace('approval_mode: false', 'approval_mode: false\nclosed: true') });
  const closed = await startTestServer(closedRoot);
  const closedProblems = watchApiAnswers(closed.server);
  try {
    const account = await closed.deps.auth.accounts.create({ name: 'Stats', email: 'stats@example.org', role: 'admin', password: 'a long password 1' });
    const statsOnly = closed.deps.auth.createToken({ ownerId: account.id, name: 'stats', scopes: ['stats:read'], expiresInDays: 1 }).token;
    const anonymous = await fetch(`${closed.url}${API}/changes?since=0`);
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.headers.get('www-authenticate'), 'Bearer');
    assert.equal((await fetch(`${closed.url}${API}/changes?since=0`, { headers: { authorization: `Bearer ${statsOnly}` } })).status, 403);
    for (const path of ['/site', '/entries', '/entry?id=posts/hello', '/openapi.json']) {
      const refused = await fetch(`${closed.url}${API}${path}`, { headers: { authorization: `Bearer ${statsOnly}` } });
      assert.equal(refused.status, 403, path);
      await refused.text();
    }
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(closedProblems(), []);
  } finally {
    await closed.close();
    rmSync(closedRoot, { recursive: true, force: true });
  }
  await noProblems();
});

test('at every address: GET, a 304 with what the 200 says, HEAD without a body, and the CORS preflight, as described', async () => {
  const asked: Array<[string, string | undefined]> = [
    ['/site', undefined], ['/entries?limit=2', undefined], ['/entries?limit=2', tokens.reader], ['/entry?id=posts/hello', undefined],
    ['/changes?since=0', undefined], ['/changes', tokens.reader], ['/stats?period=today', tokens.stats], ['/stats/goals', tokens.stats],
    ['/stats/funnel?step=/hello&step=/second', tokens.stats], ['/openapi.json', undefined],
  ];
  for (const [path, token] of asked) {
    const ok = await api(path, token);
    assert.equal(ok.status, 200, path);
    await ok.arrayBuffer();
    for (const name of ['etag', 'cache-control', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'vary']) assert.ok(ok.headers.get(name) !== null, `${path} ${name}`);
    const notModified = await api(path, token, { headers: { 'if-none-match': ok.headers.get('etag')! } });
    assert.equal(notModified.status, 304, path);
    assert.equal(notModified.headers.get('cache-control'), ok.headers.get('cache-control'), path);
    assert.ok(notModified.headers.get('ratelimit-limit') !== null, path);
    const head = await api(path, token, { method: 'HEAD' });
    assert.equal(head.status, 200, path);
    assert.equal(await head.text(), '');
    const preflight = await api(path, undefined, { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    assert.equal(preflight.status, 204, path);
    assert.equal(preflight.headers.get('access-control-allow-methods'), 'GET, HEAD, OPTIONS');
  }
  assert.equal((await api('/entries?status=draft', undefined, { method: 'HEAD' })).status, 401);
  assert.equal((await api('/entries?status=draft', tokens.stats, { method: 'HEAD' })).status, 403);
  assert.equal((await api('/entries?limit=0', undefined, { method: 'HEAD' })).status, 422);
  const long = await api(`/entries?q=${'x'.repeat(5000)}`);
  assert.equal(long.status, 414);
  await long.text();
  await noProblems();
});

/** A query as the schemas read it: the repeatable parameters as lists, the others as their one value. */
function queryOf(search: string, lists: readonly string[]): Record<string, unknown> {
  const params = new URLSearchParams(search);
  const query: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) query[key] = lists.includes(key) ? params.getAll(key) : params.get(key);
  return query;
}

test('what the schemas the document is made from refuse, the handlers refuse with 422 (and what they take, the handlers answer)', async () => {
  // [endpoint, schema, repeatable parameters, queries the handler answers 200, queries it answers 422]
  const cases = [
    ['/changes', changesQuery, [], ['', 'since=0', 'since=9007199254740991', 'since=5&limit=1', 'since=5&limit=1000', 'limit=7'],
      ['since=', 'since=-1', 'since=abc', 'since=1.5', 'since=1e3', 'since=9007199254740992', 'since=10000000000000000', 'since=0&limit=0', 'since=0&limit=1001', 'limit=x']],
    ['/stats', statsQuery, ['filter'], ['', 'period=today', 'period=12m&filter=country:DE', 'filter=prop:plan:pro&filter=page:/a:b'],
      ['period=week', 'filter=country', 'filter=nation:DE', 'filter=prop:plan', `filter=country:${'x'.repeat(301)}`]],
    ['/stats/goals', statsGoalsQuery, ['filter'], ['', 'period=month', 'filter=device:mobile'], ['period=1d', 'filter=page:', 'filter=prop::x']],
    ['/stats/funnel', statsFunnelQuery, ['step', 'filter'], ['step=/&step=/hello', 'step=/&step=event:signup&period=today', `step=/a&step=goal:${'GOAL'}`],
      ['', 'step=/', 'step=/&step=hello', 'step=/&step=/a&step=/b&step=/c&step=/d&step=/e&step=/f&step=/g&step=/h', 'step=/&step=/a&period=x']],
    ['/stats/export', statsExportQuery, [], ['', 'period=today', 'from=2026-03-01&to=2026-03-01'],
      ['period=x', 'from=2026-02-30&to=2026-03-01', 'from=20260301&to=2026-03-02']],
  ] as const;
  for (const [endpoint, schema, lists, taken, refused] of cases) {
    const token = endpoint === '/changes' ? undefined : tokens.stats;
    for (const raw of taken) {
      const search = raw.replace('GOAL', goalId);
      assert.equal(schema.safeParse(queryOf(search, lists)).success, true, `${endpoint}?${search}: the schema takes it`);
      const response = await api(`${endpoint}?${search}`, token);
      assert.equal(response.status, 200, `${endpoint}?${search}`);
      await response.arrayBuffer();
    }
    for (const search of refused) {
      assert.equal(schema.safeParse(queryOf(search, lists)).success, false, `${endpoint}?${search}: the schema refuses it`);
      const response = await api(`${endpoint}?${search}`, token);
      assert.equal(response.status, 422, `${endpoint}?${search}`);
      await response.arrayBuffer();
    }
  }
  await noProblems();
});
