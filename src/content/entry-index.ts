import type { Entry } from './types.js';
import type { ListIndex } from './list-index.js';
import { PathIndex } from './path-index.js';

/**
 * The entries in memory, by id, with the sorted lists (list-index.ts) and the public paths (path-index.ts)
 * over them. Every change goes through set, delete, deleteWithChildren or replaceAll, which keep both in
 * step, followed by one changed(): the generation grows and the list of entries is made again when next asked for. Caches (ETags, rendered
 * pages) key on the generation.
 */
export class EntryIndex {
  private byId = new Map<string, Entry>();

  /** Public path -> translation, kept in step like the lists. */
  readonly paths = new PathIndex();

  constructor(readonly lists: ListIndex) {}
  private list: Entry[] | null = null;
  private generationValue = 0;

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

  set(entry: Entry): void {
    const previous = this.byId.get(entry.id);
    this.paths.put(this.lists.put(entry, previous), previous);
    this.byId.set(entry.id, entry);
  }

  delete(id: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    this.byId.delete(id);
    this.lists.remove(entry);
    this.paths.remove(entry);
  }

  /** Removes the entry and every entry below it (a page's children). */
  deleteWithChildren(id: string): void {
    for (const other of this.ids()) if (other === id || other.startsWith(id + '/')) this.delete(other);
  }

  /** The result of a full scan takes the place of everything. */
  replaceAll(next: Map<string, Entry>): void {
    this.byId = next;
    this.paths.clear();
    this.lists.rebuild(next.values(), (_entry, rows) => this.paths.put(rows));
  }

  changed(): void {
    this.generationValue++;
    this.list = null;
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
