// The public `/entries` answer written as bytes straight from the kept rows (list-rows.ts), under a strong
// ETag made from the rows' kept digests: a page no answer cache holds then costs no encoding of a joined
// text and no SHA-256 over its 10 to 30 KB, which together were a sixth of the server's time answering them.
import { createHash } from 'node:crypto';

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

/** The row as one text. */
export function rowJson(row: Pick<RowText, 'head' | 'tags' | 'cover' | 'tail'>): string {
  return row.head + row.tags + COVER_KEY + row.cover + row.tail;
}

/** What a row's digest is (the SHA-256 of its text, fed part by part): made once, when the row is. */
export function rowDigest(row: Pick<RowText, 'head' | 'tags' | 'cover' | 'tail'>): string {
  return createHash('sha256').update(row.head, 'utf8').update(row.tags, 'utf8').update(COVER_KEY, 'latin1')
    .update(row.cover, 'utf8').update(row.tail, 'utf8').digest().toString('latin1', 0, 16);
}

/**
 * `{"data":[rows],"meta":meta}` as bytes, and its strong ETag (RFC 9110 §8.8.3): the SHA-256 of the number
 * of rows, their digests and the meta. The bytes are made of exactly these parts, so other bytes mean
 * another digest somewhere and another tag; the same bytes give the same tag in any process, as a tag of
 * the whole body would.
 */
export function listAnswer(rows: readonly RowText[], metaJson: string): { bytes: Buffer; etag: string } {
  let length = HEAD.length + MIDDLE.length + Buffer.byteLength(metaJson, 'utf8') + 1 + Math.max(0, rows.length - 1);
  // One update for all the digests: each call into the hash costs about as much as hashing a row.
  let digests = `${FORMAT}${rows.length}:`;
  for (const row of rows) {
    length += row.utf8Length;
    digests += row.digest;
  }
  const tag = createHash('sha256').update(digests, 'latin1');
  const bytes = Buffer.allocUnsafe(length);
  let offset = bytes.write(HEAD, 0, 'latin1');
  for (let at = 0; at < rows.length; at++) {
    if (at > 0) bytes[offset++] = COMMA;
    const { head, tags, cover, tail, utf8Length } = rows[at]!;
    // A row as long as its UTF-8 is ASCII: copied byte for byte, the cheapest way into a buffer.
    const encoding = utf8Length === head.length + tags.length + COVER_KEY.length + cover.length + tail.length ? 'latin1' : 'utf8';
    offset += bytes.write(head, offset, encoding);
    offset += bytes.write(tags, offset, encoding);
    offset += bytes.write(COVER_KEY, offset, 'latin1');
    offset += bytes.write(cover, offset, encoding);
    offset += bytes.write(tail, offset, encoding);
  }
  offset += bytes.write(MIDDLE, offset, 'latin1');
  offset += bytes.write(metaJson, offset, 'utf8');
  bytes[offset] = CLOSING_BRACE;
  return { bytes, etag: `"${tag.update(metaJson, 'utf8').digest('base64url').slice(0, 32)}"` };
}
