// The hot path of POST /svc/mcp: read the body with plain events (http/body.ts's collectBody) and write
// the answer as bytes (a kept answer's encoded once) so headers and body leave in a single write.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isUtf8 } from 'node:buffer';
import { encodeMessage } from '../../jsonrpc/serialize.js';
import { collectBody } from '../../http/body.js';

/** What readMessageBody gives for bytes that are not UTF-8: decoding them would store U+FFFD silently. */
export const NOT_UTF8 = Symbol('not UTF-8');

/** The body as text, null when it is larger than `maxBytes` (the rest is refused: http/body-refusal.ts), or NOT_UTF8. */
export function readMessageBody(req: IncomingMessage, maxBytes: number): Promise<string | null | typeof NOT_UTF8> {
  return collectBody(req, maxBytes).then((bytes) => (bytes === null ? null : isUtf8(bytes) ? bytes.toString('utf8') : NOT_UTF8));
}

export function writeJson(res: ServerResponse, status: number, body: unknown): void {
  const { head, bytes, body: encoded } = encodeMessage(body);
  // An answer to one person's token: never kept by a cache in front, nor by the browser.
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(bytes), 'cache-control': 'private, no-store' });
  if (head === '') return void res.end(encoded);
  // Corked, the head goes out with the headers and the kept bytes in one write (end uncorks).
  res.cork();
  res.write(head);
  res.end(encoded);
}
