// One sorted list of the content index (list-index.ts): rows of translations ordered by (sortKey, entry id).
// A list taken from the persisted index stays as it was stored, the translations' numbers in a typed array
// (plus the sort keys where they are not the date), read row by row when asked for: at 100,000 posts the
// lists hold some 1.6 million rows, 4 bytes each so, where an array of row objects is 8 to 40. It becomes
// an array of row objects only when a change reaches it.
import type { Entry, Translation } from './types.js';

export interface IndexedRow {
  /** The entry's current object: a change that leaves this translation alone repoints the row to it. */
  entry: Entry;
  translation: Translation;
  /** Ascending: -dateMs, or the start time in a date category's list. */
  sortKey: number;
}

/** A list as the persisted index keeps it: row n is rowOf(numbers[n]), with sortKeys[n] when they are kept. */
export interface PackedRows {
  numbers: Int32Array;
  sortKeys: Float64Array | null;
  /** Translation n's row in the lists ordered by date (its sortKey is -dateMs), the same object at every call. */
  rowOf: (n: number) => IndexedRow;
}

/** A list's rows: row objects, or as the persisted index keeps them. */
export type RowsOrPacked = IndexedRow[] | PackedRows;

export class SortedRows {
  private made: IndexedRow[] | null;
  private packed: PackedRows | null;

  constructor(rows: RowsOrPacked = []) {
    this.made = Array.isArray(rows) ? rows : null;
    this.packed = Array.isArray(rows) ? null : rows;
  }

  get length(): number {
    return this.made ? this.made.length : this.packed!.numbers.length;
  }

  /** Row `at` (0 <= at < length). A packed row with a sort key of its own is made anew at each call. */
  at(at: number): IndexedRow {
    if (this.made) return this.made[at]!;
    const { numbers, sortKeys, rowOf } = this.packed!;
    const row = rowOf(numbers[at]!);
    // The date row's entry is the entry's current object (list-index.ts repoints it).
    return sortKeys ? { entry: row.entry, translation: row.translation, sortKey: sortKeys[at]! } : row;
  }

  /** Rows `start` up to `end`, as Array.slice. */
  slice(start = 0, end = this.length): IndexedRow[] {
    if (this.made) return this.made.slice(start, end);
    const to = Math.min(end, this.length);
    const rows: IndexedRow[] = [];
    for (let at = Math.max(0, start); at < to; at++) rows.push(this.at(at));
    return rows;
  }

  *[Symbol.iterator](): Generator<IndexedRow> {
    for (let at = 0; at < this.length; at++) yield this.at(at);
  }

  /** The rows as they are now, for the persisted index's writer: packed as read, or a copy of the row objects. */
  exported(): RowsOrPacked {
    return this.packed ?? this.made!.slice();
  }

  /** The rows as an array to change (a packed list becomes one). */
  objects(): IndexedRow[] {
    if (!this.made) {
      this.made = this.slice();
      this.packed = null;
    }
    return this.made;
  }

  insert(row: IndexedRow): void {
    this.objects().splice(this.position(row.sortKey, row.entry.id), 0, row);
  }

  find(sortKey: number, id: string): IndexedRow | undefined {
    const at = this.position(sortKey, id);
    if (at >= this.length) return undefined;
    return this.keyAt(at) === sortKey && this.at(at).entry.id === id ? this.at(at) : undefined;
  }

  removeAt(sortKey: number, id: string): void {
    const at = this.position(sortKey, id);
    if (at < this.length && this.keyAt(at) === sortKey && this.at(at).entry.id === id) this.objects().splice(at, 1);
  }

  /** The index of the first row whose sortKey is at least `sortKey`. */
  firstAtLeast(sortKey: number): number {
    return this.position(sortKey, '');
  }

  private keyAt(at: number): number {
    if (this.made) return this.made[at]!.sortKey;
    const { numbers, sortKeys, rowOf } = this.packed!;
    return sortKeys ? sortKeys[at]! : rowOf(numbers[at]!).sortKey;
  }

  private idAt(at: number): string {
    if (this.made) return this.made[at]!.entry.id;
    const { numbers, rowOf } = this.packed!;
    return rowOf(numbers[at]!).entry.id;
  }

  private position(sortKey: number, id: string): number {
    let low = 0, high = this.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const key = this.keyAt(middle);
      if (key < sortKey || (key === sortKey && this.idAt(middle) < id)) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
