// What the benches share: their scratch folder of packages, starting a server process and waiting for its
// address, stopping it, its resident memory, and the floor — a bare node:http server answering any request
// with one fixed body.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchPackages } from '../helpers/scratch-packages.ts';

/** Where the benches' packages go (SVC_BENCH_DIR, else the OS temp folder), outside the repository. */
export const BENCH_SCRATCH = process.env.SVC_BENCH_DIR ?? join(tmpdir(), 'svc-bench');
const PEERS = fileURLToPath(new URL('./peers/', import.meta.url));
/** One list for every bench, so that no bench installs the folder again over another's list. */
const BENCH_PACKAGES = ['@modelcontextprotocol/sdk@1.32.2', 'zod@4', 'autocannon@8'];

/**
 * The scratch folder with the SDK peer's packages and autocannon installed (once, under scratchPackages'
 * lock) and the peers' scripts (peers/) copied beside them, where they find those packages.
 */
export function benchScratch(): string {
  scratchPackages(BENCH_SCRATCH, BENCH_PACKAGES, { packageJson: '{"private":true,"type":"module"}\n' });
  for (const file of readdirSync(PEERS)) copyFileSync(join(PEERS, file), join(BENCH_SCRATCH, file));
  return BENCH_SCRATCH;
}

// No routing, no work: the body and its content type come from the files named in argv.
const FLOOR = `
const fs = require('node:fs');
const body = fs.readFileSync(process.argv[1]);
const type = fs.readFileSync(process.argv[2], 'utf8');
require('node:http').createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': type, 'content-length': body.length });
    res.end(body);
  });
}).listen(0, '127.0.0.1', function () { console.log('listening on http://127.0.0.1:' + this.address().port); });
`;

export interface Started { child: ChildProcess; port: number }

/** Starts a Node process and resolves with its port once it prints `http://127.0.0.1:<port>`. */
export function startServer(name: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Started> {
  return new Promise((resolvePort, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production', ...env } });
    let out = '', err = '';
    const timer = setTimeout(() => { child.kill(); reject(new Error(`${name} printed no address within 120 s:\n${out}${err}`)); }, 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (match) { clearTimeout(timer); resolvePort({ child, port: Number(match[1]) }); }
    });
    child.stderr!.on('data', (chunk: Buffer) => { err = (err + chunk.toString()).slice(-4000); });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`${name} exited with ${code} before listening:\n${out}${err}`)); });
  });
}

export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null) return done();
    child.removeAllListeners('exit');
    child.once('exit', () => done());
    child.kill('SIGTERM');
    setTimeout(() => { child.kill('SIGKILL'); }, 3000).unref();
  });
}

/** A floor answering every request with `body` as `contentType`; its files go into `folder`. */
export function startFloor(folder: string, name: string, body: Buffer, contentType: string): Promise<Started> {
  const bodyFile = join(folder, `floor-${name}.body`);
  const typeFile = join(folder, `floor-${name}.type`);
  writeFileSync(bodyFile, body);
  writeFileSync(typeFile, contentType);
  return startServer(`floor for ${name}`, ['-e', FLOOR, bodyFile, typeFile]);
}

/** Resident set size in MB (Linux /proc; NaN elsewhere). */
export function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (kb) return Number(kb[1]) / 1024;
  } catch { /* not Linux */ }
  return NaN;
}

export const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a');

/** ms from spawn to the answer of a first `tools/call` (after initialize + initialized) over stdio. */
export function firstStdioAnswer(command: string[], env: NodeJS.ProcessEnv, call: { name: string; arguments: Record<string, unknown> }, keepOpenMs = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command[0]!, command.slice(1), { env: { PATH: process.env.PATH, ...env }, stdio: ['pipe', 'pipe', 'ignore'] });
    let buffer = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      buffer += text;
      for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
        const message = JSON.parse(buffer.slice(0, at)) as { id?: number };
        buffer = buffer.slice(at + 1);
        if (message.id !== 2) continue;
        const elapsed = performance.now() - started;
        setTimeout(() => { child.kill(); resolve(elapsed); }, keepOpenMs);
      }
    });
    child.on('error', reject);
    const send = (message: unknown) => child.stdin.write(JSON.stringify(message) + '\n');
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: call });
  });
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
