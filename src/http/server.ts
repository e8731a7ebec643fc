import { createServer, type Server, type IncomingMessage, type ServerResponse } from 'node:http';
import { isAppError } from '../errors.js';
import type { Router } from './router.js';
import { clientIp } from './client-ip.js';
import { sendJson } from './respond.js';

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
      let url: URL;
      try {
        url = new URL(target, 'http://localhost');
      } catch {
        return sendJson(res, 400, { message: 'The request address is not valid.' });
      }
      const method = req.method ?? 'GET';
      const match = router.match(method, url.pathname);
      if (match.kind === 'not_found') return sendJson(res, 404, { message: 'Nothing is at this address.' });
      if (match.kind === 'method_not_allowed') {
        return sendJson(res, 405, { message: `Use ${match.allow.join(' or ')} at this address.` }, { allow: match.allow.join(', ') });
      }
      // A plain object literal: one with a lazy `url` getter costs more to build than parsing the URL.
      await match.handler({ req, res, url, params: match.params, ip: clientIp(req, options.trustProxy) });
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
