// dist/stdio.js as `make build` leaves it: one bundle of tsc's stdio entry and every module of ours it can
// load (the entry and its modules file), answering exactly as the unbundled entry (kept as
// dist/stdio.entry.js) does. Run `make build` first; tsc alone leaves the unbundled entry in place and the
// first test says so.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { makeTestSite, type TestSite } from './mcp-support/site.js';
import { STDIO_JS } from './mcp-support/stdio-child.js';
import { isAscii } from '../src/build/ascii-only.js';

const ENTRY_JS = STDIO_JS.replace(/stdio\.js$/, 'stdio.entry.js');
const BUNDLER_JS = fileURLToPath(new URL('../dist/build/bundle-entry.js', import.meta.url));
const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

let site: TestSite;
let token: string;

before(async () => {
  site = await makeTestSite();
  token = site.deps.auth.createToken({ ownerId: 'ann', name: 'bundle', scopes: ['content:read', 'stats:read'], expiresInDays: null }).token;
});
after(() => site.cleanup());

/** Sends the requests to `script` (one per line), ends its input after the last answer, returns the answers. */
function converse(script: string, requests: object[], nodeArgs: string[] = []): Promise<{ answers: any[]; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, script, `--root=${site.root}`], { env: { PATH: process.env.PATH, SVC_TOKEN: token }, stdio: ['pipe', 'pipe', 'pipe'] });
    const lastId = (requests.filter((request) => 'id' in request).at(-1) as { id: number }).id;
    const answers: any[] = [];
    let out = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      out += text;
      for (let at = out.indexOf('\n'); at >= 0; at = out.indexOf('\n')) {
        answers.push(JSON.parse(out.slice(0, at)));
        out = out.slice(at + 1);
        if (answers.at(-1).id === lastId) child.stdin.end();
      }
    });
    child.stderr.on('data', (text: string) => { stderr += text; });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve({ answers, stderr }) : reject(new Error(`exit ${code}: ${stderr}`))));
    for (const request of requests) child.stdin.write(JSON.stringify(request) + '\n');
  });
}

const INITIALIZE = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
];
const call = (id: number, name: string, args: object = {}) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

test('dist/stdio.js is one bundle: no import or export statement and no import() of a path of ours is left', () => {
  const text = readFileSync(STDIO_JS, 'utf8');
  assert.ok(text.startsWith('#!/usr/bin/env node\n// svc-bundle:'), 'dist/stdio.js is not the bundle: run make build (tsc alone leaves the unbundled entry)');
  const start = JSON.parse(/^  __svc_start\((\{.*\})\);$/m.exec(text)![1]!) as { file: string; codeLength: number };
  const modules = readFileSync(new URL(start.file, pathToFileURL(STDIO_JS)), 'utf8');
  const problems: string[] = [];
  const ids: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isExportAssignment(node)) problems.push(node.getText());
    // Only the entry's own import(specifier) for packages is left, and its fallback to tsc's entry.
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && !ts.isIdentifier(node.arguments[0]!) &&
      node.getText() !== 'import("./stdio.entry.js")') problems.push(node.getText());
    if (ts.isPropertyAssignment(node) && ts.isStringLiteral(node.name) && node.name.text.startsWith('./')) {
      ids.push(node.name.text);
      // A module loaded on demand is kept as text after the code, [start, end]: read that text as well.
      if (ts.isArrayLiteralExpression(node.initializer)) {
        const [from, to] = node.initializer.elements.map((element) => Number(element.getText()));
        const source = modules.slice(start.codeLength + from!, start.codeLength + to!);
        assert.match(source, /^'use strict'; /);
        visit(ts.createSourceFile(node.name.text, `function f() {${source}\n}`, ts.ScriptTarget.ESNext, true, ts.ScriptKind.JS));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(STDIO_JS, text, ts.ScriptTarget.ESNext, true, ts.ScriptKind.JS));
  visit(ts.createSourceFile(start.file, modules.slice(0, start.codeLength), ts.ScriptTarget.ESNext, true, ts.ScriptKind.JS));
  assert.deepEqual(problems, []);
  // ASCII only (non-ASCII characters of comments and strings escaped): Node reads and V8 parses it faster.
  assert.ok(isAscii(text), 'dist/stdio.js has a non-ASCII character');
  assert.ok(isAscii(modules), `dist/${start.file} has a non-ASCII character`);
  // Modules loaded only by import() or createRequire(import.meta.url)(path) are inside as well.
  for (const lazy of ['./mcp/tools/site-info.js', './mcp/tools/stats-overview.js', './oauth/oauth-service.js', './stats/create-stats-service.js', './content/write/settle-scheduled.js']) {
    assert.ok(ids.includes(lazy), `${lazy} is not in the bundle`);
  }
});

test('the ES module loader loads one file of ours, and no file of ours is required as CommonJS', async () => {
  const probe = fileURLToPath(new URL('probe.mjs', `file://${site.root}/`));
  writeFileSync(probe, `import { register, createRequire } from 'node:module';
import { writeSync } from 'node:fs';
register('data:text/javascript,' + encodeURIComponent("import { writeSync } from 'node:fs'; export async function load(url, context, next) { writeSync(2, 'ESM ' + url + '\\\\n'); return next(url, context); }"));
const cache = createRequire(import.meta.url).cache;
process.on('exit', () => { for (const file of Object.keys(cache)) writeSync(2, 'CJS ' + file + '\\n'); });
`);
  const { answers, stderr } = await converse(STDIO_JS, [...INITIALIZE, call(2, 'site_info'), call(3, 'stats_overview', { period: '7d' })], ['--import', probe]);
  assert.equal(answers.at(-1).result.isError, undefined);
  const dist = STDIO_JS.slice(0, -'stdio.js'.length);
  const ours = stderr.split('\n').filter((line) => line.includes(dist));
  assert.deepEqual(ours, [`ESM file://${STDIO_JS}`]);
  assert.ok(stderr.includes('/node_modules/zod/'), 'the probe sees packages loaded (zod for the statistics tool)');
});

test('answers exactly as the unbundled entry: initialize, tools, site_info, content, a resource, statistics', async () => {
  const requests = [
    ...INITIALIZE,
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    call(3, 'site_info'),
    call(4, 'content_list', { type: 'page' }),
    call(5, 'content_read', { id: 'posts/hello' }),
    { jsonrpc: '2.0', id: 6, method: 'resources/read', params: { uri: 'svc://site' } },
    { jsonrpc: '2.0', id: 7, method: 'prompts/list' },
    call(8, 'stats_overview', { period: '7d' }),
    call(9, 'content_list', { type: 'nope' }),
  ];
  const bundled = await converse(STDIO_JS, requests);
  const unbundled = await converse(ENTRY_JS, requests);
  assert.deepEqual(bundled.answers, unbundled.answers);
  assert.equal(bundled.stderr, unbundled.stderr);
  assert.equal(bundled.answers.length, 9);
  for (const answer of bundled.answers.slice(1)) assert.ok(answer.result, JSON.stringify(answer));
  // package.json is read relative to dist/mcp/server-info.js's own URL, as without the bundle.
  assert.deepEqual(bundled.answers[0].result.serverInfo, { name: 'svc', version: PACKAGE_VERSION });
  assert.equal(bundled.answers[2].result.structuredContent.title, 'Test Alps');
});

test('a Node that cannot require() ES modules runs the unbundled entry and answers the same', async () => {
  const requests = [...INITIALIZE, call(2, 'site_info'), call(3, 'stats_overview', { period: '7d' })];
  const fallback = await converse(STDIO_JS, requests, ['--no-experimental-require-module']);
  assert.deepEqual(fallback.answers, (await converse(STDIO_JS, requests)).answers);
  assert.equal(fallback.answers.at(-1).result.isError, undefined);
});

test('a bad setting and a missing token end the bundle as they end the entry: same sentence, same exit code', () => {
  for (const args of [['--port=nope'], []]) {
    const bundled = spawnSync(process.execPath, [STDIO_JS, ...args, `--root=${site.root}`], { encoding: 'utf8', env: { PATH: process.env.PATH } });
    const unbundled = spawnSync(process.execPath, [ENTRY_JS, ...args, `--root=${site.root}`], { encoding: 'utf8', env: { PATH: process.env.PATH } });
    assert.deepEqual([bundled.status, bundled.stdout, bundled.stderr], [unbundled.status, unbundled.stdout, unbundled.stderr]);
    assert.notEqual(bundled.status, 0);
    assert.match(bundled.stderr, /^svc: /);
  }
});

test('the bundler refuses to bundle a bundle', () => {
  const result = spawnSync(process.execPath, [BUNDLER_JS, STDIO_JS], { encoding: 'utf8' });
  assert.equal(result.status, 1);
  assert.match(result.stderr, /is already a bundle; run tsc first/);
});
