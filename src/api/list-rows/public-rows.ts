// One public `/entries` answer's rows as list-answer.ts copies them from where list-rows.ts keeps them
// (packed-rows.ts): where each record is, its lengths and digest taken as it is found, its bytes read
// after, so rows let go meanwhile (their places are written again only from the next answer on) are still
// read whole.
import type { AnswerRows } from '../answers/list-answer.js';
import type { PackedRows } from './packed-rows.js';
import { DIGEST_BYTES } from './row-slots.js';

/** Records at most this far apart are read in one (a tag's rows are a few rows apart when made in order). */
const JOIN_GAP_BYTES = 8 * 1024;
/** The records of one answer, read in runs; made whole and copied out before the next answer is begun. */
let gathered = Buffer.allocUnsafeSlow(256 * 1024);

/** One answer's rows as list-answer.ts copies them: each row's record, and the parts it shares with others. */
export class PublicRows implements AnswerRows {
  /** Per row: the buffer its record is in (its own, or the answer's gathered records once read). */
  readonly buffers: Buffer[];
  /** The tags' bytes; the cover's when shared (null: they are in the record, after the head). */
  readonly tags: Buffer[];
  readonly covers: Array<Buffer | null>;
  /** Per row: the record's start, then the byte lengths of its head, its own cover (0: shared) and its tail. */
  readonly places: number[];
  /** Per row: where its record is among the row bytes (-1: in `buffers`). */
  private readonly positions: number[];
  private readonly digests: Buffer;

  constructor(readonly length: number) {
    this.buffers = new Array<Buffer>(length);
    this.tags = new Array<Buffer>(length);
    this.covers = new Array<Buffer | null>(length);
    // Plain arrays: typed ones of this size would have their own store outside the heap, made and freed per answer.
    this.places = new Array<number>(length * 4).fill(0);
    this.positions = new Array<number>(length).fill(-1);
    this.digests = Buffer.allocUnsafe(length * DIGEST_BYTES);
  }

  /** Row `at` is the row kept in `slot` now, with these tags and (when shared) cover bytes. */
  take(at: number, packed: PackedRows, slot: number, tags: Buffer, cover: Buffer | null): void {
    this.tags[at] = tags;
    this.covers[at] = cover;
    const places = this.places;
    places[at * 4] = packed.start[slot]!;
    places[at * 4 + 1] = packed.headLength[slot]!;
    places[at * 4 + 2] = packed.coverLength[slot]!;
    places[at * 4 + 3] = packed.tailLength[slot]!;
    this.positions[at] = packed.position[slot]!;
    if (this.positions[at]! < 0) this.buffers[at] = packed.own[slot]!;
    packed.digests.copy(this.digests, at * DIGEST_BYTES, slot * DIGEST_BYTES, (slot + 1) * DIGEST_BYTES);
  }

  /** Reads the records that are among the row bytes, in runs of nearby ones, into the answer's buffer. */
  read(packed: PackedRows): void {
    const order: number[] = [];
    let total = 0;
    for (let at = 0; at < this.length; at++) if (this.positions[at]! >= 0) order.push(at);
    if (order.length === 0) return;
    order.sort((a, b) => this.positions[a]! - this.positions[b]!);
    // The runs first, to size the buffer: [first row in order, last row, start, end] each.
    const runs: number[] = [];
    for (let from = 0; from < order.length;) {
      const start = this.positions[order[from]!]!;
      let end = start + this.recordLength(order[from]!), to = from + 1;
      for (; to < order.length && this.positions[order[to]!]! - end <= JOIN_GAP_BYTES; to++) end = Math.max(end, this.positions[order[to]!]! + this.recordLength(order[to]!));
      runs.push(from, to, start, end);
      total += end - start;
      from = to;
    }
    if (gathered.length < total) gathered = Buffer.allocUnsafeSlow(Math.max(total, gathered.length * 2));
    let offset = 0;
    for (let run = 0; run < runs.length; run += 4) {
      const start = runs[run + 2]!, length = runs[run + 3]! - start;
      packed.read(gathered, offset, length, start);
      for (let at = runs[run]!; at < runs[run + 1]!; at++) {
        const row = order[at]!;
        this.buffers[row] = gathered;
        this.places[row * 4] = offset + this.positions[row]! - start;
      }
      offset += length;
    }
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
    const head = places[at]!;
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
    const from = row * DIGEST_BYTES;
    const digests = this.digests;
    // Byte by byte: for 16 bytes a call into a copy costs more than the copying.
    for (let at = 0; at < DIGEST_BYTES; at++) target[offset + at] = digests[from + at]!;
  }

  private recordLength(row: number): number {
    return this.places[row * 4 + 1]! + this.places[row * 4 + 2]! + this.places[row * 4 + 3]!;
  }
}
