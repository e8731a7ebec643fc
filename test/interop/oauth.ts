// `make interop`, OAuth part: the real server (dist/server.js) in a child process over a temp site, then
//   1. the official MCP SDK client (@modelcontextprotocol/sdk 1.32, installed at run time into the v1
//      scratch folder outside the repository, scratch-folders.ts) doing the whole flow: 401 -> metadata -> registration -> consent
//      (this harness is the browser) -> token -> MCP calls -> refresh once the access token is refused;
//   2. the conformance tool's authorization-server scenarios (@modelcontextprotocol/conformance on Node 22,
//      from the v2 scratch folder), with this harness again playing the person at the consent page;
//   3. a Client ID Metadata Document flow with the official v2 client (@modelcontextprotocol/client 2.4.x)
//      and its clientMetadataUrl: the client serves its document over https from 127.0.0.1, so the server
//      runs in-process here (cimd-server.ts) with the test-only switch that accepts such documents.
// Run alone: node --import tsx test/interop/oauth.ts (after `make build`). Exits non-zero on any failure.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AuthService } from '../../dist/auth/auth-service.js';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { CONFORMANCE, prepareV1Scratch, prepareV2Scratch } from './scratch-folders.ts';
// @ts-expect-error plain JavaScript shared with the SDK client script
import { Browser, actAsPerson } from './oauth-browser.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = join(HERE, '..', '..');
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

async function runSdkClient(base: string, dataDir: string): Promise<boolean> {
  const dir = prepareV1Scratch(say);
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
  const v2 = prepareV2Scratch(say);
  const child = spawn(v2.node22, [v2.conformance, 'authorization', '--url', base, '--client-id', clientId, '--port', String(callbackPort)], {
    cwd: v2.dir,
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

/** A certificate for https://127.0.0.1, made for this run only (the client's document server uses it). */
function makeCertificate(dir: string): { key: string; cert: string } {
  const key = join(dir, 'cimd-key.pem');
  const cert = join(dir, 'cimd-cert.pem');
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  if (made.status !== 0) throw new Error('openssl could not make the test certificate');
  return { key, cert };
}

async function runCimdFlow(): Promise<boolean> {
  const scratch = prepareV2Scratch(say);
  const { key, cert } = makeCertificate(scratch.dir);
  const root = createFixtureSite();
  const auth = new AuthService({ dataDir: join(root, 'data'), clock: Date.now, log: () => {} });
  await auth.accounts.create({ name: 'Ada Admin', email: EMAIL, role: 'admin', password: PASSWORD });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  say('v2 client: Client ID Metadata Document flow');
  const server = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'cimd-server.ts'), root, String(port)], {
    cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_EXTRA_CA_CERTS: cert },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout!.on('data', (chunk) => { if (String(chunk).includes('listening')) resolve(); });
      server.once('exit', (code) => reject(new Error(`the CIMD server exited with ${code}`)));
    });
    const child = spawn(process.execPath, [join(scratch.dir, 'v2-oauth-cimd.mjs')], {
      cwd: scratch.dir, stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, SVC_BASE_URL: base, SVC_EMAIL: EMAIL, SVC_PASSWORD: PASSWORD, CIMD_KEY: key, CIMD_CERT: cert },
    });
    child.stdout!.on('data', (chunk) => { for (const line of String(chunk).split('\n')) if (line) say(`  v2: ${line}`); });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    // The client never registered: it was known by its document alone.
    const registered = existsSync(join(root, 'data', 'oauth', 'clients')) ? readdirSync(join(root, 'data', 'oauth', 'clients')).length : 0;
    if (registered > 0) say(`  harness: ${registered} registration(s) were made, none expected`);
    return code === 0 && registered === 0;
  } finally {
    server.kill();
    rmSync(root, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  // `--cimd-only` runs the third part alone (it is the quickest to repeat).
  if (process.argv.includes('--cimd-only')) {
    if (!(await runCimdFlow())) process.exitCode = 1;
    return;
  }
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
  const cimdOk = await runCimdFlow();
  say(`v2 client CIMD flow: ${cimdOk ? 'PASSED' : 'FAILED'}`);
  if (!sdkOk || !conformanceOk || !cimdOk) process.exitCode = 1;
}

await main();
