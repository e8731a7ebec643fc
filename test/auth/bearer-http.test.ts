// The people side seen from the resource side: tokens through the real server (Content API and MCP), D9/D10.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let root: string;
let server: TestServer;
const clock = { now: Date.parse('2026-03-01T10:00:00Z') };
const INVALID = 'A valid token is required: this token is unknown, expired or revoked.';

before(async () => {
  root = createFixtureSite();
  server = await startTestServer(root, { clock: () => clock.now });
  await server.deps.auth.accounts.create({ name: 'Erin', email: 'erin@example.org', role: 'editor', password: 'correct horse battery' });
});
after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

function api(path: string, token?: string): Promise<Response> {
  return fetch(`${server.url}/svc/api/v1${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
}

function mcp(token: string): Promise<Response> {
  return fetch(`${server.url}/svc/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });
}

async function expect401(token: string): Promise<void> {
  const res = await api('/entries', token);
  assert.equal(res.status, 401);
  assert.deepEqual(await res.json(), { message: INVALID });
  const viaMcp = await mcp(token);
  assert.equal(viaMcp.status, 401);
  assert.match((await viaMcp.json()).error, /^A valid token is required/);
}

test('a working token is accepted by the Content API and MCP', async () => {
  const { token } = server.deps.auth.createToken({ ownerId: 'erin', name: 'Works', scopes: ['content:read'], expiresInDays: 90 });
  assert.equal((await api('/entries?status=draft', token)).status, 200);
  assert.equal((await mcp(token)).status, 200);
});

test('an unknown or malformed token gets 401', async () => {
  await expect401('svc_' + 'A'.repeat(40));
  await expect401('not-a-token');
});

test('a revoked token gets 401 on the next request', async () => {
  const { token, record } = server.deps.auth.createToken({ ownerId: 'erin', name: 'Revoke me', scopes: ['content:read'], expiresInDays: 90 });
  assert.equal((await api('/entries?status=draft', token)).status, 200);
  server.deps.auth.revokeToken(record.id);
  await expect401(token);
});

test('a token file deleted behind the server\'s back (another process revoking) gets 401 on the next request, right after a burst', async () => {
  const { token, record } = server.deps.auth.createToken({ ownerId: 'erin', name: 'Revoked elsewhere', scopes: ['content:read'], expiresInDays: 90 });
  // Requests arriving together share one look at the files; the next one after the change must not.
  const burst = await Promise.all(Array.from({ length: 20 }, () => mcp(token)));
  assert.deepEqual(burst.map((res) => res.status), Array(20).fill(200));
  rmSync(join(root, 'data', 'tokens', `${record.id}.json`));
  await expect401(token);
});

test('an expired token gets 401 like a revoked one', async () => {
  const { token } = server.deps.auth.createToken({ ownerId: 'erin', name: 'Month', scopes: ['content:read'], expiresInDays: 30 });
  const start = clock.now;
  clock.now = start + 30 * 86_400_000 - 1000;
  assert.equal((await api('/entries?status=draft', token)).status, 200);
  clock.now = start + 30 * 86_400_000;
  await expect401(token);
  clock.now = start;
});

test('a token of a removed account gets 401', async () => {
  await server.deps.auth.accounts.create({ name: 'Leaving', email: 'leaving@example.org', role: 'author', password: 'correct horse battery' });
  const { token } = server.deps.auth.createToken({ ownerId: 'leaving', name: 'Orphan', scopes: ['content:read'], expiresInDays: 90 });
  assert.equal((await api('/entries?status=draft', token)).status, 200);
  rmSync(join(root, 'data', 'accounts', 'leaving.yaml'));
  await expect401(token);
});

test('a scope the role lost gets 403 at once, and works again when the role has the right back', async () => {
  const { token } = server.deps.auth.createToken({ ownerId: 'erin', name: 'Drafts', scopes: ['content:read'], expiresInDays: 90 });
  assert.equal((await api('/entries?status=draft', token)).status, 200);
  writeFileSync(join(root, 'data', 'roles.yaml'), 'editor: [stats.view, assistants.use]\n');
  const lost = await api('/entries?status=draft', token);
  assert.equal(lost.status, 403);
  assert.deepEqual(await lost.json(), { message: 'This token may not read entries with status draft: it needs the scope content:read, and the role editor of Erin no longer allows it. Ask an administrator about the role.' });
  rmSync(join(root, 'data', 'roles.yaml'));
  assert.equal((await api('/entries?status=draft', token)).status, 200);
  server.deps.auth.accounts.setRole('erin', 'contributor');
  assert.equal((await api('/entries?status=draft', token)).status, 200, 'contributors keep content:read');
  server.deps.auth.accounts.setRole('erin', 'editor');
});
