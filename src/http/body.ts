import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import { AppError } from '../errors.js';
import { refuseRestOfBody } from './body-refusal.js';

/** Reads a request body up to `maxBytes`; a larger one is refused with 413 as soon as it shows (body-refusal.ts). */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const body = await collectBody(req, maxBytes);
  if (body === null) throw new AppError('too_large', `The request body is larger than ${maxBytes} bytes.`);
  return body;
}

/**
 * The body, or null once it is known to pass `maxBytes` (its Content-Length, or the bytes come so far): the
 * rest is then refused, dropped as it comes, whatever the framing. Plain events rather than an async
 * iterator: cheaper, and an iterator left early destroys the request, after which no answer can be sent.
 * Rejects when the client goes away before its body is whole.
 */
export function collectBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  if (Number(req.headers['content-length']) > maxBytes) {
    refuseRestOfBody(req);
    return Promise.resolve(null);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      stop();
      chunks.length = 0;
      refuseRestOfBody(req);
      resolve(null);
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onGone = () => {
      stop();
      reject(new Error('The client went away before its request body was whole.'));
    };
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('close', onGone);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onGone);
    req.on('close', onGone);
  });
}

/** What readForm throws for a form whose bytes, as sent or percent-encoded, are not UTF-8. */
export const FORM_NOT_UTF8 = 'The form is not valid UTF-8; nothing was saved.';

/**
 * Reads an `application/x-www-form-urlencoded` body. Bytes that are not UTF-8, sent as they are or
 * percent-encoded (`%FF`), are refused with 400: the form parser would read them as U+FFFD, and a value
 * saved would differ from the value sent.
 */
export async function readForm(req: IncomingMessage, maxBytes = 64 * 1024): Promise<URLSearchParams> {
  const body = await readBody(req, maxBytes);
  if (!isUtf8(body) || !isUtf8(percentDecode(body))) throw new AppError('bad_request', FORM_NOT_UTF8);
  return new URLSearchParams(body.toString('utf8'));
}

const PERCENT = 0x25;

/**
 * The bytes the form parser decodes (WHATWG percent-decode: `%` and two hex digits is one byte, any other `%`
 * stays). Decoding the whole body at once checks every name and value: `&`, `=` and `+` are ASCII and break
 * any sequence that would run across them.
 */
function percentDecode(bytes: Buffer): Buffer {
  if (!bytes.includes(PERCENT)) return bytes;
  const out = Buffer.allocUnsafe(bytes.length);
  let length = 0;
  for (let i = 0; i < bytes.length; i++) {
    const high = hexValue(bytes[i + 1]);
    const low = hexValue(bytes[i + 2]);
    if (bytes[i] === PERCENT && high >= 0 && low >= 0) {
      out[length++] = high * 16 + low;
      i += 2;
    } else {
      out[length++] = bytes[i]!;
    }
  }
  return out.subarray(0, length);
}

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

export function mediaType(req: IncomingMessage): string {
  const value = req.headers['content-type'] ?? '';
  // Most clients send the bare lower-case type; only parameters or odd case need the work below.
  if (value === 'application/json') return value;
  return value.split(';')[0]!.trim().toLowerCase();
}
