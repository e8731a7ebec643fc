// The HTTP server cuts off clients that send their headers or their body too slowly, while it goes on serving
// everyone else, and a client that aborts its request is no internal error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router } from '../../dist/http/router.js';
import { createHttpServer } from '../../dist/http/server.js';
import { readBody } from '../../dist/http/body.js';
import { sendJson } from '../../dist/http/respond.js';

let server: Server;
let port: number;
const logs: string[] = [];

before(async () => {
  const router = new Router();
  router.get('/', ({ res }) => sendJson(res, 200, { ok: true }));
  router.post('/upload', async ({ req, res }) => sendJson(res, 200, { bytes: (await readBody(req, 1024)).length }));
  server = createHttpServer(router, { trustProxy: false, log: (line) => logs.push(line), headersTimeoutMs: 400, requestTimeoutMs: 800 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
after(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));

/** A client that writes `first`, then one more byte of `drip` every 100 ms; resolves with ms until the server closed it. */
function slowClient(first: string, drip: string): Promise<{ closedAfterMs: number; answer: string; socket: Socket }> {
  return new Promise((resolve) => {
    const started = performance.now();
    let answer = '';
    let at = 0;
    let timer: NodeJS.Timeout | undefined;
    // The drip starts once `first` is written: on a loaded machine a timer started earlier can fire before the
    // connection is made, and a byte of the drip would then go out ahead of the request line.
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(first);
      timer = setInterval(() => { if (at < drip.length && !socket.destroyed) socket.write(drip[at++]!); }, 100);
    });
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => { answer += chunk; });
    socket.on('error', () => {});
    socket.on('close', () => { clearInterval(timer); resolve({ closedAfterMs: performance.now() - started, answer, socket }); });
  });
}

test('a client sending its headers a byte at a time is cut off after the headers timeout, while others are served', async () => {
  const slow = slowClient('GET / HTTP/1.1\r\nHost: x\r\n', 'X-Slow: ' + 'a'.repeat(200));
  const others = await Promise.all([1, 2, 3].map(() => fetch(`http://127.0.0.1:${port}/`)));
  assert.deepEqual(others.map((res) => res.status), [200, 200, 200]);
  const { closedAfterMs, answer } = await slow;
  // Node checks once a second at most (connectionsCheckingInterval); 20 s means the timeout never came.
  assert.ok(closedAfterMs < 5_000, `closed after ${Math.round(closedAfterMs)} ms`);
  assert.match(answer, /^HTTP\/1\.1 408/);
});

test('a client sending its body a byte at a time is cut off after the request timeout', async () => {
  const { closedAfterMs, answer } = await slowClient('POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 200\r\n\r\n', 'b'.repeat(200));
  assert.ok(closedAfterMs < 5_000, `closed after ${Math.round(closedAfterMs)} ms`);
  assert.doesNotMatch(answer, /^HTTP\/1\.1 200/);
});

test('a client that aborts its upload halfway is no internal error: nothing is logged', async () => {
  logs.length = 0;
  await new Promise<void>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 500\r\n\r\nhalf');
      setTimeout(() => { socket.destroy(); resolve(); }, 50);
    });
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.deepEqual(logs, []);
  assert.equal((await fetch(`http://127.0.0.1:${port}/`)).status, 200);
});

test('headers larger than Node takes are 431 (RFC 6585), and the server goes on', async () => {
  const answer = await new Promise<string>((resolve) => {
    let text = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`));
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => { text += chunk; });
    socket.on('error', () => {});
    socket.on('close', () => resolve(text));
  });
  assert.match(answer, /^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
  assert.equal((await fetch(`http://127.0.0.1:${port}/`)).status, 200);
});
