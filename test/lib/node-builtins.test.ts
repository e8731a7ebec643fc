// lib/node-builtins.ts: node:http is taken from Node without an ES import, whose namespace reads the module's
// WebSocket getter and so loads Node's fetch (undici), 3-13 MB of resident memory svc never uses. The
// built server, asked for a page, the Content API, the panel's sign-in page and MCP, has not loaded it; a
// process that does import node:http as an ES module (the case beside it) has. node:util and node:crypto the
// same way: the stdio server's first answer loads neither worker threads nor the Web Crypto API, nor node:http
// itself (it serves no HTTP; nodeHttp() takes it when first asked for).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { makeTestSite } from '../helpers/test-site.ts';
import { spawnStdioCommand, STDIO_JS } from '../helpers/stdio-child.ts';
import { waitFor } from '../helpers/wait-for.ts';

const DIST = resolve(import.meta.dirname, '..', '..', 'dist');
/** A module to --import that says on stderr, as the process ends, whether each of Node's internal `modules` was loaded (a line each). */
function loadedReport(modules: string[]): string {
  return 'data:text/javascript,' + encodeURIComponent(`process.on('exit', () => { for (const name of ${JSON.stringify(modules)}) process.stderr.write(\`\${name} loaded: \${process.moduleLoadList.includes('NativeModule ' + name)}\\n\`); });`);
}
const REPORT = loadedReport(['internal/deps/undici/undici']);

test('the server never loads Node\'s fetch, which an ES import of node:http would', async () => {
  const esImport = spawnSync(process.execPath, ['--import', REPORT, '--input-type=module', '-e', "import { createServer } from 'node:http'; void createServer;"], { encoding: 'utf8' });
  assert.match(esImport.stderr, /undici\/undici loaded: true/, 'an ES import of node:http no longer loads undici: this test shows nothing');
  const site = await makeTestSite();
  const child = spawn(process.execPath, ['--import', REPORT, join(DIST, 'server.js'), `--root=${site.root}`, '--port=0'], { env: { PATH: process.env.PATH, SVC_RATE_LIMITS: 'off' }, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    let out = '', err = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => (out += text));
    child.stderr!.setEncoding('utf8').on('data', (text: string) => (err += text));
    const base = await waitFor(() => /(http:\/\/127\.0\.0\.1:\d+)\/svc\/mcp/.exec(out)![1]!);
    for (const path of ['/', '/hello', '/svc/api/v1/entries', '/svc/panel/sign-in']) await (await fetch(base + path)).arrayBuffer();
    const mcp = await fetch(`${base}/svc/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) });
    assert.equal(mcp.status, 401, 'MCP answered without a token');
    const ended = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await ended;
    assert.match(err, /undici\/undici loaded: false/);
  } finally {
    child.kill();
    site.cleanup();
  }
});

const LOADED = loadedReport(['internal/worker', 'internal/crypto/webcrypto', '_http_server']);

test('the stdio server answers its first site_info without loading worker threads, Web Crypto or node:http, which the ES imports of node:util and node:crypto and an eager node:http would', async () => {
  const esImport = spawnSync(process.execPath, ['--import', LOADED, '--input-type=module', '-e', "import { debuglog } from 'node:util'; import { createHash } from 'node:crypto'; void debuglog, createHash, process.getBuiltinModule('node:http');"], { encoding: 'utf8' });
  assert.match(esImport.stderr, /internal\/worker loaded: true\ninternal\/crypto\/webcrypto loaded: true\n_http_server loaded: true/, 'the imports no longer load them: this test shows nothing');
  const site = await makeTestSite();
  try {
    const token = site.deps.auth.createToken({ ownerId: 'ann', name: 'builtins', scopes: ['content:read'], expiresInDays: null }).token;
    const mcp = spawnStdioCommand(process.execPath, ['--import', LOADED, STDIO_JS, `--root=${site.root}`], { PATH: process.env.PATH, SVC_TOKEN: token });
    const info = await mcp.request('tools/call', { name: 'site_info', arguments: {} });
    assert.equal(info.result.isError, undefined);
    await mcp.exit();
    assert.match(mcp.stderr(), /internal\/worker loaded: false\ninternal\/crypto\/webcrypto loaded: false\n_http_server loaded: false/);
  } finally {
    site.cleanup();
  }
});
