// The settings the Assistants page shows with a new token, through the real server: Claude Desktop, Claude
// Code, Cursor and VS Code over HTTP and stdio, the server named after the site, each with a copy button
// (shown by the script), all of it valid JSON or a command that names this installation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTestSite, type TestSite } from './helpers/test-site.js';
import { startHttp, type HttpHarness } from './helpers/mcp-http.js';
import { Jar, csrfOf, get, post, signIn, type PanelHarness } from './helpers/panel-harness.js';
import { serverNameOf } from '../src/panel/assistants/client-settings.js';

let site: TestSite;
let http: HttpHarness;
let panel: PanelHarness;
let ann: Jar;

before(async () => {
  site = await makeTestSite();
  http = await startHttp(site);
  panel = { url: http.url.replace('/svc/mcp', '') } as PanelHarness;
  ann = await signIn(panel, 'ann@example.org', 'correct horse battery');
});
after(async () => {
  await http.close();
  site.cleanup();
});

const unescape = (text: string) => text.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

test('a new token comes with ready settings for four clients over HTTP and stdio, named after the site, each with a copy button', async () => {
  const page = await get(panel, '/svc/panel/assistants', ann);
  const created = await post(panel, '/svc/panel/assistants', { csrf: csrfOf(page.text), name: 'Laptop', scopes: ['content:read', 'content:write'], expiry: '30d' }, ann);
  assert.equal(created.res.status, 201);
  const token = /svc_[A-Za-z0-9]{40}/.exec(created.text)![0];
  assert.match(created.text, /<pre class="secret" id="new-token-text">svc_[A-Za-z0-9]{40}<\/pre><button type="button" class="secondary small" data-copy="new-token-text" hidden>Copy the token<\/button>/);
  assert.match(created.text, /<script src="\/svc\/panel\/panel\.js" defer><\/script>/);
  assert.deepEqual([...created.text.matchAll(/<h3>([^<]+)<\/h3>/g)].map((match) => match[1]), ['Claude Desktop', 'Claude Code', 'Cursor', 'VS Code', 'Any client']);
  const snippets = Object.fromEntries([...created.text.matchAll(/<pre id="settings-([a-z-]+)">([\s\S]*?)<\/pre><button type="button" class="secondary small" data-copy="settings-\1" hidden>/g)].map((match) => [match[1], unescape(match[2]!)]));
  assert.deepEqual(Object.keys(snippets), ['claude-desktop-http', 'claude-desktop-stdio', 'claude-code-http', 'claude-code-stdio', 'cursor-http', 'cursor-stdio', 'vscode-http', 'vscode-stdio', 'command-stdio']);
  const url = `${site.deps.config.baseUrl}/svc/mcp`;
  const stdioArgs = (args: string[]) => {
    assert.match(args[0]!, /\/dist\/stdio\.js$/);
    assert.deepEqual(args.slice(1), [`--root=${site.root}`, `--token=${token}`]);
  };
  // Claude Desktop's connectors sign in with OAuth: the address alone, no token.
  assert.equal(snippets['claude-desktop-http'], url);
  stdioArgs(JSON.parse(snippets['claude-desktop-stdio']!).mcpServers['test-alps'].args);
  assert.equal(snippets['claude-code-http'], `claude mcp add --transport http test-alps ${url} --header 'Authorization: Bearer ${token}'`);
  assert.match(snippets['claude-code-stdio']!, new RegExp(`^claude mcp add test-alps -- node \\S+/dist/stdio\\.js --root=\\S+ --token=${token}$`));
  assert.deepEqual(JSON.parse(snippets['cursor-http']!), { mcpServers: { 'test-alps': { url, headers: { Authorization: `Bearer ${token}` } } } });
  stdioArgs(JSON.parse(snippets['cursor-stdio']!).mcpServers['test-alps'].args);
  assert.deepEqual(JSON.parse(snippets['vscode-http']!), { servers: { 'test-alps': { type: 'http', url, headers: { Authorization: `Bearer ${token}` } } } });
  const vscode = JSON.parse(snippets['vscode-stdio']!).servers['test-alps'];
  assert.deepEqual([vscode.type, vscode.command], ['stdio', 'node']);
  stdioArgs(vscode.args);
  // The token is shown this once only.
  assert.equal((await get(panel, '/svc/panel/assistants', ann)).text.includes(token), false);
});

test('the server name is the site title as a slug every client accepts', () => {
  assert.equal(serverNameOf('Test Alps'), 'test-alps');
  assert.equal(serverNameOf('Über Café & Co.'), 'uber-cafe-co');
  assert.equal(serverNameOf('  ***  '), 'site');
  assert.equal(serverNameOf(undefined), 'site');
  assert.equal(serverNameOf('x'.repeat(80)).length, 40);
});
