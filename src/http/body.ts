import { isUtf8 } from 'node:buffer';
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
