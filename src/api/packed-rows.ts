// The bytes of the Content API's kept list rows (list-rows.ts), packed: each row's UTF-8 and digest are
// appended to one of a few big buffers (segments), and what is known of a row sits in typed arrays by slot.
// Kept as a string pair and an object each, with two map slots, a digest string and a boxed number, a row
// cost some 360 bytes of heap beside its text; here some 160 (SLOT_BYTES). When the rows outgrow their
// budget the oldest segment goes whole, so the oldest rows are forgotten first; a replaced row's record
// stays where it is until then (counted against the budget all the same).
import { createHash } from 'node:crypto';

/** Where a row's bytes are: a segment (kept or, for a row over the budget, its own) and the record's start. */
export interface RowPlace { buffer: Buffer; start: number }

/** Before a row's own bytes: its slot (to find it when its segment goes), the record's length, its digest. */
const SLOT_AT = 0;
const LENGTH_AT = 4;
export const DIGEST_AT = 8;
export const DIGEST_BYTES = 16;
export const RECORD_HEAD_BYTES = DIGEST_AT + DIGEST_BYTES;
/**
 * What a kept row costs beside its record, counted against the budget: ten 4-byte and three 8-byte numbers,
 * six array slots, its entries in a Map and a WeakMap (list-rows.ts), and the slack of arrays that grow by
 * doubling.
 */
export const SLOT_BYTES = 160;
/** The largest segment: big enough that segments are few, small enough that forgetting one forgets little. */
const MAX_SEGMENT_BYTES = 1024 * 1024;
/** Segments let go kept to be written again: one answer or warming step lets go of one or two at most. */
const SPARE_SEGMENTS = 4;
/** At least this many segments fit the budget, so a segment forgotten is at most this share of the rows. */
const MIN_SEGMENTS = 16;

interface Segment { buffer: Buffer; fill: number }
/** The segment of a row's slot while the row is used once, not kept. */
const UNKEPT = -2;

export class PackedRows {
  /** Per slot: its segment's number (-1: a free slot), the record's start in it, and its parts' byte lengths. */
  segment = new Int32Array(64).fill(-1);
  start = new Int32Array(64);
  headLength = new Int32Array(64);
  /** The cover's bytes when they are in the record (0: they are shared, see list-rows.ts). */
  coverLength = new Int32Array(64);
  tailLength = new Int32Array(64);
  /** Per slot: the buffer its record is in (its segment's, or its own while not kept). */
  readonly buffer: Array<Buffer | null> = [];
  private readonly free: number[] = [];
  private capacity = 64;
  /** Slots handed out so far (each is in use or in `free`). */
  private used = 0;
  private readonly segments = new Map<number, Segment>();
  /**
   * Segments let go since the last `recycle`, and those that may be written again. Buffers are used again
   * rather than freed: glibc maps a 1 MB allocation of its own, and freeing such a mapping raises, for the
   * rest of the process, how much free memory every malloc arena keeps (lib/unmapped-read.ts). A segment
   * let go may still be read by the answer being made (its rows were found before it went), so it is
   * written again only from the next answer on.
   */
  private retired: Buffer[] = [];
  private spare: Buffer[] = [];
  private nextSegment = 0;
  private readonly segmentBytes: number;
  private filled = 0;
  private live = 0;

  /**
   * @param budgetBytes at most this many bytes kept: the segments' records, and SLOT_BYTES per row
   * @param grow called with the new capacity whenever the slots grow, for the caller's own arrays by slot
   * @param forget called with a row's slot as its segment is let go, before the slot is free again
   */
  constructor(readonly budgetBytes: number, private readonly grow: (capacity: number) => void, private readonly forget: (slot: number) => void) {
    this.segmentBytes = Math.max(1, Math.min(MAX_SEGMENT_BYTES, Math.floor(budgetBytes / MIN_SEGMENTS)));
    grow(this.capacity);
  }

  /** The bytes counted against the budget: every record still in a segment (replaced ones too) and the rows' slots. */
  get bytes(): number {
    return this.filled + this.live * SLOT_BYTES;
  }

  get size(): number {
    return this.live;
  }

  /**
   * Keeps a row: head, its own cover (COVER_KEY and JSON; '' when it is shared) and tail as UTF-8, and the
   * digest of the whole row, which has the tags' and a shared cover's bytes in between. Its slot, where the
   * caller keeps what else it knows of the row; a row that is not kept (isKept) is to be given back once read.
   */
  add(head: string, ownCover: string, tail: string, tags: Buffer, sharedCover: Buffer | null): number {
    const headLength = Buffer.byteLength(head, 'utf8');
    const coverLength = Buffer.byteLength(ownCover, 'utf8');
    const tailLength = Buffer.byteLength(tail, 'utf8');
    const { buffer, start, slot } = this.place(RECORD_HEAD_BYTES + headLength + coverLength + tailLength);
    const headAt = start + RECORD_HEAD_BYTES;
    const coverAt = headAt + headLength;
    const tailAt = coverAt + coverLength;
    buffer.write(head, headAt, 'utf8');
    buffer.write(ownCover, coverAt, 'utf8');
    buffer.write(tail, tailAt, 'utf8');
    // The digest of the row's whole text, as list-answer.ts makes an answer's tag of its rows' digests.
    createHash('sha256').update(buffer.subarray(headAt, coverAt)).update(tags).update(sharedCover ?? buffer.subarray(coverAt, tailAt))
      .update(buffer.subarray(tailAt, tailAt + tailLength)).digest().copy(buffer, start + DIGEST_AT, 0, DIGEST_BYTES);
    this.headLength[slot] = headLength;
    this.coverLength[slot] = coverLength;
    this.tailLength[slot] = tailLength;
    return slot;
  }

  /**
   * Room for a record of `length` bytes (RECORD_HEAD_BYTES and the row's own), and the slot it is kept in;
   * for a row that alone would be over the budget, a buffer of its own and a slot that is not kept (isKept):
   * the row is used once and its slot given back (releaseUnkept). The caller writes the record at `start`
   * and then, for a kept row, calls `kept`.
   */
  place(length: number): RowPlace & { slot: number } {
    if (length + SLOT_BYTES > this.budgetBytes) {
      const slot = this.takeSlot();
      this.segment[slot] = UNKEPT;
      this.start[slot] = 0;
      const buffer = (this.buffer[slot] = Buffer.allocUnsafeSlow(length));
      return { buffer, start: 0, slot };
    }
    let current = this.segments.get(this.nextSegment - 1);
    if (current === undefined || current.buffer.length - current.fill < length) {
      const spare = length <= this.segmentBytes ? this.spare.pop() : undefined;
      current = { buffer: spare ?? Buffer.allocUnsafeSlow(Math.max(this.segmentBytes, length)), fill: 0 };
      this.segments.set(this.nextSegment++, current);
    }
    const slot = this.takeSlot();
    const start = current.fill;
    current.fill += length;
    this.filled += length;
    this.live++;
    this.segment[slot] = this.nextSegment - 1;
    this.start[slot] = start;
    this.buffer[slot] = current.buffer;
    current.buffer.writeInt32LE(slot, start + SLOT_AT);
    current.buffer.writeInt32LE(length, start + LENGTH_AT);
    return { buffer: current.buffer, start, slot };
  }

  /** After a record is written: the oldest segments (never the one just written to) go while over the budget. */
  kept(): void {
    for (const [number, segment] of this.segments) {
      if (this.bytes <= this.budgetBytes || number === this.nextSegment - 1) return;
      this.dropSegment(number, segment);
    }
  }

  /** Whether the row in `slot` is kept (false: used once, see place). */
  isKept(slot: number): boolean {
    return this.segment[slot] !== UNKEPT;
  }

  /** Gives back the slot of a row that was not kept (place), once it is read. */
  releaseUnkept(slot: number): void {
    if (this.segment[slot] !== UNKEPT) return;
    this.segment[slot] = -1;
    this.buffer[slot] = null;
    this.free.push(slot);
  }

  /** A row that is no longer kept (replaced, or its translation gone): its record stays until its segment goes. */
  release(slot: number): void {
    this.segment[slot] = -1;
    this.buffer[slot] = null;
    this.free.push(slot);
    this.live--;
  }

  /** Between answers (no row's bytes are being read): the segments let go may be written again. */
  recycle(): void {
    if (this.retired.length === 0) return;
    for (const buffer of this.retired) if (this.spare.length < SPARE_SEGMENTS && buffer.length === this.segmentBytes) this.spare.push(buffer);
    this.retired = [];
  }

  private dropSegment(number: number, segment: Segment): void {
    this.segments.delete(number);
    this.retired.push(segment.buffer);
    this.filled -= segment.fill;
    for (let at = 0; at < segment.fill; at += segment.buffer.readInt32LE(at + LENGTH_AT)) {
      const slot = segment.buffer.readInt32LE(at + SLOT_AT);
      // The slot may have been released and taken by a row in another segment since.
      if (this.segment[slot] !== number || this.start[slot] !== at) continue;
      this.forget(slot);
      this.release(slot);
    }
  }

  private takeSlot(): number {
    const slot = this.free.pop();
    if (slot !== undefined) return slot;
    const taken = this.used++;
    if (taken === this.capacity) {
      this.capacity *= 2;
      this.segment = widened(this.segment, this.capacity, -1);
      this.start = widened(this.start, this.capacity);
      this.headLength = widened(this.headLength, this.capacity);
      this.coverLength = widened(this.coverLength, this.capacity);
      this.tailLength = widened(this.tailLength, this.capacity);
      this.grow(this.capacity);
    }
    return taken;
  }
}

/** A copy of `from` in an array of `capacity` slots of its kind, the new slots set to `fill`: slots by number grow so. */
export function widened<T extends Int32Array | Float64Array>(from: T, capacity: number, fill = 0): T {
  const to = new (from.constructor as new (length: number) => T)(capacity);
  if (fill !== 0) to.fill(fill, from.length);
  to.set(from);
  return to;
}
