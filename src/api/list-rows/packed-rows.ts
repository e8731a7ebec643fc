// The bytes of the Content API's kept list rows (list-rows.ts), packed: each row's UTF-8 is appended to one
// of a few big segments, which live in row-bytes.ts's places, and what is known of a row sits in typed
// arrays by slot (row-slots.ts), its digest among them.
// Kept as a string pair and an object each, with two map slots, a digest string and a boxed number, a row
// cost some 360 bytes of heap beside its text; here some 160 (SLOT_BYTES). When the rows outgrow their
// budget the oldest segment goes whole, so the oldest rows are forgotten first; a replaced row's record
// stays where it is until then (counted against the budget all the same).
import { createHash } from '../../lib/node-builtins.js';
import { DIGEST_BYTES } from './row-slots.js';
import { RowBytes } from './row-bytes.js';
import { RowSlots } from './row-slots.js';

/**
 * What a kept row costs beside its record, counted against the budget: ten 4-byte and four 8-byte numbers,
 * its digest, six array slots, its entries in a Map and a WeakMap (row-lookup.ts), and the slack of arrays
 * that grow by doubling.
 */
export const SLOT_BYTES = 160;
/** The largest segment: big enough that segments are few, small enough that forgetting one forgets little. */
const MAX_SEGMENT_BYTES = 1024 * 1024;
/** At least this many segments fit the budget, so a segment forgotten is at most this share of the rows. */
const MIN_SEGMENTS = 16;

/** A segment: a place of the row bytes' (place >= 0), or a buffer of its own for a record larger than a place. */
interface Segment { place: number; own: Buffer | null; fill: number }
/** The segment of a row's slot while the row is used once, not kept. */
const UNKEPT = -2;
/** A row's records are made here before they are written where they are kept. */
let scratch = Buffer.allocUnsafeSlow(16 * 1024);

export interface PackedRowsOptions {
  /** At most this many bytes kept: the segments' records, and SLOT_BYTES per row. */
  budgetBytes: number;
  /** Called with the new capacity whenever the slots grow, for the caller's own arrays by slot. */
  grow: (capacity: number) => void;
  /** Called with a row's slot as its segment is let go, before the slot is free again. */
  forget: (slot: number) => void;
}

export class PackedRows extends RowSlots {
  readonly budgetBytes: number;
  private readonly segments = new Map<number, Segment>();
  /**
   * Places let go since the last `recycle`, and those that may be written again. A segment let go may
   * still be read by the answer being made (its rows were found before it went), so its place is written
   * again only from the next answer on.
   */
  private retired: number[] = [];
  private readonly spare: number[] = [];
  private places = 0;
  private nextSegment = 0;
  private readonly segmentBytes: number;
  private filled = 0;
  private live = 0;
  private readonly store: RowBytes;
  private readonly options: PackedRowsOptions;

  constructor(options: PackedRowsOptions) {
    super(options.grow);
    this.options = options;
    this.budgetBytes = options.budgetBytes;
    this.segmentBytes = Math.max(1, Math.min(MAX_SEGMENT_BYTES, Math.floor(options.budgetBytes / MIN_SEGMENTS)));
    this.store = new RowBytes(this.segmentBytes);
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
    const length = headLength + coverLength + tailLength;
    if (scratch.length < length) scratch = Buffer.allocUnsafeSlow(Math.max(length, scratch.length * 2));
    scratch.write(head, 0, 'utf8');
    scratch.write(ownCover, headLength, 'utf8');
    scratch.write(tail, headLength + coverLength, 'utf8');
    const record = scratch.subarray(0, length);
    const slot = this.place(record);
    // The digest of the row's whole text, as list-answer.ts makes an answer's tag of its rows' digests.
    createHash('sha256').update(record.subarray(0, headLength)).update(tags).update(sharedCover ?? record.subarray(headLength, headLength + coverLength))
      .update(record.subarray(headLength + coverLength)).digest().copy(this.digests, slot * DIGEST_BYTES, 0, DIGEST_BYTES);
    this.headLength[slot] = headLength;
    this.coverLength[slot] = coverLength;
    this.tailLength[slot] = tailLength;
    return slot;
  }

  /** The record in `slot` (head, own cover, tail): a view that holds until the next row is added or read. */
  record(slot: number): Buffer {
    const length = this.recordLength(slot);
    const own = this.own[slot];
    if (own) return own.subarray(this.start[slot]!, this.start[slot]! + length);
    if (scratch.length < length) scratch = Buffer.allocUnsafeSlow(length);
    this.store.read(scratch, 0, length, this.position[slot]!);
    return scratch.subarray(0, length);
  }

  /** Reads `length` bytes of the row bytes at `position` (records of several rows, see public-rows.ts). */
  read(target: Buffer, offset: number, length: number, position: number): void {
    this.store.read(target, offset, length, position);
  }

  /** The length of the record in `slot`: head, own cover and tail. */
  recordLength(slot: number): number {
    return this.headLength[slot]! + this.coverLength[slot]! + this.tailLength[slot]!;
  }

  /**
   * Room for `record` and the slot it is kept in; a row that alone would be over the budget is placed in
   * a buffer of its own, in a slot that is not kept (isKept): the row is used once and its slot given back
   * (releaseUnkept). For a kept row, the caller then calls `kept`.
   */
  place(record: Uint8Array): number {
    const length = record.length;
    const slot = this.takeSlot();
    if (length + SLOT_BYTES > this.budgetBytes) {
      this.segment[slot] = UNKEPT;
      this.keepOwn(slot, Buffer.from(record), 0);
      return slot;
    }
    let current = this.segments.get(this.nextSegment - 1);
    if (current === undefined || current.own !== null || this.segmentBytes - current.fill < length) {
      current = length <= this.segmentBytes ? { place: this.takePlace(), own: null, fill: 0 } : { place: -1, own: Buffer.allocUnsafeSlow(length), fill: 0 };
      this.segments.set(this.nextSegment++, current);
    }
    const start = current.fill;
    if (current.own !== null) this.keepOwn(slot, current.own, start).set(record, start);
    else {
      this.store.write(record, current.place * this.segmentBytes + start);
      this.own[slot] = null;
      this.position[slot] = current.place * this.segmentBytes + start;
    }
    current.fill += length;
    this.filled += length;
    this.live++;
    this.segment[slot] = this.nextSegment - 1;
    this.start[slot] = start;
    return slot;
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
    this.freeSlot(slot);
  }

  /** A row that is no longer kept (replaced, or its translation gone): its record stays until its segment goes. */
  release(slot: number): void {
    this.freeSlot(slot);
    this.live--;
  }

  /** Between answers (no row's bytes are being read): the places let go may be written again. */
  recycle(): void {
    if (this.retired.length === 0) return;
    this.spare.push(...this.retired);
    this.retired = [];
  }

  /** How many places the row bytes have had (a segment's size each): what they may take at most. */
  get placeCount(): number {
    return this.places;
  }

  /** Lets go of the row bytes; nothing is kept or read afterwards. */
  close(): void {
    for (const [number, segment] of this.segments) this.dropSegment(number, segment);
    this.store.close();
  }

  private keepOwn(slot: number, buffer: Buffer, start: number): Buffer {
    this.own[slot] = buffer;
    this.position[slot] = -1;
    this.start[slot] = start;
    return buffer;
  }

  private takePlace(): number {
    return this.spare.pop() ?? this.places++;
  }

  private dropSegment(number: number, segment: Segment): void {
    this.segments.delete(number);
    if (segment.own === null) this.retired.push(segment.place);
    this.filled -= segment.fill;
    // Its rows are found among all slots: a segment goes once per some thousand rows made.
    for (let slot = 0; slot < this.slotsUsed; slot++) {
      if (this.segment[slot] !== number) continue;
      this.options.forget(slot);
      this.release(slot);
    }
  }
}
