// What the real `node dist/stdio.js` loads to give its first answer (DESIGN §5: the first tool answer at most
// half the SDK-based peer's). Not timed: it checks the structure the budget rests on. Modules import what
// they use at the top; what a session may never need is loaded on first use through the one loader
// (wiring/on-demand.ts): every tool but site_info, the tools' answer shapes and zod with them (some 40 ms
// of that answer on Node 24), statistics, OAuth, the writing code and the people side beyond the token
// check. Run `make build` first: the probe's load hook names every module import() loads; at exit it names
// every script V8 compiled (the debugger lists them: modules loaded by require() pass no load hook).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, readdirSync, existsSync, utimesSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { STDIO_JS } from '../helpers/stdio-child.ts';
import { useCompileCache } from '../../dist/process-tuning/compile-cache.js';
import { AuthService } from '../../dist/auth/auth-service.js';
import { entry, writeSite } from '../helpers/write-site.ts';

let root: string;
let token: string;
/** Preloaded into the child: reports every ES module it loads, and at exit every CommonJS one. */
let probe: string;

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'svc-stdio-start-'));
  writeSite(root, {
    settings: { title: 'Start', languages: { en: 'English', de: 'Deutsch' }, timezone: 'Europe/Berlin', categories: { journal: { label: 'Journal' } } },
    entries: { 'content/posts/hello/en.md': entry({ title: 'Hello', status: 'published', published: '2026-03-01 09:00', tags: ['travel', 'food'] }, 'Hi.') },
  });
  const past = new Date(Date.now() - 60_000);
  utimesSync(join(root, 'content', 'site.yaml'), past, past);
  const auth = new AuthService({ dataDir: join(root, 'data'), clock: Date.now, log: () => {} });
  const account = await auth.accounts.create({ name: 'Ann Admin', email: 'ann@example.org', role: 'admin', password: 'a long password' });
  token = auth.createToken({ ownerId: account.id, name: 'start', scopes: ['content:read', 'stats:read'], expiresInDays: null }).token;
  probe = join(root, 'probe.mjs');
  writeFileSync(join(root, 'probe-hooks.mjs'), `import { writeSync } from 'node:fs';
export async function load(url, context, next) { writeSync(2, 'ESM ' + url + '\\n'); return next(url, context); }
`);
  // The probe takes node:fs without importing it, so that the child's own import of it is seen.
  writeFileSync(probe, `import { register, createRequire } from 'node:module';
const { writeSync } = process.getBuiltinModule('node:fs');
register('./probe-hooks.mjs', import.meta.url);
const cache = createRequire(import.meta.url).cache;
process.on('exit', () => {
  for (const file of Object.keys(cache)) writeSync(2, 'CJS ' + file + '\\n');
  for (const name of process.moduleLoadList) if (name.startsWith('NativeModule ')) writeSync(2, 'NATIVE ' + name.slice(13) + '\\n');
  // Named after the builtins, so the debugger's own are not among them; it reports every script at once.
  const session = new (process.getBuiltinModule('node:inspector').Session)();
  session.connect();
  session.on('Debugger.scriptParsed', ({ params }) => { if (params.url.startsWith('file://')) writeSync(2, 'ESM ' + params.url + '\\n'); });
  session.post('Debugger.enable');
  session.disconnect();
});
`);
});
after(() => rmSync(root, { recursive: true, force: true }));

/**
 * Runs the child with the probe, sends the lines, waits for the answer with id `last`, returns what it loaded.
 * The child is then ended as an assistant ends it: its input closed, or (`signal`) a SIGTERM.
 */
function run(lines: unknown[], last: number, options: { env?: Record<string, string>; signal?: boolean } = {}): Promise<{ answers: any[]; loaded: string[] }> {
  return new Promise((resolve, reject) => {
    const env = { PATH: process.env.PATH, SVC_TOKEN: token, ...options.env };
    const child = spawn(process.execPath, ['--import', probe, STDIO_JS, `--root=${root}`], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const answers: any[] = [];
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      out += text;
      for (let at = out.indexOf('\n'); at >= 0; at = out.indexOf('\n')) {
        const message = JSON.parse(out.slice(0, at));
        out = out.slice(at + 1);
        answers.push(message);
        if (message.id === last) {
          if (options.signal) child.kill('SIGTERM');
          else child.stdin.end();
        }
      }
    });
    child.stderr.on('data', (text: string) => { err += text; });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code !== 0 && !(options.signal && signal === 'SIGTERM')) return reject(new Error(`exit ${code ?? signal}: ${err}`));
      resolve({ answers, loaded: [...new Set(err.split('\n').filter((line) => line.startsWith('ESM ') || line.startsWith('CJS ') || line.startsWith('NATIVE ')))] });
    });
    for (const line of lines) child.stdin.write(JSON.stringify(line) + '\n');
  });
}

const INIT = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
];
/**
 * The most modules of dist/ the first site_info answer may load: a module more is a choice to make. 64: the
 * MCP Apps extension check (initialize answers by it), site.yaml's link rules for the navigation, and the
 * stdio transport's notifications (a listen's lines beside the answers). 65: the site's trusted folders, a
 * value of their own (lib/trusted-folders.ts) rather than a registry inside lib/no-follow.ts. 66: the setting
 * SVC_SCRYPT_N checked with the others at the start (lib/scrypt-cost.ts), so that a bad one stops it there.
 * 67: node:util and node:crypto taken without an ES import (lib/node-builtins.ts), whose namespaces loaded
 * worker threads and the Web Crypto API into that answer. 68-69: the start refuses a flag given twice as
 * `svc` does (lib/repeated-option.ts) and a base URL with credentials, a query or a fragment as site.yaml's
 * reader does (lib/site-address.ts), one check each for every way in. 70: the check that the configured
 * folders can hold a site (lib/configured-folders.ts), a file of its own rather than a part of config.ts.
 * 71: the site's own top-level addresses (content/settings/site-addresses.ts), which site.yaml's reader, the
 * settings, slugs, type folders and svc check ask, in a file of their own rather than a part of site-config.ts.
 * 72: the rule that `constructor` names no type, category or field (content/settings/setting-keys.ts), which
 * site.yaml's reader shares with the panel's settings and the content tools.
 */
const MOST_MODULES = 72;
/** How many modules of dist/ the first site_info answer loaded (the first test counts them). */
let answerModules = 0;
const fromPackage = (loaded: string[], name: string) => loaded.filter((line) => line.includes(`/node_modules/${name}/`));

test('the first site_info answer loads no zod, no statistics, no OAuth, no writing code and no people side beyond the token check', async () => {
  const cached = join(root, 'data', 'cache', 'site-config.json');
  // The first start checks site.yaml and keeps it; the second reads the kept copy.
  await run([...INIT, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'site_info', arguments: {} } }], 2);
  assert.equal(JSON.parse(readFileSync(cached, 'utf8')).config.title, 'Start');
  const { answers, loaded } = await run([...INIT, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'site_info', arguments: {} } }], 2);
  const info = answers.find((answer) => answer.id === 2).result.structuredContent;
  assert.equal(info.title, 'Start');
  assert.deepEqual(info.content_types.post, { label: 'Posts', folder: 'posts', entries: 1 });
  assert.ok(loaded.some((line) => line.endsWith('/dist/mcp/tools/site-info.js')), 'the probe sees the modules loaded');
  assert.deepEqual(fromPackage(loaded, 'zod'), []);
  assert.deepEqual(loaded.filter((line) => /\/dist\/(stats|oauth|content\/write|mcp\/answers)\//.test(line)), []);
  const people = ['auth-service', 'account-store', 'session-store', 'password', 'totp'].map((name) => `/dist/auth/${name}.js`);
  assert.deepEqual(loaded.filter((line) => people.some((file) => line.endsWith(file))), []);
  // Nor any other tool's module: the registry loads each on its first call.
  assert.deepEqual(loaded.filter((line) => /\/dist\/mcp\/tools\/(content|media|stats|consent)-/.test(line)), []);
  // The whole way to the answer, as a number to notice: a module more is a choice to make, not a slip.
  // A module that require() loaded is also in its cache, named by path rather than address.
  const ours = [...new Set(loaded.filter((line) => line.includes('/dist/')).map((line) => line.replace(/^\S+ (file:\/\/)?/, '')))];
  assert.ok(ours.length <= MOST_MODULES, `${ours.length} modules of dist/ before the first answer:\n${ours.join('\n')}`);
  answerModules = ours.length;
});

test('a 2026-07-28 client\'s first site_info (no initialize) loads no zod either', async () => {
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
  const { answers, loaded } = await run([{ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'site_info', arguments: {}, _meta: meta } }], 1);
  const result = answers.find((answer) => answer.id === 1).result;
  assert.equal(result.resultType, 'complete');
  assert.equal(result.structuredContent.title, 'Start');
  assert.ok(loaded.some((line) => line.endsWith('/dist/mcp/modern-server.js')), 'the 2026 dispatcher answers');
  assert.deepEqual(fromPackage(loaded, 'zod'), []);
});

test('a first content_list loads its tool and zod with it; a wrong one is judged by the schema', async () => {
  const list = (id: number, args: unknown) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'content_list', arguments: args } });
  const { answers, loaded } = await run([...INIT, list(2, { type: 'post', limit: 5 })], 2);
  const result = answers.find((answer) => answer.id === 2).result;
  assert.deepEqual(result.structuredContent.entries.map((entry: { id: string }) => entry.id), ['posts/hello']);
  assert.ok(loaded.some((line) => line.endsWith('/dist/mcp/tools/content-list.js')), 'the probe sees the tool loaded');
  assert.notDeepEqual(fromPackage(loaded, 'zod'), []);
  const wrong = await run([...INIT, list(2, { type: 'post', limit: 500 })], 2);
  assert.equal(wrong.answers.find((answer) => answer.id === 2).result.content[0].text,
    'The arguments of content_list are not valid: limit: Too big: expected number to be <=100. Fix them and call content_list again.');
});

test('statistics are loaded when a tool first needs them, and answer', async () => {
  const { answers, loaded } = await run([...INIT, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'stats_overview', arguments: { period: '7d' } } }], 2);
  const result = answers.find((answer) => answer.id === 2).result;
  assert.equal(result.isError, undefined, JSON.stringify(result));
  assert.equal(typeof result.structuredContent, 'object');
  assert.ok(loaded.some((line) => line.endsWith('/dist/wiring/create-stats-service.js')));
  // The tool declares its arguments with zod: proof that the probe sees packages (the test above can fail).
  assert.notDeepEqual(fromPackage(loaded, 'zod'), []);
  assert.ok(existsSync(join(root, 'data', 'cache', 'site-config.json')));
});

test('the compile cache is turned on, and written after every answer, where Node has one', () => {
  const calls: string[] = [];
  const output = new Writable({ write: (_chunk, _encoding, done) => done() });
  useCompileCache(output, { enableCompileCache: () => calls.push('enable'), flushCompileCache: () => calls.push('flush') });
  assert.deepEqual(calls, ['enable']);
  output.write('{"id":1}\n');
  output.write('{"id":2}\n');
  assert.deepEqual(calls, ['enable', 'flush', 'flush']);
  // A Node without the functions (none since the floor, 22.13, has them all): nothing changes.
  const plain = new Writable({ write: (_chunk, _encoding, done) => done() });
  const write = plain.write;
  useCompileCache(plain, {});
  assert.equal(plain.write, write);
});

test('a start ended by a signal right after its first answer leaves its modules in Node\'s compile cache', async () => {
  // Node's default folder is node-compile-cache in the OS temp folder, which TMPDIR names.
  const temp = join(root, 'temp');
  mkdirSync(temp);
  const { loaded } = await run([...INIT, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'site_info', arguments: {} } }], 2, { env: { TMPDIR: temp }, signal: true });
  const dir = join(temp, 'node-compile-cache');
  const files = readdirSync(dir).flatMap((version) => readdirSync(join(dir, version)));
  // Each module loaded for the answer (the wiring, the MCP server, the site_info tool...; counted by the first
  // test of this file) has its entry, but the three loaded before the cache is turned on (stdio.js, its version
  // check, compile-cache.js itself). What the graceful stop loads after the answer is not counted: the cache is
  // written after each answer.
  const ours = loaded.filter((line) => line.includes('/dist/')).length;
  assert.ok(answerModules > 30 && ours >= answerModules && files.length >= answerModules - 3, `${files.length} files in the compile cache for the ${answerModules} modules of dist/ the answer needs`);
});
