// The hot path of POST /svc/mcp: read the body with plain events (cheaper than an async iterator) and write
// the answer as one string so headers and body leave in a single write.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodeMessage } from '../../jsonrpc/serialize.js';

/** The body as text, or null when it is larger than `maxBytes` (the rest is drained, unread). */
export function readMessageBody(req: IncomingMessage, maxBytes: number): Promise<string | null> {
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
    req.on('end', () => resolve(tooLarge ? null : chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, size).toString('utf8')));
    req.on('error', reject);
  });
}

export function writeJson(res: ServerResponse, status: number, body: unknown): void {
  const { text, bytes } = encodeMessage(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(bytes) });
  res.end(text);
}
