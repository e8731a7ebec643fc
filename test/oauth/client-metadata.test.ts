// OAuth Client ID Metadata Documents (SEP-991): an https client_id is the address of the client's own
// description. Here the documents are served from 127.0.0.1 by a small server of the test, which only the
// test-only switch of the OAuthService allows; the SSRF guards are checked on the fetch itself.
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  startOAuthServer, signIn, get, postForm, authorizePath, authorizationQuery, consentFields, pkcePair, tokenRequest, REDIRECT_URI, type OAuthHarness,
} from '../helpers/oauth-harness.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { fetchMetadataDocument, freshnessMs } from '../../dist/oauth/client-metadata-fetch.js';
import { isPublicAddress } from '../../dist/lib/public-address.js';

let h: OAuthHarness;
let docs: Server;
let docsBase: string;
/** What the document server answers per path: a status, headers and a body; fetches are counted. */
const served = new Map<string, { status?: number; headers?: Record<string, string>; body: string | (() => string); delayMs?: number }>();
const fetches = new Map<string, number>();

function document(path: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): string {
  const clientId = `${docsBase}${path}`;
  served.set(path, {
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ client_id: clientId, client_name: 'Doc Assistant', redirect_uris: [REDIRECT_URI], grant_types: ['authorization_code', 'refresh_token'], token_endpoint_auth_method: 'none', ...extra }),
  });
  return clientId;
}

before(async () => {
  h = await startOAuthServer({ loopbackClientDocuments: true });
  docs = createServer((req, res) => {
    fetches.set(req.url!, (fetches.get(req.url!) ?? 0) + 1);
    const answer = served.get(req.url!);
    if (!answer) return res.writeHead(404).end();
    if (answer.status === -1) return; // never answers
    setTimeout(() => {
      res.writeHead(answer.status ?? 200, answer.headers ?? {});
      res.end(typeof answer.body === 'function' ? answer.body() : answer.body);
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => docs.listen(0, '127.0.0.1', resolve));
  docsBase = `http://127.0.0.1:${(docs.address() as AddressInfo).port}`;
});
after(async () => {
  docs.closeAllConnections();
  await new Promise<void>((resolve) => docs.close(() => resolve()));
  await h.close();
});
beforeEach(() => { h.clock.now += 120_000; });

test('the metadata says client ID metadata documents are supported', async () => {
  const metadata = await (await fetch(`${h.url}/.well-known/oauth-authorization-server`)).json();
  assert.equal(metadata.client_id_metadata_document_supported, true);
});

test('a client known only by its document connects: consent names it and its host, then code, tokens, MCP and a refresh', async () => {
  const clientId = document('/clients/doc.json');
  const jar = await signIn(h, 'ada@example.org');
  const { verifier, challenge } = pkcePair();
  const page = await get(h, authorizePath(authorizationQuery(h, { clientId, challenge })), jar);
  assert.equal(page.res.status, 200);
  assert.match(page.text, /<h1>Connect “Doc Assistant”\?<\/h1>/);
  assert.match(page.text, new RegExp(`<dt>Described by</dt><dd><code>127\\.0\\.0\\.1:${new URL(docsBase).port}</code>`));
  const { res } = await postForm(h, '/svc/oauth/authorize', { ...consentFields(page.text), grant: ['content:read'], decision: 'allow' }, jar);
  assert.equal(res.status, 303);
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  const tokens = await tokenRequest(h, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: clientId });
  assert.equal(tokens.res.status, 200, JSON.stringify(tokens.json));
  assert.equal(tokens.json.scope, 'content:read');
  const mcp = await fetch(`${h.url}/svc/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.json.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'site_info', arguments: {} } }),
  });
  assert.equal((await mcp.json()).result.structuredContent.you.name, 'Ada Admin');
  const record = [...h.deps.auth.listTokens('ada')].find((token) => token.oauth_client === clientId);
  assert.equal(record?.name, 'Doc Assistant (OAuth)');
  const refreshed = await tokenRequest(h, { grant_type: 'refresh_token', refresh_token: tokens.json.refresh_token, client_id: clientId });
  assert.equal(refreshed.res.status, 200, JSON.stringify(refreshed.json));
});

test('a document that cannot be used is an error page naming why, never a redirect', async () => {
  const jar = await signIn(h, 'ada@example.org');
  const { challenge } = pkcePair();
  const cases: Array<[string, () => string, RegExp]> = [
    ['another client_id', () => { const id = document('/c/other.json'); served.set('/c/other.json', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_id: `${docsBase}/c/else.json`, client_name: 'X', redirect_uris: [REDIRECT_URI] }) }); return id; }, /client_id is not exactly the address/],
    ['no client_name', () => document('/c/noname.json', { client_name: undefined }), /client_name is missing/],
    ['no redirect_uris', () => document('/c/nouris.json', { redirect_uris: [] }), /redirect_uris must list 1 to 10/],
    ['a secret', () => document('/c/secret.json', { client_secret: 'shh' }), /contains a client_secret/],
    ['private_key_jwt', () => document('/c/jwt.json', { token_endpoint_auth_method: 'private_key_jwt' }), /token_endpoint_auth_method must be &quot;none&quot;/],
    ['a redirect', () => { served.set('/c/moved.json', { status: 302, headers: { location: `${docsBase}/clients/doc.json` }, body: '' }); return `${docsBase}/c/moved.json`; }, /redirects are not followed/],
    ['too large', () => document('/c/large.json', { padding: 'x'.repeat(17_000) }), /larger than 16384 bytes/],
    ['not JSON', () => { served.set('/c/html.json', { headers: { 'content-type': 'text/html' }, body: '<html>' }); return `${docsBase}/c/html.json`; }, /not served as application\/json/],
    ['missing', () => `${docsBase}/c/absent.json`, /answered with status 404/],
    ['no path', () => `${docsBase}/`, /must have a path/],
  ];
  for (const [why, make, reason] of cases) {
    const clientId = make();
    const page = await get(h, authorizePath(authorizationQuery(h, { clientId, challenge })), jar);
    assert.equal(page.res.status, 400, why);
    assert.equal(page.res.headers.get('location'), null, why);
    assert.match(page.text, /This application cannot be used/, why);
    assert.match(page.text, reason, why);
  }
});

test('the redirect_uri of the request must be one the document lists', async () => {
  const clientId = document('/clients/strict.json');
  const jar = await signIn(h, 'ada@example.org');
  const { challenge } = pkcePair();
  const page = await get(h, authorizePath(authorizationQuery(h, { clientId, challenge, redirectUri: 'http://127.0.0.1:9/elsewhere' })), jar);
  assert.equal(page.res.status, 400);
  assert.equal(page.res.headers.get('location'), null);
  assert.match(page.text, /not one that “Doc Assistant” registered/);
});

test('HTTP caching is honoured: kept for max-age, fetched each time with no-store', async () => {
  const jar = await signIn(h, 'ada@example.org');
  const { challenge } = pkcePair();
  const kept = document('/cache/kept.json', {}, { 'cache-control': 'public, max-age=60' });
  const fresh = document('/cache/fresh.json', {}, { 'cache-control': 'no-store' });
  for (let i = 0; i < 3; i++) {
    for (const clientId of [kept, fresh]) assert.equal((await get(h, authorizePath(authorizationQuery(h, { clientId, challenge })), jar)).res.status, 200);
  }
  assert.equal(fetches.get('/cache/kept.json'), 1);
  assert.equal(fetches.get('/cache/fresh.json'), 3);
  h.clock.now += 61_000;
  await get(h, authorizePath(authorizationQuery(h, { clientId: kept, challenge })), jar);
  assert.equal(fetches.get('/cache/kept.json'), 2, 'fetched again once max-age has passed');
});

test('asks for one document share its fetch, and one address starts at most 10 fetches a minute, before anyone signs in', async () => {
  const { challenge } = pkcePair();
  // Five strangers' browsers open the same slow document's page at once: one fetch.
  const slow = document('/limits/slow.json', {}, { 'cache-control': 'no-store' });
  served.get('/limits/slow.json')!.delayMs = 300;
  const pages = await Promise.all(Array.from({ length: 5 }, () => get(h, authorizePath(authorizationQuery(h, { clientId: slow, challenge })))));
  for (const page of pages) assert.notEqual(page.res.status, 400, page.text);
  assert.equal(fetches.get('/limits/slow.json'), 1, 'one fetch for five asks');
  // Then nine different documents from the same address: the one after is refused without being fetched.
  for (let i = 1; i < 10; i++) {
    const page = await get(h, authorizePath(authorizationQuery(h, { clientId: document(`/limits/${i}.json`, {}, { 'cache-control': 'no-store' }), challenge })));
    assert.notEqual(page.res.status, 400, page.text);
  }
  const over = document('/limits/over.json');
  const refused = await get(h, authorizePath(authorizationQuery(h, { clientId: over, challenge })));
  assert.equal(refused.res.status, 400);
  assert.equal(refused.res.headers.get('location'), null);
  assert.match(refused.text, /at most 10 application descriptions a minute are fetched for one address; try again in \d+ s/);
  assert.equal(fetches.get('/limits/over.json'), undefined, 'never contacted');
  // An address the fetch would refuse anyway costs nothing; a minute later the address may fetch again.
  assert.match((await get(h, authorizePath(authorizationQuery(h, { clientId: 'https://10.0.0.8/c.json', challenge })))).text, /its host is not a public address/);
  h.clock.now += 61_000;
  assert.notEqual((await get(h, authorizePath(authorizationQuery(h, { clientId: over, challenge })))).res.status, 400);
  assert.equal(fetches.get('/limits/over.json'), 1);
});

test('at most 8 documents are fetched at once: the ninth is refused without a fetch, and fetched once they ended', async () => {
  const { challenge } = pkcePair();
  const asks = [];
  for (let i = 0; i < 8; i++) {
    served.set(`/stuck/${i}.json`, { status: -1, body: '' });
    asks.push(get(h, authorizePath(authorizationQuery(h, { clientId: `${docsBase}/stuck/${i}.json`, challenge }))));
  }
  await waitFor(() => assert.equal([0, 1, 2, 3, 4, 5, 6, 7].filter((i) => fetches.has(`/stuck/${i}.json`)).length, 8), 5_000);
  const ninth = await get(h, authorizePath(authorizationQuery(h, { clientId: document('/stuck/ninth.json'), challenge })));
  assert.equal(ninth.res.status, 400);
  assert.match(ninth.text, /fetching too many application descriptions at once; try again in a few seconds/);
  assert.equal(fetches.get('/stuck/ninth.json'), undefined);
  docs.closeAllConnections();
  for (const page of await Promise.all(asks)) assert.match(page.text, /could not be fetched/);
  assert.notEqual((await get(h, authorizePath(authorizationQuery(h, { clientId: document('/stuck/after.json'), challenge })))).res.status, 400);
});

test('the token endpoint refuses a document client whose document no longer holds with invalid_client', async () => {
  const clientId = document('/clients/gone.json');
  served.delete('/clients/gone.json');
  const { json, res } = await tokenRequest(h, { grant_type: 'authorization_code', code: 'x', code_verifier: 'v'.repeat(43), client_id: clientId });
  assert.equal(res.status, 401);
  assert.equal(json.error, 'invalid_client');
  assert.match(json.error_description, /metadata document cannot be used: its address answered with status 404/);
});

test('without the test-only switch: http is refused, and https to a non-public address is never contacted', async () => {
  const options = { maxBytes: 16384, timeoutMs: 2000, allowLoopback: false, now: Date.now };
  assert.deepEqual(await fetchMetadataDocument(new URL(`${docsBase}/clients/doc.json`), options), { ok: false, reason: 'its address must use https' });
  for (const address of ['https://127.0.0.1/c.json', 'https://10.0.0.8/c.json', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/c.json', 'https://[::ffff:127.0.0.1]/c.json']) {
    assert.deepEqual(await fetchMetadataDocument(new URL(address), options), { ok: false, reason: 'its host is not a public address' }, address);
  }
  // A name is checked after DNS resolution: localhost resolves to loopback, so nothing is fetched.
  assert.deepEqual(await fetchMetadataDocument(new URL('https://localhost/c.json'), options), { ok: false, reason: 'its host resolves to an address that is not public' });
  const before = fetches.get('/clients/doc.json') ?? 0;
  assert.equal(fetches.get('/clients/doc.json') ?? 0, before);
});

test('a document that does not arrive in time is refused', async () => {
  served.set('/slow.json', { status: -1, body: '' });
  const outcome = await fetchMetadataDocument(new URL(`${docsBase}/slow.json`), { maxBytes: 16384, timeoutMs: 300, allowLoopback: true, now: Date.now });
  assert.deepEqual(outcome, { ok: false, reason: 'it did not arrive within 0.3 seconds' });
});

test('only public unicast addresses count as public', () => {
  for (const address of ['10.1.2.3', '172.16.0.1', '192.168.1.1', '127.0.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fc00::1', 'fd12::1', '::ffff:10.0.0.1', '64:ff9b::a00:1', '2002:a00:1::', '::7f00:1', '::a9fe:a9fe', '::ffff:0:7f00:1', '::ffff:0:a9fe:a9fe', 'not an address']) {
    assert.equal(isPublicAddress(address), false, address);
  }
  for (const address of ['93.184.216.34', '1.1.1.1', '::ffff:1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e']) assert.equal(isPublicAddress(address), true, address);
});

test('how long an answer may be kept follows Cache-Control, then Expires', () => {
  const at = (headers: Record<string, string>) => freshnessMs({ headers });
  assert.equal(at({ 'cache-control': 'max-age=120' }), 120_000);
  assert.equal(at({ 'cache-control': 'public, max-age=99999999' }), 24 * 3600_000);
  assert.equal(at({ 'cache-control': 'no-store, max-age=60' }), 0);
  assert.equal(at({ 'cache-control': 'no-cache' }), 0);
  assert.equal(at({ date: 'Tue, 01 Sep 2026 10:00:00 GMT', expires: 'Tue, 01 Sep 2026 10:05:00 GMT' }), 300_000);
  assert.equal(at({}), 0);
});
