// The index's entries by id (entry-index.ts). After a full scan, a Map. After a start from the persisted
// index, its columns (restored-objects.ts: an id is found by a binary search over the sorted id column),
// with what changed since beside them: the entries set in place of a restored one, by its place, the
// restored places deleted, and the entries the persisted index did not hold. So the objects kept are the
// entries asked for and changed, not all 100,000 (a Map of them was some 25 MB with their translations).
// Going through the entries keeps a Map's order: the index's order, an entry set again where it was, an
// entry added (or deleted and added again) last.
import type { RestoredObjects } from './restored-objects.js';
import type { Entry } from '../entries/types.js';

export class EntryTable {
  /** Every entry after a full scan; after a restore, those whose id no restored place holds now. */
  private added = new Map<string, Entry>();
  private restored: RestoredObjects | null = null;
  /** Restored places whose entry was set since: the entry now. */
  private readonly replaced = new Map<number, Entry>();
  /** 1 for a restored place whose entry was deleted (an entry set again under its id goes to `added`). */
  private removed = new Uint8Array(0);
  private removedCount = 0;

  /** The persisted index's objects when the entries came from one, else null. */
  get objects(): RestoredObjects | null {
    return this.restored;
  }

  get size(): number {
    return (this.restored ? this.restored.count - this.removedCount : 0) + this.added.size;
  }

  get(id: string): Entry | undefined {
    return this.find(id, true);
  }

  /**
   * The entry with this id for a pass that reads and lets go, as values(false) hands them out: a restored
   * entry nobody asked for is made for the pass alone (never keep it; get() it to keep it).
   */
  passing(id: string): Entry | undefined {
    return this.find(id, false);
  }

  private find(id: string, keep: boolean): Entry | undefined {
    const added = this.added.get(id);
    if (added !== undefined || !this.restored) return added;
    const place = this.restored.placeOf(id);
    if (place < 0 || this.removed[place] === 1) return undefined;
    return this.replaced.get(place) ?? (keep ? this.restored.entry(place) : this.restored.passing(place));
  }

  has(id: string): boolean {
    if (this.added.has(id)) return true;
    if (!this.restored) return false;
    const place = this.restored.placeOf(id);
    return place >= 0 && this.removed[place] === 0;
  }

  /** Whether restored place `place` still holds its entry as the persisted index had it (not set since, nor deleted). */
  isAsRestored(place: number): boolean {
    return this.removed[place] === 0 && !this.replaced.has(place);
  }

  set(entry: Entry): void {
    const place = this.added.has(entry.id) || !this.restored ? -1 : this.restored.placeOf(entry.id);
    if (place >= 0 && this.removed[place] === 0) this.replaced.set(place, entry);
    else this.added.set(entry.id, entry);
  }

  delete(id: string): void {
    if (this.added.delete(id) || !this.restored) return;
    const place = this.restored.placeOf(id);
    if (place < 0 || this.removed[place] === 1) return;
    this.removed[place] = 1;
    this.removedCount++;
    this.replaced.delete(place);
  }

  /** The ids, in order (restored ones made as strings now, not kept). */
  *ids(): Generator<string> {
    const { restored } = this;
    if (restored) for (let place = 0; place < restored.count; place++) if (this.removed[place] === 0) yield restored.idAt(place);
    yield* this.added.keys();
  }

  /**
   * Every entry, in order. With `keep` false (a pass that reads and lets go), a restored entry nobody asked
   * for is made for the pass alone (restored-objects.ts passing()): never keep it, look it up by id instead.
   */
  *values(keep: boolean): Generator<Entry> {
    const { restored } = this;
    if (restored) {
      for (let place = 0; place < restored.count; place++) {
        if (this.removed[place] === 1) continue;
        yield this.replaced.get(place) ?? (keep ? restored.entry(place) : restored.passing(place));
      }
    }
    yield* this.added.values();
  }

  /** How many entries of each type key (restored ones counted from their column: no object made). */
  countByType(): Map<string, number> {
    const counts = new Map<string, number>();
    const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
    const { restored } = this;
    if (restored) {
      for (let place = 0; place < restored.count; place++) {
        if (this.removed[place] === 1) continue;
        add(this.replaced.get(place)?.type.key ?? restored.typeKeyAt(place));
      }
    }
    for (const entry of this.added.values()) add(entry.type.key);
    return counts;
  }

  /** A full scan's entries take the place of everything. */
  replaceAll(next: Map<string, Entry>): void {
    this.added = next;
    this.restored = null;
    this.replaced.clear();
    this.removed = new Uint8Array(0);
    this.removedCount = 0;
  }

  /** A persisted index's entries take the place of everything. */
  restore(objects: RestoredObjects): void {
    this.added = new Map();
    this.restored = objects;
    this.replaced.clear();
    this.removed = new Uint8Array(objects.count);
    this.removedCount = 0;
  }
}
