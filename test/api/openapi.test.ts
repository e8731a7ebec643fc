// /svc/api/v1/openapi.json: a valid OpenAPI 3.1 document (checked by a real validator fetched at test
// time), made from the zod schemas the API validates its requests with, and describing the answers the API
// really gives: each answer below is checked against it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { AnswerChecker, openApiProblems } from '../helpers/openapi-tools.ts';
import { watchApiAnswers } from '../helpers/api-answer-watch.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { changesQuery, entriesQuery, entryQuery, entrySchema, statsExportQuery, statsFunnelQuery, statsGoalsQuery, statsQuery } from '../../dist/api/answers/api-schemas.js';
import { ALL_ENTRY_KEYS } from '../../dist/api/answers/entry-keys.js';
import { API_PATHS } from '../../dist/api/openapi.js';
import { buildRouter } from '../../dist/wiring/routes.js';

const API = '/svc/api/v1';
let server: TestServer;
let document: any;
let checker: AnswerChecker;
const tokens: Record<string, string> = {};

before(async () => {
  server = await startTestServer(createFixtureSite(), { rateLimits: { api: 1000 } });
  for (const [name, scopes] of [['reader', ['content:read']], ['stats', ['stats:read']]] as const) {
    const account = await server.deps.auth.accounts.create({ name, email: `${name}@example.org`, role: 'admin', password: 'a long password 1' });
    tokens[name] = server.deps.auth.createToken({ ownerId: account.id, name, scopes: [...scopes], expiresInDays: 30 }).token;
  }
  const response = await fetch(`${server.url}${API}/openapi.json`);
  assert.equal(response.status, 200);
  document = await response.json();
  checker = new AnswerChecker(document);
});
after(() => server.close());

test('the document is valid OpenAPI 3.1 by a real validator, served with an ETag to anyone', async () => {
  assert.equal(document.openapi, '3.1.0');
  assert.deepEqual(await openApiProblems(document), []);
  assert.equal(document.servers[0].url, `${server.url}${API}`);
  const first = await fetch(`${server.url}${API}/openapi.json`);
  assert.equal(first.headers.get('access-control-allow-origin'), '*');
  assert.equal((await fetch(`${server.url}${API}/openapi.json`, { headers: { 'if-none-match': first.headers.get('etag')! } })).status, 304);
  // The validator does find a broken document.
  const broken = structuredClone(document);
  broken.paths['/entries'].get.parameters[0].in = 'nowhere';
  assert.notDeepEqual(await openApiProblems(broken), []);
});

test('every address the router serves below the API prefix is in the document, and nothing else', () => {
  // The routes as registered (wiring/routes.ts: the content endpoints, /changes and the statistics ones).
  const routes = (buildRouter(server.deps) as any).routes as Array<{ method?: string; segments?: string[] }>;
  const served = routes.filter((route) => route.method === 'GET' && route.segments?.join('/').startsWith('svc/api/v1/'))
    .map((route) => `/${route.segments!.slice(3).join('/')}`);
  assert.deepEqual([...served].sort(), [...Object.keys(document.paths)].sort());
  assert.deepEqual(Object.keys(document.paths), ['/site', '/entries', '/entry', '/changes', '/stats', '/stats/goals', '/stats/funnel', '/stats/export', '/openapi.json']);
  assert.deepEqual(Object.keys(document.paths), API_PATHS);
  // GET and HEAD (the same answer without its body), and the CORS preflight, at each.
  for (const [path, item] of Object.entries<any>(document.paths)) {
    assert.deepEqual(Object.keys(item), ['get', 'head', 'options'], path);
    assert.deepEqual(Object.keys(item.head.responses), Object.keys(item.get.responses), path);
    assert.deepEqual(item.head.parameters, item.get.parameters, path);
    for (const response of Object.values<any>(item.head.responses)) assert.equal(response.content, undefined, path);
    assert.deepEqual(Object.keys(item.options.responses), ['204', '414'], path);
    assert.deepEqual(item.options.security, []);
    assert.deepEqual(Object.keys(item.options.responses['204'].headers).sort(),
      ['Access-Control-Allow-Headers', 'Access-Control-Allow-Methods', 'Access-Control-Allow-Origin', 'Access-Control-Expose-Headers', 'Access-Control-Max-Age']);
  }
});

test('every endpoint and every parameter comes from the schemas the API validates with', () => {
  const names = (path: string) => document.paths[path].get.parameters.map((parameter: any) => parameter.name);
  const parameter = (path: string, name: string) => document.paths[path].get.parameters.find((one: any) => one.name === name);
  assert.deepEqual(names('/site'), []);
  assert.deepEqual(names('/entries'), Object.keys(entriesQuery.shape));
  assert.deepEqual(names('/entry'), Object.keys(entryQuery.shape));
  assert.deepEqual(names('/changes'), Object.keys(changesQuery.shape));
  assert.deepEqual(names('/stats'), Object.keys(statsQuery.shape));
  assert.deepEqual(names('/stats/goals'), Object.keys(statsGoalsQuery.shape));
  assert.deepEqual(names('/stats/funnel'), Object.keys(statsFunnelQuery.shape));
  assert.deepEqual(names('/stats/export'), Object.keys(statsExportQuery.shape));
  assert.deepEqual(names('/openapi.json'), []);
  const id = parameter('/entry', 'id');
  assert.equal(id.required, true);
  // Whole numbers are integers with their bounds and default, as the API reads them; no string pattern on an integer.
  assert.deepEqual(parameter('/entries', 'limit').schema, { default: 10, type: 'integer', minimum: 1, maximum: 100 });
  assert.deepEqual(parameter('/entries', 'page').schema, { default: 1, type: 'integer', minimum: 1, maximum: 1000000 });
  assert.deepEqual(parameter('/changes', 'limit').schema, { default: 100, type: 'integer', minimum: 1, maximum: 1000 });
  for (const [path, item] of Object.entries<any>(document.paths)) {
    for (const one of item.get.parameters) {
      if (one.schema.type === 'integer') assert.equal(one.schema.pattern, undefined, `${path} ${one.name}`);
      assert.equal(one.in, 'query');
    }
  }
  const since = parameter('/changes', 'since');
  assert.deepEqual([since.required, since.schema.type, since.schema.pattern], [false, 'string', '^[0-9]{1,16}$']);
  assert.deepEqual(parameter('/stats', 'period').schema.default, '7d');
  for (const path of ['/stats/goals', '/stats/funnel', '/stats/export']) assert.deepEqual(parameter(path, 'period').schema.default, '30d', path);
  const step = parameter('/stats/funnel', 'step');
  assert.deepEqual([step.required, step.schema.type, step.schema.minItems, step.schema.maxItems, step.style, step.explode], [true, 'array', 2, 8, 'form', true]);
  assert.deepEqual([parameter('/stats', 'filter').schema.type, parameter('/stats', 'filter').schema.maxItems], ['array', 16]);
  assert.deepEqual(parameter('/stats/export', 'from').schema.format, 'date');
  const status = document.paths['/entries'].get.parameters.find((parameter: any) => parameter.name === 'status');
  assert.deepEqual(status.schema.enum, ['published', 'draft', 'scheduled', 'any']);
  assert.deepEqual(Object.keys(document.components.schemas.Entry.properties), ALL_ENTRY_KEYS);
  assert.deepEqual(Object.keys(document.components.schemas.Entry.properties), Object.keys(entrySchema.shape));
  for (const path of ['/stats', '/stats/goals', '/stats/funnel', '/stats/export']) assert.deepEqual(document.paths[path].get.security, [{ bearer: [] }], path);
  for (const path of ['/site', '/entries', '/entry', '/changes', '/openapi.json']) assert.deepEqual(document.paths[path].get.security, [{}, { bearer: [] }], path);
});

test('the answers and errors of each endpoint, with the headers they are sent with', () => {
  const responses = (path: string) => document.paths[path].get.responses;
  const answer = (path: string) => responses(path)['200'].content['application/json'].schema.$ref;
  assert.equal(answer('/changes'), '#/components/schemas/ChangeList');
  assert.equal(answer('/stats/goals'), '#/components/schemas/GoalsReport');
  assert.equal(answer('/stats/funnel'), '#/components/schemas/FunnelReport');
  assert.equal(answer('/openapi.json'), '#/components/schemas/OpenApiDocument');
  assert.deepEqual(Object.keys(responses('/stats/export')['200'].content), ['application/zip']);
  assert.equal(document.components.schemas.StatsExport.contentMediaType, 'application/zip');
  const { Change, ChangeList } = document.components.schemas;
  assert.deepEqual(Object.keys(ChangeList.properties), ['data', 'next', 'resync', 'has_more']);
  assert.deepEqual(Object.keys(Change.properties), ['seq', 'time', 'kind', 'entry', 'languages', 'paths', 'before', 'media']);
  assert.deepEqual(Change.required, ['seq', 'time', 'kind', 'entry', 'languages', 'paths', 'before']);
  const statuses = (path: string) => Object.keys(responses(path));
  assert.deepEqual(statuses('/site'), ['200', '304', '401', '403', '414', '429']);
  assert.deepEqual(statuses('/entries'), ['200', '304', '401', '403', '414', '422', '429', '503']);
  assert.deepEqual(statuses('/entry'), ['200', '304', '401', '403', '404', '414', '422', '429']);
  assert.deepEqual(statuses('/changes'), ['200', '304', '401', '403', '414', '422', '429']);
  for (const path of ['/stats', '/stats/goals', '/stats/funnel']) assert.deepEqual(statuses(path), ['200', '304', '401', '403', '414', '422', '429'], path);
  assert.deepEqual(statuses('/stats/export'), ['200', '401', '403', '414', '422', '429'], 'a streamed download has no ETag and so no 304');
  assert.deepEqual(statuses('/openapi.json'), ['200', '304', '401', '403', '414', '429']);
  // Headers are described once, under components.headers, and named by reference.
  const header = (response: any, name: string) => {
    const given = response.headers[name];
    return given?.$ref === undefined ? given : document.components.headers[given.$ref.replace('#/components/headers/', '')];
  };
  // The 304 says what the 200 says: Cache-Control and the RateLimit headers as well as the ETag.
  for (const path of Object.keys(document.paths).filter((one) => one !== '/stats/export')) {
    const [ok, notModified] = [responses(path)['200'], responses(path)['304']];
    assert.deepEqual(notModified.headers, ok.headers, path);
    for (const name of ['ETag', 'Cache-Control', 'Vary', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Access-Control-Allow-Origin']) {
      assert.equal(header(notModified, name)?.required, true, `${path} 304 ${name}`);
    }
    assert.equal(notModified.content, undefined);
  }
  assert.match(header(responses('/changes')['200'], 'Cache-Control').description, /public, no-cache/);
  assert.equal(header(responses('/stats')['200'], 'Cache-Control').schema.const, 'private, no-store');
  const download = responses('/stats/export')['200'];
  for (const name of ['Content-Disposition', 'Cache-Control', 'RateLimit-Limit', 'X-Content-Type-Options']) assert.equal(header(download, name).required, true, name);
  assert.equal(download.headers.ETag, undefined);
  assert.equal(header(responses('/entries')['429'], 'Retry-After').required, true);
  assert.equal(header(responses('/entries')['503'], 'Retry-After').required, false);
  assert.equal(header(responses('/entries')['401'], 'WWW-Authenticate').schema.const, 'Bearer');
  assert.equal(responses('/entries')['414'].headers['RateLimit-Limit'], undefined, 'the server refuses a long address before any endpoint');
});

test('with q, fields may name snippet and score: the parameter says so, and a found entry may have only those named', () => {
  const fields = document.paths['/entries'].get.parameters.find((parameter: any) => parameter.name === 'fields');
  assert.match(fields.description, /; with q also snippet and score \(without fields a found entry has both\)\./);
  const { FoundEntry, SelectedFoundEntry } = document.components.schemas;
  assert.deepEqual(FoundEntry.required, ['snippet', 'score']);
  assert.deepEqual(Object.keys(SelectedFoundEntry.properties), [...ALL_ENTRY_KEYS, 'snippet', 'score']);
  assert.equal(SelectedFoundEntry.required, undefined);
  assert.deepEqual(checker.problems('/entries', 200, { data: [{ snippet: 'a <mark>b</mark>' }, { id: 'posts/a', score: 1.5 }], meta: { page: 1, pages: 1, total: 2 } }), []);
  assert.notDeepEqual(checker.problems('/entries', 200, { data: [{ snippet: 5 }], meta: { page: 1, pages: 1, total: 1 } }), []);
});

test('the answers the API gives conform to the document, errors included', async () => {
  const reader = { authorization: `Bearer ${tokens.reader}` };
  const requests: Array<[string, Record<string, string>?]> = [
    ['/site'], ['/entries'], ['/entries?body=1&limit=100'], ['/entries?type=page'], ['/entries?type=tag&language=de'], ['/entries?category=events'],
    ['/entries?fields=id,title'], ['/entries?formats=plaintext'], ['/entries?status=any&limit=100', reader], ['/entry?id=posts/hello'],
    ['/entry?id=posts/hello&fields=title&formats=plaintext'], ['/entry?id=posts/admin-draft', reader], ['/entry?id=posts/admin-draft'],
    ['/entry?id=posts/nothing'], ['/entry'], ['/entries?limit=0'], ['/entries?fields=nope'], ['/entries?status=draft'],
    ['/entries', { authorization: 'Bearer svc_wrong' }], ['/stats?period=7d', { authorization: `Bearer ${tokens.stats}` }], ['/stats'],
    ['/stats', reader], ['/stats?period=nope', { authorization: `Bearer ${tokens.stats}` }],
    ['/changes'], ['/changes?since=0'], ['/changes?since=0&limit=1', reader], ['/changes?since=abc'], ['/changes?since=0&limit=1001'],
    ['/changes', { authorization: 'Bearer svc_wrong' }], ['/openapi.json', { authorization: 'Bearer svc_wrong' }],
    ['/stats/goals', { authorization: `Bearer ${tokens.stats}` }], ['/stats/goals?period=today&filter=country:DE', { authorization: `Bearer ${tokens.stats}` }],
    ['/stats/goals'], ['/stats/goals', reader], ['/stats/goals?period=x', { authorization: `Bearer ${tokens.stats}` }],
    ['/stats/funnel?step=/&step=/hello', { authorization: `Bearer ${tokens.stats}` }], ['/stats/funnel?step=/', { authorization: `Bearer ${tokens.stats}` }],
    ['/stats/funnel?step=/&step=/hello'], ['/stats/export?from=2026-03-02&to=2026-03-01', { authorization: `Bearer ${tokens.stats}` }], ['/stats/export', reader],
  ];
  const statuses = new Set<number>();
  for (const [path, headers] of requests) {
    const response = await fetch(`${server.url}${API}${path}`, { headers: headers ?? {} });
    statuses.add(response.status);
    const body = await response.json();
    assert.deepEqual(checker.problems(path.split('?')[0]!, response.status, body), [], `${path}: ${JSON.stringify(body).slice(0, 200)}`);
  }
  assert.deepEqual([...statuses].sort(), [200, 401, 403, 404, 422]);
  // And the check finds an answer that does not conform.
  assert.notDeepEqual(checker.problems('/entries', 200, { data: [{ id: 5 }], meta: { page: 1, pages: 1, total: 1 } }), []);
  assert.notDeepEqual(checker.problems('/entry', 404, { error: 'x' }), []);
});

test('a request the schemas refuse is 422 with their sentence; parameters they do not know are passed over', async () => {
  for (const [path, message] of [
    ['/entries?limit=101', 'The parameter limit must be a whole number from 1 to 100.'],
    ['/entries?page=0', 'The parameter page must be a whole number from 1 to 1000000.'],
    ['/entries?status=deleted', 'The parameter status must be one of published, draft, scheduled, any.'],
    ['/entries?body=yes', 'The parameter body must be one of 0, 1.'],
    ['/entries?tag=Not%20A%20Slug', `The parameter tag must be a tag slug; GET ${API}/entries?type=tag lists them.`],
    [`/entries?type=${'x'.repeat(41)}`, 'The parameter type is not valid: Too big: expected string to have <=40 characters.'],
  ] as const) {
    const response = await fetch(`${server.url}${API}${path}`);
    assert.equal(response.status, 422, path);
    assert.equal((await response.json()).message, message, path);
  }
  assert.equal((await fetch(`${server.url}${API}/entries?unknown=1&__proto__=x&constructor=y`)).status, 200);
});

test('the watch every test server keeps finds an answer that does not conform (test-server.ts reports it at close)', async () => {
  const api = { 'ratelimit-limit': '120', 'ratelimit-remaining': '119', 'ratelimit-reset': '0' };
  const fake = createServer((req, res) => {
    const path = req.url!.split('?')[0]!;
    if (path === `${API}/entry`) {
      res.writeHead(404, { 'content-type': 'application/json', ...api });
      res.end('{"error":"no message"}');
    } else if (path === `${API}/not-an-endpoint`) {
      // The server's own "no route" (no RateLimit headers: no endpoint answered): no answer of the API's.
      res.writeHead(404, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end('{"message":"Nothing is at this address."}');
    } else if (path === `${API}/entries` && req.headers['if-none-match']) {
      // A 304 that leaves out what the 200 says.
      res.writeHead(304, { etag: '"x"', ...api });
      res.end();
    } else {
      // Served but not described (/undescribed), or not conforming (/entries).
      res.writeHead(200, { 'content-type': 'application/json', etag: '"x"', ...api });
      res.end('{"data":[{"id":5}],"meta":{"page":1,"pages":1,"total":1}}');
    }
  });
  const problems = watchApiAnswers(fake);
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  try {
    await (await fetch(`${base}${API}/entries`)).text();
    await (await fetch(`${base}${API}/entry?id=x`)).text();
    await (await fetch(`${base}${API}/not-an-endpoint`)).text();
    await (await fetch(`${base}${API}/undescribed?a=1`)).text();
    await (await fetch(`${base}${API}/entries`, { headers: { 'if-none-match': '"x"' } })).text();
    await (await fetch(`${base}${API}/undescribed`, { method: 'HEAD' })).text();
    await new Promise((resolve) => setImmediate(resolve));
    const found = problems().join('\n');
    assert.ok(problems().some((problem) => problem.includes('/entries 200: /data/0/id must be string')), found);
    assert.ok(problems().some((problem) => problem.includes("/entry 404: (root) must have required property 'message'")), found);
    assert.ok(problems().some((problem) => problem.includes('/entries 200: the header Cache-Control is described as always sent, and was not')), found);
    assert.ok(problems().some((problem) => problem.includes('/entries 304: the header Cache-Control is described as always sent, and was not')), found);
    assert.ok(problems().some((problem) => problem.includes('/undescribed?a=1: 200: the Content API answers /undescribed, which openapi.json does not describe')), found);
    assert.ok(problems().some((problem) => problem.startsWith('HEAD /svc/api/v1/undescribed: 200: the Content API answers /undescribed')), found);
    assert.ok(!problems().some((problem) => problem.includes('not-an-endpoint')), found);
  } finally {
    fake.close();
  }
});

test('the real server\'s answer to an address below the prefix that no endpoint has is its own 404, which the watch passes over', async () => {
  const response = await fetch(`${server.url}${API}/not-an-endpoint`);
  assert.equal(response.status, 404);
  assert.equal(response.headers.get('ratelimit-limit'), null);
  await response.text();
});
