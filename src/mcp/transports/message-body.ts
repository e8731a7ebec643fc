// The hot path of POST /svc/mcp: read the body with plain events (cheaper than an async iterator) and write
// the answer as one string so headers and body leave in a single write.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isUtf8 } from 'node:buffer';
import { encodeMessage } from '../../jsonrpc/serialize.js';

/** What readMessageBody gives for bytes that are not UTF-8: decoding them would store U+FFFD silently. */
export const NOT_UTF8 = Symbol('not UTF-8');

/** The body as text, null when it is larger than `maxBytes` (the rest is drained, unread), or NOT_UTF8. */
export function readMessageBody(req: IncomingMessage, maxBytes: number): Promise<string | null | typeof NOT_UTF8> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.resume();
    return Promise.resolve(null);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > maxBytes) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) return resolve(null);
      const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
      resolve(isUtf8(bytes) ? bytes.toString('utf8') : NOT_UTF8);
    });
    req.on('error', reject);
  });
}

export function writeJson(res: ServerResponse, status: number, body: unknown): void {
  const { text, bytes } = encodeMessage(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(bytes) });
  res.end(text);
}
