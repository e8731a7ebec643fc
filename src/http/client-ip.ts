import type { IncomingMessage } from 'node:http';

/**
 * The client's address. Behind a reverse proxy (SVC_TRUST_PROXY=1) the last address in X-Forwarded-For is
 * the one the proxy saw; otherwise the header is ignored because anyone can send it.
 */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const value = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
    if (value) {
      const last = value.split(',').map((part) => part.trim()).filter(Boolean).pop();
      if (last) return last;
    }
  }
  return req.socket.remoteAddress ?? 'unknown';
}
