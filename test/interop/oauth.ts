// `make interop`, OAuth part: the real server (dist/server.js) in a child process over a temp site, then
//   1. the official MCP SDK client (@modelcontextprotocol/sdk 1.32.x, installed at run time into a scratch
//      folder outside the repository) doing the whole flow: 401 -> metadata -> registration -> consent
//      (this harness is the browser) -> token -> MCP calls -> refresh once the access token is refused;
//   2. the conformance tool's authorization-server scenarios (@modelcontextprotocol/conformance on Node 22
//      through npx), with this harness again playing the person at the consent page.
// Run alone: node --import tsx test/interop/oauth.ts (after `make build`). Exits non-zero on any failure.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AuthService } from '../../src/auth/auth-service.js';
import { createFixtureSite } from '../helpers/fixture-site.js';
// @ts-expect-error plain JavaScript shared with the SDK client script
import { Browser, actAsPerson } from './oauth-browser.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = join(HERE, '..', '..');
const SDK_VERSION = '~1.32.0';
const CONFORMANCE = '@modelcontextprotocol/conformance@0.2.0-alpha.12';
const EMAIL = 'ada@example.org';
const PASSWORD = 'correct horse battery';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function say(line: string): void {
  process.stdout.write(`[oauth interop] ${line}\n`);
}

async function startServer(root: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(REPO, 'dist', 'server.js'), '--root', root, '--host', '127.0.0.1', '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr!.on('data', (chunk) => process.stderr.write(`[server] ${chunk}`));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => { out += chunk; if (out.includes('svc is serving')) resolve(); });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return child;
}

/** The SDK lives in a scratch folder outside the repository, installed once and reused. */
function prepareSdkFolder(): string {
  const dir = join(tmpdir(), 'svc-interop-oauth-sdk-1.32');
  if (!existsSync(join(dir, 'node_modules', '@modelcontextprotocol', 'sdk', 'package.json'))) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'svc-interop-oauth', private: true, type: 'module' }));
    say(`installing @modelcontextprotocol/sdk@${SDK_VERSION} into ${dir}`);
    const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `@modelcontextprotocol/sdk@${SDK_VERSION}`], { cwd: dir, stdio: 'inherit' });
    if (install.status !== 0) throw new Error('npm install of the MCP SDK failed');
  }
  for (const file of ['oauth-sdk-client.mjs', 'oauth-browser.mjs']) copyFileSync(join(HERE, file), join(dir, file));
  return dir;
}

async function runSdkClient(base: string, dataDir: string): Promise<boolean> {
  const dir = prepareSdkFolder();
  say('official SDK client: full OAuth flow');
  const child = spawn(process.execPath, [join(dir, 'oauth-sdk-client.mjs')], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, SVC_BASE_URL: base, SVC_DATA_DIR: dataDir, SVC_EMAIL: EMAIL, SVC_PASSWORD: PASSWORD },
  });
  child.stdout!.on('data', (chunk) => { for (const line of String(chunk).split('\n')) if (line) say(`  sdk: ${line}`); });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return code === 0;
}

/** Runs both authorization-server scenarios; plays the person when the tool prints its authorization URL. */
async function runConformance(base: string): Promise<boolean> {
  const callbackPort = await freePort();
  const registration = await fetch(`${base}/svc/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'MCP conformance', redirect_uris: [`http://127.0.0.1:${callbackPort}/callback`] }),
  });
  const { client_id: clientId } = await registration.json() as { client_id: string };
  say(`conformance authorization (${CONFORMANCE}, Node 22) against ${base}, client ${clientId}`);
  const child = spawn('npx', ['-y', '-p', 'node@22', '-p', CONFORMANCE, 'conformance', 'authorization', '--url', base, '--client-id', clientId, '--port', String(callbackPort)], {
    cwd: tmpdir(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let consented = false;
  let failure: unknown;
  const onLine = (line: string) => {
    if (!line.trim() || /^npm warn/.test(line)) return;
    say(`  conformance: ${line}`);
    if (!consented && line.startsWith(`${base}/svc/oauth/authorize?`)) {
      consented = true;
      // The tool's callback server listens once the URL is printed; give it a moment.
      setTimeout(() => {
        void (async () => {
          try {
            const { callback, rights } = await actAsPerson(new Browser(), { base, email: EMAIL, password: PASSWORD, url: line.trim() });
            say(`  harness: consented (${rights.join(' ')}), delivering the callback to the tool`);
            await (await fetch(callback)).text();
          } catch (error) {
            failure = error;
            say(`  harness: ${(error as Error).message}`);
            child.kill();
          }
        })();
      }, 500);
    }
  };
  let buffer = '';
  const feed = (chunk: Buffer) => {
    buffer += String(chunk);
    const lines = buffer.split('\n');
    buffer = lines.pop()!;
    for (const line of lines) onLine(line);
  };
  child.stdout!.on('data', feed);
  child.stderr!.on('data', feed);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (buffer) onLine(buffer);
  return code === 0 && consented && failure === undefined;
}

async function main(): Promise<void> {
  if (!existsSync(join(REPO, 'dist', 'server.js'))) throw new Error('dist/server.js is missing: run make build first');
  const root = createFixtureSite();
  const dataDir = join(root, 'data');
  const auth = new AuthService({ dataDir, clock: Date.now, log: () => {} });
  await auth.accounts.create({ name: 'Ada Admin', email: EMAIL, role: 'admin', password: PASSWORD });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(root, port);
  let sdkOk = false;
  let conformanceOk = false;
  try {
    sdkOk = await runSdkClient(base, dataDir);
    say(`official SDK client: ${sdkOk ? 'PASSED' : 'FAILED'}`);
    conformanceOk = await runConformance(base);
    say(`conformance authorization: ${conformanceOk ? 'PASSED' : 'FAILED'}`);
  } finally {
    server.kill();
    rmSync(root, { recursive: true, force: true });
  }
  if (!sdkOk || !conformanceOk) process.exitCode = 1;
}

await main();
