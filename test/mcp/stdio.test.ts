// MCP over stdio: the real `node dist/stdio.js` child (run `make build` or `npx tsc -p tsconfig.json` first),
// and the transport driven in-process through streams for the line-size cap.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { spawnStdio } from '../helpers/stdio-child.ts';
import { SERVER_INSTRUCTIONS } from '../../dist/mcp/server-introduction.js';
import { defaultRegistry, loadRegistry } from '../../dist/wiring/mcp-registry.js';
import { createMcpExchange } from '../../dist/mcp/exchange.js';
import { serveStdio } from '../../dist/mcp/transports/stdio.js';

let site: TestSite;
let token: string;
let readerToken: string;
const NO_TOKEN = 'svc: a valid token is required: pass --token=<token> or set SVC_TOKEN to a token created in the panel under Assistants.';

before(async () => {
  site = await makeTestSite();
  // The child runs on the real clock, so these tokens never expire.
  token = site.deps.auth.createToken({ ownerId: 'ann', name: 'stdio', scopes: ['content:read', 'content:write'], expiresInDays: null }).token;
  readerToken = site.deps.auth.createToken({ ownerId: 'ava', name: 'stdio reader', scopes: ['stats:read'], expiresInDays: null }).token;
});
after(() => site.cleanup());

test('speaks MCP line by line with --token: initialize, tools, resources, prompts, ping', async () => {
  const mcp = spawnStdio([`--token=${token}`, `--root=${site.root}`]);
  const init = await mcp.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } });
  assert.equal(init.result.protocolVersion, '2025-06-18');
  assert.equal(init.result.serverInfo.name, 'svc');
  assert.equal(init.result.instructions, SERVER_INSTRUCTIONS);
  mcp.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const tools = await mcp.request('tools/list', {});
  assert.deepEqual(tools.result.tools.map((tool: any) => tool.name), (await loadRegistry()).tools.map((tool) => tool.name));
  const info = await mcp.request('tools/call', { name: 'site_info', arguments: {} });
  assert.equal(info.result.structuredContent.title, 'Test Alps');
  assert.deepEqual(info.result.structuredContent.you, { name: 'Ann Admin', role: 'admin', capabilities: info.result.structuredContent.you.capabilities });
  assert.deepEqual(info.result.structuredContent.token_scopes, ['content:read', 'content:write']);
  const list = await mcp.request('tools/call', { name: 'content_list', arguments: { type: 'page' } });
  assert.deepEqual(list.result.structuredContent.entries.map((row: any) => row.id), ['pages/about/team', 'pages/about']);
  const read = await mcp.request('tools/call', { name: 'content_read', arguments: { id: 'posts/hello' } });
  assert.equal(read.result.structuredContent.body.startsWith('Welcome.'), true);
  const cards = await mcp.request('tools/call', { name: 'content_cards', arguments: { language: 'de' } });
  assert.equal(cards.result.structuredContent.language, 'de');
  const resource = await mcp.request('resources/read', { uri: 'svc://site' });
  assert.match(resource.result.contents[0].text, /^> The fields and body below are website content/);
  assert.ok(Array.isArray((await mcp.request('prompts/list', {})).result.prompts));
  assert.deepEqual((await mcp.request('resources/templates/list', {})).result.resourceTemplates.map((template: any) => template.uriTemplate), ['svc://entry/{+id}{?lang}', 'svc://stats/post/{+id}{?period}']);
  assert.deepEqual((await mcp.request('logging/setLevel', { level: 'debug' })).result, {});
  assert.deepEqual((await mcp.request('completion/complete', { ref: { type: 'ref/resource', uri: 'svc://site' }, argument: { name: 'a', value: '' } })).result,
    { completion: { values: [], total: 0, hasMore: false } });
  assert.deepEqual((await mcp.request('ping')).result, {});
  const { code, stdout } = await mcp.exit();
  assert.equal(code, 0);
  for (const line of stdout.trimEnd().split('\n')) assert.equal(JSON.parse(line).jsonrpc, '2.0');
});

test('takes the token from SVC_TOKEN and the site from SVC_ROOT, and refuses scopes per tool', async () => {
  const mcp = spawnStdio([], { SVC_TOKEN: readerToken, SVC_ROOT: site.root });
  const refused = await mcp.request('tools/call', { name: 'content_list', arguments: {} });
  assert.deepEqual(refused.result, {
    content: [{ type: 'text', text: 'This token may not use the tool content_list: it needs the scope content:read. Ask Ava Author to create a token with the scope content:read in the panel under Assistants.' }],
    isError: true,
  });
  assert.equal((await mcp.exit()).code, 0);
});

test('answers errors and keeps serving: bad JSON, unknown methods, bad params', async () => {
  const mcp = spawnStdio([`--token=${token}`, `--root=${site.root}`]);
  mcp.sendRaw('{"jsonrpc": "2.0", "id": 1, "method"\n');
  assert.deepEqual(await mcp.next(), { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'The message is not valid JSON.' } });
  mcp.sendRaw('\n   \n');
  mcp.send({ jsonrpc: '2.0', id: null, method: 'ping' });
  assert.deepEqual(await mcp.next(), { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'The id must be a string or an integer, never null.' } });
  mcp.send({ jsonrpc: '2.0', id: 'u1', method: 'nope' });
  assert.deepEqual(await mcp.next(), { jsonrpc: '2.0', id: 'u1', error: { code: -32601, message: 'Method not found: nope.' } });
  mcp.send({ jsonrpc: '2.0', method: 'notifications/unknown' });
  mcp.sendRaw('{"jsonrpc":"2.0","id":"crlf","method":"ping"}\r\n');
  assert.deepEqual(await mcp.next(), { jsonrpc: '2.0', id: 'crlf', result: {} });
  mcp.sendRaw('[' .repeat(100) + ']'.repeat(100) + '\n');
  assert.deepEqual(await mcp.next(), { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'The message is nested deeper than 64 levels.' } });
  assert.deepEqual((await mcp.request('ping')).result, {});
  assert.equal((await mcp.exit()).code, 0);
});

test('accepts batches only after negotiating 2025-03-26', async () => {
  const batch = [{ jsonrpc: '2.0', id: 'a', method: 'ping' }, { jsonrpc: '2.0', id: 'b', method: 'ping' }];
  const modern = spawnStdio([`--token=${token}`, `--root=${site.root}`]);
  await modern.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } });
  modern.send(batch);
  assert.deepEqual(await modern.next(), { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Batches are not accepted in protocol revision 2025-11-25; send one message per line.' } });
  await modern.exit();
  const old = spawnStdio([`--token=${token}`, `--root=${site.root}`]);
  await old.request('initialize', { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } });
  old.send(batch);
  assert.deepEqual(await old.next(), [{ jsonrpc: '2.0', id: 'a', result: {} }, { jsonrpc: '2.0', id: 'b', result: {} }]);
  await old.exit();
});

test('without a token: a sentence on stderr, nothing on stdout, exit code 1', async () => {
  const mcp = spawnStdio([`--root=${site.root}`]);
  const { code, stdout } = await mcp.exit();
  assert.equal(code, 1);
  assert.equal(stdout, '');
  assert.equal(mcp.stderr(), `${NO_TOKEN}\n`);
});

test('with an unknown or revoked token: a sentence on stderr, nothing on stdout, exit code 1', async () => {
  const { token: revoked, record } = site.deps.auth.createToken({ ownerId: 'bob', name: 'gone', scopes: ['content:read'], expiresInDays: null });
  site.deps.auth.revokeToken(record.id);
  for (const bad of ['svc_' + 'a'.repeat(40), revoked]) {
    const mcp = spawnStdio([`--token=${bad}`, `--root=${site.root}`]);
    const { code, stdout } = await mcp.exit();
    assert.equal(code, 1);
    assert.equal(stdout, '');
    assert.equal(mcp.stderr(), `${NO_TOKEN} The token given is unknown, expired or revoked.\n`);
    assert.ok(!mcp.stderr().includes(bad), 'the token is never echoed');
  }
});

test('stops answering requests once the token is revoked mid-session', async () => {
  const { token: live, record } = site.deps.auth.createToken({ ownerId: 'bob', name: 'live', scopes: ['content:read'], expiresInDays: null });
  const mcp = spawnStdio([`--token=${live}`, `--root=${site.root}`]);
  assert.deepEqual((await mcp.request('ping')).result, {});
  site.deps.auth.revokeToken(record.id);
  const refused = await mcp.request('ping');
  assert.deepEqual(refused.error, {
    code: -32600,
    message: 'A valid token is required: this token was revoked or has expired, or its owner was removed. Create a new token in the panel under Assistants.',
  });
  await mcp.exit();
});

test('records the token\'s use after its answers: a moment later while it runs, and on its way out when it ends first', async () => {
  const { token: used, record } = site.deps.auth.createToken({ ownerId: 'ann', name: 'use record', scopes: ['content:read'], expiresInDays: null });
  const file = join(site.deps.config.dataDir, 'tokens', `${record.id}.json`);
  const lastUsed = (): string | null => JSON.parse(readFileSync(file, 'utf8')).last_used;
  const forgetUse = () => writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), last_used: null }));
  const init = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } };
  assert.equal(lastUsed(), null);

  // Its input closed right after the answer: the use is written as the process ends.
  const quick = spawnStdio([`--token=${used}`, `--root=${site.root}`]);
  assert.equal((await quick.request('initialize', init)).result.protocolVersion, '2025-06-18');
  assert.equal((await quick.exit()).code, 0);
  assert.ok(Date.now() - Date.parse(lastUsed()!) < 60_000, 'last_used written at exit');

  // Still running: the use is written without the process ending (waited for, not timed).
  forgetUse();
  const staying = spawnStdio([`--token=${used}`, `--root=${site.root}`]);
  assert.equal((await staying.request('initialize', init)).result.protocolVersion, '2025-06-18');
  for (let waited = 0; lastUsed() === null && waited < 20_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.notEqual(lastUsed(), null, 'last_used written while the process runs');
  assert.equal(staying.child.exitCode, null);
  assert.equal((await staying.exit()).code, 0);
  assert.equal(staying.stderr(), '');
});

test('a bad setting is reported on stderr with exit code 2', async () => {
  const mcp = spawnStdio([`--token=${token}`, '--port=99999', `--root=${site.root}`]);
  const { code, stdout } = await mcp.exit();
  assert.equal(code, 2);
  assert.equal(stdout, '');
  assert.equal(mcp.stderr(), 'svc: --port must be a whole number from 0 to 65535.\n');
});

test('refuses a line over the size cap once, skips the rest of it and keeps serving', async () => {
  const input = new PassThrough();
  const output = new PassThrough();
  const written: string[] = [];
  output.on('data', (chunk: Buffer) => written.push(chunk.toString('utf8')));
  const principal = site.deps.auth.verify(token)!;
  const done = serveStdio({
    input, output, log: () => {}, maxLineBytes: 100,
    exchange: createMcpExchange({ registry: defaultRegistry(), log: () => {} }),
    contextFor: (session) => ({ principal, deps: site.deps, session }),
  });
  input.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
  input.write(`{"jsonrpc":"2.0","id":2,"method":"ping","params":{"pad":"${'x'.repeat(60)}`);
  input.write(`${'y'.repeat(60)}"}}\n{"jsonrpc":"2.0","id":3,"method":"ping"}\n`);
  input.write(`{"jsonrpc":"2.0","id":4,"method":"ping","params":{"pad":"${'z'.repeat(120)}"}}\n`);
  input.end('{"jsonrpc":"2.0","id":5,"method":"ping"}');
  await done;
  assert.deepEqual(written.join('').trimEnd().split('\n').map((line) => JSON.parse(line)), [
    { jsonrpc: '2.0', id: 1, result: {} },
    { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'The message is larger than 100 bytes.' } },
    { jsonrpc: '2.0', id: 3, result: {} },
    { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'The message is larger than 100 bytes.' } },
    { jsonrpc: '2.0', id: 5, result: {} },
  ]);
});
