import type { ServerResponse } from 'node:http';

export type Headers = Record<string, string | number | string[]>;

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Headers = {}): void {
  sendBody(res, status, JSON.stringify(body), { 'content-type': 'application/json; charset=utf-8', ...headers });
}

export function sendHtml(res: ServerResponse, status: number, html: string, headers: Headers = {}): void {
  sendBody(res, status, html, { 'content-type': 'text/html; charset=utf-8', ...headers });
}

export function sendText(res: ServerResponse, status: number, text: string, headers: Headers = {}): void {
  sendBody(res, status, text, { 'content-type': 'text/plain; charset=utf-8', ...headers });
}

export function sendEmpty(res: ServerResponse, status: number, headers: Headers = {}): void {
  res.writeHead(status, headers);
  res.end();
}

/** A redirect with an empty body, said with `Content-Length: 0` (GET and HEAD alike; not chunked). */
export function redirect(res: ServerResponse, location: string, status = 303, headers: Headers = {}): void {
  sendEmpty(res, status, { location, 'content-length': 0, ...headers });
}

/** Writes a body, leaving it out for HEAD requests while keeping its length. */
export function sendBody(res: ServerResponse, status: number, body: string | Buffer, headers: Headers): void {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  res.writeHead(status, { 'content-length': bytes.length, ...headers });
  if (res.req?.method === 'HEAD') res.end();
  else res.end(bytes);
}
