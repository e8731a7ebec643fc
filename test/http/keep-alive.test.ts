// Keep-alive a proxy can rely on, on the real server over raw sockets: an idle connection outlives Node's 5 s
// and the proxies' 60 s (the proxy closes it, never the server under a request), its length is a setting, the
// short headers timeout does not cut it, and past the connection cap a new connection is closed as it comes
// while those open are still served.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { Router } from '../../dist/http/router.js';
import { createHttpServer, type HttpServerOptions } from '../../dist/http/server.js';
import { readBody } from '../../dist/http/body.js';
import { sendText } from '../../dist/http/respond.js';
import { loadConfig } from '../../dist/config.js';
import { waitFor } from '../helpers/wait-for.ts';

const servers: Server[] = [];
after(() => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

async function start(options: Partial<HttpServerOptions> = {}): Promise<number> {
  const router = new Router();
  router.get('/hello', (ctx) => sendText(ctx.res, 200, 'hello'));
  router.post('/echo', async (ctx) => sendText(ctx.res, 200, `got ${(await readBody(ctx.req, 1024)).toString()}`));
  const server = createHttpServer(router, { trustProxy: false, log: () => {}, ...options });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A raw connection that sends requests one at a time and reads each answer whole (Content-Length framed). */
class Connection {
  received = '';
  closed = false;
  readonly socket: Socket;

  constructor(socket: Socket) {
    this.socket = socket;
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => (this.received += text));
    socket.on('close', () => (this.closed = true));
    socket.on('error', () => {});
  }

  static open(port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  async send(request: string): Promise<{ head: string; body: string }> {
    this.received = '';
    this.socket.write(request);
    return waitFor(() => {
      const end = this.received.indexOf('\r\n\r\n');
      if (end < 0) throw new Error(`no answer yet (closed: ${this.closed})`);
      const head = this.received.slice(0, end);
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      const body = this.received.slice(end + 4);
      if (body.length < length) throw new Error('the answer is not whole yet');
      return { head, body };
    });
  }

  post(body: string) {
    return this.send(`POST /echo HTTP/1.1\r\nhost: x\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('by default an idle connection is kept longer than the proxies keep theirs (60 s)', async () => {
  const port = await start();
  const connection = await Connection.open(port);
  const { head } = await connection.send('GET /hello HTTP/1.1\r\nhost: x\r\n\r\n');
  const advertised = Number(/keep-alive: timeout=(\d+)/i.exec(head)?.[1]);
  assert.ok(advertised > 60, head);
  // A configuration names no timeout unless one is given: the server's default applies.
  assert.equal(loadConfig([], { SVC_ROOT: '/srv/site' }).keepAliveTimeout, undefined);
  connection.socket.destroy();
});

test('a connection left idle longer than Node\'s 5 s still takes a POST, though headers must come within 1 s', async () => {
  const port = await start({ headersTimeoutMs: 1_000 });
  const connection = await Connection.open(port);
  assert.match((await connection.post('first')).body, /^got first$/);
  await pause(6_000);
  assert.equal(connection.closed, false, 'the server closed the idle connection');
  assert.match((await connection.post('second')).body, /^got second$/);
  connection.socket.destroy();
});

test('the idle timeout is the setting: announced to the client, and the connection is closed after it', async () => {
  const port = await start({ keepAliveTimeoutSeconds: 1 });
  const connection = await Connection.open(port);
  const { head } = await connection.send('GET /hello HTTP/1.1\r\nhost: x\r\n\r\n');
  assert.match(head, /keep-alive: timeout=1\r?$/im);
  await waitFor(() => assert.equal(connection.closed, true));
});

test('past the connection cap a new connection is closed unanswered, and the open ones are still served', async () => {
  const port = await start({ maxConnections: 2 });
  const open = [await Connection.open(port), await Connection.open(port)];
  for (const connection of open) assert.match((await connection.post('in')).body, /^got in$/);
  const refused = await Connection.open(port);
  refused.socket.write('GET /hello HTTP/1.1\r\nhost: x\r\n\r\n');
  await waitFor(() => assert.equal(refused.closed, true));
  assert.equal(refused.received, '');
  for (const connection of open) assert.match((await connection.post('still')).body, /^got still$/);
  // Once one closes, there is room again.
  open[0]!.socket.destroy();
  await waitFor(() => assert.equal(open[0]!.closed, true));
  const later = await waitFor(async () => {
    const connection = await Connection.open(port);
    try {
      return { connection, answer: await Promise.race([connection.post('later'), new Promise<never>((_, reject) => connection.socket.once('close', () => reject(new Error('closed'))))]) };
    } catch (error) {
      connection.socket.destroy();
      throw error;
    }
  });
  assert.match(later.answer.body, /^got later$/);
  later.connection.socket.destroy();
  open[1]!.socket.destroy();
});
