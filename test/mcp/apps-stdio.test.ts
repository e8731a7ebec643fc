// MCP Apps over stdio, the real `node dist/stdio.js`: a 2025 process whose initialize declared the extension
// links the views for its whole life; one that did not is refused the views; a 2026-07-28 process decides
// per request by the capabilities in its _meta.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { spawnStdio } from '../helpers/stdio-child.ts';
import { modernBody } from '../helpers/mcp-modern.ts';

const UI = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
let site: TestSite;
let token: string;

before(async () => {
  site = await makeTestSite();
  // The process runs on the real clock: a token that does not expire (the site's own run on the fixed one).
  token = site.deps.auth.createToken({ ownerId: 'ann', name: 'stdio apps', scopes: ['content:read', 'stats:read'], expiresInDays: null }).token;
});
after(() => site.cleanup());

const start = () => spawnStdio([`--token=${token}`, `--root=${site.root}`]);

test('2025 over stdio: initialize with the extension links the views, and the views and previews are read', async () => {
  const mcp = start();
  await mcp.request('initialize', { protocolVersion: '2025-11-25', capabilities: UI, clientInfo: { name: 'stdio-apps', version: '1' } });
  const tools = (await mcp.request('tools/list', {})).result.tools;
  const uri = tools.find((tool: any) => tool.name === 'stats_post')._meta.ui.resourceUri;
  assert.match(uri, /^ui:\/\/svc\/statistics-[0-9a-f]{16}\.html$/);
  const view = (await mcp.request('resources/read', { uri })).result.contents[0];
  assert.equal(view.mimeType, 'text/html;profile=mcp-app');
  const read = (await mcp.request('tools/call', { name: 'content_read', arguments: { id: 'posts/hello', language: 'de' } })).result;
  assert.equal(read._meta['svc/preview'].language, 'de');
  const page = (await mcp.request('resources/read', { uri: read._meta['svc/preview'].uri })).result.contents[0].text;
  assert.match(page, /Hallo Alpen/);
  assert.equal((await mcp.exit()).code, 0);
});

test('2025 over stdio without the extension: no links, and a view is refused with the reason', async () => {
  const mcp = start();
  await mcp.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'plain', version: '1' } });
  const tools = (await mcp.request('tools/list', {})).result.tools;
  assert.equal(tools.filter((tool: any) => tool._meta).length, 0);
  const refused = await mcp.request('resources/read', { uri: 'ui://svc/statistics-0000000000000000.html' });
  assert.equal(refused.error.code, -32602);
  assert.match(refused.error.message, /declare the extension io\.modelcontextprotocol\/ui/);
  assert.equal((await mcp.exit()).code, 0);
});

test('2026-07-28 over stdio: each request declares for itself', async () => {
  const mcp = start();
  mcp.send(modernBody('tools/list', {}, { 'io.modelcontextprotocol/clientCapabilities': UI }, 1));
  const linked = (await mcp.next()).result.tools.filter((tool: any) => tool._meta?.ui);
  assert.equal(linked.length, 9);
  mcp.send(modernBody('tools/list', {}, {}, 2));
  assert.equal((await mcp.next()).result.tools.filter((tool: any) => tool._meta?.ui).length, 0);
  mcp.send(modernBody('resources/read', { uri: linked[0]._meta.ui.resourceUri }, {}, 3));
  assert.equal((await mcp.next()).error.code, -32602);
  mcp.send(modernBody('resources/read', { uri: linked[0]._meta.ui.resourceUri }, { 'io.modelcontextprotocol/clientCapabilities': UI }, 4));
  assert.match((await mcp.next()).result.contents[0].text, /^<!doctype html>/);
  assert.equal((await mcp.exit()).code, 0);
});
