// Stopping on a signal, with the built entries as a service manager runs them: `node dist/server.js` stops
// accepting on SIGTERM, answers the write in progress (it is on disk), saves and exits 0; a second signal
// exits at once with 143. `node dist/stdio.js` answers the tool call it is receiving before it exits 0.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { request, type ClientRequest } from 'node:http';
import { connect } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { MCP_HEADERS } from '../helpers/mcp-http.ts';
import { spawnStdio } from '../helpers/stdio-child.ts';
import { waitFor } from '../helpers/wait-for.ts';

const SERVER_JS = fileURLToPath(new URL('../../dist/server.js', import.meta.url));

let site: TestSite;
let token: string;
before(async () => {
  site = await makeTestSite();
  // The child runs on the real clock, which the test site's own tokens do not follow.
  token = site.deps.auth.createToken({ ownerId: 'ann', name: 'stop', scopes: ['content:read', 'content:write'], expiresInDays: null }).token;
});
after(() => site.cleanup());

interface ServerChild { child: ChildProcess; port: number; exited: Promise<number | null> }

async function startServerChild(): Promise<ServerChild> {
  const child = spawn(process.execPath, [SERVER_JS, `--root=${site.root}`, '--port=0'], { env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (out += text));
  const port = await waitFor(() => Number(/http:\/\/127\.0\.0\.1:(\d+)\/svc\/mcp/.exec(out)![1]));
  // The address is printed before the start's own work (reading the site, the search index) runs: an answer
  // comes after it, so the requests that follow find a server at rest, and reach it within the pauses below.
  await (await fetch(`http://127.0.0.1:${port}/svc/api/v1/entries?limit=1`)).arrayBuffer();
  return { child, port, exited };
}

/** Starts an MCP tools/call whose body is sent all but its last byte; returns the request, its answer, and the rest to send. */
function startSlowCall(port: number, name: string, args: unknown) {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } }));
  const req: ClientRequest = request({ host: '127.0.0.1', port, path: '/svc/mcp', method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${token}`, 'content-length': body.length } });
  const answer = new Promise<{ status: number; json: any }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (piece: string) => (text += piece));
      res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(text) }));
    });
    req.on('error', reject);
  });
  req.write(body.subarray(0, body.length - 1));
  return { answer, finish: () => req.end(body.subarray(body.length - 1)) };
}

/** Resolves once a new connection to `port` is refused: the server has stopped accepting. */
function refusesConnections(port: number): Promise<void> {
  return waitFor(() => new Promise<void>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      reject(new Error('still accepting'));
    });
    socket.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' ? resolve() : reject(error)));
  }));
}

test('on SIGTERM the server stops accepting, answers the write in progress, and exits 0', async () => {
  const server = await startServerChild();
  const call = startSlowCall(server.port, 'content_create', { title: 'Written while stopping' });
  // Something must be in flight before the signal: wait until the server has the request's headers.
  await new Promise((resolve) => setTimeout(resolve, 500));
  server.child.kill('SIGTERM');
  await refusesConnections(server.port);
  // A body still arriving well after the signal (a stop used to exit 2 s after it, whatever was in flight).
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  call.finish();
  const answer = await call.answer;
  assert.equal(answer.status, 200);
  assert.equal(answer.json.result.isError, undefined, JSON.stringify(answer.json));
  const id = answer.json.result.structuredContent.id as string;
  assert.ok(existsSync(join(site.root, 'content', id, 'en.md')), id);
  assert.match(readFileSync(join(site.root, 'content', id, 'en.md'), 'utf8'), /Written while stopping/);
  assert.equal(await server.exited, 0);
});

test('a second signal ends the server at once, with 143, though a request is still in progress', async () => {
  const server = await startServerChild();
  const call = startSlowCall(server.port, 'content_create', { title: 'Never finished' });
  call.answer.catch(() => {});
  await new Promise((resolve) => setTimeout(resolve, 500));
  server.child.kill('SIGTERM');
  await refusesConnections(server.port);
  server.child.kill('SIGTERM');
  assert.equal(await server.exited, 143);
});

test('on SIGTERM the stdio server answers the tool call it is receiving, then exits 0', async () => {
  const stdio = spawnStdio([`--token=${token}`, `--root=${site.root}`]);
  // Not stdio.exit(): that closes stdin, which ends the session without any signal.
  const exited = new Promise<number | null>((resolve) => stdio.child.once('exit', (code) => resolve(code)));
  await stdio.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } });
  const line = JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'tools/call', params: { name: 'content_create', arguments: { title: 'Written by stdio while stopping' } } });
  stdio.sendRaw(line.slice(0, 20));
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  stdio.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 200));
  stdio.sendRaw(line.slice(20) + '\n');
  const answer = await stdio.next();
  assert.equal(answer.id, 99);
  const id = answer.result.structuredContent.id as string;
  assert.ok(existsSync(join(site.root, 'content', id, 'en.md')), id);
  assert.equal(await exited, 0);
});
