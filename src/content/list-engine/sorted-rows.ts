// One sorted list of the content index (list-index.ts): rows of translations ordered by (sortKey, entry id).
// A list taken from the persisted index stays as it was stored, the translations' numbers in a typed array
// (plus the sort keys where they are not the date), read row by row when asked for: at 100,000 posts the
// lists hold some 1.6 million rows, 4 bytes each so, where an array of row objects is 8 to 40. A change
// that reaches it makes it an array of those numbers with the changed rows' objects among them: made an
// array of row objects instead, a hand edit of one post made the objects of every post in its language
// (some 15 MB at 100,000 posts, kept).
import type { Entry, Translation } from '../entries/types.js';

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
  /** The same row for a pass that reads and lets go: the kept object where there is one, else one made for the pass. */
  passingRowOf: (n: number) => IndexedRow;
}

/**
 * A packed list a change reached: each item a row object or, for a row as the persisted index had it, its
 * number there (read as PackedRows reads it); `sortKeys` holds every item's key when the packed list kept them.
 */
export interface MixedRows {
  items: Array<IndexedRow | number>;
  sortKeys: number[] | null;
  rowOf: (n: number) => IndexedRow;
  passingRowOf: (n: number) => IndexedRow;
}

/** A list's rows: row objects, or as the persisted index keeps them. */
export type RowsOrPacked = IndexedRow[] | PackedRows;

export class SortedRows {
  private made: IndexedRow[] | null;
  private packed: PackedRows | null;
  private mixed: MixedRows | null = null;

  constructor(rows: RowsOrPacked = []) {
    this.made = Array.isArray(rows) ? rows : null;
    this.packed = Array.isArray(rows) ? null : rows;
  }

  get length(): number {
    return this.made ? this.made.length : this.mixed ? this.mixed.items.length : this.packed!.numbers.length;
  }

  /** Row `at` (0 <= at < length). A packed row with a sort key of its own is made anew at each call. */
  at(at: number): IndexedRow {
    if (this.made) return this.made[at]!;
    const { rowOf } = this.packed ?? this.mixed!;
    const item = this.mixed ? this.mixed.items[at]! : this.packed!.numbers[at]!;
    if (typeof item !== 'number') return item;
    const row = rowOf(item);
    const sortKeys = this.mixed ? this.mixed.sortKeys : this.packed!.sortKeys;
    // The date row's entry is the entry's current object (list-index.ts repoints it).
    return sortKeys ? { entry: row.entry, translation: row.translation, sortKey: sortKeys[at]! } : row;
  }

  /**
   * Row `at`'s entry and translation for a pass over the list that reads and lets go (the title order,
   * content/title-order.ts): a packed row not kept is made for the pass alone, so a pass over 100,000 rows
   * does not keep 100,000 entries. Never to be kept: ask at() for the rows to keep.
   */
  passingAt(at: number): Omit<IndexedRow, 'sortKey'> {
    if (this.made) return this.made[at]!;
    const { passingRowOf } = this.packed ?? this.mixed!;
    const item = this.mixed ? this.mixed.items[at]! : this.packed!.numbers[at]!;
    return typeof item === 'number' ? passingRowOf(item) : item;
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

  /** The rows as an array of row objects to change (a list being built anew: list-index.ts rebuild). */
  objects(): IndexedRow[] {
    if (!this.made) {
      this.made = this.slice();
      this.packed = this.mixed = null;
    }
    return this.made;
  }

  /** The rows as they are now, for the persisted index's writer: packed or mixed as they are, or a copy. */
  exported(): RowsOrPacked | MixedRows {
    if (this.made) return this.made.slice();
    if (this.mixed) return { ...this.mixed, items: this.mixed.items.slice(), sortKeys: this.mixed.sortKeys?.slice() ?? null };
    return this.packed!;
  }

  insert(row: IndexedRow): void {
    const at = this.position(row.sortKey, row.entry.id);
    if (this.made) { this.made.splice(at, 0, row); return; }
    const mixed = this.changeable();
    mixed.items.splice(at, 0, row);
    mixed.sortKeys?.splice(at, 0, row.sortKey);
  }

  find(sortKey: number, id: string): IndexedRow | undefined {
    const at = this.position(sortKey, id);
    if (at >= this.length) return undefined;
    return this.keyAt(at) === sortKey && this.at(at).entry.id === id ? this.at(at) : undefined;
  }

  removeAt(sortKey: number, id: string): void {
    const at = this.position(sortKey, id);
    if (at >= this.length || this.keyAt(at) !== sortKey || this.at(at).entry.id !== id) return;
    if (this.made) { this.made.splice(at, 1); return; }
    const mixed = this.changeable();
    mixed.items.splice(at, 1);
    mixed.sortKeys?.splice(at, 1);
  }

  /** The index of the first row whose sortKey is at least `sortKey`. */
  firstAtLeast(sortKey: number): number {
    return this.position(sortKey, '');
  }

  /** A packed list as one a change can reach: its numbers (and keys) in plain arrays, 8 bytes a row. */
  private changeable(): MixedRows {
    if (!this.mixed) {
      const { numbers, sortKeys, rowOf, passingRowOf } = this.packed!;
      this.mixed = { items: Array.from(numbers), sortKeys: sortKeys ? Array.from(sortKeys) : null, rowOf, passingRowOf };
      this.packed = null;
    }
    return this.mixed;
  }

  private keyAt(at: number): number {
    if (this.made) return this.made[at]!.sortKey;
    const sortKeys = this.mixed ? this.mixed.sortKeys : this.packed!.sortKeys;
    return sortKeys ? sortKeys[at]! : this.at(at).sortKey;
  }

  private idAt(at: number): string {
    return this.at(at).entry.id;
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
