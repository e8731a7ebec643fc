import type { Entry } from './types.js';
import type { ListIndex } from './list-index.js';
import type { RowsOrPacked } from './sorted-rows.js';
import { PathIndex } from './path-index.js';

/**
 * The entries in memory, by id, with the sorted lists (list-index.ts) and the public paths (path-index.ts)
 * over them. Every change goes through set, delete, deleteWithChildren or replaceAll, which keep both in
 * step, followed by one changed(): the generation grows and the list of entries is made again when next asked for. Caches (ETags, rendered
 * pages) key on the generation.
 */
export class EntryIndex {
  private byIdMade = new Map<string, Entry>();
  /** After a persisted index was taken: makes the map of its entries, when first needed (a list is not). */
  private byIdToMake: (() => Map<string, Entry>) | null = null;

  private readonly pathIndex = new PathIndex();
  /** False after a persisted index was taken: the paths are gathered from the lists when first asked for. */
  private pathsBuilt = true;

  constructor(readonly lists: ListIndex) {}
  private list: Entry[] | null = null;
  private generationValue = 0;
  private onChange: (() => void) | null = null;

  /** Has `listener` told after every change (the persisted index follows them). */
  observe(listener: () => void): void {
    this.onChange = listener;
  }

  private get byId(): Map<string, Entry> {
    if (this.byIdToMake) {
      this.byIdMade = this.byIdToMake();
      this.byIdToMake = null;
    }
    return this.byIdMade;
  }

  get generation(): number {
    return this.generationValue;
  }

  get(id: string): Entry | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** The ids, copied: the index may change while they are gone through. */
  ids(): string[] {
    return [...this.byId.keys()];
  }

  values(): IterableIterator<Entry> {
    return this.byId.values();
  }

  /** Id and entry pairs; replacing an entry (set) while going through them is safe. */
  pairs(): IterableIterator<[string, Entry]> {
    return this.byId.entries();
  }

  /** Every entry, in one array kept until the next change. */
  all(): Entry[] {
    this.list ??= [...this.byId.values()];
    return this.list;
  }

  /**
   * Public path -> translation, kept in step like the lists. After a start from the persisted index it is
   * made when first asked for (a page, not a list, needs it: 200,000 paths are not worth a stdio session's
   * first answer).
   */
  get paths(): PathIndex {
    if (!this.pathsBuilt) {
      this.pathsBuilt = true;
      this.pathIndex.clear();
      this.pathIndex.put([...this.lists.dateRows()]);
    }
    return this.pathIndex;
  }

  set(entry: Entry): void {
    const previous = this.byId.get(entry.id);
    const rows = this.lists.put(entry, previous);
    if (this.pathsBuilt) this.pathIndex.put(rows, previous);
    this.byId.set(entry.id, entry);
  }

  delete(id: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    this.byId.delete(id);
    this.lists.remove(entry);
    if (this.pathsBuilt) this.pathIndex.remove(entry);
  }

  /** Removes the entry and every entry below it (a page's children). */
  deleteWithChildren(id: string): void {
    for (const other of this.ids()) if (other === id || other.startsWith(id + '/')) this.delete(other);
  }

  /** The result of a full scan takes the place of everything. */
  replaceAll(next: Map<string, Entry>): void {
    this.byIdMade = next;
    this.byIdToMake = null;
    this.pathsBuilt = true;
    this.pathIndex.clear();
    this.lists.rebuild(next.values(), (_entry, rows) => this.pathIndex.put(rows));
  }

  /**
   * A persisted index takes the place of everything: its entries (`next` makes their map, called when
   * first needed: a list answers without it) and its lists (the paths follow when asked for).
   */
  restore(next: () => Map<string, Entry>, lists: ReadonlyArray<[key: string, rows: RowsOrPacked]>): void {
    this.lists.restore(lists);
    this.byIdMade = new Map();
    this.byIdToMake = next;
    this.pathsBuilt = false;
  }

  changed(): void {
    this.generationValue++;
    this.list = null;
    this.onChange?.();
  }

  /** The id of the closest page above these segments that the index holds, or null. */
  nearestParent(segments: string[]): string | null {
    for (let n = segments.length - 1; n >= 2; n--) {
      const id = segments.slice(0, n).join('/');
      if (this.byId.has(id)) return id;
    }
    return null;
  }
}
