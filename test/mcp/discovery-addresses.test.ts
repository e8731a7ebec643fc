// The documents an MCP client reads before it connects (the protected resource metadata, RFC 9728; the
// authorization server's metadata, RFC 8414 and OpenID discovery; the server card) are public and kept by
// caches for an hour, so each answers at one address, as the site and the Content API do
// (src/http/canonical-address.ts): a trailing slash is a 301 to it, with CORS as the documents have; an empty
// segment is the server's 404. They all answered 200 at `/…/` and `/…//…` before. The endpoints taking a
// POST (/svc/mcp, /svc/oauth/token, /svc/oauth/register) are left as they were: no cache keeps their answers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { rawGet } from '../helpers/raw-get.ts';

let root: string;
let server: TestServer;
before(async () => {
  root = createFixtureSite();
  server = await startTestServer(root);
});
after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const DOCUMENTS = [
  '/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/svc/mcp',
  '/.well-known/oauth-authorization-server', '/.well-known/openid-configuration',
  '/.well-known/mcp/server-card.json', '/.well-known/mcp/server-card',
];

test('a discovery document with a trailing slash is sent to its one address, with CORS', async () => {
  for (const address of DOCUMENTS) {
    const canonical = await rawGet(server.url, address);
    assert.equal(canonical.status, 200, address);
    assert.equal(canonical.headers['cache-control'], 'public, max-age=3600', address);
    for (const target of [`${address}/`, `${address}//`]) {
      const moved = await rawGet(server.url, target);
      assert.equal(moved.status, 301, `${target} -> ${moved.status}`);
      assert.equal(moved.headers.location, address, target);
      assert.equal(moved.headers['access-control-allow-origin'], '*', target);
      assert.equal(moved.headers['cache-control'], undefined, target);
    }
  }
});

test('a discovery document\'s address with an empty segment is no address: the server\'s 404', async () => {
  for (const address of DOCUMENTS) {
    const inner = address.replace('/.well-known/', '/.well-known//');
    for (const target of [inner, `${address.slice(0, address.lastIndexOf('/'))}//${address.slice(address.lastIndexOf('/') + 1)}`]) {
      const answer = await rawGet(server.url, target);
      assert.equal(answer.status, 404, `${target} -> ${answer.status}`);
      assert.equal(answer.headers['cache-control'], 'no-store', target);
      assert.equal(answer.body, '{"message":"Nothing is at this address."}', target);
    }
  }
});

test('the POST endpoints answer as before at any spelling: none of their answers is kept by a cache', async () => {
  const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
  for (const target of ['/svc/mcp', '/svc/mcp/']) {
    const answer = await fetch(`${server.url}${target}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: ping });
    assert.equal(answer.status, 401, target);
    assert.equal(answer.headers.get('cache-control'), 'private, no-store', target);
  }
  for (const target of ['/svc/oauth/token', '/svc/oauth/token/']) {
    const answer = await fetch(`${server.url}${target}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=nothing' });
    assert.equal(answer.status, 400, target);
    assert.equal(answer.headers.get('cache-control'), 'no-store', target);
  }
});
