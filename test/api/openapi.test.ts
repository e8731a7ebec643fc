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
import { entriesQuery, entryQuery, entrySchema } from '../../dist/api/answers/api-schemas.js';
import { ALL_ENTRY_KEYS } from '../../dist/api/answers/entry-keys.js';

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

test('every endpoint and every parameter comes from the schemas the API validates with', () => {
  assert.deepEqual(Object.keys(document.paths), ['/site', '/entries', '/entry', '/stats', '/openapi.json']);
  const names = (path: string) => document.paths[path].get.parameters.map((parameter: any) => parameter.name);
  assert.deepEqual(names('/entries'), Object.keys(entriesQuery.shape));
  assert.deepEqual(names('/entry'), Object.keys(entryQuery.shape));
  const id = document.paths['/entry'].get.parameters.find((parameter: any) => parameter.name === 'id');
  assert.equal(id.required, true);
  const limit = document.paths['/entries'].get.parameters.find((parameter: any) => parameter.name === 'limit');
  assert.deepEqual([limit.schema.type, limit.schema.minimum, limit.schema.maximum], ['integer', 1, 100]);
  const status = document.paths['/entries'].get.parameters.find((parameter: any) => parameter.name === 'status');
  assert.deepEqual(status.schema.enum, ['published', 'draft', 'scheduled', 'any']);
  assert.deepEqual(Object.keys(document.components.schemas.Entry.properties), ALL_ENTRY_KEYS);
  assert.deepEqual(Object.keys(document.components.schemas.Entry.properties), Object.keys(entrySchema.shape));
  assert.deepEqual(document.paths['/stats'].get.security, [{ bearer: [] }]);
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
  const fake = createServer((req, res) => {
    res.writeHead(req.url?.startsWith(`${API}/entry?`) ? 404 : 200, { 'content-type': 'application/json' });
    res.end(req.url?.startsWith(`${API}/entry?`) ? '{"error":"no message"}' : '{"data":[{"id":5}],"meta":{"page":1,"pages":1,"total":1}}');
  });
  const problems = watchApiAnswers(fake);
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  try {
    await (await fetch(`${base}${API}/entries`)).text();
    await (await fetch(`${base}${API}/entry?id=x`)).text();
    await (await fetch(`${base}${API}/not-an-endpoint`)).text();
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(problems().some((problem) => problem.includes('/entries 200: /data/0/id must be string')), problems().join('\n'));
    assert.ok(problems().some((problem) => problem.includes("/entry 404: (root) must have required property 'message'")), problems().join('\n'));
    assert.ok(!problems().some((problem) => problem.includes('not-an-endpoint')));
  } finally {
    fake.close();
  }
});
