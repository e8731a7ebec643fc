// MCP Apps (io.modelcontextprotocol/ui, mcp/apps/) against the real server on port 0: offered only to a
// client that declares the extension — at initialize (2025; over HTTP the marker session id carries it) or
// in each request's _meta (2026-07-28) — and a client without it gets byte for byte what it got before.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { makePng } from '../helpers/images.ts';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { post, startHttp, type Answer, type HttpHarness } from '../helpers/mcp-http.ts';
import { modernBody, modernHeaders } from '../helpers/mcp-modern.ts';
import { defaultRegistry } from '../../dist/wiring/mcp-registry.js';
import { APP_WORDS } from '../../dist/mcp/apps/app-words.js';

const UI = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
const LINKED = ['content_read', 'content_create', 'content_update', 'content_style', 'media_upload', 'content_publish', 'stats_overview', 'stats_query', 'stats_post'];
/** An address a document would load or lead to: src, href (but #...), action, poster, srcset, url() other than data:. */
const OUTSIDE = /\s(?:src|href|action|poster|srcset)="(?!data:|#)[^"]*"|url\(\s*['"]?(?!data:)[^'")\s]/i;

let site: TestSite;
let withApps: HttpHarness;
let withoutApps: HttpHarness;
let id = 1;

before(async () => {
  site = await makeTestSite();
  withApps = await startHttp(site, { requestsPerMinute: null });
  // The server as it was before MCP Apps: the same registry without them.
  withoutApps = await startHttp(site, { requestsPerMinute: null, registry: { ...defaultRegistry(), apps: undefined } });
});
after(async () => {
  await withApps.close();
  await withoutApps.close();
  site.cleanup();
});

const message = (method: string, params?: unknown, fixedId?: number) => ({ jsonrpc: '2.0', id: fixedId ?? id++, method, ...(params === undefined ? {} : { params }) });
const legacy = (server: HttpHarness, token: string, method: string, params?: unknown, headers: Record<string, string | null> = {}, fixedId?: number): Promise<Answer> =>
  post(server.url, message(method, params, fixedId), token, headers);
const modernCall = (server: HttpHarness, token: string, method: string, params: Record<string, unknown>, capabilities: Record<string, unknown>, fixedId?: number): Promise<Answer> => {
  const body = modernBody(method, params, { 'io.modelcontextprotocol/clientCapabilities': capabilities }, fixedId);
  return post(server.url, body, token, modernHeaders(body));
};

/** initialize with the extension: the marker session id to send with the next requests. */
async function appsSession(token: string): Promise<Record<string, string>> {
  const answer = await legacy(withApps, token, 'initialize', { protocolVersion: '2025-11-25', capabilities: UI, clientInfo: { name: 'apps-test', version: '1' } });
  assert.equal(answer.status, 200);
  const session = answer.headers.get('mcp-session-id');
  assert.match(session ?? '', /^svc-apps-[0-9a-f-]{36}$/);
  return { 'mcp-session-id': session! };
}

test('a client that never declared the extension gets byte for byte what the server without apps answers, in both eras', async () => {
  const token = site.tokens.admin!;
  const requests: Array<[string, unknown]> = [
    ['initialize', { protocolVersion: '2025-11-25', capabilities: { sampling: {} }, clientInfo: { name: 'plain', version: '1' } }],
    ['tools/list', {}], ['resources/list', {}], ['resources/read', { uri: 'svc://site' }],
    ['tools/call', { name: 'content_read', arguments: { id: 'posts/hello' } }],
    ['tools/call', { name: 'stats_overview', arguments: {} }],
  ];
  for (const [method, params] of requests) {
    const before = await legacy(withoutApps, token, method, params, {}, 7);
    const now = await legacy(withApps, token, method, params, {}, 7);
    assert.equal(now.status, before.status, method);
    assert.equal(now.text, before.text, method);
    assert.equal(now.headers.get('mcp-session-id'), null, method);
  }
  for (const [method, params] of requests.slice(1) as Array<[string, Record<string, unknown>]>) {
    const before = await modernCall(withoutApps, token, method, params, { sampling: {} }, 8);
    const now = await modernCall(withApps, token, method, params, { sampling: {} }, 8);
    assert.equal(now.text, before.text, `2026-07-28 ${method}`);
  }
  // A declaration without the HTML profile is no declaration (the spec makes mimeTypes required).
  const partial = await legacy(withApps, token, 'initialize', { protocolVersion: '2025-11-25', capabilities: { extensions: { 'io.modelcontextprotocol/ui': {} } } });
  assert.equal(partial.headers.get('mcp-session-id'), null);
});

test('an app resource asked by a client that never declared the extension is refused with a sentence saying why', async () => {
  const token = site.tokens.admin!;
  const headers = await appsSession(token);
  const listed = (await legacy(withApps, token, 'tools/list', {}, headers)).json.result.tools;
  const uri = listed.find((tool: any) => tool.name === 'stats_overview')._meta.ui.resourceUri;
  for (const answer of [
    await legacy(withApps, token, 'resources/read', { uri }),
    await modernCall(withApps, token, 'resources/read', { uri }, {}),
  ]) {
    assert.equal(answer.json.error.code, -32602);
    assert.match(answer.json.error.message, /MCP Apps view; it is served only to clients that declare the extension io\.modelcontextprotocol\/ui/);
  }
  // A forged or foreign session id is no declaration either.
  const foreign = await legacy(withApps, token, 'resources/read', { uri }, { 'mcp-session-id': 'some-other-session' });
  assert.equal(foreign.json.error.code, -32602);
});

test('2025 over HTTP: the nine tools link their views; each view is one self-contained document with a strict CSP', async () => {
  const token = site.tokens.admin!;
  const headers = await appsSession(token);
  const tools = (await legacy(withApps, token, 'tools/list', {}, headers)).json.result.tools;
  const linked = tools.filter((tool: any) => tool._meta?.ui?.resourceUri).map((tool: any) => tool.name);
  assert.deepEqual(linked.sort(), [...LINKED].sort());
  const uris = new Set(tools.filter((tool: any) => tool._meta).map((tool: any) => tool._meta.ui.resourceUri));
  assert.equal(uris.size, 3);
  for (const uri of uris as Set<string>) {
    assert.match(uri, /^ui:\/\/svc\/(entry-preview|publish-review|statistics)-[0-9a-f]{16}\.html$/);
    const read = await legacy(withApps, token, 'resources/read', { uri }, headers);
    const [content] = read.json.result.contents;
    assert.equal(content.uri, uri);
    assert.equal(content.mimeType, 'text/html;profile=mcp-app');
    assert.deepEqual(content._meta.ui.csp, { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] });
    assert.match(content.text, /^<!doctype html>/);
    assert.match(content.text, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-[A-Za-z0-9+/=]+'; style-src 'unsafe-inline'; img-src data:;[^"]*connect-src 'none'/);
    assert.doesNotMatch(content.text, OUTSIDE);
    assert.doesNotMatch(content.text, /https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    // The words in both languages of the panel's words travel inside the document.
    assert.match(content.text, /"de":\{/);
  }
  // resources/list names them too, after the site's own resources.
  const resources = (await legacy(withApps, token, 'resources/list', {}, headers)).json.result.resources;
  assert.deepEqual(resources.filter((resource: any) => resource.uri.startsWith('ui://')).map((resource: any) => resource.uri).sort(), [...uris].sort());
  assert.ok(resources.every((resource: any) => !resource.uri.startsWith('ui://') || resource.mimeType === 'text/html;profile=mcp-app'));
  // An address of an older version of a view says where the current one is.
  const old = await legacy(withApps, token, 'resources/read', { uri: 'ui://svc/statistics-0000000000000000.html' }, headers);
  assert.match(old.json.error.message, /older version of the Statistics view; the current one is ui:\/\/svc\/statistics-[0-9a-f]{16}\.html/);
});

test('the entry preview: its address names a hash, its document shows the page with style.css inline and nothing outside, and changes with the entry', async () => {
  const token = site.tokens.admin!;
  const headers = await appsSession(token);
  const call = async (name: string, args: Record<string, unknown>) => (await legacy(withApps, token, 'tools/call', { name, arguments: args }, headers)).json.result;
  const read = await call('content_read', { id: 'posts/hello' });
  // The answer itself is the one every client gets; the preview comes beside it.
  assert.equal(read.structuredContent.id, 'posts/hello');
  const preview = read._meta['svc/preview'];
  assert.deepEqual({ ...preview, uri: undefined }, { uri: undefined, id: 'posts/hello', language: 'en', title: 'Hello Alps', status: 'published' });
  assert.match(preview.uri, /^ui:\/\/svc\/entry-preview\/[0-9a-f]{16}\/en\/posts\/hello$/);
  const page = (await legacy(withApps, token, 'resources/read', { uri: preview.uri }, headers)).json.result.contents[0];
  assert.equal(page.mimeType, 'text/html;profile=mcp-app');
  assert.match(page.text, /<h1>Hello Alps<\/h1>/);
  assert.match(page.text, /main h1\s*\{\s*color:\s*teal/);
  assert.doesNotMatch(page.text, OUTSIDE);
  assert.doesNotMatch(page.text, /<script|<link/i);

  const changed = await call('content_update', { id: 'posts/hello', language: 'en', body: 'Welcome again.' });
  assert.equal(changed.isError, undefined, JSON.stringify(changed));
  const after = (await call('content_read', { id: 'posts/hello' }))._meta['svc/preview'].uri;
  assert.notEqual(after, preview.uri);
  const stale = await legacy(withApps, token, 'resources/read', { uri: preview.uri }, headers);
  assert.match(stale.json.error.message, /has changed since this preview address was made/);
  assert.match((await legacy(withApps, token, 'resources/read', { uri: after }, headers)).json.result.contents[0].text, /Welcome again\./);
});

test('drafts are previewed only for tokens that may read them; hostile addresses and a token without content:read are refused', async () => {
  const admin = site.tokens.admin!;
  const adminSession = await appsSession(admin);
  const draft = (await legacy(withApps, admin, 'tools/call', { name: 'content_read', arguments: { id: 'posts/bobs-draft' } }, adminSession)).json.result._meta['svc/preview'];
  assert.equal(draft.status, 'draft');
  assert.match((await legacy(withApps, admin, 'resources/read', { uri: draft.uri }, adminSession)).json.result.contents[0].text, /Secret plans\./);

  const carl = site.tokens.contributor!;
  const carlSession = await appsSession(carl);
  const refused = await legacy(withApps, carl, 'resources/read', { uri: draft.uri }, carlSession);
  assert.equal(refused.json.error.code, -32602);
  assert.match(refused.json.error.message, /There is no entry with the id "posts\/bobs-draft"/);
  assert.doesNotMatch(refused.text, /Secret plans/);

  const statsOnly = site.tokens.statsOnly!;
  const scopeRefusal = await legacy(withApps, statsOnly, 'resources/read', { uri: draft.uri }, await appsSession(statsOnly));
  assert.match(scopeRefusal.json.error.message, /content:read/);

  for (const uri of ['ui://svc/entry-preview/0123456789abcdef/en/../../etc/passwd', 'ui://svc/entry-preview/0123456789abcdef/en/posts/hello\u0000', 'ui://svc/entry-preview/zz/en/posts/hello', 'ui://svc/entry-preview/0123456789abcdef/xx/posts/hello']) {
    const answer = await legacy(withApps, admin, 'resources/read', { uri }, adminSession);
    assert.ok(answer.json.error, uri);
    assert.equal(answer.json.error.code, -32602, uri);
    assert.ok(answer.json.error.message.length < 400, uri);
  }
});

test('a preview inlines the entry\'s own files and public ones, never another person\'s draft\'s: the document is the same for every reader', async () => {
  mkdirSync(join(site.root, 'content/media/posts/bobs-draft'), { recursive: true });
  writeFileSync(join(site.root, 'content/media/posts/bobs-draft/secret.png'), makePng(3, 3, [200, 0, 0]));
  mkdirSync(join(site.root, 'content/media/posts/hello'), { recursive: true });
  writeFileSync(join(site.root, 'content/media/posts/hello/public.png'), makePng(5, 5, [0, 0, 200]));
  const carl = site.tokens.contributor!;
  const headers = await appsSession(carl);
  const call = async (name: string, args: Record<string, unknown>) => (await legacy(withApps, carl, 'tools/call', { name, arguments: args }, headers)).json.result;
  const created = await call('content_create', { type: 'post', title: 'Carl pictures', body: 'Mine below.' });
  assert.equal(created.isError, undefined, JSON.stringify(created));
  const own = makePng(2, 2, [0, 200, 0]);
  const uploaded = await call('media_upload', { id: created.structuredContent.id, name: 'own.png', data: own.toString('base64') });
  assert.equal(uploaded.isError, undefined, JSON.stringify(uploaded));
  const body = `${uploaded.structuredContent.markdown}\n\n![Bob's](media/posts/bobs-draft/secret.png)\n\n![Public](media/posts/hello/public.png)`;
  assert.equal((await call('content_update', { id: created.structuredContent.id, body })).isError, undefined);
  const preview = (await call('content_read', { id: created.structuredContent.id }))._meta['svc/preview'];
  const text = (await legacy(withApps, carl, 'resources/read', { uri: preview.uri }, headers)).json.result.contents[0].text as string;
  assert.ok(text.includes(`data:image/png;base64,${own.toString('base64')}`), 'its own picture');
  assert.ok(!text.includes(readFileSync(join(site.root, 'content/media/posts/bobs-draft/secret.png')).toString('base64')), "not Bob's draft's");
  assert.match(text, /alt="Bob&#39;s"|alt="Bob's"/);
  assert.ok(text.includes(readFileSync(join(site.root, 'content/media/posts/hello/public.png')).toString('base64')), 'a published entry\'s');
});

test('a write tool called from an app goes through the token\'s scopes like any call: refused without content:publish', async () => {
  const carl = site.tokens.contributor!;
  const answer = await legacy(withApps, carl, 'tools/call', { name: 'content_publish', arguments: { id: 'posts/carls-draft' } }, await appsSession(carl));
  assert.equal(answer.json.result.isError, true);
  assert.match(answer.json.result.content[0].text, /content:publish/);
  assert.equal(answer.json.result._meta, undefined);
});

test('2026-07-28: the request that declares the extension gets the links and the preview beside the server identity', async () => {
  const token = site.tokens.admin!;
  const tools = (await modernCall(withApps, token, 'tools/list', {}, UI)).json.result.tools;
  assert.equal(tools.filter((tool: any) => tool._meta?.ui?.resourceUri).length, LINKED.length);
  const plain = (await modernCall(withApps, token, 'tools/list', {}, {})).json.result.tools;
  assert.equal(plain.filter((tool: any) => tool._meta).length, 0);
  const read = (await modernCall(withApps, token, 'tools/call', { name: 'content_read', arguments: { id: 'posts/hike-day' } }, UI)).json.result;
  assert.equal(read._meta['io.modelcontextprotocol/serverInfo'].name, 'svc');
  const page = (await modernCall(withApps, token, 'resources/read', { uri: read._meta['svc/preview'].uri }, UI)).json.result;
  assert.match(page.contents[0].text, /Hike day/);
  assert.equal(page.resultType, 'complete');
});

test('the publish review: the diff against the public text and the card warnings; in approval mode the request with the panel address', async () => {
  const token = site.tokens.admin!;
  const headers = await appsSession(token);
  const first = (await legacy(withApps, token, 'tools/call', { name: 'content_publish', arguments: { id: 'posts/bobs-draft' } }, headers)).json.result;
  assert.equal(first.structuredContent.status, 'published');
  const review = first._meta['svc/review'];
  assert.equal(review.first_publication, true);
  assert.deepEqual(review.diff.body, [{ kind: 'changed', removed: [], added: ['Secret plans.\n'], pieces: [{ kind: 'insert', text: 'Secret plans.\n' }] }]);
  assert.equal(review.approval, null);

  appendFileSync(join(site.root, 'content/site.yaml'), 'approval_mode: true\n');
  site.deps.content.invalidate();
  const edited = await legacy(withApps, token, 'tools/call', { name: 'content_update', arguments: { id: 'posts/carls-draft', body: 'Carl writes more.\n\n::: map\n:::' } }, headers);
  assert.equal(edited.json.result.isError, undefined, edited.text);
  const waiting = (await legacy(withApps, token, 'tools/call', { name: 'content_publish', arguments: { id: 'posts/carls-draft' } }, headers)).json.result;
  assert.equal(waiting.structuredContent.status, 'waiting_for_approval');
  const pending = waiting._meta['svc/review'];
  assert.deepEqual(pending.approval, { review: 'requested', panel_url: 'http://127.0.0.1:8080/svc/panel/approvals' });
  assert.deepEqual(pending.card_warnings, [{ card: 'map', missing: ['place'] }]);
  assert.ok(pending.diff.body.some((block: any) => block.kind === 'changed'));
});

test('every view has the same words in English and German, none left empty', () => {
  assert.deepEqual(Object.keys(APP_WORDS.de).sort(), Object.keys(APP_WORDS.en).sort());
  for (const table of Object.values(APP_WORDS)) for (const [key, word] of Object.entries(table)) assert.ok(word.trim().length > 0, key);
});
