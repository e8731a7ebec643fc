import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { hotp, totpStep, decodeBase32 } from '../../dist/auth/totp.js';
import {
  startOAuthServer, registerClient, pkcePair, authorizePath, authorizationQuery, consentFields, consent, signIn,
  get, postForm, postJson, csrfOf, Jar, REDIRECT_URI, PASSWORD, type OAuthHarness,
} from '../helpers/oauth-harness.ts';

let h: OAuthHarness;
let clientId: string;
let ada: Jar;
let carl: Jar;
const { challenge } = pkcePair();

before(async () => {
  h = await startOAuthServer();
  clientId = await registerClient(h);
  ada = await signIn(h, 'ada@example.org');
  carl = await signIn(h, 'carl@example.org');
});
after(() => h.close());
beforeEach(() => { h.clock.now += 20 * 60_000; });

function codeFiles(): string[] {
  const dir = join(h.root, 'data', 'oauth', 'codes');
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')) : [];
}

/** The error redirect's parameters, or fails when the answer is not a redirect to the client. */
function redirectParams(res: Response): Record<string, string> {
  assert.equal(res.status, 303);
  const location = new URL(res.headers.get('location')!);
  assert.equal(`${location.origin}${location.pathname}`, REDIRECT_URI);
  return Object.fromEntries(location.searchParams);
}

test('an unknown client_id gets an error page, never a redirect', async () => {
  const { res, text } = await get(h, authorizePath(authorizationQuery(h, { clientId: 'svc-AAAAAAAAAAAAAAAAAAAAAA', challenge })), ada);
  assert.equal(res.status, 400);
  assert.equal(res.headers.get('location'), null);
  assert.match(text, /<h1>Unknown application<\/h1>/);
  assert.match(text, /is not registered with this site \(unknown client_id\)/);
});

test('a redirect_uri that does not exactly match a registered one gets an error page, never a redirect', async () => {
  for (const redirectUri of ['http://127.0.0.1:4567/callback/', 'http://127.0.0.1:4567/callback?x=1', 'https://evil.example/callback', 'javascript:alert(1)']) {
    const { res, text } = await get(h, authorizePath(authorizationQuery(h, { clientId, challenge, redirectUri })), ada);
    assert.equal(res.status, 400, redirectUri);
    assert.equal(res.headers.get('location'), null);
    assert.match(text, /The return address \(redirect_uri\) is not one that “Test Assistant” registered, so this site will not send you there\./);
  }
});

test('a request without a PKCE challenge is sent back with invalid_request, state and iss', async () => {
  const query = { ...authorizationQuery(h, { clientId, challenge }), code_challenge: undefined, code_challenge_method: undefined };
  const { res } = await get(h, authorizePath(query), ada);
  assert.deepEqual(redirectParams(res), { error: 'invalid_request', error_description: 'code_challenge is required: PKCE with the S256 method.', state: 'xyz', iss: h.url });
});

test('PKCE with the plain method, or with no method, is refused with invalid_request', async () => {
  for (const method of ['plain', undefined]) {
    const query = { ...authorizationQuery(h, { clientId, challenge }), code_challenge_method: method };
    const { res } = await get(h, authorizePath(query), ada);
    assert.deepEqual(redirectParams(res), { error: 'invalid_request', error_description: 'code_challenge_method must be S256; plain (or none) is not accepted.', state: 'xyz', iss: h.url });
  }
  assert.deepEqual(codeFiles(), []);
});

test('an unknown scope is refused with invalid_scope, another response_type with unsupported_response_type', async () => {
  const scope = await get(h, authorizePath(authorizationQuery(h, { clientId, challenge, scope: 'content:read admin:all' })), ada);
  assert.deepEqual(redirectParams(scope.res), { error: 'invalid_scope', error_description: 'Unknown scope: admin:all. This server offers stats:read, content:read, content:write, content:publish.', state: 'xyz', iss: h.url });
  const token = await get(h, authorizePath({ ...authorizationQuery(h, { clientId, challenge }), response_type: 'token' }), ada);
  assert.deepEqual(redirectParams(token.res), { error: 'unsupported_response_type', error_description: 'response_type must be "code".', state: 'xyz', iss: h.url });
});

test('a resource that is not our MCP endpoint is refused with invalid_target', async () => {
  for (const resource of ['https://other.example/mcp', `${h.url}/svc/mcp/`, `${h.url}/svc/api/v1/`]) {
    const { res } = await get(h, authorizePath(authorizationQuery(h, { clientId, challenge, resource })), ada);
    assert.deepEqual(redirectParams(res), { error: 'invalid_target', error_description: `resource must be this server's MCP endpoint, ${h.url}/svc/mcp.`, state: 'xyz', iss: h.url });
  }
});

test('someone not signed in is sent to the panel sign-in and comes back to the same request', async () => {
  const path = authorizePath(authorizationQuery(h, { clientId, challenge, scope: 'content:read' }));
  const jar = new Jar();
  const first = await get(h, path, jar);
  assert.equal(first.res.status, 303);
  assert.equal(first.res.headers.get('location'), `/svc/panel/sign-in?next=${encodeURIComponent(path)}`);
  const page = await get(h, first.res.headers.get('location')!, jar);
  const signedIn = await postForm(h, '/svc/panel/sign-in', { ...consentFields(page.text), csrf: csrfOf(page.text), email: 'ada@example.org', password: PASSWORD }, jar);
  assert.equal(signedIn.res.status, 303);
  assert.equal(signedIn.res.headers.get('location'), path);
  const back = await get(h, path, jar);
  assert.equal(back.res.status, 200);
  assert.match(back.text, /<h1>Connect “Test Assistant”\?<\/h1>/);
});

test('an account with two-factor sign-in passes the code step before the consent page', async () => {
  const path = authorizePath(authorizationQuery(h, { clientId, challenge }));
  const jar = new Jar();
  const first = await get(h, path, jar);
  const page = await get(h, first.res.headers.get('location')!, jar);
  const password = await postForm(h, '/svc/panel/sign-in', { ...consentFields(page.text), csrf: csrfOf(page.text), email: 'tom@example.org', password: PASSWORD }, jar);
  assert.equal(password.res.headers.get('location'), '/svc/panel/sign-in/code');
  assert.equal((await get(h, path, jar)).res.status, 303, 'the consent page stays closed until the code is given');
  const codePage = await get(h, '/svc/panel/sign-in/code', jar);
  const secret = h.deps.auth.accounts.get('tom')!.totp!.secret;
  const done = await postForm(h, '/svc/panel/sign-in/code', { csrf: csrfOf(codePage.text), code: hotp(decodeBase32(secret)!, totpStep(h.clock.now)) }, jar);
  assert.equal(done.res.headers.get('location'), path);
  assert.equal((await get(h, path, jar)).res.status, 200);
});

test('the consent page shows the client, its return address and only the rights the role allows, requested ones ticked', async () => {
  const { res, text } = await get(h, authorizePath(authorizationQuery(h, { clientId, challenge, scope: 'content:read content:publish' })), carl);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'private, no-store');
  assert.equal(res.headers.get('x-frame-options'), 'DENY');
  assert.match(text, /Returns to<\/dt><dd><code>http:\/\/127\.0\.0\.1:4567<\/code><br><span class="muted">http:\/\/127\.0\.0\.1:4567\/callback<\/span>/);
  assert.match(text, /name="grant" value="content:read" checked>/);
  assert.match(text, /name="grant" value="content:write">/);
  assert.doesNotMatch(text, /name="grant" value="content:publish"/);
  assert.doesNotMatch(text, /name="grant" value="stats:read"/);
  assert.match(text, /It also asked for <span class="tag">content:publish<\/span>, which your role does not allow\./);
  const admin = await get(h, authorizePath(authorizationQuery(h, { clientId, challenge })), ada);
  for (const scope of ['stats:read', 'content:read', 'content:write', 'content:publish']) assert.match(admin.text, new RegExp(`name="grant" value="${scope}" checked>`));
});

test('a client name with markup is shown as text', async () => {
  const evil = await registerClient(h, { client_name: '<script>alert(1)</script>' });
  const { text } = await get(h, authorizePath(authorizationQuery(h, { clientId: evil, challenge })), ada);
  assert.doesNotMatch(text, /<script>/);
  assert.match(text, /Connect “&lt;script&gt;alert\(1\)&lt;\/script&gt;”\?/);
});

test('the consent form without its CSRF token is refused with 403 and issues no code', async () => {
  const page = await get(h, authorizePath(authorizationQuery(h, { clientId, challenge })), ada);
  const { csrf: _csrf, ...fields } = consentFields(page.text);
  const missing = await postForm(h, '/svc/oauth/authorize', { ...fields, grant: 'content:read', decision: 'allow' }, ada);
  assert.equal(missing.res.status, 403);
  assert.equal(missing.res.headers.get('location'), null);
  assert.match(missing.text, /The form has expired or did not come from this site\. Go back, reload the page and try again\./);
  const wrong = await postForm(h, '/svc/oauth/authorize', { ...fields, csrf: 'A'.repeat(32), grant: 'content:read', decision: 'allow' }, ada);
  assert.equal(wrong.res.status, 403);
  const otherSession = await postForm(h, '/svc/oauth/authorize', { ...consentFields(page.text), grant: 'content:read', decision: 'allow' }, carl);
  assert.equal(otherSession.res.status, 403, "another person's form token does not work in Carl's session");
  assert.deepEqual(codeFiles(), []);
});

test('a right beyond the role, slipped into the form, is refused with 403 and issues no code', async () => {
  const page = await get(h, authorizePath(authorizationQuery(h, { clientId, challenge })), carl);
  const { res, text } = await postForm(h, '/svc/oauth/authorize', { ...consentFields(page.text), grant: ['content:read', 'content:publish'], decision: 'allow' }, carl);
  assert.equal(res.status, 403);
  assert.match(text, /Your role does not allow giving the right content:publish\./);
  assert.deepEqual(codeFiles(), []);
});

test('refusing sends the client access_denied with state and iss', async () => {
  const page = await get(h, authorizePath(authorizationQuery(h, { clientId, challenge, state: 's-123' })), ada);
  const { res } = await postForm(h, '/svc/oauth/authorize', { ...consentFields(page.text), decision: 'deny' }, ada);
  assert.deepEqual(redirectParams(res), { error: 'access_denied', error_description: 'The person refused to connect this client.', state: 's-123', iss: h.url });
});

test('allowing with no right ticked shows the form again', async () => {
  const page = await get(h, authorizePath(authorizationQuery(h, { clientId, challenge })), ada);
  const { res, text } = await postForm(h, '/svc/oauth/authorize', { ...consentFields(page.text), decision: 'allow' }, ada);
  assert.equal(res.status, 400);
  assert.match(text, /Choose at least one right, or refuse\./);
});

test('confirming redirects with code, state and iss; the code is stored only as its SHA-256 with what it is bound to', async () => {
  const location = await consent(h, ada, { clientId, challenge, state: 'st/ä te', scope: 'content:read stats:read' }, ['content:read', 'content:write']);
  assert.equal(`${location.origin}${location.pathname}`, REDIRECT_URI);
  const params = Object.fromEntries(location.searchParams);
  assert.deepEqual(Object.keys(params), ['code', 'state', 'iss']);
  assert.equal(params.state, 'st/ä te');
  assert.equal(params.iss, h.url);
  assert.match(params.code!, /^[A-Za-z0-9_-]{43}$/);
  const hash = createHash('sha256').update(params.code!).digest('hex');
  const file = join(h.root, 'data', 'oauth', 'codes', `${hash}.json`);
  const text = readFileSync(file, 'utf8');
  assert.equal(text.includes(params.code!), false);
  const record = JSON.parse(text);
  assert.deepEqual(
    { ...record, createdAt: undefined },
    { clientId, accountId: 'ada', redirectUri: REDIRECT_URI, redirectUriGiven: true, codeChallenge: challenge, scopes: ['content:read', 'content:write'], resource: `${h.url}/svc/mcp`, createdAt: undefined, expiresAt: new Date(h.clock.now + 600_000).toISOString(), usedAt: null, accessTokenId: null, refreshTokenHash: null },
  );
});

test('a person whose role may not connect assistants can only refuse', async () => {
  h.deps.auth.accounts.setRole('carl', 'nobody-role');
  const codesBefore = codeFiles();
  try {
    const page = await get(h, authorizePath(authorizationQuery(h, { clientId, challenge })), carl);
    assert.equal(page.res.status, 200);
    assert.match(page.text, /Your role does not allow connecting assistants\. Ask an administrator if you need this\./);
    assert.doesNotMatch(page.text, /name="grant"/);
    const allow = await postForm(h, '/svc/oauth/authorize', { ...consentFields(page.text), grant: 'content:read', decision: 'allow' }, carl);
    assert.equal(allow.res.status, 403);
    assert.match(allow.text, /Your role does not allow connecting assistants\./);
    const deny = await postForm(h, '/svc/oauth/authorize', { ...consentFields(page.text), decision: 'deny' }, carl);
    assert.equal(redirectParams(deny.res).error, 'access_denied');
    assert.deepEqual(codeFiles(), codesBefore);
  } finally {
    h.deps.auth.accounts.setRole('carl', 'contributor');
  }
});

test('redirect_uri may be left out only when the client registered exactly one', async () => {
  const location = await consent(h, ada, { clientId, challenge, redirectUri: '' }, ['content:read']);
  assert.equal(`${location.origin}${location.pathname}`, REDIRECT_URI);
  const code = location.searchParams.get('code')!;
  const record = JSON.parse(readFileSync(join(h.root, 'data', 'oauth', 'codes', `${createHash('sha256').update(code).digest('hex')}.json`), 'utf8'));
  assert.equal(record.redirectUriGiven, false);
  const two = await registerClient(h, { redirect_uris: [REDIRECT_URI, 'https://app.example/cb'] });
  const { res, text } = await get(h, authorizePath({ ...authorizationQuery(h, { clientId: two, challenge }), redirect_uri: undefined }), ada);
  assert.equal(res.status, 400);
  assert.equal(res.headers.get('location'), null);
  assert.match(text, /registered several return addresses, and the request does not say which one to use \(redirect_uri is missing\)\./);
});

test('a parameter sent twice is refused: client_id with a page, others with invalid_request', async () => {
  const twiceClient = await get(h, `${authorizePath(authorizationQuery(h, { clientId, challenge }))}&client_id=${clientId}`, ada);
  assert.equal(twiceClient.res.status, 400);
  assert.equal(twiceClient.res.headers.get('location'), null);
  const twiceScope = await get(h, `${authorizePath(authorizationQuery(h, { clientId, challenge, scope: 'content:read' }))}&scope=stats:read`, ada);
  assert.deepEqual(redirectParams(twiceScope.res), { error: 'invalid_request', error_description: 'scope must be sent only once.', state: 'xyz', iss: h.url });
});

test('a return address with a direction-changing character is refused at registration, and one stored before is shown percent-encoded and written as a character reference', async () => {
  const disguised = 'http://127.0.0.1:9/cb?file=\u202Egnp.exe';
  const refused = await postJson(h, '/svc/oauth/register', { client_name: 'Plain Name', redirect_uris: [disguised] });
  assert.equal(refused.res.status, 400);
  assert.deepEqual(refused.json, { error: 'invalid_redirect_uri', error_description: 'redirect_uris.0 must not contain invisible or direction-changing characters.' });
  // A client registered before registration refused them: its record is on disk as it was.
  const id = h.deps.oauth.clients.create({ client_name: 'Plain Name', redirect_uris: [disguised], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' } as never).client_id;
  const page = await get(h, authorizePath(authorizationQuery(h, { clientId: id, challenge, scope: 'content:read', redirectUri: disguised, state: 'a\u2067b' })), ada);
  assert.equal(page.res.status, 200);
  // What the person reads; the form's hidden redirect_uri keeps the registered address as it is.
  const shown = /<dt>Returns to<\/dt><dd>(.*?)<\/dd>/s.exec(page.text)?.[1] ?? '';
  assert.ok(shown.includes('http://127.0.0.1:9/cb?file=%E2%80%AEgnp.exe'), shown);
  // Nowhere in the page's source is the raw character: the hidden fields carry it as a reference, which the
  // browser sends back as the character itself.
  assert.ok(!page.text.includes('\u202E') && !page.text.includes('\u2067'), 'no raw override or isolate in the page');
  assert.match(page.text, /<input type="hidden" name="redirect_uri" value="http:\/\/127\.0\.0\.1:9\/cb\?file=&#x202E;gnp\.exe">/);
  assert.match(page.text, /<input type="hidden" name="state" value="a&#x2067;b">/);
  assert.equal(consentFields(page.text).redirect_uri, disguised);
});
