// The public `/entries` answer written as bytes straight from the kept rows (list-rows.ts), under a strong
// ETag made from the rows' kept digests: a page no answer cache holds then costs no encoding of a joined
// text and no SHA-256 over its 10 to 30 KB, which together were a sixth of the server's time answering them.
import { createHash, hash } from 'node:crypto';
import { ScratchBuffers } from '../lib/scratch-buffers.js';

/**
 * One row's JSON text as kept, in parts around what many rows share: the tags' JSON and the cover's are one
 * string for every row with those tags (in that language) or that image, held once however many rows name
 * them (on a site with a default cover that is a third of a row). The row is head + tags + COVER_KEY +
 * cover + tail.
 */
export interface RowText {
  /** From the opening brace to `"tags":`. */
  head: string;
  tags: string;
  cover: string;
  /** From `,"translations":` to the closing brace. */
  tail: string;
  /** `tags` as UTF-8 bytes, made once for all the rows that share them (null: not made). */
  tagsBytes: Buffer | null;
  /** COVER_KEY + `cover` as UTF-8 bytes, made once for all the rows that share them (null: not made). */
  coverBytes: Buffer | null;
  /** The row's length in UTF-8. */
  utf8Length: number;
  /** The first 128 bits of the row's SHA-256, as a 16-character latin1 string (rowDigest). */
  digest: string;
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

/** The row as one text. */
export function rowJson(row: Pick<RowText, 'head' | 'tags' | 'cover' | 'tail'>): string {
  return row.head + row.tags + COVER_KEY + row.cover + row.tail;
}

/** What a row's digest is (the SHA-256 of its text, fed part by part): made once, when the row is. */
export function rowDigest(row: Pick<RowText, 'head' | 'tags' | 'cover' | 'tail'>): string {
  return createHash('sha256').update(row.head, 'utf8').update(row.tags, 'utf8').update(COVER_KEY, 'latin1')
    .update(row.cover, 'utf8').update(row.tail, 'utf8').digest().toString('latin1', 0, 16);
}

/** A list answer: its bytes, their strong ETag, and whether the bytes are lent (see giveBackAnswer). */
export interface ListAnswer {
  bytes: Buffer;
  etag: string;
  /** The lent buffer `bytes` is part of, to be given back once they are written out; null when they are their own. */
  lent: Buffer | null;
}

/** Answers are written into buffers lent per answer (lib/scratch-buffers.ts): 16 connections in flight use a few. */
const answerBuffers = new ScratchBuffers();
/** What the ETag is made of, gathered for one hash call (at most 100 rows of 16 bytes and the meta). */
const tagInput = Buffer.allocUnsafeSlow(4096);

/**
 * `{"data":[rows],"meta":meta}` as bytes, and its strong ETag (RFC 9110 §8.8.3): the SHA-256 of the number
 * of rows, their digests and the meta. The bytes are made of exactly these parts, so other bytes mean
 * another digest somewhere and another tag; the same bytes give the same tag in any process, as a tag of
 * the whole body would. The bytes are usually lent: giveBackAnswer() once they are written.
 */
export function listAnswer(rows: readonly RowText[], metaJson: string): ListAnswer {
  const metaLength = Buffer.byteLength(metaJson, 'utf8');
  let length = HEAD.length + MIDDLE.length + metaLength + 1 + Math.max(0, rows.length - 1);
  for (let at = 0; at < rows.length; at++) length += rows[at]!.utf8Length;
  const { buffer, lent } = answerBuffers.take(length);
  let offset = buffer.write(HEAD, 0, 'latin1');
  for (let at = 0; at < rows.length; at++) {
    if (at > 0) buffer[offset++] = COMMA;
    const { head, tags, cover, tail, utf8Length, tagsBytes, coverBytes } = rows[at]!;
    // A row as long as its UTF-8 is ASCII: copied byte for byte, the cheapest way into a buffer.
    const encoding = utf8Length === head.length + tags.length + COVER_KEY.length + cover.length + tail.length ? 'latin1' : 'utf8';
    offset += buffer.write(head, offset, encoding);
    // What rows share is copied from its bytes: a typed-array copy, where each encoding call into Node's
    // C++ cost more than the copying itself (five a row were a tenth of the server's time on these pages).
    if (tagsBytes !== null) {
      buffer.set(tagsBytes, offset);
      offset += tagsBytes.length;
    } else {
      offset += buffer.write(tags, offset, encoding);
    }
    if (coverBytes !== null) {
      buffer.set(coverBytes, offset);
      offset += coverBytes.length;
    } else {
      offset += buffer.write(COVER_KEY, offset, 'latin1');
      offset += buffer.write(cover, offset, encoding);
    }
    offset += buffer.write(tail, offset, encoding);
  }
  offset += buffer.write(MIDDLE, offset, 'latin1');
  offset += buffer.write(metaJson, offset, 'utf8');
  buffer[offset] = CLOSING_BRACE;
  return { bytes: buffer.length === length ? buffer : buffer.subarray(0, length), etag: `"${listTag(rows, metaJson, metaLength).slice(0, 32)}"`, lent: lent ? buffer : null };
}

/** The SHA-256 (base64url) of the format, the number of rows, their digests and the meta, in that order. */
function listTag(rows: readonly RowText[], metaJson: string, metaLength: number): string {
  const head = `${FORMAT}${rows.length}:`;
  if (head.length + DIGEST_BYTES * rows.length + metaLength > tagInput.length) {
    const tag = createHash('sha256').update(head, 'latin1');
    for (const row of rows) tag.update(row.digest, 'latin1');
    return tag.update(metaJson, 'utf8').digest('base64url');
  }
  // One call for the whole tag: a hash object and an update per part cost more than hashing the bytes.
  let at = tagInput.write(head, 0, 'latin1');
  // Each digest's 16 characters stored byte by byte: a call into Node's C++ per row cost more than the hash.
  for (let row = 0; row < rows.length; row++) {
    const digest = rows[row]!.digest;
    for (let char = 0; char < DIGEST_BYTES; char++) tagInput[at++] = digest.charCodeAt(char);
  }
  at += tagInput.write(metaJson, at, 'utf8');
  return hash('sha256', tagInput.subarray(0, at), 'base64url');
}

/** Gives the buffer an answer's bytes were lent from back, once they are written out (or will not be). */
export function giveBackAnswer(answer: ListAnswer): void {
  if (answer.lent !== null) answerBuffers.give(answer.lent);
}
