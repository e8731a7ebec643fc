import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startOAuthServer, postJson, type OAuthHarness } from '../helpers/oauth-harness.ts';

let h: OAuthHarness;
before(async () => { h = await startOAuthServer(); });
after(() => h.close());
// The registration bucket (10 a minute per address) is full again at the start of every test.
beforeEach(() => { h.clock.now += 120_000; });

test('the authorization server metadata names every endpoint and agrees with the resource metadata', async () => {
  const res = await fetch(`${h.url}/.well-known/oauth-authorization-server`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.equal(res.headers.get('access-control-allow-origin'), '*');
  assert.deepEqual(await res.json(), {
    issuer: h.url,
    authorization_endpoint: `${h.url}/svc/oauth/authorize`,
    token_endpoint: `${h.url}/svc/oauth/token`,
    registration_endpoint: `${h.url}/svc/oauth/register`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    scopes_supported: ['stats:read', 'content:read', 'content:write', 'content:publish'],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
  });
  for (const path of ['/.well-known/oauth-protected-resource/svc/mcp', '/.well-known/oauth-protected-resource']) {
    const resource = await (await fetch(h.url + path)).json();
    assert.equal(resource.resource, `${h.url}/svc/mcp`);
    assert.deepEqual(resource.authorization_servers, [h.url]);
    assert.deepEqual(resource.scopes_supported, ['stats:read', 'content:read', 'content:write', 'content:publish']);
  }
  const unauthorized = await fetch(`${h.url}/svc/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
  assert.equal(unauthorized.status, 401);
  assert.equal(unauthorized.headers.get('www-authenticate'), `Bearer resource_metadata="${h.url}/.well-known/oauth-protected-resource/svc/mcp", scope="stats:read content:read content:write content:publish"`);
});

test('OpenID Connect discovery serves the same metadata, S256 included, and nothing anywhere offers offline_access', async () => {
  const oauth = await (await fetch(`${h.url}/.well-known/oauth-authorization-server`)).text();
  const res = await fetch(`${h.url}/.well-known/openid-configuration`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('access-control-allow-origin'), '*');
  const text = await res.text();
  assert.equal(text, oauth);
  assert.deepEqual(JSON.parse(text).code_challenge_methods_supported, ['S256']);
  assert.equal(JSON.parse(text).issuer, h.url);
  const resource = await (await fetch(`${h.url}/.well-known/oauth-protected-resource/svc/mcp`)).text();
  const unauthorized = await fetch(`${h.url}/svc/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
  for (const said of [oauth, text, resource, unauthorized.headers.get('www-authenticate')!]) assert.doesNotMatch(said, /offline_access/);
});

test('an issuer with a path is found at every address a client probes for it', async () => {
  const { authorizationServerMetadataPaths } = await import('../../dist/oauth/metadata.js');
  assert.deepEqual(authorizationServerMetadataPaths('https://example.org'), ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']);
  assert.deepEqual(authorizationServerMetadataPaths('https://example.org/blog'), [
    '/.well-known/oauth-authorization-server', '/.well-known/openid-configuration',
    '/.well-known/oauth-authorization-server/blog', '/.well-known/openid-configuration/blog', '/blog/.well-known/openid-configuration',
  ]);
});

test('registration accepts application_type native or web and keeps it; anything else is invalid_client_metadata', async () => {
  for (const type of ['native', 'web']) {
    const { res, json } = await postJson(h, '/svc/oauth/register', { client_name: 'Typed', redirect_uris: ['http://127.0.0.1:4567/cb'], application_type: type });
    assert.equal(res.status, 201);
    assert.equal(json.application_type, type);
  }
  const { res, json } = await postJson(h, '/svc/oauth/register', { client_name: 'Typed', redirect_uris: ['http://127.0.0.1:4567/cb'], application_type: 'desktop' });
  assert.equal(res.status, 400);
  assert.deepEqual(json, { error: 'invalid_client_metadata', error_description: 'application_type must be "web" or "native".' });
});

test('a CORS preflight to the registration and token endpoints is answered for any origin', async () => {
  for (const path of ['/svc/oauth/register', '/svc/oauth/token', '/.well-known/oauth-authorization-server']) {
    const res = await fetch(h.url + path, { method: 'OPTIONS', headers: { origin: 'https://inspector.example', 'access-control-request-method': 'POST' } });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.match(res.headers.get('access-control-allow-headers')!, /content-type/);
  }
});

test('registers a public client: 201 echoing the registration, stored as data/oauth/clients/<id>.json', async () => {
  const { res, json } = await postJson(h, '/svc/oauth/register', {
    client_name: 'Claude', redirect_uris: ['https://claude.example/callback', 'http://localhost:33418/cb'],
    grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none',
    scope: 'content:read offline_access', software_id: 'x', unknown_member: 'ignored',
  });
  assert.equal(res.status, 201);
  assert.equal(res.headers.get('cache-control'), 'no-store');
  assert.match(json.client_id, /^svc-[A-Za-z0-9_-]{22}$/);
  assert.deepEqual(json, {
    client_id: json.client_id,
    client_id_issued_at: Math.floor(h.clock.now / 1000),
    client_name: 'Claude',
    redirect_uris: ['https://claude.example/callback', 'http://localhost:33418/cb'],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    scope: 'content:read',
    software_id: 'x',
  });
  const stored = JSON.parse(readFileSync(join(h.root, 'data', 'oauth', 'clients', `${json.client_id}.json`), 'utf8'));
  assert.equal(stored.client_name, 'Claude');
  assert.equal(stored.last_used_at, null);
});

test('accepts https anywhere and http only on localhost, 127.0.0.1 and [::1]', async () => {
  for (const uri of ['https://app.example/cb', 'http://localhost/cb', 'http://127.0.0.1:9/cb?x=1', 'http://[::1]:8080/cb']) {
    const { res, json } = await postJson(h, '/svc/oauth/register', { redirect_uris: [uri] });
    assert.equal(res.status, 201, uri);
    assert.deepEqual(json.redirect_uris, [uri]);
    assert.equal(json.client_name, 'Unnamed assistant');
  }
});

test('refuses a javascript: redirect address with invalid_redirect_uri', async () => {
  const { res, json } = await postJson(h, '/svc/oauth/register', { client_name: 'Evil', redirect_uris: ['javascript:alert(1)'] });
  assert.equal(res.status, 400);
  assert.equal(res.headers.get('cache-control'), 'no-store');
  assert.deepEqual(json, { error: 'invalid_redirect_uri', error_description: 'redirect_uris.0 must use https, or http on localhost.' });
});

test('refuses plain http to a host that is not loopback with invalid_redirect_uri', async () => {
  const { res, json } = await postJson(h, '/svc/oauth/register', { redirect_uris: ['https://ok.example/cb', 'http://evil.example/cb'] });
  assert.equal(res.status, 400);
  assert.deepEqual(json, { error: 'invalid_redirect_uri', error_description: 'redirect_uris.1 must use https, or http only on localhost, 127.0.0.1 or [::1].' });
  const lookalike = await postJson(h, '/svc/oauth/register', { redirect_uris: ['http://localhost.evil.example/cb'] });
  assert.equal(lookalike.json.error, 'invalid_redirect_uri');
});

test('refuses fragments, credentials, custom schemes, relative and missing redirect addresses', async () => {
  const cases: [unknown, string][] = [
    [['https://app.example/cb#frag'], 'redirect_uris.0 must not contain a fragment (#).'],
    [['https://user:pw@app.example/cb'], 'redirect_uris.0 must not contain a user name or password.'],
    [['data:text/html,hi'], 'redirect_uris.0 must use https, or http on localhost.'],
    [['myapp://callback'], 'redirect_uris.0 must use https, or http on localhost.'],
    [['/callback'], 'redirect_uris.0 is not an absolute address.'],
    [[], 'redirect_uris must list at least one address.'],
    [undefined, 'redirect_uris must be a list of addresses.'],
    [[42], 'redirect_uris.0 must be a string.'],
  ];
  for (const [uris, message] of cases) {
    const { res, json } = await postJson(h, '/svc/oauth/register', { redirect_uris: uris });
    assert.equal(res.status, 400, String(uris));
    assert.deepEqual(json, { error: 'invalid_redirect_uri', error_description: message });
    h.clock.now += 10_000;
  }
});

test('refuses confidential clients and grants or response types we do not offer with invalid_client_metadata', async () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ token_endpoint_auth_method: 'client_secret_basic' }, 'Only public clients are accepted: token_endpoint_auth_method must be "none", not "client_secret_basic".'],
    [{ grant_types: ['client_credentials'] }, 'grant_types may list only "authorization_code" and "refresh_token", and must include "authorization_code".'],
    [{ response_types: ['token'] }, 'response_types may list only "code".'],
    [{ client_name: 'a\u0007b' }, 'client_name must not contain control characters.'],
    [{ client_name: 'x'.repeat(101) }, 'client_name must be at most 100 characters.'],
    // A name that could pass for another on the consent page: right-to-left override, zero-width space, isolate.
    [{ client_name: 'Claude\u202Eedualc' }, 'client_name must not contain invisible or direction-changing characters.'],
    [{ client_name: 'Cla\u200Bude' }, 'client_name must not contain invisible or direction-changing characters.'],
    [{ client_name: '\u2067Claude\u2069' }, 'client_name must not contain invisible or direction-changing characters.'],
    [{ client_name: 'Clau\u00ADde' }, 'client_name must not contain invisible or direction-changing characters.'],
    [{ client_uri: 'javascript:alert(1)' }, 'client_uri must be an http(s) address.'],
  ];
  for (const [extra, message] of cases) {
    const { res, json } = await postJson(h, '/svc/oauth/register', { redirect_uris: ['https://app.example/cb'], ...extra });
    assert.equal(res.status, 400, JSON.stringify(extra));
    assert.deepEqual(json, { error: 'invalid_client_metadata', error_description: message });
    h.clock.now += 10_000;
  }
});

test('refuses a body that is not a JSON object, and one over 16 KB with 413', async () => {
  const form = await fetch(`${h.url}/svc/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'redirect_uris=x' });
  assert.equal(form.status, 400);
  assert.deepEqual(await form.json(), { error: 'invalid_client_metadata', error_description: 'Send the registration as a JSON object with Content-Type: application/json.' });
  const broken = await fetch(`${h.url}/svc/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"redirect_uris": [' });
  assert.deepEqual(await broken.json(), { error: 'invalid_client_metadata', error_description: 'The registration is not valid JSON.' });
  const array = await postJson(h, '/svc/oauth/register', ['https://app.example/cb']);
  assert.deepEqual(array.json, { error: 'invalid_client_metadata', error_description: 'The registration must be a JSON object.' });
  const huge = await postJson(h, '/svc/oauth/register', { redirect_uris: ['https://app.example/cb'], software_version: 'x'.repeat(17_000) });
  assert.equal(huge.res.status, 413);
  assert.deepEqual(huge.json, { error: 'invalid_client_metadata', error_description: 'The request body is larger than 16384 bytes.' });
});

test('accepts at most 10 registrations a minute per client address, then 429 with Retry-After', async () => {
  for (let i = 0; i < 10; i++) {
    const { res } = await postJson(h, '/svc/oauth/register', { redirect_uris: ['https://app.example/cb'] });
    assert.equal(res.status, 201, `registration ${i + 1}`);
  }
  const { res, json } = await postJson(h, '/svc/oauth/register', { redirect_uris: ['https://app.example/cb'] });
  assert.equal(res.status, 429);
  assert.equal(res.headers.get('retry-after'), '6');
  assert.deepEqual(json, { error: 'too_many_requests', error_description: 'At most 10 registrations a minute are accepted; try again in 6 seconds.' });
  h.clock.now += 6_000;
  assert.equal((await postJson(h, '/svc/oauth/register', { redirect_uris: ['https://app.example/cb'] })).res.status, 201);
});

const clientFiles = () => {
  const dir = join(h.root, 'data', 'oauth', 'clients');
  return existsSync(dir) ? readdirSync(dir) : [];
};

test('a registration that is not valid UTF-8 is refused with invalid_client_metadata and registers nothing', async () => {
  h.clock.now += 60_000;
  const before = clientFiles().length;
  const body = Buffer.concat([Buffer.from('{"client_name":"Caf'), Buffer.from([0xc3, 0x28]), Buffer.from('","redirect_uris":["https://app.example/cb"]}')]);
  const res = await fetch(`${h.url}/svc/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), { error: 'invalid_client_metadata', error_description: 'The registration is not valid UTF-8.' });
  assert.equal(clientFiles().length, before);
});
