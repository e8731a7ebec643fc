// `make interop`: the real server and the real stdio process against real MCP clients — the official
// conformance suite 0.2.0-alpha.12 on Node 22 (through a header-adding proxy; the 2026-07-28 stateless
// scenario, then the scenarios the 2026-07-28 and 2025-11-25 revisions require, against
// conformance-expected-failures.yml), the official v1 SDK client and v2 client (pinned to 2026-07-28 and
// in auto mode) over HTTP and over stdio, the v2 client listening while the panel writes, the official ext-apps
// host side drawing the MCP Apps views (ext-apps.ts), the Inspector CLI, and the OAuth flows (oauth.ts).
// Clients are installed into scratch folders outside the repository.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDeps } from '../../dist/wiring/build-deps.js';
import { loadConfig } from '../../dist/config.js';
import { startAuthProxy } from './auth-proxy.ts';
import { CONFORMANCE, prepareV1Scratch, prepareV2Scratch } from './scratch-folders.ts';
import { writeThroughPanel } from './panel-write.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const HERE = fileURLToPath(new URL('./', import.meta.url));
const INSPECTOR = '@modelcontextprotocol/inspector@2.12.0';
/**
 * The conformance runs, each against the expected failures of its revision (a file per revision: an entry
 * that passes in the run is "stale" and fails it); each must end with "Baseline check passed".
 */
const expected = (revision: string) => join(HERE, `conformance-expected-failures-${revision}.yml`);
const CONFORMANCE_RUNS: Array<[string, string[]]> = [
  ['server-stateless (2026-07-28)', ['--scenario', 'server-stateless', '--spec-version', '2026-07-28', '--expected-failures', expected('2026-07-28')]],
  ['requirements 2026-07-28', ['--requirements', '2026-07-28', '--expected-failures', expected('2026-07-28')]],
  ['requirements 2025-11-25', ['--requirements', '2025-11-25', '--expected-failures', expected('2025-11-25')]],
];

interface Outcome { name: string; ok: boolean; detail: string }
const outcomes: Outcome[] = [];
const children: ChildProcess[] = [];

function record(name: string, ok: boolean, detail: string): void {
  outcomes.push({ name, ok, detail });
  process.stdout.write(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `  ${detail}` : ''}\n`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** A temp copy of the demo site with one administrator and a token holding every scope. */
async function prepareSite(): Promise<{ root: string; token: string }> {
  const root = mkdtempSync(join(tmpdir(), 'svc-interop-site-'));
  for (const folder of ['content', 'plugins', 'theme']) {
    if (existsSync(join(REPO, folder))) cpSync(join(REPO, folder), join(root, folder), { recursive: true });
  }
  const deps = await buildDeps(loadConfig([`--root=${root}`], {}));
  const account = await deps.auth.accounts.create({ name: 'Interop Admin', email: 'interop@example.org', role: 'admin', password: 'interop password 1' });
  const { token } = deps.auth.createToken({ ownerId: account.id, name: 'interop', scopes: ['content:read', 'content:write', 'content:publish', 'stats:read'], expiresInDays: 30 });
  return { root, token };
}

async function startServer(root: string, port: number): Promise<void> {
  const child = spawn(process.execPath, [join(REPO, 'dist/server.js'), `--root=${root}`, `--port=${port}`, '--host=127.0.0.1'], {
    // The documented switch: the conformance runs and clients send far more than 60 requests a minute.
    env: { PATH: process.env.PATH, SVC_RATE_LIMITS: 'off' }, stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  for (let i = 0; i < 100; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/.well-known/oauth-protected-resource`);
      if (response.ok) return;
    } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start within 10 seconds');
}

async function main(): Promise<void> {
  if (!existsSync(join(REPO, 'dist/server.js')) || !existsSync(join(REPO, 'dist/stdio.js'))) throw new Error('build first: make build');
  const v1 = prepareV1Scratch();
  const { root, token } = await prepareSite();
  const port = await freePort();
  await startServer(root, port);
  const proxy = await startAuthProxy(port, token);
  const direct = `http://127.0.0.1:${port}/svc/mcp`;
  const proxied = `http://127.0.0.1:${proxy.port}/svc/mcp`;
  process.stdout.write(`server ${direct}, conformance proxy ${proxied}, site ${root}\n\n`);

  // The proxy runs in this process, so the suite must run without blocking the event loop.
  const runAsync = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env, cwd?: string) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => { stdout += d; });
      child.stderr.on('data', (d) => { stderr += d; });
      const timer = setTimeout(() => child.kill(), 300_000);
      child.on('close', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr }); });
    });

  const v2 = prepareV2Scratch();
  for (const [name, args] of CONFORMANCE_RUNS) {
    const result = await runAsync(v2.node22, [v2.conformance, 'server', '--url', proxied, ...args], process.env, v2.dir);
    const plain = (result.stdout + result.stderr).replace(/\x1b\[[0-9;]*m/g, '');
    const total = plain.match(/Total: \d+ passed, \d+ failed|Passed: \d+\/\d+[^\n]*/)?.[0] ?? `exit ${result.code}`;
    const ok = result.code === 0 && /Baseline check passed/.test(plain);
    record(`conformance ${CONFORMANCE.split('@').pop()} ${name}`, ok, `${total}; failures beyond the fixture baseline: ${ok ? 'none' : 'see above'}`);
    if (!ok) process.stdout.write(plain.slice(plain.indexOf('=== SUMMARY ===')) + '\n');
  }

  const sdkEnv = { ...process.env, TOKEN: token, SVC_NODE: process.execPath };
  const http = await runAsync(process.execPath, [join(v1, 'sdk-client-http.mjs'), direct], sdkEnv, v1);
  record('SDK client over HTTP', http.code === 0, (http.stdout.trim().split('\n').pop() ?? '') + (http.code === 0 ? '' : http.stderr));
  const stdio = await runAsync(process.execPath, [join(v1, 'sdk-client-stdio.mjs'), join(REPO, 'dist/stdio.js'), root], sdkEnv, v1);
  record('SDK client over stdio', stdio.code === 0, (stdio.stdout.trim().split('\n').pop() ?? '') + (stdio.code === 0 ? '' : stdio.stderr));

  // The official v2 client, in the 2026-07-28 revision: pinned, and negotiating it (auto).
  for (const mode of ['2026-07-28', 'auto']) {
    const overHttp = await runAsync(process.execPath, [join(v2.dir, 'v2-client-http.mjs'), direct, mode], sdkEnv, v2.dir);
    record(`v2 client over HTTP (${mode})`, overHttp.code === 0, (overHttp.stdout.trim().split('\n').pop() ?? '') + (overHttp.code === 0 ? '' : overHttp.stderr));
    const overStdio = await runAsync(process.execPath, [join(v2.dir, 'v2-client-stdio.mjs'), join(REPO, 'dist/stdio.js'), root, mode], sdkEnv, v2.dir);
    record(`v2 client over stdio (${mode})`, overStdio.code === 0, (overStdio.stdout.trim().split('\n').pop() ?? '') + (overStdio.code === 0 ? '' : overStdio.stderr));
  }

  // MCP Apps: the v2 client declares io.modelcontextprotocol/ui and the official ext-apps host side draws
  // each view in Chromium, over HTTP and stdio, in the 2025 handshake and in 2026-07-28 (ext-apps.ts).
  const apps = await runAsync(process.execPath, ['--import', 'tsx', join(HERE, 'ext-apps.ts'), direct, join(REPO, 'dist/stdio.js'), root], sdkEnv, REPO);
  const appLines = apps.stdout.trim().split('\n').filter((line) => /^(PASS|FAIL)/.test(line));
  record('ext-apps host renders each app (v2 client; HTTP and stdio; 2025 and 2026-07-28)', apps.code === 0, appLines.length > 0 ? `${appLines.filter((line) => line.startsWith('PASS')).length}/${appLines.length} runs` + (apps.code === 0 ? '' : `\n${appLines.join('\n')}\n${apps.stderr}`) : apps.stderr);
  // The v2 client listens to an entry (subscriptions/listen) and is told of a write made through the panel.
  for (const [kind, args] of [['HTTP', ['http', direct]], ['stdio', ['stdio', join(REPO, 'dist/stdio.js'), root]]] as const) {
    const told = await listenWhilePanelWrites(join(v2.dir, 'v2-listen.mjs'), [...args], sdkEnv, v2.dir, `http://127.0.0.1:${port}`);
    record(`v2 client listens over ${kind}, told of a write made through the panel`, told.ok, told.detail);
  }

  const templates = await runAsync('npx', ['-y', '-p', 'node@22', '-p', INSPECTOR, 'mcp-inspector', '--cli',
    '-e', `SVC_TOKEN=${token}`, '-e', `SVC_ROOT=${root}`, process.execPath, join(REPO, 'dist/stdio.js'), '--method', 'resources/templates/list']);
  let uriTemplates: string[] = [];
  try { uriTemplates = (JSON.parse(templates.stdout) as { resourceTemplates: { uriTemplate: string }[] }).resourceTemplates.map((template) => template.uriTemplate); } catch { /* reported below */ }
  record('Inspector CLI resources/templates/list over stdio', templates.code === 0 && uriTemplates.includes('svc://entry/{+id}{?lang}'), uriTemplates.length > 0 ? uriTemplates.join(', ') : templates.stdout + templates.stderr);

  const inspector = await runAsync('npx', ['-y', '-p', 'node@22', '-p', INSPECTOR, 'mcp-inspector', '--cli',
    '-e', `SVC_TOKEN=${token}`, '-e', `SVC_ROOT=${root}`, process.execPath, join(REPO, 'dist/stdio.js'), '--method', 'tools/list']);
  let names: string[] = [];
  try { names = (JSON.parse(inspector.stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name); } catch { /* reported below */ }
  record('Inspector CLI tools/list over stdio', inspector.code === 0 && names.includes('site_info'), names.length > 0 ? `${names.length} tools: ${names.join(', ')}` : inspector.stdout + inspector.stderr);

  // OAuth: the SDK client's full OAuth flow and `conformance authorization` on their own server (oauth.ts).
  const oauth = await new Promise<number | null>((resolve) => spawn(process.execPath, ['--import', 'tsx', join(HERE, 'oauth.ts')], { cwd: REPO, stdio: 'inherit' }).on('close', resolve));
  record('OAuth: SDK client full flow + conformance authorization + v2 client CIMD flow', oauth === 0, oauth === 0 ? '' : `exit ${oauth}`);

  proxy.server.close();
  for (const child of children) child.kill();
  rmSync(root, { recursive: true, force: true });
  const failed = outcomes.filter((outcome) => !outcome.ok);
  process.stdout.write(`\n${outcomes.length - failed.length} passed, ${failed.length} failed\n`);
  process.exit(failed.length === 0 ? 0 : 1);
}

/** Runs the listening client; once it says it listens, changes the entry through the panel; its last line is the outcome. */
function listenWhilePanelWrites(script: string, args: string[], env: NodeJS.ProcessEnv, cwd: string, base: string): Promise<{ ok: boolean; detail: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let wrote: Promise<unknown> | null = null;
    child.stderr.on('data', (d) => { stderr += d; });
    child.stdout.on('data', (d) => {
      stdout += d;
      const listening = /\{"listening":"([^"]+)"\}/.exec(stdout);
      if (listening && !wrote) {
        wrote = writeThroughPanel(base, 'interop@example.org', 'interop password 1', listening[1]!, `Changed through the panel at ${new Date().toISOString()}.`)
          .catch((error: unknown) => { stderr += `panel write failed: ${(error as Error).message}`; });
      }
    });
    const timer = setTimeout(() => child.kill(), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      void (wrote ?? Promise.resolve()).then(() => {
        const last = stdout.trim().split('\n').pop() ?? '';
        resolve({ ok: code === 0, detail: last + (code === 0 ? '' : stderr) });
      });
    });
  });
}

main().catch((error) => {
  for (const child of children) child.kill();
  process.stderr.write(`interop: ${(error as Error)?.stack ?? error}\n`);
  process.exit(1);
});
