// Sorted lists of translations, kept up to date one entry at a time, so a list answers in proportion to the
// page asked for rather than to the site: per type, language and status (and all statuses), per tag, per
// category, and per parent (a page's child pages). Posts sort newest first (by dateMs), date categories by their `start`, soonest first; ties
// by entry id. A change to an entry takes its old rows out and puts its new rows in (binary search + splice).
import { parseSiteTime } from '../../lib/time-zone.js';
import { SortedRows, type IndexedRow, type MixedRows, type RowsOrPacked } from './sorted-rows.js';
import type { Entry, EntryStatus, SiteConfig, Translation } from '../entries/types.js';

const ALL = '*';
/** A date-category entry without a start goes last, as the scan-and-sort did. */
export const NO_START = Number.MAX_SAFE_INTEGER;
const EMPTY = new SortedRows();

export class ListIndex {
  private readonly lists = new Map<string, SortedRows>();

  constructor(private readonly site: () => SiteConfig) {}

  /** The sorted rows of one type and language in a status (or all), narrowed to a category, else a tag, else a parent. */
  list(type: string, language: string, status: 'any' | EntryStatus, narrow: { tag?: string; category?: string; parent?: string } = {}): SortedRows {
    const filter = narrow.category !== undefined ? `c:${narrow.category}`
      : narrow.tag !== undefined ? `t:${narrow.tag}`
      : narrow.parent !== undefined ? `p:${narrow.parent}` : '';
    return this.lists.get(listKey(type, language, status === 'any' ? ALL : status, filter)) ?? EMPTY;
  }

  /**
   * Brings the entry's rows in line with the entry as it is now, `previous` being how it was indexed. Only
   * a translation that changed (another object: the reader keeps the object of a file it did not read
   * again) is taken out and put in; the rows of the others stay where they are and only learn the new entry.
   * Returns each translation's row in its date-ordered lists, which the path index keeps too (one object
   * per translation serves both).
   */
  put(entry: Entry, previous?: Entry): IndexedRow[] {
    const site = this.site();
    const rows: IndexedRow[] = [];
    for (const translation of entry.translations.values()) {
      const before = previous?.translations.get(translation.language);
      if (before === translation) {
        rows.push(this.repoint(entry, translation, site));
        continue;
      }
      if (before) this.removeTranslation(previous!, before, site);
      rows.push(this.placeTranslation(entry, translation, site, (list, row) => list.insert(row)));
    }
    for (const before of previous?.translations.values() ?? []) {
      if (!entry.translations.has(before.language)) this.removeTranslation(previous!, before, site);
    }
    return rows;
  }

  /**
   * Takes out the rows of the entry as it was indexed. Where each row is follows from the entry itself (its
   * keys and sort keys), so nothing is kept per entry: at 100,000 entries that would be some 50 MB.
   */
  remove(entry: Entry): void {
    const site = this.site();
    for (const translation of entry.translations.values()) this.removeTranslation(entry, translation, site);
  }

  private removeTranslation(entry: Entry, translation: Translation, site: SiteConfig): void {
    for (const [key, sortKey] of keysOf(entry, translation, site)) this.lists.get(key)?.removeAt(sortKey, entry.id);
  }

  /** An unchanged translation's rows, found where they are, are told of the entry's new object. */
  private repoint(entry: Entry, translation: Translation, site: SiteConfig): IndexedRow {
    let byDate: IndexedRow | undefined;
    for (const [key, sortKey] of keysOf(entry, translation, site)) {
      const row = this.lists.get(key)?.find(sortKey, entry.id);
      if (!row) continue;
      row.entry = entry;
      if (sortKey === -translation.dateMs) byDate = row;
    }
    return byDate ?? { entry, translation, sortKey: -translation.dateMs };
  }

  /**
   * Every list anew from these entries: gathered, then each sorted once (a start, a settings change).
   * `eachEntry` is handed every entry with its date rows, as put() returns them.
   */
  rebuild(entries: Iterable<Entry>, eachEntry: (entry: Entry, rows: IndexedRow[]) => void): void {
    this.lists.clear();
    const site = this.site();
    for (const entry of entries) eachEntry(entry, this.place(entry, site, (list, row) => list.objects().push(row)));
    for (const list of this.lists.values()) list.objects().sort(compareRows);
  }

  /**
   * Every list by its key, as it is now (what the persisted index keeps, encoded over several turns): a list
   * still packed as the persisted index had it is handed over so (its numbers never change; a change makes
   * the list arrays of its own), the others copied.
   */
  exported(): Array<[key: string, rows: RowsOrPacked | MixedRows]> {
    return [...this.lists].map(([key, list]) => [key, list.exported()]);
  }

  /**
   * Lists kept by a persisted index (sorted when written, by this code) take the place of all, packed as
   * they were kept until a change reaches them (sorted-rows.ts).
   */
  restore(lists: ReadonlyArray<[key: string, rows: RowsOrPacked]>): void {
    this.lists.clear();
    for (const [key, rows] of lists) this.lists.set(key, new SortedRows(rows));
  }

  /** Every translation's date row once: the rows of each type and language's list of all statuses. */
  *dateRows(): Generator<IndexedRow> {
    for (const [key, list] of this.lists) if (key.endsWith(`\u0000${ALL}\u0000`)) yield* list;
  }

  /** Hands each list an entry's translations belong in (made when first needed) with its row to `add`. */
  private place(entry: Entry, site: SiteConfig, add: (list: SortedRows, row: IndexedRow) => void): IndexedRow[] {
    return [...entry.translations.values()].map((translation) => this.placeTranslation(entry, translation, site, add));
  }

  private placeTranslation(entry: Entry, translation: Translation, site: SiteConfig, add: (list: SortedRows, row: IndexedRow) => void): IndexedRow {
    const byDate: IndexedRow = { entry, translation, sortKey: -translation.dateMs };
    for (const [key, sortKey] of keysOf(entry, translation, site)) {
      let list = this.lists.get(key);
      if (!list) this.lists.set(key, (list = new SortedRows()));
      add(list, sortKey === byDate.sortKey ? byDate : { entry, translation, sortKey });
    }
    return byDate;
  }
}


/** The lists a translation belongs in, each with its sort key there. */
function keysOf(entry: Entry, translation: Translation, site: SiteConfig): Array<[string, number]> {
  const keys: Array<[string, number]> = [];
  const byDate = -translation.dateMs;
  const category = translation.category === null ? undefined : site.categories[translation.category];
  const categoryKey = category?.kind === 'date' ? startOf(translation, site.timezone) : byDate;
  for (const status of [translation.status, ALL]) {
    keys.push([listKey(entry.type.key, translation.language, status, ''), byDate]);
    for (const tag of new Set(translation.tags)) keys.push([listKey(entry.type.key, translation.language, status, `t:${tag}`), byDate]);
    if (translation.category !== null) keys.push([listKey(entry.type.key, translation.language, status, `c:${translation.category}`), categoryKey]);
    if (entry.parentId !== null) keys.push([listKey(entry.type.key, translation.language, status, `p:${entry.parentId}`), byDate]);
  }
  return keys;
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
