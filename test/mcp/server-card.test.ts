// Found without connecting: the server card (SEP-2127) at /.well-known/mcp/server-card.json over the real
// server, with CORS and an ETag (304 on If-None-Match), whose tools, resources and prompts are exactly what
// the list methods give; and `svc mcp server-json`, the registry's server.json with the site's remote.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { rpc, type HttpHarness } from '../helpers/mcp-http.ts';
import { schemaProblems } from '../helpers/json-schema.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';
import { loadRegistry } from '../../dist/wiring/mcp-registry.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../../dist/mcp/protocol-version.js';
import { CAPABILITIES } from '../../dist/mcp/mcp-server.js';
import { registryName } from '../../dist/mcp/transports/server-card.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let origin: string;

before(async () => {
  site = await makeTestSite({ baseUrl: 'https://alps.example.org' });
  ({ http, base: origin } = served = await serveTestSite({ site }));
});
after(() => served.close());

const CARD = '/.well-known/mcp/server-card.json';

/** Every item of a paginated list method, as a client with a token sees it. */
async function listAll(method: string, key: string): Promise<any[]> {
  const items: any[] = [];
  let cursor: string | undefined;
  do {
    const answer = (await rpc(site, http.url, site.tokens.editor!, method, cursor ? { cursor } : {})).json.result;
    items.push(...answer[key]);
    cursor = answer.nextCursor;
  } while (cursor);
  return items;
}

test('the card names the server, its version, the MCP address, how to sign in, and every tool with its scope', async () => {
  const res = await fetch(origin + CARD);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.equal(res.headers.get('access-control-allow-origin'), '*');
  assert.equal(res.headers.get('cache-control'), 'public, max-age=3600');
  const card = await res.json() as any;
  const version = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')).version;
  assert.equal(card.$schema, 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json');
  assert.equal(card.name, 'org.example.alps/svc');
  assert.equal(card.version, version);
  assert.equal(card.title, 'Test Alps');
  assert.equal(card.description, 'A test site.');
  assert.equal(card.websiteUrl, 'https://alps.example.org');
  assert.deepEqual(card.remotes, [{
    type: 'streamable-http',
    url: 'https://alps.example.org/svc/mcp',
    headers: [{ name: 'Authorization', description: '"Bearer svc_…", a token made in the site\'s panel under Assistants; leave it out to sign in with OAuth instead', isRequired: false, isSecret: true }],
    supportedProtocolVersions: ['2026-07-28', ...SUPPORTED_PROTOCOL_VERSIONS],
    authentication: { required: true, schemes: ['bearer', 'oauth2'] },
  }]);
  assert.deepEqual(card.capabilities, CAPABILITIES);
  assert.deepEqual(card._meta['svc/authorization'], {
    protected_resource_metadata: 'https://alps.example.org/.well-known/oauth-protected-resource/svc/mcp',
    authorization_servers: ['https://alps.example.org'],
    scopes_supported: ['stats:read', 'content:read', 'content:write', 'content:publish'],
  });
  const registry = await loadRegistry();
  assert.deepEqual(card.tools.map((tool: any) => [tool.name, tool._meta['svc/scope']]), registry.tools.map((tool) => [tool.name, tool.scope]));
  assert.equal(card.tools.find((tool: any) => tool.name === 'content_preview_link')._meta['svc/scope'], 'content:read');
  assert.equal(card.tools.find((tool: any) => tool.name === 'site_info')._meta['svc/scope'], null);
  // Nothing private: no token, no account, no path on disk.
  assert.doesNotMatch(JSON.stringify(card), /svc_[A-Za-z0-9]{40}|ann@example\.org|\/tmp\//);
});

test('the card\'s tools, resources and prompts are exactly what tools/list, resources/list and prompts/list give', async () => {
  const card = await (await fetch(origin + CARD)).json() as any;
  const withoutScope = card.tools.map(({ _meta, ...tool }: any) => {
    const { 'svc/scope': _scope, ...rest } = _meta;
    return Object.keys(rest).length > 0 ? { ...tool, _meta: rest } : tool;
  });
  assert.deepEqual(withoutScope, await listAll('tools/list', 'tools'));
  assert.deepEqual(card.resources, await listAll('resources/list', 'resources'));
  assert.deepEqual(card.prompts, await listAll('prompts/list', 'prompts'));
});

test('an ETag of the exact bytes: If-None-Match gives 304 with CORS, a changed site title a new card and tag', async () => {
  const first = await fetch(origin + CARD);
  const etag = first.headers.get('etag')!;
  assert.match(etag, /^"[A-Za-z0-9_-]{32}"$/);
  const again = await fetch(origin + CARD, { headers: { 'if-none-match': etag } });
  assert.equal(again.status, 304);
  assert.equal(again.headers.get('etag'), etag);
  assert.equal(again.headers.get('access-control-allow-origin'), '*');
  assert.equal(await again.text(), '');
  assert.equal((await fetch(origin + CARD, { headers: { 'if-none-match': `W/${etag}, "other"` } })).status, 304);
  assert.equal((await fetch(origin + CARD, { headers: { 'if-none-match': '"other"' } })).status, 200);
  assert.equal((await fetch(origin + CARD, { headers: { 'if-none-match': 'not a tag' } })).status, 200);
  const sep = await fetch(`${origin}/.well-known/mcp/server-card`);
  assert.equal(sep.headers.get('etag'), etag);
  const head = await fetch(origin + CARD, { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(head.headers.get('etag'), etag);
  // A preflight from a browser on another site.
  const preflight = await fetch(origin + CARD, { method: 'OPTIONS', headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' } });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
  assert.match(preflight.headers.get('access-control-allow-methods')!, /GET/);
  // site.yaml says another title: the card follows.
  const file = join(site.root, 'content/site.yaml');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: Test Alps Two'));
  site.deps.content.invalidate();
  const changed = await fetch(origin + CARD, { headers: { 'if-none-match': etag } });
  assert.equal(changed.status, 200);
  assert.notEqual(changed.headers.get('etag'), etag);
  assert.equal(((await changed.json()) as any).title, 'Test Alps Two');
  const post = await fetch(origin + CARD, { method: 'POST', body: '{}' });
  assert.equal(post.status, 405);
});

test('the registry name is the site\'s host, reversed, in the registry\'s pattern', () => {
  const pattern = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;
  for (const [url, name] of [
    ['https://www.example.org', 'org.example.www/svc'],
    ['https://example.org:8443/blog', 'org.example/svc'],
    ['http://127.0.0.1:8080', '1.0.0.127/svc'],
    ['http://[::1]:8080', '--1/svc'],
    ['http://localhost:3000', 'localhost/svc'],
  ] as const) {
    assert.equal(registryName(url), name, url);
    assert.match(registryName(url), pattern);
  }
});

/**
 * What the registry's server.json schema (modelcontextprotocol/registry, docs/reference/server-json, version
 * 2025-12-11) asks of the fields svc writes, restated as a schema this repository's checker reads.
 */
const SERVER_JSON_RULES = {
  type: 'object',
  required: ['$schema', 'name', 'description', 'version', 'remotes'],
  additionalProperties: false,
  properties: {
    $schema: { const: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json' },
    name: { type: 'string', minLength: 3, maxLength: 200, pattern: '^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$' },
    description: { type: 'string', minLength: 1, maxLength: 100 },
    title: { type: 'string', minLength: 1, maxLength: 100 },
    version: { type: 'string', maxLength: 255 },
    websiteUrl: { type: 'string' },
    remotes: {
      type: 'array', minItems: 1, maxItems: 1,
      items: {
        type: 'object', required: ['type', 'url'], additionalProperties: false,
        properties: {
          type: { enum: ['streamable-http'] },
          url: { type: 'string', pattern: '^(https?://[^\\s]+|\\{[a-zA-Z_][a-zA-Z0-9_]*\\}[^\\s]*)$' },
          headers: {
            type: 'array',
            items: {
              type: 'object', required: ['name'], additionalProperties: false,
              properties: { name: { type: 'string' }, description: { type: 'string' }, isRequired: { type: 'boolean' }, isSecret: { type: 'boolean' } },
            },
          },
        },
      },
    },
  },
};

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli.js');
function svc(args: string[], env: NodeJS.ProcessEnv = {}) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, SVC_ROOT: site.root, ...env };
  if (!('SVC_BASE_URL' in env)) delete childEnv.SVC_BASE_URL;
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: childEnv, timeout: 30_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

test('svc mcp server-json prints a server.json the registry takes, with the site\'s streamable-http remote', () => {
  const given = svc(['mcp', 'server-json', '--base-url', 'https://alps.example.org/']);
  assert.equal(given.code, 0, given.err);
  assert.equal(given.err, '');
  const json = JSON.parse(given.out);
  assert.deepEqual(schemaProblems(SERVER_JSON_RULES, json), []);
  assert.equal(json.name, 'org.example.alps/svc');
  assert.deepEqual(json.remotes.map((remote: any) => [remote.type, remote.url]), [['streamable-http', 'https://alps.example.org/svc/mcp']]);
  // Without --base-url: site.yaml's url.
  const fromSite = svc(['mcp', 'server-json']);
  assert.equal(fromSite.code, 0, fromSite.err);
  assert.equal(JSON.parse(fromSite.out).remotes[0].url, 'https://alps.example/svc/mcp');
  // An address only this computer reaches is said on stderr, and printed all the same.
  const local = svc(['mcp', 'server-json'], { SVC_BASE_URL: 'http://127.0.0.1:8080' });
  assert.equal(local.code, 0, local.err);
  assert.deepEqual(schemaProblems(SERVER_JSON_RULES, JSON.parse(local.out)), []);
  assert.match(local.err, /http:\/\/127\.0\.0\.1:8080 is not a public https address/);
  // A description too long for the registry is cut at a word, within its 100 characters.
  const file = join(site.root, 'content/site.yaml');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^description: .*$/m, `description: ${'Mountains and valleys, '.repeat(10)}the end.`));
  const long = JSON.parse(svc(['mcp', 'server-json', '--base-url', 'https://alps.example.org']).out);
  assert.deepEqual(schemaProblems(SERVER_JSON_RULES, long), []);
  assert.match(long.description, /^Mountains and valleys, .*…$/);
  assert.ok(long.description.length <= 100);
  const wrong = svc(['mcp', 'server-json', '--nope']);
  assert.equal(wrong.code, 2);
  const elsewhere = svc(['mcp', 'server-json'], { SVC_ROOT: join(site.root, 'missing') });
  assert.equal(elsewhere.code, 1);
});
