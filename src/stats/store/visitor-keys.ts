import { withRoom, firstRows, checkRows, type Column } from './columns.js';

/**
 * Visitor hashes numbered in order of first sight, without a string or Map entry per visitor: the
 * characters sit in one typed array, and an open-addressing table (linear probing, at most half full) maps
 * a hash of the characters to the number. Written out as two columns and read back with one pass that
 * rebuilds the table, so a restart with 300,000 visitors does not parse or hash 300,000 strings into a Map.
 * Any string works (UTF-16 code units are compared), not only the 16-character keys the collector makes.
 */
export class VisitorKeys {
  /** the characters of every key, one after the other */
  private units: Uint16Array = new Uint16Array(0);
  /** per key: where its characters end in `units` */
  private ends: Int32Array = new Int32Array(0);
  private hashes: Int32Array = new Int32Array(0);
  /** key number + 1 per slot (0 = free) */
  private table: Int32Array = new Int32Array(1024);
  private count = 0;

  get size(): number { return this.count; }

  /** The number of `key`, made on first sight. */
  id(key: string): number {
    const hash = hashOf(key);
    const mask = this.table.length - 1;
    let slot = hash & mask;
    for (let entry = this.table[slot]!; entry !== 0; entry = this.table[slot]!) {
      if (this.hashes[entry - 1] === hash && this.equals(entry - 1, key)) return entry - 1;
      slot = (slot + 1) & mask;
    }
    const id = this.count++;
    const start = id === 0 ? 0 : this.ends[id - 1]!;
    this.units = withRoom(this.units, start + key.length);
    for (let i = 0; i < key.length; i++) this.units[start + i] = key.charCodeAt(i);
    this.ends = withRoom(this.ends, this.count);
    this.hashes = withRoom(this.hashes, this.count);
    this.ends[id] = start + key.length;
    this.hashes[id] = hash;
    this.table[slot] = id + 1;
    if (this.count * 2 > this.table.length) this.rebuildTable(this.table.length * 2);
    return id;
  }

  private equals(id: number, key: string): boolean {
    const start = id === 0 ? 0 : this.ends[id - 1]!;
    if (this.ends[id]! - start !== key.length) return false;
    for (let i = 0; i < key.length; i++) if (this.units[start + i] !== key.charCodeAt(i)) return false;
    return true;
  }

  private rebuildTable(size: number): void {
    const table = new Int32Array(size);
    const mask = size - 1;
    for (let id = 0; id < this.count; id++) {
      let slot = this.hashes[id]! & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = id + 1;
    }
    this.table = table;
  }

  export(): Record<string, Column> {
    const used = this.count === 0 ? 0 : this.ends[this.count - 1]!;
    return { units: firstRows(this.units, used), ends: firstRows(this.ends, this.count) };
  }

  /** Keys read back from export()'s columns; throws when the ends do not fit the characters. */
  static restore(count: number, columns: Record<string, Column | undefined>): VisitorKeys {
    const { units, ends } = columns;
    checkRows(ends, count, 'ends');
    if (!(units instanceof Uint16Array) || !(ends instanceof Int32Array)) throw new Error('visitor keys have the wrong column types');
    let previous = 0;
    for (let id = 0; id < count; id++) {
      if (ends[id]! < previous) throw new Error('visitor keys overlap');
      previous = ends[id]!;
    }
    if (previous !== units.length) throw new Error('visitor keys do not fill their characters');
    const keys = new VisitorKeys();
    keys.units = units;
    keys.ends = ends;
    keys.count = count;
    keys.hashes = new Int32Array(count);
    for (let id = 0, start = 0; id < count; start = keys.ends[id]!, id++) keys.hashes[id] = hashUnits(keys.units, start, keys.ends[id]!);
    let size = 1024;
    while (count * 2 > size) size *= 2;
    keys.rebuildTable(size);
    return keys;
  }
}

/** FNV-1a over UTF-16 code units: the same number from a string and from its units in the table. */
function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash;
}

function hashUnits(units: Uint16Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ units[i]!, 0x01000193);
  return hash;
}
