// What packed-rows.ts knows of each kept list row, in typed arrays by slot: where its record is and the
// lengths of its parts, and its digest. Slots are numbers handed out and given back; the arrays grow by
// doubling, and the caller's own arrays by slot with them (row-facts.ts).
export const DIGEST_BYTES = 16;

export class RowSlots {
  /** Per slot: its segment's number (-1: a free slot), the record's start in it, and its parts' byte lengths. */
  segment = new Int32Array(64).fill(-1);
  start = new Int32Array(64);
  headLength = new Int32Array(64);
  /** The cover's bytes when they are in the record (0: they are shared, see list-rows.ts). */
  coverLength = new Int32Array(64);
  tailLength = new Int32Array(64);
  /** Per slot: where the record is among the row bytes (-1: in a buffer of its own, `own`). */
  position = new Float64Array(64).fill(-1);
  /** Per slot: the first 16 bytes of the SHA-256 of the row's whole text. */
  digests = Buffer.alloc(64 * DIGEST_BYTES);
  /** Per slot: the buffer its record is in when it is not among the row bytes (a large or unkept row). */
  readonly own: Array<Buffer | null> = [];
  private readonly free: number[] = [];
  private capacity = 64;
  /** Slots handed out so far (each is in use or free). */
  protected slotsUsed = 0;

  /** @param grow called with the new capacity whenever the slots grow, for the caller's own arrays by slot */
  constructor(private readonly grow: (capacity: number) => void) {
    grow(this.capacity);
  }

  protected takeSlot(): number {
    const slot = this.free.pop();
    if (slot !== undefined) return slot;
    const taken = this.slotsUsed++;
    if (taken === this.capacity) {
      this.capacity *= 2;
      this.segment = widened(this.segment, this.capacity, -1);
      this.start = widened(this.start, this.capacity);
      this.headLength = widened(this.headLength, this.capacity);
      this.coverLength = widened(this.coverLength, this.capacity);
      this.tailLength = widened(this.tailLength, this.capacity);
      this.position = widened(this.position, this.capacity, -1);
      const digests = Buffer.alloc(this.capacity * DIGEST_BYTES);
      digests.set(this.digests);
      this.digests = digests;
      this.grow(this.capacity);
    }
    return taken;
  }

  protected freeSlot(slot: number): void {
    this.segment[slot] = -1;
    this.own[slot] = null;
    this.free.push(slot);
  }
}

/** A copy of `from` in an array of `capacity` slots of its kind, the new slots set to `fill`: slots by number grow so. */
export function widened<T extends Int32Array | Float64Array>(from: T, capacity: number, fill = 0): T {
  const to = new (from.constructor as new (length: number) => T)(capacity);
  if (fill !== 0) to.fill(fill, from.length);
  to.set(from);
  return to;
}
