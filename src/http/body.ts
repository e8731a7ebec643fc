import type { IncomingMessage } from 'node:http';
import { AppError } from '../errors.js';

/** Reads a request body up to `maxBytes`; a larger one is refused with 413 before it is all read. */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.resume();
    throw new AppError('too_large', `The request body is larger than ${maxBytes} bytes.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      req.resume();
      throw new AppError('too_large', `The request body is larger than ${maxBytes} bytes.`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}

/** Reads an `application/x-www-form-urlencoded` body. */
export async function readForm(req: IncomingMessage, maxBytes = 64 * 1024): Promise<URLSearchParams> {
  const body = await readBody(req, maxBytes);
  return new URLSearchParams(body.toString('utf8'));
}

export function mediaType(req: IncomingMessage): string {
  const value = req.headers['content-type'] ?? '';
  // Most clients send the bare lower-case type; only parameters or odd case need the work below.
  if (value === 'application/json') return value;
  return value.split(';')[0]!.trim().toLowerCase();
}
