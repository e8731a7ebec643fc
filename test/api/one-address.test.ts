// Each Content API endpoint answers at one address, as the public site does (test/site/one-address.test.ts):
// a CDN keys its cache by the address as sent and svc's purges name one, so `/svc/api/v1/site/` or
// `/svc/api/v1//site` answered 200 beside `/svc/api/v1/site`, each a copy of its own, was a copy no purge
// reached. A trailing slash is now a 301 to the one address (query kept, CORS so a browser app follows it);
// an empty segment, a backslash or a fragment is the server's 404 for an address without a route
// (src/api/api-request.ts says why). The real server on port 0 over the fixture site; its OpenAPI watch
// (test/helpers/api-answer-watch.ts) checks every answer here when it closes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { rawGet, type RawAnswer } from '../helpers/raw-get.ts';

const API = '/svc/api/v1';
let root: string;
let server: TestServer;
let statsToken: string;

before(async () => {
  root = createFixtureSite();
  server = await startTestServer(root, { rateLimits: { api: 10_000 } });
  const account = await server.deps.auth.accounts.create({ name: 'Stats', email: 'stats@example.org', role: 'admin', password: 'a long password 1' });
  statsToken = server.deps.auth.createToken({ ownerId: account.id, name: 'stats', scopes: ['stats:read'], expiresInDays: 30 }).token;
});
after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (target: string, headers: Record<string, string> = {}, method = 'GET') => rawGet(server.url, target, headers, method);

/** The one address of every endpoint, with the query a client sends and the token it needs. */
const ENDPOINTS: Array<{ path: string; query: string; token?: () => string }> = [
  { path: '/site', query: '' },
  { path: '/entries', query: '?type=post&limit=2' },
  { path: '/entry', query: '?id=posts/hello' },
  { path: '/openapi.json', query: '' },
  { path: '/changes', query: '' },
  { path: '/stats', query: '?period=today', token: () => statsToken },
];
const auth = (token?: () => string): Record<string, string> => (token ? { authorization: `Bearer ${token()}` } : {});

/** The server's own answer for an address no route takes: never kept, never sniffed, no RateLimit. */
function assertNoRoute(answer: RawAnswer, target: string): void {
  assert.equal(answer.status, 404, `${target} -> ${answer.status}`);
  assert.equal(answer.headers['cache-control'], 'no-store', target);
  assert.equal(answer.headers['x-content-type-options'], 'nosniff', target);
  assert.equal(answer.headers['ratelimit-limit'], undefined, target);
  assert.equal(answer.body, '{"message":"Nothing is at this address."}', target);
}

test('a trailing slash is a 301 to the endpoint\'s one address, query kept, which answers as before', async () => {
  for (const { path, query, token } of ENDPOINTS) {
    const canonical = await get(`${API}${path}${query}`, auth(token));
    assert.equal(canonical.status, 200, `${path}: ${canonical.body.slice(0, 200)}`);
    assert.ok(canonical.headers['ratelimit-limit'] && canonical.headers['cache-control'], path);
    for (const target of [`${API}${path}/${query}`, `${API}${path}//${query}`]) {
      for (const method of ['GET', 'HEAD']) {
        const moved = await get(target, auth(token), method);
        assert.equal(moved.status, 301, `${method} ${target} -> ${moved.status}`);
        assert.equal(moved.headers.location, `${API}${path}${query}`, target);
        // A browser app's fetch follows a cross-origin redirect only with CORS on it.
        assert.equal(moved.headers['access-control-allow-origin'], '*', target);
        // Sent before any step of the endpoint: nothing taken from the bucket, nothing shown.
        assert.equal(moved.headers['ratelimit-limit'], undefined, target);
        assert.equal(moved.headers['cache-control'], undefined, target);
        assert.match(moved.body, /^(0\r\n\r\n)?$/, `${target}: no body (an empty chunked one for GET)`);
      }
    }
    // Where it is sent is the answer itself (the change feed's cursor and the figures move with time).
    if (path === '/changes' || path === '/stats') continue;
    const followed = await get(`${API}${path}${query}`, auth(token));
    assert.deepEqual([followed.status, followed.body], [200, canonical.body], path);
  }
});

test('an empty segment, a backslash or a fragment is no address of the API: 404, never the answer', async () => {
  for (const { path, query, token } of ENDPOINTS) {
    const name = path.slice(1);
    for (const target of [
      `${API}//${name}${query}`, `/svc//api/v1/${name}${query}`, `/svc/api//v1/${name}`, `${API}//${name}/`,
      `${API}\\${name}${query}`, `${API}${path}#top`, `${API}${path}#${query}`,
    ]) assertNoRoute(await get(target, auth(token)), target);
  }
  // Escapes never matched an endpoint (the router compares segments as sent): still 404.
  for (const target of [`${API}/%73ite`, `${API}/site%2F`, `${API}%2Fsite`]) assert.equal((await get(target)).status, 404, target);
});

test('another spelling takes nothing from the bucket: the one address still answers after many', async () => {
  const limited = await startTestServer(root, { rateLimits: { api: 1 } });
  try {
    for (let i = 0; i < 5; i++) {
      assert.equal((await rawGet(limited.url, `${API}/site/`)).status, 301);
      assert.equal((await rawGet(limited.url, `${API}//site`)).status, 404);
    }
    const first = await rawGet(limited.url, `${API}/site`);
    assert.equal(first.status, 200, first.body);
    assert.equal((await rawGet(limited.url, `${API}/site`)).status, 429);
  } finally {
    await limited.close();
  }
});

test('the CORS preflight answers at any address below the API, as before: a browser follows no redirect from one', async () => {
  for (const target of [`${API}/site`, `${API}/site/`, `${API}//site`]) {
    const preflight = await get(target, { origin: 'https://app.example', 'access-control-request-method': 'GET' }, 'OPTIONS');
    assert.equal(preflight.status, 204, target);
    assert.equal(preflight.headers['access-control-allow-origin'], '*', target);
  }
});
