// The 2026-07-28 revision over stdio (notes/mcp-2026.md §2): the real `node dist/stdio.js` answers
// server/discover before any initialize, keeps the era of its first request, and has the same error rows as
// HTTP without headers; the transport driven in-process for a tool that needs a client capability.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { spawnStdio } from '../helpers/stdio-child.ts';
import { modernBody, MODERN } from '../helpers/mcp-modern.ts';
import { assertAnswerConforms } from '../helpers/output-schemas.ts';
import { defaultRegistry } from '../../dist/wiring/mcp-registry.js';
import { createMcpExchange } from '../../dist/mcp/exchange.js';
import { serveStdio } from '../../dist/mcp/transports/stdio.js';
import { defineTool } from '../../dist/mcp/tool.js';

let site: TestSite;
let token: string;

before(async () => {
  site = await makeTestSite();
  token = site.deps.auth.createToken({ ownerId: 'ann', name: 'stdio modern', scopes: ['content:read', 'stats:read'], expiresInDays: null }).token;
});
after(() => site.cleanup());

const start = () => spawnStdio([`--token=${token}`, `--root=${site.root}`]);

test('answers server/discover first, then serves tools, resources and prompts in 2026-07-28, and exits when stdin closes', async () => {
  const mcp = start();
  mcp.send(modernBody('server/discover', {}, {}, 1));
  const discover = await mcp.next();
  assert.equal(discover.id, 1);
  assert.deepEqual(discover.result.supportedVersions, [MODERN]);
  assert.equal(discover.result.resultType, 'complete');
  assert.equal(discover.result._meta['io.modelcontextprotocol/serverInfo'].name, 'svc');
  mcp.send(modernBody('tools/list', {}, {}, 2));
  const tools = (await mcp.next()).result;
  assert.deepEqual([tools.resultType, tools.cacheScope, tools.ttlMs], ['complete', 'public', 300_000]);
  assert.ok(tools.tools.every((tool: any) => tool.outputSchema.type === 'object'));
  for (const [id, name, args] of [[3, 'site_info', {}], [4, 'content_list', { limit: 3 }], [5, 'content_cards', {}], [6, 'stats_overview', {}]] as const) {
    mcp.send(modernBody('tools/call', { name, arguments: args }, {}, id));
    const answer = await mcp.next();
    assert.equal(answer.id, id);
    assert.equal(answer.result.resultType, 'complete', name);
    assert.equal(answer.result.isError, undefined, name);
    await assertAnswerConforms(name, answer.result);
  }
  mcp.send(modernBody('resources/read', { uri: 'svc://site' }, {}, 7));
  const read = (await mcp.next()).result;
  assert.deepEqual([read.cacheScope, read.ttlMs], ['private', 0]);
  mcp.send(modernBody('prompts/get', { name: 'weekly_review' }, {}, 8));
  assert.equal((await mcp.next()).result.resultType, 'complete');
  const { code } = await mcp.exit();
  assert.equal(code, 0);
});

test('the error rows without headers: bad _meta -32602, unsupported version -32022, removed methods -32601, a missing resource -32602', async () => {
  const mcp = start();
  mcp.send(modernBody('server/discover', {}, {}, 1));
  await mcp.next();
  const expect = async (body: Record<string, unknown>, code: number) => {
    mcp.send(body);
    const answer = await mcp.next();
    assert.equal(answer.id, body.id, JSON.stringify(body));
    assert.equal(answer.error?.code, code, JSON.stringify(answer));
    return answer.error;
  };
  await expect(modernBody('tools/list', {}, { 'io.modelcontextprotocol/clientCapabilities': null }, 2), -32602);
  await expect(modernBody('tools/list', {}, { 'io.modelcontextprotocol/logLevel': 'loud' }, 3), -32602);
  const unsupported = await expect(modernBody('tools/list', {}, { 'io.modelcontextprotocol/protocolVersion': '2099-01-01' }, 4), -32022);
  assert.deepEqual(unsupported.data, { supported: [MODERN], requested: '2099-01-01' });
  for (const [id, method] of [[5, 'ping'], [6, 'logging/setLevel'], [7, 'resources/subscribe'], [8, 'nothing/here']] as const) await expect(modernBody(method, {}, {}, id), -32601);
  const missing = await expect(modernBody('resources/read', { uri: 'svc://nothing' }, {}, 9), -32602);
  assert.deepEqual(missing.data, { uri: 'svc://nothing' });
  // The era of the first request holds: no handshake, and no request without the _meta claim.
  const init = await expect({ jsonrpc: '2.0', id: 10, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {} } }, -32601);
  assert.match(init.message, /speaks protocol revision 2026-07-28/);
  const unclaimed = await expect({ jsonrpc: '2.0', id: 11, method: 'tools/list', params: {} }, -32602);
  // stdio has no headers: the sentence names what chose the revision here.
  assert.match(unclaimed.message, /this connection speaks protocol revision 2026-07-28 \(its first request said so\)/);
  assert.doesNotMatch(unclaimed.message, /header/);
  await mcp.exit();
});

test('a refused discover does not choose the era: a dual client then falls back to initialize', async () => {
  const mcp = start();
  mcp.send(modernBody('server/discover', {}, { 'io.modelcontextprotocol/protocolVersion': '2099-01-01' }, 1));
  assert.equal((await mcp.next()).error.code, -32022);
  const init = await mcp.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'dual', version: '1' } });
  assert.equal(init.result.protocolVersion, '2025-06-18');
  assert.deepEqual((await mcp.request('ping')).result, {});
  await mcp.exit();
});

test('a process that began with initialize stays in the 2025 revisions: server/discover is then unknown', async () => {
  const mcp = start();
  await mcp.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'old', version: '1' } });
  mcp.send(modernBody('server/discover', {}, {}, 99));
  const answer = await mcp.next();
  assert.deepEqual([answer.id, answer.error.code], [99, -32601]);
  const info = await mcp.request('tools/call', { name: 'site_info', arguments: {} });
  assert.equal(info.result.resultType, undefined);
  assert.equal(info.result.structuredContent.title, 'Test Alps');
  await mcp.exit();
});

test('a tool needing a client capability the request did not declare is -32021 on stdio too', async () => {
  const tool = defineTool({
    name: 'test_needs_sampling', title: 'Needs sampling', description: 'Asks the client to sample.', scope: null, input: null,
    output: z.object({ sampled: z.boolean() }), readOnly: true, needsClientCapabilities: { sampling: {} },
    handler: () => ({ sampled: true }),
  });
  const registry = { ...defaultRegistry(), tools: [tool] };
  const input = new PassThrough();
  const output = new PassThrough();
  const written: string[] = [];
  output.on('data', (chunk: Buffer) => written.push(chunk.toString('utf8')));
  const principal = site.deps.auth.verify(token)!;
  const done = serveStdio({
    input, output, log: () => {},
    exchange: createMcpExchange({ registry, log: () => {} }),
    contextFor: (session) => ({ principal, deps: site.deps, session }),
  });
  input.write(JSON.stringify(modernBody('tools/call', { name: 'test_needs_sampling', arguments: {} }, {}, 1)) + '\n');
  input.end(JSON.stringify(modernBody('tools/call', { name: 'test_needs_sampling', arguments: {} }, { 'io.modelcontextprotocol/clientCapabilities': { sampling: {} } }, 2)) + '\n');
  await done;
  const [refused, served] = written.join('').trimEnd().split('\n').map((line) => JSON.parse(line));
  assert.deepEqual(refused.error.data, { requiredCapabilities: { sampling: {} } });
  assert.equal(refused.error.code, -32021);
  assert.deepEqual(served.result.structuredContent, { sampled: true });
});
