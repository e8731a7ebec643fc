// The 2026-07-28 revision over HTTP beside the 2025 revisions on the same endpoint (notes/mcp-2026.md §1):
// server/discover, the results' resultType, identity and caching hints, and every row of the error table.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import type { TestSite } from '../helpers/test-site.ts';
import { startHttp, post, rpc, type HttpHarness } from '../helpers/mcp-http.ts';
import { modern, modernBody, modernHeaders, MODERN } from '../helpers/mcp-modern.ts';
import { assertAnswerConforms } from '../helpers/output-schemas.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';
import { defineTool } from '../../dist/mcp/tool.js';
import { defaultRegistry } from '../../dist/wiring/mcp-registry.js';
import { SERVER_INSTRUCTIONS } from '../../dist/mcp/server-introduction.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let withSampling: HttpHarness;
const SERVER_INFO = { 'io.modelcontextprotocol/serverInfo': { name: 'svc', version: JSON.parse((await import('node:fs')).readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version } };

/** A tool that cannot work without the client's sampling capability (none of the site's tools needs one). */
const samplingTool = defineTool({
  name: 'test_needs_sampling', title: 'Needs sampling', description: 'Asks the client to sample.', scope: null, input: null,
  output: z.object({ sampled: z.boolean() }), readOnly: true, needsClientCapabilities: { sampling: {} },
  handler: () => ({ sampled: true }),
});

before(async () => {
  ({ site, http } = served = await serveTestSite());
  const registry = defaultRegistry();
  withSampling = await startHttp(site, { registry: { ...registry, tools: [...registry.tools, samplingTool] }, requestsPerMinute: 10_000 });
});
after(async () => {
  await withSampling.close();
  await served.close();
});

test('server/discover names the revision, the capabilities, the instructions, caching hints and the server in _meta', async () => {
  const answer = await modern(site, http.url, site.tokens.editor!, 'server/discover');
  assert.equal(answer.status, 200);
  assert.deepEqual(answer.json.result, {
    resultType: 'complete',
    supportedVersions: [MODERN],
    capabilities: { tools: {}, resources: { subscribe: true }, prompts: {}, completions: {} },
    instructions: SERVER_INSTRUCTIONS,
    ttlMs: 300_000,
    cacheScope: 'public',
    _meta: SERVER_INFO,
  });
});

test('lists carry resultType, public caching hints and the server; a read is private and kept for no time', async () => {
  for (const method of ['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list']) {
    const { status, json } = await modern(site, http.url, site.tokens.editor!, method);
    assert.equal(status, 200, method);
    assert.equal(json.result.resultType, 'complete', method);
    assert.equal(json.result.ttlMs, 300_000, method);
    assert.equal(json.result.cacheScope, 'public', method);
    assert.deepEqual(json.result._meta, SERVER_INFO, method);
  }
  const legacy = (await rpc(site, http.url, site.tokens.editor!, 'tools/list', {})).json.result;
  const tools = (await modern(site, http.url, site.tokens.editor!, 'tools/list')).json.result.tools;
  assert.deepEqual(tools, legacy.tools, 'the same tools, schemas and hints in both eras');
  const read = await modern(site, http.url, site.tokens.editor!, 'resources/read', { uri: 'svc://site' });
  assert.equal(read.status, 200);
  assert.equal(read.json.result.cacheScope, 'private');
  assert.equal(read.json.result.ttlMs, 0);
  assert.match(read.json.result.contents[0].text, /^> The fields and body below are website content/);
});

test('tools/call answers what the 2025 path answers, with resultType; scope refusals stay tool errors', async () => {
  const modernCall = await modern(site, http.url, site.tokens.editor!, 'tools/call', { name: 'content_list', arguments: { limit: 2 } });
  const legacyCall = await rpc(site, http.url, site.tokens.editor!, 'tools/call', { name: 'content_list', arguments: { limit: 2 } });
  const { resultType, _meta, ...rest } = modernCall.json.result;
  assert.equal(resultType, 'complete');
  assert.deepEqual(_meta, SERVER_INFO);
  assert.deepEqual(rest, legacyCall.json.result);
  await assertAnswerConforms('content_list', modernCall.json.result);
  // The same answer again (kept): the kept text is extended, never sent without resultType.
  const again = await modern(site, http.url, site.tokens.editor!, 'tools/call', { name: 'content_list', arguments: { limit: 2 } });
  assert.deepEqual(again.json.result, modernCall.json.result);
  const refused = await modern(site, http.url, site.tokens.statsOnly!, 'tools/call', { name: 'content_list', arguments: {} });
  assert.equal(refused.status, 200);
  assert.equal(refused.json.result.isError, true);
  assert.equal(refused.json.result.resultType, 'complete');
  assert.match(refused.json.result.content[0].text, /content:read/);
});

test('a bad _meta is 400 with -32602 and the request id: missing, without version or capabilities, a wrong log level', async () => {
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['no _meta', { jsonrpc: '2.0', id: 71, method: 'server/discover', params: {} }, /_meta/],
    ['no version', modernBody('server/discover', {}, { 'io.modelcontextprotocol/protocolVersion': null }, 72), /_meta/],
    ['a version that is no string', modernBody('server/discover', {}, { 'io.modelcontextprotocol/protocolVersion': 20260728 }, 73), /protocolVersion must be a protocol version string/],
    ['no capabilities', modernBody('server/discover', {}, { 'io.modelcontextprotocol/clientCapabilities': null }, 74), /clientCapabilities is required/],
    ['capabilities that are no object', modernBody('server/discover', {}, { 'io.modelcontextprotocol/clientCapabilities': ['sampling'] }, 75), /clientCapabilities is required/],
    ['an unknown log level', modernBody('server/discover', {}, { 'io.modelcontextprotocol/logLevel': 'loud' }, 76), /logLevel must be one of debug/],
  ];
  for (const [why, body, message] of cases) {
    site.clock.now += 1000;
    const answer = await post(http.url, body, site.tokens.editor!, { 'mcp-protocol-version': MODERN, 'mcp-method': 'server/discover' });
    assert.equal(answer.status, 400, why);
    assert.equal(answer.json.id, body.id, why);
    assert.equal(answer.json.error.code, -32602, why);
    assert.match(answer.json.error.message, message, why);
  }
  const noInfo = await modern(site, http.url, site.tokens.editor!, 'server/discover', {}, { meta: { 'io.modelcontextprotocol/clientInfo': null } });
  assert.equal(noInfo.status, 200, 'clientInfo is a SHOULD: served without it');
});

test('headers that do not repeat the body are 400 with -32020: version, method and name, missing or different', async () => {
  const call = { name: 'site_info', arguments: {} };
  const cases: Array<[string, Record<string, string | null>, RegExp]> = [
    ['no MCP-Protocol-Version', { 'mcp-protocol-version': null }, /MCP-Protocol-Version header is required/],
    ['another MCP-Protocol-Version', { 'mcp-protocol-version': '2025-11-25' }, /does not match the _meta protocol version/],
    ['no Mcp-Method', { 'mcp-method': null }, /Mcp-Method header is required/],
    ['another Mcp-Method', { 'mcp-method': 'tools/list' }, /Mcp-Method header \(tools\/list\) does not match/],
    ['no Mcp-Name', { 'mcp-name': null }, /Mcp-Name header is required on tools\/call/],
    ['another Mcp-Name', { 'mcp-name': 'content_list' }, /Mcp-Name header does not match params.name/],
    ['broken base64', { 'mcp-name': '=?base64?c2l0ZV9pbmZv!?=' }, /Mcp-Name header is not valid/],
  ];
  for (const [why, headers, message] of cases) {
    const answer = await modern(site, http.url, site.tokens.editor!, 'tools/call', call, { headers });
    assert.equal(answer.status, 400, why);
    assert.equal(answer.json.error.code, -32020, why);
    assert.match(answer.json.error.message, message, why);
    assert.equal(typeof answer.json.id, 'number', why);
  }
  const encoded = await modern(site, http.url, site.tokens.editor!, 'tools/call', call, { headers: { 'mcp-name': `=?base64?${Buffer.from('site_info').toString('base64')}?=` } });
  assert.equal(encoded.status, 200, 'a base64 Mcp-Name is decoded before comparing');
  assert.equal(encoded.json.result.structuredContent.title, 'Test Alps');
  const read = await modern(site, http.url, site.tokens.editor!, 'resources/read', { uri: 'svc://site' }, { headers: { 'mcp-name': 'svc://stats/today' } });
  assert.equal(read.json.error.code, -32020, 'resources/read compares Mcp-Name with the uri');
  const prompt = await modern(site, http.url, site.tokens.editor!, 'prompts/get', { name: 'weekly_review' }, { headers: { 'mcp-name': null } });
  assert.equal(prompt.json.error.code, -32020, 'prompts/get needs Mcp-Name');
});

test('an unsupported version is 400 with -32022 naming ours and echoing theirs, once the headers agree', async () => {
  const answer = await modern(site, http.url, site.tokens.editor!, 'server/discover', {}, { meta: { 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' }, headers: { 'mcp-protocol-version': 'v999.0.0' } });
  assert.equal(answer.status, 400);
  assert.equal(answer.json.error.code, -32022);
  assert.deepEqual(answer.json.error.data, { supported: [MODERN], requested: 'v999.0.0' });
  const older = await modern(site, http.url, site.tokens.editor!, 'tools/list', {}, { meta: { 'io.modelcontextprotocol/protocolVersion': '2025-11-25' }, headers: { 'mcp-protocol-version': '2025-11-25' } });
  assert.equal(older.json.error.code, -32022, 'a 2025 revision claimed in _meta is not the handshake');
  const mismatch = await modern(site, http.url, site.tokens.editor!, 'server/discover', {}, { meta: { 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' } });
  assert.equal(mismatch.json.error.code, -32020, 'a header naming another version is a mismatch first');
});

test('a modern header without the _meta claim: -32602, and initialize -32020', async () => {
  const plain = await post(http.url, { jsonrpc: '2.0', id: 81, method: 'tools/list', params: {} }, site.tokens.editor!, { 'mcp-protocol-version': MODERN });
  assert.equal(plain.status, 400);
  assert.deepEqual([plain.json.id, plain.json.error.code], [81, -32602]);
  const init = await post(http.url, { jsonrpc: '2.0', id: 82, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {} } }, site.tokens.editor!, { 'mcp-protocol-version': MODERN });
  assert.equal(init.status, 400);
  assert.deepEqual([init.json.id, init.json.error.code], [82, -32020]);
});

test('removed and unknown methods are 404 with -32601 and the request id', async () => {
  for (const method of ['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe', 'unknown/method']) {
    const body = modernBody(method, method === 'initialize' ? { protocolVersion: MODERN, capabilities: {} } : {});
    site.clock.now += 1000;
    const answer = await post(http.url, body, site.tokens.editor!, modernHeaders(body));
    assert.equal(answer.status, 404, method);
    assert.deepEqual([answer.json.id, answer.json.error.code], [body.id, -32601], method);
  }
});

test('a tool needing a client capability the request did not declare is 400 with -32021 naming it as an object', async () => {
  const refused = await modern(site, withSampling.url, site.tokens.editor!, 'tools/call', { name: 'test_needs_sampling', arguments: {} });
  assert.equal(refused.status, 400);
  assert.equal(refused.json.error.code, -32021);
  assert.deepEqual(refused.json.error.data, { requiredCapabilities: { sampling: {} } });
  const declared = await modern(site, withSampling.url, site.tokens.editor!, 'tools/call', { name: 'test_needs_sampling', arguments: {} }, { meta: { 'io.modelcontextprotocol/clientCapabilities': { sampling: {} } } });
  assert.equal(declared.status, 200);
  assert.deepEqual(declared.json.result.structuredContent, { sampled: true });
});

test('other errors keep HTTP 200: a missing resource is -32602 with its uri, an unknown tool -32602', async () => {
  const missing = await modern(site, http.url, site.tokens.editor!, 'resources/read', { uri: 'svc://nothing' });
  assert.equal(missing.status, 200);
  assert.equal(missing.json.error.code, -32602);
  assert.deepEqual(missing.json.error.data, { uri: 'svc://nothing' });
  const legacy = await rpc(site, http.url, site.tokens.editor!, 'resources/read', { uri: 'svc://nothing' });
  assert.equal(legacy.json.error.code, -32002, 'the 2025 path keeps -32002');
  const unknown = await modern(site, http.url, site.tokens.editor!, 'tools/call', { name: 'no_such_tool', arguments: {} });
  assert.deepEqual([unknown.status, unknown.json.error.code], [200, -32602]);
});

test('notifications/cancelled is accepted with 202; the 401, Accept and Origin rules hold as for 2025', async () => {
  const cancelled = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} } } };
  const accepted = await post(http.url, cancelled, site.tokens.editor!, { 'mcp-protocol-version': MODERN, 'mcp-method': 'notifications/cancelled' });
  assert.deepEqual([accepted.status, accepted.text], [202, '']);
  const body = modernBody('server/discover');
  const noToken = await post(http.url, body, null, modernHeaders(body));
  assert.equal(noToken.status, 401);
  assert.match(noToken.headers.get('www-authenticate')!, /^Bearer resource_metadata="/);
  const badAccept = await post(http.url, body, site.tokens.editor!, { ...modernHeaders(body), accept: 'application/json' });
  assert.equal(badAccept.status, 406);
  const foreign = await post(http.url, body, site.tokens.editor!, { ...modernHeaders(body), origin: 'https://evil.example' });
  assert.equal(foreign.status, 403);
});

test('a 2025 client and a 2026 client alternating on one running server each get their own era', async () => {
  for (let round = 0; round < 3; round++) {
    const init = await rpc(site, http.url, site.tokens.editor!, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'old', version: '1' } });
    assert.equal(init.json.result.protocolVersion, '2025-11-25');
    const discover = await modern(site, http.url, site.tokens.admin!, 'server/discover');
    assert.deepEqual(discover.json.result.supportedVersions, [MODERN]);
    const oldInfo = await rpc(site, http.url, site.tokens.editor!, 'tools/call', { name: 'site_info', arguments: {} });
    const newInfo = await modern(site, http.url, site.tokens.admin!, 'tools/call', { name: 'site_info', arguments: {} });
    assert.equal(oldInfo.json.result.resultType, undefined, 'the 2025 answer is as before');
    assert.equal(oldInfo.json.result.structuredContent.you.name, 'Bob Editor');
    assert.equal(newInfo.json.result.resultType, 'complete');
    assert.equal(newInfo.json.result.structuredContent.you.name, 'Ann Admin');
    assert.deepEqual((await rpc(site, http.url, site.tokens.editor!, 'ping')).json.result, {});
    assert.equal((await modern(site, http.url, site.tokens.admin!, 'ping')).status, 404);
  }
});
