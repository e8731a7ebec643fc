// Runs inside a scratch folder where @modelcontextprotocol/sdk 1.32.x is installed (see oauth.ts). It is an
// MCP client doing the full OAuth flow with the official SDK, and the person's browser: it signs in to the
// panel and posts the consent form. Each step prints one JSON line; a failed check exits non-zero.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Browser, actAsPerson } from './oauth-browser.mjs';

const BASE = process.env.SVC_BASE_URL;
const DATA = process.env.SVC_DATA_DIR;
const EMAIL = process.env.SVC_EMAIL;
const PASSWORD = process.env.SVC_PASSWORD;
const MCP_URL = new URL(`${BASE}/svc/mcp`);
const REDIRECT = 'http://127.0.0.1:47999/callback';

function step(name, facts = {}) {
  process.stdout.write(JSON.stringify({ step: name, ...facts }) + '\n');
}
function check(condition, message) {
  if (!condition) {
    step('FAILED', { message });
    process.exit(1);
  }
}

/** Everything the SDK asks a client application to keep, in memory. */
class MemoryProvider {
  constructor() {
    this.pendingAuthorization = undefined;
    this.client = undefined;
    this.saved = undefined;
    this.verifier = undefined;
    this.lastState = undefined;
  }
  get redirectUrl() { return REDIRECT; }
  get clientMetadata() {
    return { client_name: 'SDK interop', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }
  state() { this.lastState = `state-${Math.random().toString(36).slice(2)}`; return this.lastState; }
  clientInformation() { return this.client; }
  saveClientInformation(info) { this.client = info; step('registered', { client_id: info.client_id, redirect_uris: info.redirect_uris }); }
  tokens() { return this.saved; }
  saveTokens(tokens) { this.saved = tokens; step('tokens saved', { token_type: tokens.token_type, expires_in: tokens.expires_in, scope: tokens.scope, has_refresh_token: typeof tokens.refresh_token === 'string' }); }
  redirectToAuthorization(url) { this.pendingAuthorization = url; step('redirect to authorization', { endpoint: `${url.origin}${url.pathname}`, params: Object.fromEntries([...url.searchParams].filter(([key]) => key !== 'code_challenge' && key !== 'state')) }); }
  saveCodeVerifier(verifier) { this.verifier = verifier; }
  codeVerifier() { return this.verifier; }
  invalidateCredentials(scope) { step('credentials invalidated', { scope }); if (scope === 'all' || scope === 'tokens') this.saved = undefined; if (scope === 'all' || scope === 'client') this.client = undefined; }
}

/** The person: opens the authorization URL, signs in, confirms the ticked rights; returns the callback URL. */
async function consentAsPerson(browser, authorizationUrl) {
  const { callback, rights, clientNameShown } = await actAsPerson(browser, { base: BASE, email: EMAIL, password: PASSWORD, url: authorizationUrl });
  check(clientNameShown === 'SDK interop', `the consent page named ${clientNameShown}`);
  step('signed in and consented in the panel', { rights, callback: `${callback.origin}${callback.pathname}`, params: [...callback.searchParams.keys()] });
  return callback;
}

async function connect(provider) {
  const client = new Client({ name: 'svc-oauth-interop', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(MCP_URL, { authProvider: provider });
  await client.connect(transport);
  return { client, transport };
}

const provider = new MemoryProvider();
const browser = new Browser();

// 1. No token: 401 -> metadata -> registration -> redirect to the consent page.
let firstTransport;
try {
  const client = new Client({ name: 'svc-oauth-interop', version: '1.0.0' });
  firstTransport = new StreamableHTTPClientTransport(MCP_URL, { authProvider: provider });
  await client.connect(firstTransport);
  check(false, 'connecting without a token should have needed authorization');
} catch (error) {
  check(error instanceof UnauthorizedError, `expected UnauthorizedError, got ${error}`);
  check(provider.pendingAuthorization !== undefined, 'the SDK did not send the person to the authorization endpoint');
  step('401 -> metadata -> registration -> authorization request', {});
}

// 2. The person consents; the callback carries code, state and iss.
const callback = await consentAsPerson(browser, provider.pendingAuthorization);
check(callback.searchParams.get('state') === provider.lastState, 'state did not come back unchanged');
check(callback.searchParams.get('iss') === BASE, `iss is ${callback.searchParams.get('iss')}, not ${BASE}`);
await firstTransport.finishAuth(callback.searchParams.get('code'));
check(provider.saved?.access_token?.startsWith('svc_'), 'no access token');

// 3. MCP calls with the token.
let { client } = await connect(provider);
const tools = await client.listTools();
const info = await client.callTool({ name: 'site_info', arguments: {} });
step('MCP calls with the OAuth token', { tools: tools.tools.length, site_info_is_error: info.isError === true });
check(tools.tools.length > 0 && info.isError !== true, 'MCP calls failed');
await client.close();

// 4. The access token runs out (its expiry moved into the past on disk): the server refuses it, the SDK
//    refreshes and carries on with a new pair.
const firstAccess = provider.saved.access_token;
const firstRefresh = provider.saved.refresh_token;
const tokenFile = join(DATA, 'tokens', `${createHash('sha256').update(firstAccess).digest('hex')}.json`);
const record = JSON.parse(readFileSync(tokenFile, 'utf8'));
record.expires = new Date(Date.now() - 1000).toISOString();
writeFileSync(`${tokenFile}.interop`, JSON.stringify(record));
renameSync(`${tokenFile}.interop`, tokenFile);
const refused = await fetch(MCP_URL, { method: 'POST', headers: { authorization: `Bearer ${firstAccess}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) });
check(refused.status === 401, `the expired access token answered ${refused.status}`);
step('expired access token refused', { status: refused.status, www_authenticate: refused.headers.get('www-authenticate') });
({ client } = await connect(provider));
check(provider.saved.access_token !== firstAccess && provider.saved.refresh_token !== firstRefresh, 'the SDK did not refresh');
const after = await client.callTool({ name: 'site_info', arguments: {} });
check(after.isError !== true, 'site_info failed after the refresh');
step('refreshed and called MCP again', { new_pair: true });
await client.close();

// 5. The old refresh token presented again (a leak): refused, and the grant ends.
const replay = await fetch(`${BASE}/svc/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: firstRefresh, client_id: provider.client.client_id }) });
const replayBody = await replay.json();
check(replay.status === 400 && replayBody.error === 'invalid_grant', `replayed refresh token answered ${replay.status}`);
const ended = await fetch(MCP_URL, { method: 'POST', headers: { authorization: `Bearer ${provider.saved.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) });
check(ended.status === 401, 'the current access token still works after refresh token reuse');
step('rotated refresh token replayed: grant ended', { error: replayBody.error, current_access_token_status: ended.status });

// 6. With the grant ended the SDK cannot refresh and sends the person to consent again.
provider.pendingAuthorization = undefined;
try {
  await connect(provider);
  check(false, 'connecting after the grant ended should need authorization again');
} catch (error) {
  check(error instanceof UnauthorizedError && provider.pendingAuthorization !== undefined, `expected a new authorization request, got ${error}`);
  step('after the grant ended the SDK asks for consent again', {});
}
step('OK', {});
