// The public `/entries` answer written as bytes straight from the kept rows (list-rows.ts), under a strong
// ETag made from the rows' kept digests: a page no answer cache holds then costs no encoding of a joined
// text and no SHA-256 over its 10 to 30 KB, which together were a sixth of the server's time answering them.
import { createHash, hash } from '../../lib/node-builtins.js';

/**
 * The rows of one answer, each as UTF-8 to copy (list-rows.ts keeps them packed, packed-rows.ts), with a
 * digest each: the first 16 bytes of the SHA-256 of its bytes, made once, when the row is.
 */
export interface AnswerRows {
  readonly length: number;
  /** Row n's length in UTF-8. */
  utf8Length(row: number): number;
  /** Copies row n's bytes into `target` at `offset`; the offset after them. */
  copyRow(row: number, target: Buffer, offset: number): number;
  /** Copies row n's 16-byte digest into `target` at `offset`. */
  copyDigest(row: number, target: Buffer, offset: number): void;
}

export const COVER_KEY = ',"cover":';
const HEAD = '{"data":[';
const MIDDLE = '],"meta":';
const COMMA = 0x2c;
const CLOSING_BRACE = 0x7d;
/** Names how these tags are made, so that none equals a tag made another way (http/etag.ts). */
const FORMAT = 'svc list rows 1\n';
/** A row's digest: 16 bytes written as 16 latin1 characters. */
const DIGEST_BYTES = 16;

/** A list answer: its bytes and their strong ETag. */
export interface ListAnswer {
  bytes: Buffer;
  etag: string;
}

/** What the ETag is made of, gathered for one hash call (at most 100 rows of 16 bytes and the meta). */
const tagInput = Buffer.allocUnsafeSlow(4096);

/**
 * `{"data":[rows],"meta":meta}` as bytes, and its strong ETag (RFC 9110 §8.8.3): the SHA-256 of the number
 * of rows, their digests and the meta. The bytes are made of exactly these parts, so other bytes mean
 * another digest somewhere and another tag; the same bytes give the same tag in any process, as a tag of
 * the whole body would.
 */
export function listAnswer(rows: AnswerRows, metaJson: string): ListAnswer {
  const metaLength = Buffer.byteLength(metaJson, 'utf8');
  let length = HEAD.length + MIDDLE.length + metaLength + 1 + Math.max(0, rows.length - 1);
  for (let at = 0; at < rows.length; at++) length += rows.utf8Length(at);
  const buffer = Buffer.allocUnsafe(length);
  let offset = buffer.write(HEAD, 0, 'latin1');
  for (let at = 0; at < rows.length; at++) {
    if (at > 0) buffer[offset++] = COMMA;
    offset = rows.copyRow(at, buffer, offset);
  }
  offset += buffer.write(MIDDLE, offset, 'latin1');
  offset += buffer.write(metaJson, offset, 'utf8');
  buffer[offset] = CLOSING_BRACE;
  return { bytes: buffer, etag: `"${listTag(rows, metaJson, metaLength).slice(0, 32)}"` };
}

/** The SHA-256 (base64url) of the format, the number of rows, their digests and the meta, in that order. */
function listTag(rows: AnswerRows, metaJson: string, metaLength: number): string {
  const head = `${FORMAT}${rows.length}:`;
  if (head.length + DIGEST_BYTES * rows.length + metaLength > tagInput.length) {
    const tag = createHash('sha256').update(head, 'latin1');
    const digest = Buffer.allocUnsafe(DIGEST_BYTES);
    for (let row = 0; row < rows.length; row++) {
      rows.copyDigest(row, digest, 0);
      tag.update(digest);
    }
    return tag.update(metaJson, 'utf8').digest('base64url');
  }
  // One call for the whole tag: a hash object and an update per part cost more than hashing the bytes.
  let at = tagInput.write(head, 0, 'latin1');
  for (let row = 0; row < rows.length; row++, at += DIGEST_BYTES) rows.copyDigest(row, tagInput, at);
  at += tagInput.write(metaJson, at, 'utf8');
  return hash('sha256', tagInput.subarray(0, at), 'base64url');
}
