import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { deriveS256Challenge, verifyPkce } from '../../dist/oauth/pkce.js';
import {
  startOAuthServer, registerClient, pkcePair, consent, signIn, tokenRequest, get, postForm, csrfOf,
  REDIRECT_URI, type OAuthHarness, type Jar,
} from '../helpers/oauth-harness.ts';

let h: OAuthHarness;
let clientId: string;
let ada: Jar;
let carl: Jar;
const DAY = 86_400_000;

before(async () => {
  h = await startOAuthServer();
  clientId = await registerClient(h);
});
after(() => h.close());
// The token bucket (30 a minute per address) is full again at the start of every test, and the panel
// sessions are new (tests move the clock by days).
beforeEach(async () => {
  h.clock.now += 3 * 60_000;
  ada = await signIn(h, 'ada@example.org');
  carl = await signIn(h, 'carl@example.org');
});

/** A fresh code from Ada's consent, with its verifier. */
async function freshCode(options: { client?: string; jar?: Jar; grant?: string[] } = {}): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkcePair();
  const location = await consent(h, options.jar ?? ada, { clientId: options.client ?? clientId, challenge }, options.grant ?? ['content:read', 'content:write']);
  return { code: location.searchParams.get('code')!, verifier };
}

function exchange(code: string, verifier: string, extra: Record<string, string | undefined> = {}) {
  return tokenRequest(h, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: clientId, resource: `${h.url}/svc/mcp`, ...extra });
}

function refresh(refreshToken: string, extra: Record<string, string | undefined> = {}) {
  return tokenRequest(h, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, resource: `${h.url}/svc/mcp`, ...extra });
}

async function mcpStatus(token: string): Promise<number> {
  const res = await fetch(`${h.url}/svc/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });
  await res.text();
  return res.status;
}

test('PKCE follows RFC 7636 appendix B', () => {
  assert.equal(deriveS256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'), 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  assert.equal(verifyPkce('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'), true);
  assert.equal(verifyPkce('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXK', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'), false);
  assert.equal(verifyPkce('short', deriveS256Challenge('short')), false);
});

test('a code and its verifier give an ordinary token named "<client> (OAuth)", valid 30 days, and a hashed refresh token', async () => {
  const { code, verifier } = await freshCode();
  const { res, json } = await exchange(code, verifier);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'no-store');
  assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.deepEqual(Object.keys(json).sort(), ['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type']);
  assert.match(json.access_token, /^svc_[A-Za-z0-9]{40}$/);
  assert.match(json.refresh_token, /^svcr_[A-Za-z0-9_-]{43}$/);
  assert.equal(json.token_type, 'Bearer');
  assert.equal(json.expires_in, 30 * 86_400);
  assert.equal(json.scope, 'content:read content:write');
  const record = h.deps.auth.getToken(createHash('sha256').update(json.access_token).digest('hex'))!;
  assert.equal(record.name, 'Test Assistant (OAuth)');
  assert.equal(record.owner, 'ada');
  assert.equal(record.oauth_client, clientId);
  assert.deepEqual(record.scopes, ['content:read', 'content:write']);
  assert.equal(record.expires, new Date(h.clock.now + 30 * DAY).toISOString());
  assert.equal(await mcpStatus(json.access_token), 200);
  const refreshHash = createHash('sha256').update(json.refresh_token).digest('hex');
  const stored = readFileSync(join(h.root, 'data', 'oauth', 'refresh', `${refreshHash}.json`), 'utf8');
  assert.equal(stored.includes(json.refresh_token), false);
  assert.equal(JSON.parse(stored).expiresAt, new Date(h.clock.now + 180 * DAY).toISOString());
  const assistants = await get(h, '/svc/panel/assistants', ada);
  assert.match(assistants.text, /Test Assistant \(OAuth\)/);
});

test('a wrong code_verifier is refused with invalid_grant, and the code cannot be tried again', async () => {
  const { code, verifier } = await freshCode();
  const wrong = await exchange(code, pkcePair().verifier);
  assert.equal(wrong.res.status, 400);
  assert.equal(wrong.res.headers.get('cache-control'), 'no-store');
  assert.deepEqual(wrong.json, { error: 'invalid_grant', error_description: 'The code_verifier does not match the code_challenge.' });
  const retry = await exchange(code, verifier);
  // It issued nothing: the refusal says the code was tried, not that tokens were revoked.
  assert.deepEqual(retry.json, { error: 'invalid_grant', error_description: 'The authorization code was already presented once and refused (each code is good for one exchange); start the authorization again.' });
});

test('a code_verifier of the wrong shape is refused with invalid_request', async () => {
  const { code } = await freshCode();
  for (const verifier of ['x'.repeat(42), 'x'.repeat(129), `${'x'.repeat(42)}!`]) {
    const { res, json } = await exchange(code, verifier);
    assert.equal(res.status, 400);
    assert.deepEqual(json, { error: 'invalid_request', error_description: 'code_verifier must be 43 to 128 characters from A-Z, a-z, 0-9, "-", ".", "_" and "~".' });
  }
  const missing = await exchange(code, undefined as unknown as string, { code_verifier: undefined });
  assert.deepEqual(missing.json, { error: 'invalid_request', error_description: 'code_verifier is required.' });
});

test('a redirect_uri other than the one authorized is refused with invalid_grant', async () => {
  const { code, verifier } = await freshCode();
  const { res, json } = await exchange(code, verifier, { redirect_uri: 'http://127.0.0.1:4567/other' });
  assert.equal(res.status, 400);
  assert.deepEqual(json, { error: 'invalid_grant', error_description: 'redirect_uri does not match the one in the authorization request.' });
  const second = await freshCode();
  const missing = await exchange(second.code, second.verifier, { redirect_uri: undefined });
  assert.deepEqual(missing.json, { error: 'invalid_grant', error_description: 'redirect_uri is required because the authorization request included it.' });
});

test('a reused code is refused with invalid_grant and the tokens from its first use are revoked', async () => {
  const { code, verifier } = await freshCode();
  const first = await exchange(code, verifier);
  assert.equal(first.res.status, 200);
  assert.equal(await mcpStatus(first.json.access_token), 200);
  const again = await exchange(code, verifier);
  assert.equal(again.res.status, 400);
  assert.deepEqual(again.json, { error: 'invalid_grant', error_description: 'The authorization code has already been used; the tokens issued for it have been revoked.' });
  assert.equal(await mcpStatus(first.json.access_token), 401);
  assert.equal(h.deps.auth.verify(first.json.access_token), null);
  const refreshed = await refresh(first.json.refresh_token);
  assert.deepEqual(refreshed.json, { error: 'invalid_grant', error_description: 'The refresh token is not valid.' });
});

test('a code presented after its 10 minutes is refused with invalid_grant', async () => {
  const { code, verifier } = await freshCode();
  h.clock.now += 10 * 60_000;
  const { res, json } = await exchange(code, verifier);
  assert.equal(res.status, 400);
  assert.deepEqual(json, { error: 'invalid_grant', error_description: 'The authorization code has expired; codes are valid for 10 minutes.' });
});

test('a code issued to another client is refused with invalid_grant', async () => {
  const other = await registerClient(h, { client_name: 'Other' });
  const { code, verifier } = await freshCode();
  const { res, json } = await exchange(code, verifier, { client_id: other });
  assert.equal(res.status, 400);
  assert.deepEqual(json, { error: 'invalid_grant', error_description: 'The authorization code was issued to another client.' });
});

test('a resource for another server is refused with invalid_target', async () => {
  const { code, verifier } = await freshCode();
  const { res, json } = await exchange(code, verifier, { resource: 'https://other.example/mcp' });
  assert.equal(res.status, 400);
  assert.deepEqual(json, { error: 'invalid_target', error_description: `resource must be this server's MCP endpoint, ${h.url}/svc/mcp.` });
});

test('an unknown code, client, grant type or body type is refused in the RFC 6749 shape', async () => {
  const unknown = await exchange('not-a-code', pkcePair().verifier);
  assert.deepEqual(unknown.json, { error: 'invalid_grant', error_description: 'The authorization code is not valid.' });
  const client = await exchange('x', pkcePair().verifier, { client_id: 'svc-nobody' });
  assert.equal(client.res.status, 401);
  assert.deepEqual(client.json, { error: 'invalid_client', error_description: 'The client_id is not registered here; register the client again.' });
  const secret = await exchange('x', pkcePair().verifier, { client_secret: 's' });
  assert.equal(secret.res.status, 401);
  assert.equal(secret.json.error, 'invalid_client');
  const grant = await tokenRequest(h, { grant_type: 'password', client_id: clientId });
  assert.deepEqual(grant.json, { error: 'unsupported_grant_type', error_description: 'grant_type must be "authorization_code" or "refresh_token".' });
  const none = await tokenRequest(h, { client_id: clientId });
  assert.deepEqual(none.json, { error: 'invalid_request', error_description: 'grant_type is required.' });
  const twice = await fetch(`${h.url}/svc/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `grant_type=refresh_token&client_id=${clientId}&refresh_token=a&refresh_token=b` });
  assert.deepEqual(await twice.json(), { error: 'invalid_request', error_description: 'refresh_token must be sent only once.' });
  const json = await fetch(`${h.url}/svc/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  assert.equal(json.status, 400);
  assert.equal(json.headers.get('cache-control'), 'no-store');
  assert.deepEqual(await json.json(), { error: 'invalid_request', error_description: 'Send the token request as application/x-www-form-urlencoded.' });
});

test('a refresh token gives one new pair and ends the old access token', async () => {
  const { code, verifier } = await freshCode();
  const first = (await exchange(code, verifier)).json;
  h.clock.now += DAY;
  const { res, json } = await refresh(first.refresh_token);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'no-store');
  assert.equal(json.token_type, 'Bearer');
  assert.equal(json.scope, 'content:read content:write');
  assert.notEqual(json.access_token, first.access_token);
  assert.notEqual(json.refresh_token, first.refresh_token);
  assert.equal(await mcpStatus(first.access_token), 401);
  assert.equal(await mcpStatus(json.access_token), 200);
  const narrower = await refresh(json.refresh_token, { scope: 'content:read' });
  assert.equal(narrower.json.scope, 'content:read');
});

test('a rotated refresh token presented again is refused and ends the whole grant', async () => {
  const { code, verifier } = await freshCode();
  const first = (await exchange(code, verifier)).json;
  const second = (await refresh(first.refresh_token)).json;
  const third = (await refresh(second.refresh_token)).json;
  assert.equal(await mcpStatus(third.access_token), 200);
  const replay = await refresh(first.refresh_token);
  assert.equal(replay.res.status, 400);
  assert.deepEqual(replay.json, { error: 'invalid_grant', error_description: 'The refresh token has already been used; the grant has been ended, so authorize again.' });
  assert.equal(await mcpStatus(third.access_token), 401);
  assert.deepEqual((await refresh(third.refresh_token)).json, { error: 'invalid_grant', error_description: 'The refresh token is not valid.' });
});

test('revoking the access token in the panel ends its refresh token', async () => {
  const { code, verifier } = await freshCode();
  const pair = (await exchange(code, verifier)).json;
  const page = await get(h, '/svc/panel/assistants', ada);
  const id = createHash('sha256').update(pair.access_token).digest('hex');
  const revoked = await postForm(h, '/svc/panel/assistants/revoke', { csrf: csrfOf(page.text), id }, ada);
  assert.equal(revoked.res.status, 303);
  const { res, json } = await refresh(pair.refresh_token);
  assert.equal(res.status, 400);
  assert.deepEqual(json, { error: 'invalid_grant', error_description: 'The access token of this grant was revoked, so its refresh token no longer works; authorize again.' });
});

test('a revoked access token ends its refresh token also after the access token would have expired', async () => {
  const { code, verifier } = await freshCode();
  const pair = (await exchange(code, verifier)).json;
  const page = await get(h, '/svc/panel/assistants', ada);
  const id = createHash('sha256').update(pair.access_token).digest('hex');
  assert.equal((await postForm(h, '/svc/panel/assistants/revoke', { csrf: csrfOf(page.text), id }, ada)).res.status, 303);
  h.clock.now += 31 * DAY;
  const { res, json } = await refresh(pair.refresh_token);
  assert.equal(res.status, 400);
  // The hourly cleanup may have dropped the orphaned record first: either way the grant is over.
  assert.equal(json.error, 'invalid_grant');
  assert.equal(json.access_token, undefined);
});

test('an access token that simply expired can still be refreshed, until the refresh token itself expires', async () => {
  const { code, verifier } = await freshCode();
  const pair = (await exchange(code, verifier)).json;
  h.clock.now += 31 * DAY;
  assert.equal(await mcpStatus(pair.access_token), 401);
  const renewed = await refresh(pair.refresh_token);
  assert.equal(renewed.res.status, 200);
  // The hourly cleanup would delete the expired record first; let it run just before the expiry.
  h.clock.now += 180 * DAY - 30 * 60_000;
  h.deps.oauth.cleanup.maybeRun();
  h.clock.now += 31 * 60_000;
  assert.deepEqual((await refresh(renewed.json.refresh_token)).json, { error: 'invalid_grant', error_description: 'The refresh token has expired; authorize again.' });
});

test('a refresh asking for more than was granted is refused with invalid_scope; another client with invalid_grant', async () => {
  const { code, verifier } = await freshCode({ grant: ['content:read'] });
  const pair = (await exchange(code, verifier)).json;
  const wider = await refresh(pair.refresh_token, { scope: 'content:read content:publish' });
  assert.equal(wider.res.status, 400);
  assert.deepEqual(wider.json, { error: 'invalid_scope', error_description: 'scope may only name scopes of the original grant (content:read); not content:publish.' });
  const other = await registerClient(h, { client_name: 'Other' });
  const stolen = await refresh(pair.refresh_token, { client_id: other });
  assert.deepEqual(stolen.json, { error: 'invalid_grant', error_description: 'The refresh token was issued to another client.' });
});

test('a contributor\'s token never holds more than the role allows, even after a role change', async () => {
  const { code, verifier } = await freshCode({ jar: carl, grant: ['content:read'] });
  const pair = (await exchange(code, verifier)).json;
  assert.equal(pair.scope, 'content:read');
  h.deps.auth.accounts.setRole('carl', 'nobody-role');
  const { json } = await refresh(pair.refresh_token);
  assert.deepEqual(json, { error: 'invalid_grant', error_description: 'The account that authorized this client may no longer grant these rights; authorize again.' });
  h.deps.auth.accounts.setRole('carl', 'contributor');
});

test('accepts at most 30 token requests a minute per client address, then 429 with Retry-After', async () => {
  for (let i = 0; i < 30; i++) {
    const { res } = await tokenRequest(h, { grant_type: 'refresh_token', refresh_token: 'nope', client_id: clientId });
    assert.equal(res.status, 400, `request ${i + 1}`);
  }
  const { res, json } = await tokenRequest(h, { grant_type: 'refresh_token', refresh_token: 'nope', client_id: clientId });
  assert.equal(res.status, 429);
  assert.equal(res.headers.get('retry-after'), '2');
  assert.equal(res.headers.get('cache-control'), 'no-store');
  assert.deepEqual(json, { error: 'too_many_requests', error_description: 'At most 30 token requests a minute are accepted; try again in 2 seconds.' });
});

test('cleanup removes expired codes and refresh tokens and unused registrations, at most once an hour', async () => {
  const { code, verifier } = await freshCode();
  await exchange(code, verifier);
  await freshCode();
  const unused = await registerClient(h, { client_name: 'Never used' });
  const dir = (name: string) => readdirSync(join(h.root, 'data', 'oauth', name)).filter((file) => file.endsWith('.json'));
  assert.ok(dir('codes').length >= 2);
  h.clock.now += 200 * DAY;
  assert.ok(h.deps.oauth.cleanup.maybeRun());
  assert.equal(h.deps.oauth.cleanup.maybeRun(), null, 'a second run within the hour does nothing');
  assert.deepEqual(dir('codes'), []);
  assert.deepEqual(dir('refresh'), []);
  assert.equal(dir('clients').includes(`${unused}.json`), false);
  assert.equal(dir('clients').includes(`${clientId}.json`), true, 'a client that obtained tokens stays');
});
