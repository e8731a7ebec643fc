// The code cache of the stdio bundle (src/build/code-cache-runtime.ts): a start that lives past its first
// answer leaves one beside the modules file, the next start uses it, and whatever the cache file holds
// (nothing, a valid cache, a corrupt or truncated one, another bundle's) the server answers exactly as the
// unbundled entry does. Each test bundle is built from tsc's entry into dist/ under its own name (so that its
// modules resolve as dist/stdio.js's do) and has a cache of its own: other tests' servers never touch it.
// NODE_DEBUG=svc-bundle makes the bundle say on stderr whether it used a cache; stdout is only protocol.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildBundle, type BundleOptions } from '../src/build/build-bundle.js';
import { CODE_CACHE_DELAY_MS } from '../src/build/code-cache-runtime.js';
import { makeTestSite, type TestSite } from './mcp-support/site.js';
import { STDIO_JS } from './mcp-support/stdio-child.js';

const DIST = dirname(STDIO_JS);
const ENTRY_JS = join(DIST, 'stdio.entry.js');

interface TestBundle {
  entry: string;
  modules: string;
  cache: string;
}

let site: TestSite;
let token: string;
const written: string[] = [];

/** A bundle of tsc's stdio entry written into dist/ as `<name>.js`, as bundle-entry.ts writes dist/stdio.js. */
function writeBundle(name: string, options: BundleOptions): TestBundle {
  const entry = join(DIST, `${name}.js`);
  const bundle = buildBundle(ENTRY_JS, entry, { fallback: ENTRY_JS, ...options });
  const modules = join(DIST, bundle.modules.name);
  writeFileSync(modules, bundle.modules.text);
  writeFileSync(entry, bundle.text);
  const cache = modules.replace(/\.modules\.js$/, '.code-cache');
  written.push(entry, modules, cache);
  return { entry, modules, cache };
}

let bundle: TestBundle;
let other: TestBundle;

before(async () => {
  site = await makeTestSite();
  token = site.deps.auth.createToken({ ownerId: 'ann', name: 'cache', scopes: ['content:read', 'stats:read'], expiresInDays: null }).token;
  bundle = writeBundle(`stdio-cache-test-${process.pid}`, { warm: ['mcp/tools/site-info.js'] });
  // Another build of the same program (site_info kept as text): other code, so another modules file.
  other = writeBundle(`stdio-cache-other-${process.pid}`, {});
});
after(() => {
  site.cleanup();
  for (const file of written) rmSync(file, { force: true });
});

const REQUESTS = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'site_info', arguments: {} } },
  { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'content_list', arguments: { type: 'page' } } },
  { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'stats_overview', arguments: { period: '7d' } } },
  { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'content_list', arguments: { type: 'nope' } } },
];

interface Conversation {
  /** stdout exactly as written. */
  stdout: string;
  /** What the bundle said about its code cache (NODE_DEBUG=svc-bundle), without the process id. */
  cacheLines: string[];
}

const ANSWERS = REQUESTS.filter((request) => 'id' in request).length;

/**
 * Sends REQUESTS to `script` and ends its input after the last answer; with `hold`, only once that file
 * exists (the cache a start leaves after its first answer) or that many milliseconds later.
 */
function converse(script: string, hold: { file?: string; ms?: number } = {}): Promise<Conversation> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, `--root=${site.root}`], {
      env: { PATH: process.env.PATH, SVC_TOKEN: token, NODE_DEBUG: 'svc-bundle' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const end = (): void => {
      if (hold.file !== undefined && !existsSync(hold.file)) setTimeout(end, 20);
      else setTimeout(() => child.stdin.end(), hold.ms ?? 0);
    };
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      const before = stdout.split('\n').length;
      stdout += text;
      if (before <= ANSWERS && stdout.split('\n').length > ANSWERS) end();
    });
    child.stderr.on('data', (text: string) => { stderr += text; });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`exit ${code}: ${stderr}`));
      const cacheLines = stderr.split('\n').filter((line) => line.includes('code cache')).map((line) => line.replace(/^SVC-BUNDLE \d+: /, ''));
      resolve({ stdout, cacheLines });
    });
    for (const request of REQUESTS) child.stdin.write(JSON.stringify(request) + '\n');
  });
}

let unbundled: string;

/** The answers of tsc's unbundled entry, once: what every start of the bundle must write. */
async function expected(): Promise<string> {
  unbundled ??= (await converse(ENTRY_JS)).stdout;
  return unbundled;
}

/** A cache left by a start of `target` that lived past its first answer. */
async function makeCache(target: TestBundle): Promise<Buffer> {
  rmSync(target.cache, { force: true });
  const first = await converse(target.entry, { file: target.cache });
  assert.deepEqual(first.cacheLines, [`code cache none fits: file://${target.cache}`, `code cache written: file://${target.cache}`]);
  assert.equal(first.stdout, await expected());
  return readFileSync(target.cache);
}

test('a start without a cache leaves one after its first answer, and the next start uses it and answers the same', async () => {
  const started = Date.now();
  const cache = await makeCache(bundle);
  assert.ok(Date.now() - started >= CODE_CACHE_DELAY_MS, 'written only after the start, off the first answer');
  assert.match(cache.subarray(0, cache.indexOf(10)).toString('latin1'), /^svc-code-cache [0-9a-f]{12} v\d+\.\d+\.\d+ \w+ \d+:\d+:\d+:[\d.]+ [0-9a-f]{64}$/);
  const mtime = statSync(bundle.cache).mtimeMs;

  const next = await converse(bundle.entry);
  assert.deepEqual(next.cacheLines, [`code cache used: file://${bundle.cache}`]);
  assert.equal(next.stdout, await expected());
  // A start that used the cache leaves it as it is, however long it lives.
  const held = await converse(bundle.entry, { ms: CODE_CACHE_DELAY_MS + 300 });
  assert.deepEqual(held.cacheLines, [`code cache used: file://${bundle.cache}`]);
  assert.equal(statSync(bundle.cache).mtimeMs, mtime);
});

test('a corrupt, truncated, empty or foreign cache is ignored: the start compiles as without one and answers the same', async () => {
  const valid = await makeCache(bundle);
  const newline = valid.indexOf(10);
  const flipped = Buffer.from(valid);
  // A byte of V8's data changed: V8 itself would run it (or crash), the checksum refuses it.
  flipped[newline + 1 + Math.floor((valid.length - newline) / 2)]! ^= 0x5a;
  const header = valid.subarray(0, newline).toString('latin1');
  const otherKey = header.replace(/ (\d+):(\d+):(\d+):/, (_, dev, ino, size) => ` ${dev}:${Number(ino) + 1}:${size}:`);
  const cases: Record<string, Buffer> = {
    'a byte of the data changed': flipped,
    'truncated': valid.subarray(0, Math.floor(valid.length / 2)),
    'only its header line': valid.subarray(0, newline + 1),
    'empty': Buffer.alloc(0),
    'not a cache': Buffer.from('{"stamp":"x"}\n'),
    'made for another modules file (another inode), checksum right': Buffer.concat([Buffer.from(otherKey, 'latin1'), valid.subarray(newline)]),
    "another bundle's": await makeCache(other),
  };
  for (const [name, bytes] of Object.entries(cases)) {
    writeFileSync(bundle.cache, bytes);
    const start = await converse(bundle.entry);
    assert.deepEqual(start.cacheLines, [`code cache none fits: file://${bundle.cache}`], name);
    assert.equal(start.stdout, await expected(), name);
  }
  // The valid cache again is used: the cases above were refused for what they held, not for where they were.
  writeFileSync(bundle.cache, valid);
  assert.deepEqual((await converse(bundle.entry)).cacheLines, [`code cache used: file://${bundle.cache}`]);
});

test('a modules file written again (same text, another file) does not use the cache made for the earlier one', async () => {
  await makeCache(bundle);
  const text = readFileSync(bundle.modules);
  rmSync(bundle.modules);
  writeFileSync(bundle.modules, text);
  // The stale cache is still there: the start is held past the moment it writes its own.
  const start = await converse(bundle.entry, { ms: CODE_CACHE_DELAY_MS + 300 });
  assert.deepEqual(start.cacheLines, [`code cache none fits: file://${bundle.cache}`, `code cache written: file://${bundle.cache}`]);
  assert.equal(start.stdout, await expected());
  assert.deepEqual((await converse(bundle.entry)).cacheLines, [`code cache used: file://${bundle.cache}`]);
});

test('a cache holds compiled code only: not the token, the site or anything the start read', async () => {
  const cache = await makeCache(bundle);
  for (const secret of [token, site.root, 'Test Alps', token.slice(-20)]) {
    assert.equal(cache.includes(Buffer.from(secret)), false, `the cache holds ${secret}`);
  }
});
