// Streamable HTTP rules of POST /svc/mcp, against the real server on port 0.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { TestSite } from '../helpers/test-site.ts';
import { post, rpc, MCP_HEADERS, type HttpHarness } from '../helpers/mcp-http.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
const METADATA_URL = 'http://127.0.0.1:8080/.well-known/oauth-protected-resource/svc/mcp';
/** SEP-835: every scope the tools need, in one challenge, and no offline_access. */
const SCOPE = 'stats:read content:read content:write content:publish';
const INVALID_TOKEN_SENTENCE = 'A valid token is required to use the MCP server: send "Authorization: Bearer <token>" with a token created in the panel under Assistants, or connect with OAuth.';

before(async () => {
  ({ site, http } = served = await serveTestSite());
});
after(() => served.close());

const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };

test('answers a request with 200 and one JSON object', async () => {
  const answer = await rpc(site, http.url, site.tokens.admin!, 'ping');
  assert.equal(answer.status, 200);
  assert.match(answer.headers.get('content-type')!, /^application\/json/);
  assert.equal(answer.headers.get('mcp-session-id'), null);
  assert.deepEqual(answer.json, { jsonrpc: '2.0', id: answer.json.id, result: {} });
});

test('refuses a request without a token with 401, the sentence and the metadata challenge', async () => {
  const answer = await post(http.url, ping, null);
  assert.equal(answer.status, 401);
  assert.deepEqual(answer.json, { error: INVALID_TOKEN_SENTENCE });
  assert.equal(answer.headers.get('www-authenticate'), `Bearer resource_metadata="${METADATA_URL}", scope="${SCOPE}"`);
});

test('refuses an unknown token with 401 and error="invalid_token"', async () => {
  const answer = await post(http.url, ping, 'svc_' + 'x'.repeat(40));
  assert.equal(answer.status, 401);
  assert.deepEqual(answer.json, { error: INVALID_TOKEN_SENTENCE });
  assert.equal(answer.headers.get('www-authenticate'), `Bearer resource_metadata="${METADATA_URL}", scope="${SCOPE}", error="invalid_token"`);
});

test('refuses a non-bearer Authorization header as no token', async () => {
  const answer = await post(http.url, ping, null, { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` });
  assert.equal(answer.status, 401);
  assert.equal(answer.headers.get('www-authenticate'), `Bearer resource_metadata="${METADATA_URL}", scope="${SCOPE}"`);
});

test('refuses a revoked token at once', async () => {
  const { token, record } = site.deps.auth.createToken({ ownerId: 'bob', name: 'short lived', scopes: ['content:read'], expiresInDays: 30 });
  assert.equal((await rpc(site, http.url, token, 'ping')).status, 200);
  site.deps.auth.revokeToken(record.id);
  const answer = await rpc(site, http.url, token, 'ping');
  assert.equal(answer.status, 401);
  assert.deepEqual(answer.json, { error: INVALID_TOKEN_SENTENCE });
});

test('refuses an expired token', async () => {
  const { token } = site.deps.auth.createToken({ ownerId: 'bob', name: 'expiring', scopes: ['content:read'], expiresInDays: 1 });
  assert.equal((await rpc(site, http.url, token, 'ping')).status, 200);
  site.clock.now += 2 * 86_400_000;
  const answer = await rpc(site, http.url, token, 'ping');
  assert.equal(answer.status, 401);
  assert.equal(answer.headers.get('www-authenticate'), `Bearer resource_metadata="${METADATA_URL}", scope="${SCOPE}", error="invalid_token"`);
});

test('refuses the tokens of a removed account', async () => {
  const person = await site.deps.auth.accounts.create({ name: 'Temp', email: 'temp@example.org', role: 'editor', password: 'correct horse battery' });
  const { token } = site.deps.auth.createToken({ ownerId: person.id, name: 'temp', scopes: ['content:read'], expiresInDays: 30 });
  assert.equal((await rpc(site, http.url, token, 'ping')).status, 200);
  site.deps.auth.removeAccount(person.id);
  assert.equal((await rpc(site, http.url, token, 'ping')).status, 401);
});

test('answers a notification with 202 and no body, also one with params by position (JSON-RPC 2.0 §4.1)', async () => {
  for (const params of [undefined, [], ['x']]) {
    const answer = await post(http.url, { jsonrpc: '2.0', method: 'notifications/initialized', ...(params ? { params } : {}) }, site.tokens.admin!);
    assert.equal(answer.status, 202, JSON.stringify(params));
    assert.equal(answer.text, '');
  }
});

test('answers a response sent by the client with 202', async () => {
  const answer = await post(http.url, { jsonrpc: '2.0', id: 5, result: {} }, site.tokens.admin!);
  assert.equal(answer.status, 202);
  assert.equal(answer.text, '');
});

test('answers GET, DELETE, PUT and PATCH with 405 and Allow: POST', async () => {
  for (const method of ['GET', 'DELETE', 'PUT', 'PATCH']) {
    const response = await fetch(http.url, { method, headers: { authorization: `Bearer ${site.tokens.admin}`, accept: 'text/event-stream' } });
    assert.equal(response.status, 405, method);
    assert.equal(response.headers.get('allow'), 'POST');
    assert.deepEqual(await response.json(), {
      jsonrpc: '2.0', id: null,
      error: { code: -32600, message: 'This endpoint takes POST only: send one JSON-RPC message per request. There is no event stream and no session to end.' },
    });
  }
});

test('refuses an Accept header without both JSON and event streams with 406', async () => {
  for (const accept of ['application/json', 'text/event-stream', '*/*', '']) {
    const answer = await post(http.url, ping, site.tokens.admin!, { accept });
    assert.equal(answer.status, 406, accept);
    assert.deepEqual(answer.json, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'The Accept header must list both application/json and text/event-stream.' } });
  }
});

test('refuses a body that is not application/json with 415', async () => {
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', '']) {
    const answer = await post(http.url, JSON.stringify(ping), site.tokens.admin!, { 'content-type': type });
    assert.equal(answer.status, 415, type);
    assert.deepEqual(answer.json, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'The request body must be JSON, sent with Content-Type: application/json.' } });
  }
  const withCharset = await post(http.url, ping, site.tokens.admin!, { 'content-type': 'application/json; charset=utf-8' });
  assert.equal(withCharset.status, 200);
});

test('refuses unparseable JSON with 400 and -32700', async () => {
  const answer = await post(http.url, '{"jsonrpc":"2.0",', site.tokens.admin!);
  assert.equal(answer.status, 400);
  assert.deepEqual(answer.json, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'The message is not valid JSON.' } });
});

test('refuses a body that is not a JSON-RPC message with 400 and -32600', async () => {
  const answer = await post(http.url, { hello: 'world' }, site.tokens.admin!);
  assert.equal(answer.status, 400);
  assert.deepEqual(answer.json, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'The message must have "jsonrpc": "2.0".' } });
});

test('refuses an unsupported MCP-Protocol-Version with 400 and accepts every supported one', async () => {
  const answer = await post(http.url, ping, site.tokens.admin!, { 'mcp-protocol-version': '2023-01-01' });
  assert.equal(answer.status, 400);
  assert.deepEqual(answer.json, {
    jsonrpc: '2.0', id: null,
    error: { code: -32600, message: 'The MCP-Protocol-Version 2023-01-01 is not supported; use one of 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05.' },
  });
  for (const version of ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']) {
    assert.equal((await rpc(site, http.url, site.tokens.admin!, 'ping', undefined, { 'mcp-protocol-version': version })).status, 200, version);
  }
});

test('accepts a batch when the revision is 2025-03-26 or not given, and answers it as an array', async () => {
  const batch = [{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', id: 2, method: 'nope' }];
  for (const headers of [{ 'mcp-protocol-version': '2025-03-26' }, { 'mcp-protocol-version': null }]) {
    site.clock.now += 1000;
    const answer = await post(http.url, batch, site.tokens.admin!, headers);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.json, [
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found: nope.' } },
    ]);
  }
});

test('answers a batch of notifications with 202', async () => {
  const answer = await post(http.url, [{ jsonrpc: '2.0', method: 'notifications/initialized' }], site.tokens.admin!, { 'mcp-protocol-version': '2025-03-26' });
  assert.equal(answer.status, 202);
});

test('refuses a batch in later revisions with 400 and -32600', async () => {
  for (const version of ['2025-06-18', '2025-11-25']) {
    const answer = await post(http.url, [ping], site.tokens.admin!, { 'mcp-protocol-version': version });
    assert.equal(answer.status, 400);
    assert.deepEqual(answer.json, {
      jsonrpc: '2.0', id: null,
      error: { code: -32600, message: `Batches are not accepted in protocol revision ${version}; send one message per request.` },
    });
  }
});

test('refuses a foreign Origin with 403 and accepts the site and localhost origins', async () => {
  const answer = await post(http.url, ping, site.tokens.admin!, { origin: 'https://evil.example' });
  assert.equal(answer.status, 403);
  assert.deepEqual(answer.json, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Requests from the origin https://evil.example are not allowed.' } });
  assert.equal((await post(http.url, ping, site.tokens.admin!, { origin: 'null' })).status, 403);
  for (const origin of ['http://127.0.0.1:8080', 'http://localhost:5173', 'http://[::1]:3000']) {
    site.clock.now += 1000;
    assert.equal((await post(http.url, ping, site.tokens.admin!, { origin })).status, 200, origin);
  }
});

test('refuses a foreign Host header with 403 (DNS rebinding) before asking for a token', async () => {
  const { request } = await import('node:http');
  const status = await new Promise<number>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: http.port, path: '/svc/mcp', method: 'POST', headers: { ...MCP_HEADERS, host: 'evil.example.com' } }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', reject);
    req.end(JSON.stringify(ping));
  });
  assert.equal(status, 403);
});

test('refuses a body over 14 MB with 413 and keeps serving', async () => {
  const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(14 * 1024 * 1024 + 10) } });
  const answer = await post(http.url, big, site.tokens.admin!);
  assert.equal(answer.status, 413);
  assert.deepEqual(answer.json, { jsonrpc: '2.0', id: null, error: { code: -32600, message: `The message is larger than ${14 * 1024 * 1024} bytes.` } });
  assert.equal((await rpc(site, http.url, site.tokens.admin!, 'ping')).status, 200);
});

test('accepts a message of 13 MB, the size of a 10 MB upload as base64', async () => {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { data: 'A'.repeat(13_400_000) } });
  site.clock.now += 1000;
  const answer = await post(http.url, body, site.tokens.admin!);
  assert.equal(answer.status, 200);
  assert.deepEqual(answer.json, { jsonrpc: '2.0', id: 1, result: {} });
});

test('serves the protected resource metadata at both addresses', async () => {
  for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/svc/mcp']) {
    const response = await fetch(`http://127.0.0.1:${http.port}${path}`);
    assert.equal(response.status, 200, path);
    assert.deepEqual(await response.json(), {
      resource: 'http://127.0.0.1:8080/svc/mcp',
      authorization_servers: ['http://127.0.0.1:8080'],
      scopes_supported: ['stats:read', 'content:read', 'content:write', 'content:publish'],
      bearer_methods_supported: ['header'],
    });
  }
});

test('allows 60 requests a minute per person, then 429 with Retry-After, across that person\'s tokens', async () => {
  // Carl's bucket is untouched so far; the clock stands still here.
  const { token: second } = site.deps.auth.createToken({ ownerId: 'carl', name: 'second', scopes: ['content:read'], expiresInDays: 30 });
  for (let i = 0; i < 60; i++) {
    const answer = await post(http.url, ping, i % 2 === 0 ? site.tokens.contributor! : second);
    assert.equal(answer.status, 200, `request ${i + 1}`);
  }
  const refused = await post(http.url, ping, second);
  assert.equal(refused.status, 429);
  assert.equal(refused.headers.get('retry-after'), '1');
  assert.deepEqual(refused.json, { error: 'Too many requests: at most 60 a minute per person. Try again in 1 second.' });
  // Someone else is not affected.
  assert.equal((await post(http.url, ping, site.tokens.editor!)).status, 200);
  site.clock.now += 1000;
  assert.equal((await post(http.url, ping, second)).status, 200);
});

test('a batch counts as the requests it holds: it cannot carry more a minute than one at a time can', async () => {
  // Ava's bucket is untouched so far (60 a minute); batches are taken in the 2025-03-26 revision.
  const { token } = site.deps.auth.createToken({ ownerId: 'ava', name: 'batches', scopes: ['content:read'], expiresInDays: 30 });
  const batch = (size: number, from: number) => Array.from({ length: size }, (_, i) => ({ jsonrpc: '2.0', id: from + i, method: 'ping' }));
  const oldRevision = { 'mcp-protocol-version': '2025-03-26' };
  const first = await post(http.url, batch(40, 0), token, oldRevision);
  assert.equal(first.status, 200);
  assert.equal((first.json as unknown[]).length, 40);
  // 20 are left: a batch of 30 is refused whole, and nothing of it runs.
  const refused = await post(http.url, batch(30, 100), token, oldRevision);
  assert.equal(refused.status, 429);
  assert.match((refused.json as { error: string }).error, /^Too many requests: at most 60 a minute per person\. Try again in \d+ seconds?\.$/);
  assert.ok(Number(refused.headers.get('retry-after')) >= 10, 'the wait is for the batch, not one request');
  assert.equal((await post(http.url, batch(19, 200), token, oldRevision)).status, 200);
  assert.equal((await post(http.url, ping, token)).status, 429);
  site.clock.now += 60_000;
});

test('is unaffected by a closed site', async () => {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const file = `${site.root}/content/site.yaml`;
  writeFileSync(file, readFileSync(file, 'utf8').replace('timezone:', 'closed: true\ntimezone:'));
  // The store notices a changed site.yaml at its next periodic check.
  site.clock.now += 10_000;
  assert.equal(site.deps.content.site().closed, true);
  const answer = await rpc(site, http.url, site.tokens.admin!, 'tools/call', { name: 'site_info', arguments: {} });
  assert.equal(answer.status, 200);
  assert.equal(answer.json.result.structuredContent.title, 'Test Alps');
});
