// A request whose body is refused before it was all read (larger than its route takes, or not wanted at all):
// what still comes is dropped as it arrives, never held; the answer says `Connection: close`; and once the
// answer is out the connection is closed, after a short wait for the client to stop sending.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { nodeHttp } from '../lib/node-builtins.js';
import type { Socket } from 'node:net';

/**
 * How long, and for how many more bytes, a refused body is still read after the answer was sent. A socket
 * closed while the client is still sending is reset (RST), and a reset can reach the client before it has
 * read the answer: it then sees a failed connection instead of a 413. A moment is enough for the answer to
 * arrive; the bounds keep a client that goes on sending from holding the connection.
 */
const LINGER_MS = 2_000;
const LINGER_BYTES = 16 * 1024 * 1024;

const REFUSED = Symbol('body refused');
type RefusableRequest = IncomingMessage & { [REFUSED]?: true };

/** Stops keeping a request's body: the rest is dropped as it comes, and its answer will close the connection. */
export function refuseRestOfBody(req: IncomingMessage): void {
  (req as RefusableRequest)[REFUSED] = true;
  req.resume();
}

/**
 * The server's responses (createHttpServer passes it to node:http): an answer to a request whose body was
 * refused while still arriving closes the connection, lingering as LINGER_MS says. Every other answer is
 * Node's own.
 */
export class ClosingOnRefusalResponse extends nodeHttp().ServerResponse {
  // The overloads of writeHead (with or without a status message), passed on as they are.
  override writeHead(statusCode: number, ...rest: any[]): this {
    if ((this.req as RefusableRequest)[REFUSED] && !this.req.complete) closeAfterAnswer(this);
    return super.writeHead(statusCode, ...rest);
  }
}

function closeAfterAnswer(res: ServerResponse): void {
  // Node writes `Connection: close` and, once the answer is flushed, calls the socket's destroySoon: an end
  // followed by an immediate destroy, the reset described above. This socket ends and lingers instead.
  res.shouldKeepAlive = false;
  const socket = res.socket;
  if (socket) socket.destroySoon = () => linger(socket, res.req);
}

function linger(socket: Socket, req: IncomingMessage): void {
  socket.end();
  let dropped = 0;
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, LINGER_MS).unref();
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) close();
  });
  // The client sent the whole body after all: nothing is left unread, so closing now resets nothing.
  req.once('end', close);
  socket.once('close', () => clearTimeout(timer));
}
