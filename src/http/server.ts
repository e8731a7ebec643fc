import type { Server, IncomingMessage, ServerResponse } from 'node:http';
import { nodeHttp } from '../lib/node-builtins.js';
import { isAppError } from '../errors.js';
import type { RequestContext, Router } from './router.js';
import { clientIp } from './client-ip.js';
import { sendJson, type Headers } from './respond.js';
import { ClosingOnRefusalResponse } from './body-refusal.js';
import { DEFAULT_KEEP_ALIVE_TIMEOUT_SECONDS, DEFAULT_MAX_CONNECTIONS } from '../lib/connection-settings.js';

export interface HttpServerOptions {
  trustProxy: boolean;
  /** Longer request targets get 414 before any routing. */
  maxUrlLength?: number;
  log?: (line: string) => void;
  /** How long a client may take to send its headers (default 15 s), and its whole request (default 60 s). */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** Seconds an idle keep-alive connection is kept, and connections open at once (lib/connection-settings.ts). */
  keepAliveTimeoutSeconds?: number;
  maxConnections?: number;
}

/** Routes requests to handlers; it never interprets them. Unknown errors become a bare 500. */
export function createHttpServer(router: Router, options: HttpServerOptions): Server {
  const maxUrlLength = options.maxUrlLength ?? 4096;
  const log = options.log ?? ((line: string) => process.stderr.write(line + '\n'));
  const headersTimeout = options.headersTimeoutMs ?? 15_000;
  const requestTimeout = options.requestTimeoutMs ?? 60_000;
  // The timeouts are options of createServer: set as properties afterwards they do not reach the check
  // Node runs, and that check runs every connectionsCheckingInterval (30 s by default), so a client sending
  // its headers a byte at a time kept a socket for minutes.
  const server = nodeHttp().createServer({
    maxHeaderSize: 16 * 1024,
    headersTimeout,
    requestTimeout,
    connectionsCheckingInterval: Math.min(1_000, headersTimeout),
    ServerResponse: ClosingOnRefusalResponse,
  }, (req, res) => {
    void handle(req, res);
  });
  // Longer than a proxy keeps an idle connection (lib/connection-settings.ts). The headers timeout need not
  // exceed it, as it once had to: Node's connection check counts it from a request's first byte, not from the
  // end of the one before (test/http/keep-alive.test.ts holds this), so it stays short against slow senders.
  server.keepAliveTimeout = (options.keepAliveTimeoutSeconds ?? DEFAULT_KEEP_ALIVE_TIMEOUT_SECONDS) * 1000;
  // One more connection is closed as it is accepted; those open are served as before.
  server.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;

  /**
   * The server's own refusals (no route, a bad address, an error): never kept by a cache (RFC 9111 lets one
   * keep a 404 or 405 it is not told about) and never sniffed as another type.
   */
  const sendError = (res: ServerResponse, status: number, message: string, headers: Headers = {}) =>
    sendJson(res, status, { message }, { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const target = req.url ?? '/';
      if (target.length > maxUrlLength) {
        return sendError(res, 414, `The address is longer than ${maxUrlLength} characters.`);
      }
      // URL parsing would quietly resolve `..` (also written %2e%2e) and make one address answer for another.
      if (hasDotSegment(target)) return sendError(res, 400, 'The request address may not contain . or .. segments.');
      // `//host/path` and `/\host` would be read as another host's address (a URL's authority), and answer
      // for the home page or whatever follows: nothing here has such an address.
      if (target.startsWith('//') || target.startsWith('/\\')) return sendError(res, 404, 'Nothing is at this address.');
      let url: URL | undefined;
      let pathname = plainPath(target);
      if (pathname === undefined) {
        try {
          url = new URL(target, 'http://localhost');
        } catch {
          return sendError(res, 400, 'The request address is not valid.');
        }
        pathname = url.pathname;
      }
      const method = req.method ?? 'GET';
      // Routes registered on first need (Router.lazy) are loaded before the first address they answer.
      const loading = router.prepare(pathname);
      if (loading !== null) await loading;
      const match = router.match(method, pathname);
      if (match.kind === 'not_found') return sendError(res, 404, 'Nothing is at this address.');
      if (match.kind === 'method_not_allowed') {
        return sendError(res, 405, `Use ${match.allow.join(' or ')} at this address.`, { allow: match.allow.join(', ') });
      }
      await match.handler(new Context(req, res, target, url, pathname, match.params, clientIp(req, options.trustProxy)));
    } catch (error) {
      // A client that went away before its request was whole (an aborted upload or beacon) is no internal
      // error: nobody is left to answer.
      if (req.destroyed && !req.complete) {
        res.destroy();
        return;
      }
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (isAppError(error)) {
        return sendError(res, error.status, error.message, error.headers);
      }
      log(`svc: internal error on ${req.method} ${req.url?.slice(0, 200)}: ${(error as Error)?.stack ?? error}`);
      sendError(res, 500, 'Internal error.');
    }
  }
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    // A request whose headers or body did not arrive in time is 408 (RFC 9110 §15.5.9); headers larger than
    // Node takes are 431 (RFC 6585 §5); anything else 400.
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout'
      : error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
    else socket.destroy();
  });
  return server;
}

/**
 * What a handler gets. The URL is parsed when a handler first asks for it: most requests with a plain path
 * (the MCP endpoint, pages) never do. A class keeps the getter on the prototype, which stays cheap to build.
 */
class Context implements RequestContext {
  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    private readonly target: string,
    private parsed: URL | undefined,
    readonly pathname: string,
    readonly params: Record<string, string>,
    readonly ip: string,
  ) {}

  get url(): URL {
    return (this.parsed ??= new URL(this.target, 'http://localhost'));
  }
}

/**
 * The target itself when it is a path that URL parsing would return unchanged: it starts with one `/` and
 * holds only letters, digits and `/ - _ . ~` (no query, fragment, escapes or backslashes). Otherwise undefined.
 */
export function plainPath(target: string): string | undefined {
  if (target.charCodeAt(0) !== SLASH || target.charCodeAt(1) === SLASH) return undefined;
  for (let i = 1; i < target.length; i++) {
    const c = target.charCodeAt(i);
    const plain = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === SLASH || c === 45 || c === 95 || c === 46 || c === 126;
    if (!plain) return undefined;
  }
  return target;
}

const SLASH = 47;

/** True when the path of a request target has a `.` or `..` segment, plain or percent-encoded. */
export function hasDotSegment(target: string): boolean {
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  if (!path.includes('.') && !path.includes('%')) return false;
  for (const segment of path.split('/')) {
    const plain = segment.replaceAll('%2e', '.').replaceAll('%2E', '.');
    if (plain === '.' || plain === '..') return true;
  }
  return false;
}
