// SVC_RATE_LIMITS=off (config rateLimits: false) lifts every rate limit the README lists: MCP per person,
// the Content API, OAuth registration and the token endpoint. With the limits on, the same traffic is refused.
// Each limit can also be set on its own (SVC_RATE_LIMIT_MCP, _API, _OAUTH_REGISTER, _OAUTH_TOKEN), read
// strictly: a bad value stops the start with one sentence.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { ConfigError, loadConfig } from '../../dist/config.js';
import type { RateLimitsSetting } from '../../src/lib/rate-limit-settings.ts';

const roots: string[] = [];
const servers: TestServer[] = [];
after(async () => {
  for (const server of servers) await server.close();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

async function start(rateLimits: RateLimitsSetting): Promise<{ server: TestServer; token: string }> {
  const root = createFixtureSite();
  roots.push(root);
  const server = await startTestServer(root, { rateLimits });
  servers.push(server);
  const account = await server.deps.auth.accounts.create({ name: 'Ann Admin', email: 'ann@example.org', role: 'admin', password: 'a long password' });
  const { token } = server.deps.auth.createToken({ ownerId: account.id, name: 'limits', scopes: ['content:read'], expiresInDays: null });
  return { server, token };
}

/** Statuses of `count` requests, sent one after the other. */
async function statuses(count: number, send: () => Promise<Response>): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await send();
    await res.arrayBuffer();
    seen.push(res.status);
  }
  return seen;
}

const mcpCall = (server: TestServer, token: string) => () => fetch(`${server.url}/svc/mcp`, {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'site_info', arguments: {} } }),
});
const register = (server: TestServer) => () => fetch(`${server.url}/svc/oauth/register`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/cb'] }),
});
const tokenRequest = (server: TestServer) => () => fetch(`${server.url}/svc/oauth/token`, {
  method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=password',
});
const apiList = (server: TestServer) => () => fetch(`${server.url}/svc/api/v1/entries`);

/**
 * Sends `allowed` requests, which must all pass, then more until the first 429, which it returns. Buckets
 * refill as time passes (MCP one a second, the Content API one every half second), so on a slow machine a
 * few more may pass first; 20 more without a refusal fails.
 */
async function firstRefusal(allowed: number, send: () => Promise<Response>): Promise<Response> {
  assert.deepEqual(await statuses(allowed, send), Array<number>(allowed).fill(200));
  for (let extra = 0; extra < 20; extra++) {
    const res = await send();
    if (res.status === 429) return res;
    await res.arrayBuffer();
  }
  assert.fail(`no 429 within 20 requests after ${allowed}`);
}

test('with the limits on, MCP, the Content API, OAuth registration and the token endpoint each answer 429 past their limit', async () => {
  const { server, token } = await start(true);
  await (await firstRefusal(60, mcpCall(server, token))).arrayBuffer();
  const refused = await firstRefusal(120, apiList(server));
  // 120 a minute refill one every half second: the wait is said in the singular.
  assert.deepEqual(await refused.json(), { message: 'Too many requests: at most 120 a minute. Try again in 1 second.' });
  assert.equal((await statuses(11, register(server))).at(-1), 429);
  assert.equal((await statuses(31, tokenRequest(server))).at(-1), 429);
});

test('SVC_RATE_LIMITS=off lifts every one of them: the same traffic and more is answered without a 429', async () => {
  const { server, token } = await start(false);
  assert.deepEqual(new Set(await statuses(70, mcpCall(server, token))), new Set([200]));
  assert.deepEqual(new Set(await statuses(130, apiList(server))), new Set([200]));
  assert.deepEqual(new Set(await statuses(15, register(server))), new Set([201]));
  assert.deepEqual(new Set(await statuses(40, tokenRequest(server))), new Set([400]));
});

test('each limit is read from its own setting; one set on its own wins over SVC_RATE_LIMITS=off', () => {
  assert.equal(loadConfig([], { SVC_ROOT: '/srv/site' }).rateLimits, true);
  assert.equal(loadConfig([], { SVC_ROOT: '/srv/site', SVC_RATE_LIMITS: 'off' }).rateLimits, false);
  assert.deepEqual(loadConfig([], { SVC_ROOT: '/srv/site', SVC_RATE_LIMIT_MCP: '5', SVC_RATE_LIMIT_OAUTH_TOKEN: 'off' }).rateLimits,
    { mcp: 5, api: 120, oauth_register: 10, oauth_token: null, collect: 600 });
  assert.deepEqual(loadConfig([], { SVC_ROOT: '/srv/site', SVC_RATE_LIMITS: 'off', SVC_RATE_LIMIT_OAUTH_TOKEN: '30' }).rateLimits,
    { mcp: null, api: null, oauth_register: null, oauth_token: 30, collect: null });
});

for (const [name, value] of [
  ['SVC_RATE_LIMIT_MCP', '0'], ['SVC_RATE_LIMIT_API', '-5'], ['SVC_RATE_LIMIT_OAUTH_REGISTER', '1.5'], ['SVC_RATE_LIMIT_OAUTH_TOKEN', 'none'],
  ['SVC_RATE_LIMIT_MCP', '060'], ['SVC_RATE_LIMIT_API', '1000001'], ['SVC_RATE_LIMIT_MCP', ' 60'], ['SVC_RATE_LIMIT_API', 'OFF'],
] as const) {
  test(`${name}=${JSON.stringify(value)} is refused with one sentence`, () => {
    assert.throws(() => loadConfig([], { SVC_ROOT: '/srv/site', [name]: value }), (error: unknown) =>
      error instanceof ConfigError && error.message === `svc: the setting ${name} must be a whole number of requests a minute from 1 to 1000000, or off.`);
  });
}

test('a limit set on its own holds at its value, with its number in the 429 sentence, while the others keep theirs', async () => {
  const { server, token } = await start(loadConfig([], { SVC_ROOT: '/srv/site', SVC_RATE_LIMIT_MCP: '3', SVC_RATE_LIMIT_API: '4', SVC_RATE_LIMIT_OAUTH_REGISTER: '2', SVC_RATE_LIMIT_OAUTH_TOKEN: '5' }).rateLimits);
  assert.deepEqual(await statuses(3, mcpCall(server, token)), [200, 200, 200]);
  const mcpRefused = await mcpCall(server, token)();
  assert.equal(mcpRefused.status, 429);
  assert.match((await mcpRefused.json()).error, /^Too many requests: at most 3 a minute per person\. Try again in \d+ seconds?\.$/);
  assert.deepEqual(await statuses(4, apiList(server)), [200, 200, 200, 200]);
  const apiRefused = await apiList(server)();
  assert.equal(apiRefused.status, 429);
  assert.equal(apiRefused.headers.get('ratelimit-limit'), '4');
  assert.match((await apiRefused.json()).message, /^Too many requests: at most 4 a minute\. Try again in \d+ seconds?\.$/);
  assert.deepEqual(await statuses(3, register(server)), [201, 201, 429]);
  assert.deepEqual(await statuses(6, tokenRequest(server)), [400, 400, 400, 400, 400, 429]);
});

test('SVC_RATE_LIMITS=off beside one limit of its own keeps only that one', async () => {
  const { server, token } = await start(loadConfig([], { SVC_ROOT: '/srv/site', SVC_RATE_LIMITS: 'off', SVC_RATE_LIMIT_OAUTH_TOKEN: '2' }).rateLimits);
  assert.deepEqual(new Set(await statuses(70, mcpCall(server, token))), new Set([200]));
  assert.deepEqual(new Set(await statuses(130, apiList(server))), new Set([200]));
  assert.deepEqual(new Set(await statuses(15, register(server))), new Set([201]));
  assert.deepEqual(await statuses(3, tokenRequest(server)), [400, 400, 429]);
});
