// Sorted lists of translations, kept up to date one entry at a time, so a list answers in proportion to the
// page asked for rather than to the site: per type, language and status (and all statuses), per tag, and
// per category. Posts sort newest first (by dateMs), date categories by their `start`, soonest first; ties
// by entry id. A change to an entry takes its old rows out and puts its new rows in (binary search + splice).
import { parseSiteTime } from '../lib/time-zone.js';
import type { Entry, EntryStatus, SiteConfig, Translation } from './types.js';

export interface IndexedRow {
  entry: Entry;
  translation: Translation;
  /** Ascending: -dateMs, or the start time in a date category's list. */
  sortKey: number;
}

/** A list kept sorted by (sortKey, entry id). */
export class SortedRows {
  readonly rows: IndexedRow[] = [];

  private position(sortKey: number, id: string): number {
    let low = 0, high = this.rows.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const row = this.rows[middle]!;
      if (row.sortKey < sortKey || (row.sortKey === sortKey && row.entry.id < id)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  insert(row: IndexedRow): void {
    this.rows.splice(this.position(row.sortKey, row.entry.id), 0, row);
  }

  remove(row: IndexedRow): void {
    const at = this.position(row.sortKey, row.entry.id);
    if (this.rows[at] === row) this.rows.splice(at, 1);
  }

  /** The index of the first row whose sortKey is at least `sortKey`. */
  firstAtLeast(sortKey: number): number {
    return this.position(sortKey, '');
  }
}

const ALL = '*';
/** A date-category entry without a start goes last, as the scan-and-sort did. */
export const NO_START = Number.MAX_SAFE_INTEGER;
const EMPTY = new SortedRows();

export class ListIndex {
  private readonly lists = new Map<string, SortedRows>();
  /** Where each entry's rows are, so a change removes exactly those. */
  private readonly placed = new Map<string, Array<[string, IndexedRow]>>();

  constructor(private readonly site: () => SiteConfig) {}

  /** The sorted rows of one type and language in a status (or all), narrowed to a category or else a tag. */
  list(type: string, language: string, status: 'any' | EntryStatus, narrow: { tag?: string; category?: string } = {}): SortedRows {
    const filter = narrow.category !== undefined ? `c:${narrow.category}` : narrow.tag !== undefined ? `t:${narrow.tag}` : '';
    return this.lists.get(listKey(type, language, status === 'any' ? ALL : status, filter)) ?? EMPTY;
  }

  /** Takes out whatever the entry had in the lists and puts in its translations as they are now. */
  put(entry: Entry): void {
    this.remove(entry.id);
    const placed = this.placementsOf(entry, this.site());
    for (const [key, row] of placed) {
      let list = this.lists.get(key);
      if (!list) this.lists.set(key, (list = new SortedRows()));
      list.insert(row);
    }
    this.placed.set(entry.id, placed);
  }

  /** Every list anew from these entries: gathered, then each sorted once (a start, a settings change). */
  rebuild(entries: Iterable<Entry>): void {
    this.clear();
    const site = this.site();
    for (const entry of entries) {
      const placed = this.placementsOf(entry, site);
      for (const [key, row] of placed) {
        let list = this.lists.get(key);
        if (!list) this.lists.set(key, (list = new SortedRows()));
        list.rows.push(row);
      }
      this.placed.set(entry.id, placed);
    }
    for (const list of this.lists.values()) list.rows.sort(compareRows);
  }

  /** The lists an entry's translations belong in, each with its row. */
  private placementsOf(entry: Entry, site: SiteConfig): Array<[string, IndexedRow]> {
    const placed: Array<[string, IndexedRow]> = [];
    for (const translation of entry.translations.values()) {
      const byDate: IndexedRow = { entry, translation, sortKey: -translation.dateMs };
      for (const status of [translation.status, ALL]) {
        placed.push([listKey(entry.type.key, translation.language, status, ''), byDate]);
        for (const tag of new Set(translation.tags)) placed.push([listKey(entry.type.key, translation.language, status, `t:${tag}`), byDate]);
        if (translation.category === null) continue;
        const category = site.categories[translation.category];
        const row = category?.kind === 'date' ? { entry, translation, sortKey: startOf(translation, site.timezone) } : byDate;
        placed.push([listKey(entry.type.key, translation.language, status, `c:${translation.category}`), row]);
      }
    }
    return placed;
  }

  remove(entryId: string): void {
    const placed = this.placed.get(entryId);
    if (!placed) return;
    for (const [key, row] of placed) this.lists.get(key)?.remove(row);
    this.placed.delete(entryId);
  }

  clear(): void {
    this.lists.clear();
    this.placed.clear();
  }
}

function compareRows(a: IndexedRow, b: IndexedRow): number {
  return a.sortKey - b.sortKey || (a.entry.id < b.entry.id ? -1 : a.entry.id > b.entry.id ? 1 : 0);
}

function listKey(type: string, language: string, status: string, filter: string): string {
  return `${type}\u0000${language}\u0000${status}\u0000${filter}`;
}

function startOf(translation: Translation, timeZone: string): number {
  return translation.start !== null ? parseSiteTime(translation.start, timeZone) ?? NO_START : NO_START;
}
