// SVC_RATE_LIMITS=off (config rateLimits: false) lifts every rate limit the README lists: MCP per person,
// the Content API, OAuth registration and the token endpoint. With the limits on, the same traffic is refused.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createFixtureSite } from './helpers/fixture-site.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const roots: string[] = [];
const servers: TestServer[] = [];
after(async () => {
  for (const server of servers) await server.close();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

async function start(rateLimits: boolean): Promise<{ server: TestServer; token: string }> {
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
