// A hash table of objects by a text key each of them yields (`keyOf`), for the public paths (path-index.ts):
// a Map keeps every key as a string of its own beside its value, where here the key is read from the value
// when compared. Open addressing with linear probing, the keys' hashes kept beside the cells so a probe
// compares strings only when the hashes agree. At 200,000 paths: some 3 MB, where a Map with its keys
// took 13 MB.

/** A cell whose value was removed: probing goes on past it, an insert may take it. */
const GONE = null;
/** The table grows when this share of its cells is taken (values and GONE). */
const MAX_LOAD = 0.8;

export class KeyedTable<V extends object> {
  private cells: Array<V | typeof GONE | undefined> = [];
  private hashes = new Int32Array(0);
  private count = 0;
  private taken = 0;

  constructor(private readonly keyOf: (value: V) => string) {
    this.clear();
  }

  get size(): number {
    return this.count;
  }

  get(key: string): V | undefined {
    const at = this.cellOf(key, hashOf(key));
    return at < 0 ? undefined : (this.cells[at] as V);
  }

  /** Sets `value` as the one for `key` (which must be keyOf(value)), in place of any there. */
  set(key: string, value: V): void {
    const hash = hashOf(key);
    const at = this.cellOf(key, hash);
    if (at >= 0) { this.cells[at] = value; return; }
    if ((this.taken + 1) > this.cells.length * MAX_LOAD) this.grow();
    this.place(value, hash);
    this.count++;
  }

  delete(key: string): void {
    const at = this.cellOf(key, hashOf(key));
    if (at < 0) return;
    this.cells[at] = GONE;
    this.count--;
  }

  clear(): void {
    this.cells = new Array(1024).fill(undefined);
    this.hashes = new Int32Array(1024);
    this.count = this.taken = 0;
  }

  /** The cell holding the value for `key`, or -1. */
  private cellOf(key: string, hash: number): number {
    const mask = this.cells.length - 1;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const value = this.cells[at];
      if (value === undefined) return -1;
      if (value !== GONE && this.hashes[at] === hash && this.keyOf(value) === key) return at;
    }
  }

  private place(value: V, hash: number): void {
    const mask = this.cells.length - 1;
    let at = hash & mask;
    while (this.cells[at] !== undefined && this.cells[at] !== GONE) at = (at + 1) & mask;
    if (this.cells[at] === undefined) this.taken++;
    this.cells[at] = value;
    this.hashes[at] = hash;
  }

  /** Twice the cells when values take half the room allowed, else as many with the GONE cells cleared out. */
  private grow(): void {
    const cells = this.cells, hashes = this.hashes;
    const length = this.count * 2 >= cells.length * MAX_LOAD ? cells.length * 2 : cells.length;
    this.cells = new Array(length).fill(undefined);
    this.hashes = new Int32Array(length);
    this.taken = 0;
    for (let at = 0; at < cells.length; at++) {
      const value = cells[at];
      if (value !== undefined && value !== GONE) this.place(value, hashes[at]!);
    }
  }
}

/** FNV-1a over the UTF-16 code units. */
export function hashOf(key: string): number {
  return hashOfRange(key, 0, key.length);
}

/** hashOf over text[start, stop), with no string made for it (a key read where a column keeps it). */
export function hashOfRange(text: string, start: number, stop: number): number {
  let hash = 0x811c9dc5;
  for (let at = start; at < stop; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  return hash;
}
