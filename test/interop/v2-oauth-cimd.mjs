// Runs in the interop scratch folder (where @modelcontextprotocol/client 2.4.x is installed). A CIMD flow with
// the v2 client's own client-metadata support: the client serves its metadata document over https from
// 127.0.0.1 (a certificate made for the run; the server trusts it through NODE_EXTRA_CA_CERTS), names that
// address as clientMetadataUrl, and never registers. The harness plays the person at the consent page.
// Env: SVC_BASE_URL, SVC_EMAIL, SVC_PASSWORD, CIMD_KEY, CIMD_CERT (PEM files). One JSON line per step.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { Browser, actAsPerson } from './oauth-browser.mjs';

const BASE = process.env.SVC_BASE_URL;
const MCP_URL = new URL(`${BASE}/svc/mcp`);
const REDIRECT = 'http://127.0.0.1:47998/callback';
const NAME = 'v2 CIMD interop';

const step = (name, facts = {}) => process.stdout.write(JSON.stringify({ step: name, ...facts }) + '\n');
const check = (condition, message) => { if (!condition) { step('FAILED', { message }); process.exit(1); } };

let documentUrl;
let fetched = 0;
const documents = createServer({ key: readFileSync(process.env.CIMD_KEY), cert: readFileSync(process.env.CIMD_CERT) }, (req, res) => {
  if (req.url !== '/oauth/client.json') return res.writeHead(404).end();
  fetched++;
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=300' });
  res.end(JSON.stringify({ client_id: documentUrl, client_name: NAME, redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none', application_type: 'native' }));
});
await new Promise((resolve) => documents.listen(0, '127.0.0.1', resolve));
documentUrl = `https://127.0.0.1:${documents.address().port}/oauth/client.json`;
step('serving the client metadata document', { url: documentUrl });

class MemoryProvider {
  constructor() { this.client = undefined; this.saved = undefined; this.verifier = undefined; this.pending = undefined; }
  get redirectUrl() { return REDIRECT; }
  get clientMetadataUrl() { return documentUrl; }
  get clientMetadata() { return { client_name: NAME, redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' }; }
  clientInformation() { return this.client; }
  saveClientInformation(info) { this.client = info; step('client information', { client_id: info.client_id }); }
  tokens() { return this.saved; }
  saveTokens(tokens) { this.saved = tokens; step('tokens saved', { scope: tokens.scope, has_refresh_token: typeof tokens.refresh_token === 'string' }); }
  redirectToAuthorization(url) { this.pending = url; }
  saveCodeVerifier(verifier) { this.verifier = verifier; }
  saveDiscoveryState(state) { this.discovery = state; }
  discoveryState() { return this.discovery; }
  codeVerifier() { return this.verifier; }
  invalidateCredentials(scope) { if (scope === 'all' || scope === 'tokens') this.saved = undefined; if (scope === 'all' || scope === 'client') this.client = undefined; }
}

const provider = new MemoryProvider();
const newClient = () => new Client({ name: 'svc-interop-cimd', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
const transport = new StreamableHTTPClientTransport(MCP_URL, { authProvider: provider });
try {
  await newClient().connect(transport);
  check(false, 'connecting without a token should have needed authorization');
} catch (error) {
  check(error instanceof UnauthorizedError, `expected UnauthorizedError, got ${error}`);
}
check(provider.client?.client_id === documentUrl, `the client_id is ${provider.client?.client_id}, not the document's address`);
check(provider.pending?.searchParams.get('client_id') === documentUrl, 'the authorization request does not name the document as client_id');
step('no registration: the client_id is the document address', {});

const { callback, rights, clientNameShown } = await actAsPerson(new Browser(), { base: BASE, email: process.env.SVC_EMAIL, password: process.env.SVC_PASSWORD, url: provider.pending.href });
check(clientNameShown === NAME, `the consent page named ${clientNameShown}, not the document's client_name`);
step('consented; the page named the document client', { rights, fetched });
// The whole callback query: code and iss (RFC 9207, which the client checks).
await transport.finishAuth(callback.searchParams);
check(provider.saved?.access_token?.startsWith('svc_'), 'no access token');

const client = newClient();
await client.connect(new StreamableHTTPClientTransport(MCP_URL, { authProvider: provider }));
check(client.getNegotiatedProtocolVersion() === '2026-07-28', 'not 2026-07-28');
const info = await client.callTool({ name: 'site_info', arguments: {} });
check(info.isError !== true && info.structuredContent?.you?.name, 'site_info failed');
step('MCP 2026-07-28 calls with the token', { you: info.structuredContent.you.name, document_fetches: fetched });
await client.close();
documents.close();
step('OK');
