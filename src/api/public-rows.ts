// One public `/entries` answer's rows as list-answer.ts copies them from where list-rows.ts keeps them
// (packed-rows.ts): found first, copied after, so rows let go meanwhile are still read whole.
import type { AnswerRows } from './list-answer.js';
import { DIGEST_AT, DIGEST_BYTES, RECORD_HEAD_BYTES } from './packed-rows.js';

/** One answer's rows as list-answer.ts copies them: each row's record, and the parts it shares with others. */
export class PublicRows implements AnswerRows {
  readonly buffers: Buffer[];
  /** The tags' bytes; the cover's when shared (null: they are in the record, after the head). */
  readonly tags: Buffer[];
  readonly covers: Array<Buffer | null>;
  /** Per row: the record's start, then the byte lengths of its head, its own cover (0: shared) and its tail. */
  readonly places: number[];

  constructor(readonly length: number) {
    this.buffers = new Array<Buffer>(length);
    this.tags = new Array<Buffer>(length);
    this.covers = new Array<Buffer | null>(length);
    // A plain array: a typed one of this size would have its own store outside the heap, made and freed per answer.
    this.places = new Array<number>(length * 4).fill(0);
  }

  utf8Length(row: number): number {
    const at = row * 4;
    const places = this.places;
    return places[at + 1]! + this.tags[row]!.length + (places[at + 2] === 0 ? this.covers[row]!.length : places[at + 2]!) + places[at + 3]!;
  }

  copyRow(row: number, target: Buffer, offset: number): number {
    const at = row * 4;
    const places = this.places;
    const buffer = this.buffers[row]!;
    const head = places[at]! + RECORD_HEAD_BYTES;
    const headEnd = head + places[at + 1]!;
    target.set(buffer.subarray(head, headEnd), offset);
    offset += headEnd - head;
    const tags = this.tags[row]!;
    target.set(tags, offset);
    offset += tags.length;
    const cover = this.covers[row]!;
    if (places[at + 2] === 0) {
      target.set(cover, offset);
      offset += cover.length;
    }
    // The record's own cover, if any, and its tail are one run of bytes.
    const end = headEnd + places[at + 2]! + places[at + 3]!;
    target.set(buffer.subarray(headEnd, end), offset);
    return offset + end - headEnd;
  }

  copyDigest(row: number, target: Buffer, offset: number): void {
    const from = this.places[row * 4]! + DIGEST_AT;
    const buffer = this.buffers[row]!;
    // Byte by byte: for 16 bytes a call into a copy costs more than the copying.
    for (let at = 0; at < DIGEST_BYTES; at++) target[offset + at] = buffer[from + at]!;
  }
}
