// The settings the Assistants page shows with a new token, through the real server: Claude Desktop, Claude
// Code, Cursor and VS Code over HTTP and stdio, the server named after the site, each with a copy button
// (shown by the script), all of it valid JSON or a command that names this installation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { TestSite } from '../helpers/test-site.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { serverNameOf, unreachableReason } from '../../dist/panel/assistants/client-settings.js';
import { spawnStdioCommand } from '../helpers/stdio-child.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

let served: ServedSite;
let site: TestSite;
let panel: PanelAddress;
let ann: Jar;

before(async () => {
  ({ site, panel } = served = await serveTestSite());
  ann = await served.signIn('ann@example.org');
});
after(() => served.close());

const unescape = (text: string) => text.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

test('a new token comes with ready settings for four clients over HTTP and stdio, named after the site, each with a copy button', async () => {
  const page = await get(panel, '/svc/panel/assistants', ann);
  const created = await post(panel, '/svc/panel/assistants', { csrf: csrfOf(page.text), name: 'Laptop', scopes: ['content:read', 'content:write'], expiry: '30d' }, ann);
  assert.equal(created.res.status, 201);
  const token = /svc_[A-Za-z0-9]{40}/.exec(created.text)![0];
  assert.match(created.text, /<pre class="secret" id="new-token-text">svc_[A-Za-z0-9]{40}<\/pre><button type="button" class="secondary small" data-copy="new-token-text" hidden>Copy the token<\/button>/);
  assert.match(created.text, /<script src="\/svc\/panel\/panel\.js" defer><\/script>/);
  assert.deepEqual([...created.text.matchAll(/<h3>([^<]+)<\/h3>/g)].map((match) => match[1]), ['Claude Desktop', 'Claude Code', 'Cursor', 'VS Code', 'ChatGPT', 'Any client']);
  const snippets = Object.fromEntries([...created.text.matchAll(/<pre id="settings-([a-z-]+)">([\s\S]*?)<\/pre><button type="button" class="secondary small" data-copy="settings-\1" hidden>/g)].map((match) => [match[1], unescape(match[2]!)]));
  assert.deepEqual(Object.keys(snippets), ['claude-desktop-http', 'claude-desktop-stdio', 'claude-code-http', 'claude-code-stdio', 'cursor-http', 'cursor-stdio', 'vscode-http', 'vscode-stdio', 'chatgpt-http', 'command-stdio']);
  const url = `${site.deps.config.baseUrl}/svc/mcp`;
  const stdioArgs = (args: string[]) => {
    assert.match(args[0]!, /\/dist\/stdio\.js$/);
    assert.equal(args[0], fileURLToPath(new URL('../../dist/stdio.js', import.meta.url)));
    assert.deepEqual(args.slice(1), [`--root=${site.root}`, `--token=${token}`]);
  };
  // Claude Desktop's and ChatGPT's connectors sign in with OAuth: the address alone, no token; they are called
  // from their makers' servers, which cannot reach this test's loopback address, and the page says so.
  assert.equal(snippets['claude-desktop-http'], url);
  assert.equal(snippets['chatgpt-http'], url);
  const warning = `connects from its maker's servers on the internet, not from your computer, and they cannot reach ${url}: 127.0.0.1 is a loopback address`;
  assert.equal(created.text.split(warning).length - 1, 2);
  stdioArgs(JSON.parse(snippets['claude-desktop-stdio']!).mcpServers['test-alps'].args);
  assert.equal(snippets['claude-code-http'], `claude mcp add --transport http test-alps ${url} --header 'Authorization: Bearer ${token}'`);
  assert.match(snippets['claude-code-stdio']!, new RegExp(`^claude mcp add test-alps -- ${process.execPath} \\S+/dist/stdio\\.js --root=\\S+ --token=${token}$`));
  assert.deepEqual(JSON.parse(snippets['cursor-http']!), { mcpServers: { 'test-alps': { url, headers: { Authorization: `Bearer ${token}` } } } });
  stdioArgs(JSON.parse(snippets['cursor-stdio']!).mcpServers['test-alps'].args);
  assert.deepEqual(JSON.parse(snippets['vscode-http']!), { servers: { 'test-alps': { type: 'http', url, headers: { Authorization: `Bearer ${token}` } } } });
  const vscode = JSON.parse(snippets['vscode-stdio']!).servers['test-alps'];
  assert.deepEqual([vscode.type, vscode.command], ['stdio', process.execPath]);
  stdioArgs(vscode.args);
  // The token is shown this once only.
  assert.equal((await get(panel, '/svc/panel/assistants', ann)).text.includes(token), false);
});

/** The snippets of the page that shows a new token, by id, as a person would copy them. */
async function newTokenSnippets(name: string): Promise<{ token: string; snippets: Record<string, string> }> {
  const page = await get(panel, '/svc/panel/assistants', ann);
  // No end: the stdio processes run on the real clock, the server on the test's fixed one.
  const created = await post(panel, '/svc/panel/assistants', { csrf: csrfOf(page.text), name, scopes: ['content:read'], expiry: 'none' }, ann);
  assert.equal(created.res.status, 201);
  const token = /svc_[A-Za-z0-9]{40}/.exec(created.text)![0];
  const snippets = Object.fromEntries([...created.text.matchAll(/<pre id="settings-([a-z-]+)">([\s\S]*?)<\/pre>/g)].map((match) => [match[1], unescape(match[2]!)]));
  return { token, snippets };
}

test('every stdio setting starts as given, from any folder and with no node on PATH, and answers initialize and a tool call', async () => {
  const { snippets } = await newTokenSnippets('Every client');
  // As a desktop client starts it: its own folder and a bare environment (no PATH that finds node).
  const env = { PATH: '/nonexistent' };
  const started: Record<string, [string, string[]]> = {};
  for (const id of ['claude-desktop-stdio', 'cursor-stdio']) {
    const server = JSON.parse(snippets[id]!).mcpServers['test-alps'];
    started[id] = [server.command, server.args];
  }
  const vscode = JSON.parse(snippets['vscode-stdio']!).servers['test-alps'];
  started['vscode-stdio'] = [vscode.command, vscode.args];
  // The command lines are run by a shell, as a person pastes them (Claude Code runs what follows `--`).
  started['command-stdio'] = ['/bin/sh', ['-c', snippets['command-stdio']!]];
  started['claude-code-stdio'] = ['/bin/sh', ['-c', snippets['claude-code-stdio']!.split(' -- ')[1]!]];
  assert.deepEqual(Object.keys(started).sort(), Object.keys(snippets).filter((id) => id.endsWith('-stdio')).sort());
  for (const [id, [command, args]] of Object.entries(started)) {
    const child = spawnStdioCommand(command, args, env, tmpdir());
    try {
      const init = await child.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: id, version: '1' } });
      assert.equal(init.result?.serverInfo?.name !== undefined, true, `${id}: ${JSON.stringify(init)} ${child.stderr()}`);
      child.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      const info = await child.request('tools/call', { name: 'site_info', arguments: {} });
      assert.equal(info.result?.isError, undefined, `${id}: ${JSON.stringify(info)}`);
      assert.equal(info.result.structuredContent.title, 'Test Alps', id);
    } finally {
      assert.equal((await child.exit()).code, 0, `${id}: ${child.stderr()}`);
    }
  }
});

test('the server name is the site title as a slug every client accepts', () => {
  assert.equal(serverNameOf('Test Alps'), 'test-alps');
  assert.equal(serverNameOf('Über Café & Co.'), 'uber-cafe-co');
  assert.equal(serverNameOf('  ***  '), 'site');
  assert.equal(serverNameOf(undefined), 'site');
  assert.equal(serverNameOf('x'.repeat(80)).length, 40);
});

test('a connector address is flagged when the assistant makers\' servers cannot reach it, and only then', () => {
  for (const [url, reason] of [
    ['http://127.0.0.1:8080', '127.0.0.1 is a loopback address: it names the computer it is used on'],
    ['http://localhost:3000', 'localhost is a loopback address: it names the computer it is used on'],
    ['http://[::1]:8080', '::1 is a loopback address: it names the computer it is used on'],
    ['http://blog.localhost', 'blog.localhost is a loopback address: it names the computer it is used on'],
    ['http://192.168.1.20', '192.168.1.20 is a private address, reached only inside its own network'],
    ['http://10.0.0.5:8080', '10.0.0.5 is a private address, reached only inside its own network'],
    ['http://172.20.1.1', '172.20.1.1 is a private address, reached only inside its own network'],
    ['http://nas.local', 'nas.local is a name only the local network knows'],
    ['http://intranet', 'intranet is a name only the local network knows'],
    ['https://alps.example', null],
    ['https://172.32.0.1', null],
    ['https://8.8.8.8', null],
  ] as const) assert.equal(unreachableReason(url), reason, url);
});

test('before a token exists the page shows every client\'s settings with a stand-in where the token goes', async () => {
  const page = await get(panel, '/svc/panel/assistants', ann);
  assert.match(page.text, /<h2 id="connect">Connect an assistant<\/h2>/);
  assert.match(page.text, /<ul class="inline-links" data-tab-links><li><a href="#client-claude-desktop">Claude Desktop<\/a><\/li>/);
  assert.match(page.text, /<section id="client-chatgpt" data-tab="ChatGPT" aria-label="ChatGPT"><h3>ChatGPT<\/h3>/);
  assert.match(page.text, /Authorization: Bearer &lt;your token&gt;/);
  assert.doesNotMatch(page.text, /svc_[A-Za-z0-9]{40}/);
});
