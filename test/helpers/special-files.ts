// What a hostile or careless operator can put where the site expects a file: a FIFO (whose plain open waits
// for a writer forever), a unix socket, a link to a device (/dev/zero never ends). And the real server as a
// child process, so a read that blocks shows as a request that never answers and a SIGTERM that is ignored,
// not as a test runner that hangs with it.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_JS = fileURLToPath(new URL('../../dist/server.js', import.meta.url));
export const CLI_JS = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** Long enough for a loaded machine; a request that has not answered by then hangs (this is no timing). */
const PATIENCE_MS = 30_000;

/** Replaces whatever is at `path` by a FIFO (Node has no mkfifo: the system's command makes it). */
export function placeFifo(path: string): void {
  rmSync(path, { force: true });
  const made = spawnSync('mkfifo', [path]);
  assert.equal(made.status, 0, `mkfifo ${path}: ${made.stderr}`);
}

const sockets: Server[] = [];

/** Replaces whatever is at `path` by a listening unix socket (closed with closeSockets). */
export async function placeSocket(path: string): Promise<void> {
  rmSync(path, { force: true });
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(path, resolve));
  sockets.push(server);
}

export async function closeSockets(): Promise<void> {
  for (const server of sockets.splice(0)) await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Replaces whatever is at `path` by a link to a device (/dev/zero: endless zeros; /dev/urandom: endless noise). */
export function placeDeviceLink(path: string, device: '/dev/zero' | '/dev/urandom'): void {
  rmSync(path, { force: true });
  mkdirSync(dirname(path), { recursive: true });
  symlinkSync(device, path);
}

/** fetch, failing the test when no answer comes (a hung server) instead of waiting forever. */
export function fetchOrHang(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(PATIENCE_MS) });
}

export interface RealServer {
  url: string;
  child: ChildProcess;
  stderr(): string;
  /** SIGTERM, and the exit code; fails (and kills) when the process does not stop. */
  stop(): Promise<number | null>;
}

/** dist/server.js on port 0 over `root`, once it has said where it listens. */
/** `env`: more of the environment (SVC_PURGE...). */
export async function startRealServer(root: string, env: Record<string, string> = {}): Promise<RealServer> {
  const child = spawn(process.execPath, [SERVER_JS, `--root=${root}`, '--port=0', '--host=127.0.0.1'], {
    env: { PATH: process.env.PATH, SVC_RATE_LIMITS: 'off', ...env, ...(process.env.NODE_DEBUG ? { NODE_DEBUG: process.env.NODE_DEBUG } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => { err += chunk; });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      // Behind a public address (SVC_BASE_URL), the address it listens on is named after it.
      const listening = /listening on (http:\/\/\S+?) /.exec(out);
      const match = /website +(http:\/\/\S+?)\/\n/.exec(out);
      if (match && (listening || !env.SVC_BASE_URL)) resolve(listening ? listening[1]! : match[1]!);
    });
    void exited.then((code) => reject(new Error(`the server exited (${code}) before listening: ${err}`)));
  });
  return {
    url, child,
    stderr: () => err,
    stop: async () => {
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const hung = new Promise<'hung'>((resolve) => { timer = setTimeout(() => resolve('hung'), PATIENCE_MS); });
      const result = await Promise.race([exited, hung]);
      clearTimeout(timer);
      if (result === 'hung') {
        child.kill('SIGKILL');
        assert.fail('the server did not stop on SIGTERM');
      }
      return result;
    },
  };
}
