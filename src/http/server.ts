import { createServer, type Server, type IncomingMessage, type ServerResponse } from 'node:http';
import { isAppError } from '../errors.js';
import type { RequestContext, Router } from './router.js';
import { clientIp } from './client-ip.js';
import { sendJson } from './respond.js';

const BASE = 'http://localhost';
/** A path of unreserved and sub-delimiter characters only, not starting with '//' (which URL reads as a host). */
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;
/** A '.' or '..' segment, which URL would resolve away. */
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;

/**
 * `new URL(target, BASE).pathname` for a target whose path needs no normalizing (no percent signs,
 * backslashes, dot segments, spaces or other characters URL would encode), else undefined.
 */
export function plainPathname(target: string): string | undefined {
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  if (!PLAIN_PATH.test(path) || DOT_SEGMENT.test(path)) return undefined;
  return path;
}

export interface HttpServerOptions {
  trustProxy: boolean;
  /** Longer request targets get 414 before any routing. */
  maxUrlLength?: number;
  log?: (line: string) => void;
}

/** Routes requests to handlers; it never interprets them. Unknown errors become a bare 500. */
export function createHttpServer(router: Router, options: HttpServerOptions): Server {
  const maxUrlLength = options.maxUrlLength ?? 4096;
  const log = options.log ?? ((line: string) => process.stderr.write(line + '\n'));
  const server = createServer({ maxHeaderSize: 16 * 1024 }, (req, res) => {
    void handle(req, res);
  });
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 15_000;
  server.requestTimeout = 60_000;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const target = req.url ?? '/';
      if (target.length > maxUrlLength) {
        return sendJson(res, 414, { message: `The address is longer than ${maxUrlLength} characters.` });
      }
      // URL parsing would quietly resolve `..` (also written %2e%2e) and make one address answer for another.
      if (hasDotSegment(target)) return sendJson(res, 400, { message: 'The request address may not contain . or .. segments.' });
      // Most targets are plain paths whose pathname is the text before '?': routing then needs no URL
      // object, and one is parsed only when a handler reads ctx.url. Anything else is parsed right away.
      let url: URL | undefined;
      let pathname = plainPathname(target);
      if (pathname === undefined) {
        try {
          url = new URL(target, BASE);
        } catch {
          return sendJson(res, 400, { message: 'The request address is not valid.' });
        }
        pathname = url.pathname;
      }
      const method = req.method ?? 'GET';
      const match = router.match(method, pathname);
      if (match.kind === 'not_found') return sendJson(res, 404, { message: 'Nothing is at this address.' });
      if (match.kind === 'method_not_allowed') {
        return sendJson(res, 405, { message: `Use ${match.allow.join(' or ')} at this address.` }, { allow: match.allow.join(', ') });
      }
      const context: RequestContext = {
        req,
        res,
        get url() {
          return (url ??= new URL(target, BASE));
        },
        params: match.params,
        ip: clientIp(req, options.trustProxy),
      };
      await match.handler(context);
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (isAppError(error)) {
        return sendJson(res, error.status, { message: error.message }, error.headers);
      }
      log(`svc: internal error on ${req.method} ${req.url?.slice(0, 200)}: ${(error as Error)?.stack ?? error}`);
      sendJson(res, 500, { message: 'Internal error.' });
    }
  }
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    else socket.destroy();
  });
  return server;
}

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
