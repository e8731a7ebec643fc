import type { IndexContents } from './index-snapshot.js';
import type { Entry, Translation } from '../entries/types.js';
import type { ListIndex } from './list-index.js';
import type { RowsOrPacked } from './sorted-rows.js';
import { EntryTable } from './entry-table.js';
import { PathIndex } from './path-index.js';
import type { RestoredObjects } from './restored-objects.js';
import { RestoredPaths } from './restored-paths.js';

/**
 * The entries in memory, by id (entry-table.ts), with the sorted lists (list-index.ts) and the public paths
 * (path-index.ts) over them. Every change goes through set, delete, deleteWithChildren or replaceAll,
 * which keep them in step, followed by one changed(): the generation grows. Caches (ETags, rendered pages)
 * key on the generation. After a start from the persisted index, only the entries asked for or changed
 * are objects kept in memory; a pass over all of them (values(), all()) gets the others made for it alone.
 */
export class EntryIndex {
  private readonly table = new EntryTable();
  private readonly pathIndex = new PathIndex();

  constructor(readonly lists: ListIndex) {}
  /** all()'s array, kept until the next change when every entry is kept anyway (after a full scan). */
  private list: Entry[] | null = null;
  private generationValue = 0;
  private mediaValue = 0;
  private onChange: (() => void) | null = null;

  /** Has `listener` told after every change (the persisted index follows them). */
  observe(listener: () => void): void {
    this.onChange = listener;
  }

  get generation(): number {
    return this.generationValue;
  }

  /** Grows with every change to an entry's media files (mediaChanged()): kept covers are looked at again. */
  get mediaGeneration(): number {
    return this.mediaValue;
  }

  /** How many entries it holds. */
  get size(): number {
    return this.table.size;
  }

  /** The entry with this id; the same object at every call until it changes. */
  get(id: string): Entry | undefined {
    return this.table.get(id);
  }

  /** The entry with this id for a pass that reads and lets go (entry-table.ts passing): keep none. */
  passing(id: string): Entry | undefined {
    return this.table.passing(id);
  }

  has(id: string): boolean {
    return this.table.has(id);
  }

  /** How many entries of each type key. */
  countByType(): Map<string, number> {
    return this.table.countByType();
  }

  /** The ids, copied: the index may change while they are gone through. */
  ids(): string[] {
    return [...this.table.ids()];
  }

  /**
   * Every entry, for a pass that reads them and lets go: an entry nobody asked for may be an object made
   * for the pass alone (restored-objects.ts). Keep none of them; look an entry up by id (get) to keep it.
   */
  values(): IterableIterator<Entry> {
    return this.table.values(false);
  }

  /** Every entry in one array, as values() hands them out (kept until the next change after a full scan). */
  all(): Entry[] {
    if (this.list) return this.list;
    const all = [...this.table.values(false)];
    if (!this.table.objects) this.list = all;
    return all;
  }

  /**
   * What the persisted index's writer encodes (index-snapshot.ts): every entry as values() hands them out,
   * the lists as they are, and how a translation read from the persisted index is known by its number there.
   */
  contents(): IndexContents {
    const objects = this.table.objects;
    return {
      entries: this.all(), lists: this.lists.exported(),
      ...(objects ? { restored: { translations: objects.translationCount, numberOf: (translation: Translation) => objects.numberOf(translation) } } : {}),
    };
  }

  /** Public path -> translation, kept in step like the lists (the persisted index's own are looked up in its columns). */
  get paths(): PathIndex {
    return this.pathIndex;
  }

  set(entry: Entry): void {
    const previous = this.table.get(entry.id);
    const rows = this.lists.put(entry, previous);
    this.pathIndex.put(rows, previous);
    this.table.set(entry);
  }

  delete(id: string): void {
    const entry = this.table.get(id);
    if (!entry) return;
    this.table.delete(id);
    this.lists.remove(entry);
    this.pathIndex.remove(entry);
  }

  /** Removes the entry and every entry below it (a page's children). */
  deleteWithChildren(id: string): void {
    for (const other of this.ids()) if (other === id || other.startsWith(id + '/')) this.delete(other);
  }

  /** The result of a full scan takes the place of everything. */
  replaceAll(next: Map<string, Entry>): void {
    this.table.replaceAll(next);
    this.pathIndex.clear();
    this.pathIndex.behind(null);
    this.lists.rebuild(next.values(), (_entry, rows) => this.pathIndex.put(rows));
  }

  /**
   * A persisted index takes the place of everything: its entries and its lists, read from its columns as
   * they are asked for (its paths' table is made on the first look-up of a path).
   */
  restore(objects: RestoredObjects, lists: ReadonlyArray<[key: string, rows: RowsOrPacked]>): void {
    this.lists.restore(lists);
    this.table.restore(objects);
    this.pathIndex.clear();
    let restoredPaths: RestoredPaths | null = null;
    // A restored translation answers at its path while its entry is as the persisted index had it; one
    // set since answers from the path index's own table, one deleted not at all.
    this.pathIndex.behind((path, visit) => {
      restoredPaths ??= new RestoredPaths(objects);
      restoredPaths.claimants(path, (n) => {
        if (this.table.isAsRestored(objects.placeOfTranslation(n))) visit(objects.translation(n));
      });
    });
  }

  changed(): void {
    this.generationValue++;
    this.list = null;
    this.onChange?.();
  }

  /**
   * An entry's media files changed (by hand, or by svc in this or another process): no entry did, but what
   * answers show of them (a cover's size and srcset) did, so the generation grows and every answer kept
   * for it is made again. Nothing the persisted index holds changed: it is not written for this.
   */
  mediaChanged(): void {
    this.generationValue++;
    this.mediaValue++;
  }

  /** The id of the closest page above these segments that the index holds, or null. */
  nearestParent(segments: string[]): string | null {
    for (let n = segments.length - 1; n >= 2; n--) {
      const id = segments.slice(0, n).join('/');
      if (this.table.has(id)) return id;
    }
    return null;
  }
}
