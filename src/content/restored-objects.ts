// The entries and translations of a persisted index (index-snapshot.ts), each made when first asked for
// and kept, so the same object comes back at every call (lists and caches know a translation by its
// object, list-index.ts repoints a row's entry in place). A stdio session's first content_list reads some
// twenty rows of one list: making all 100,000 entries, their 200,000 translations and the map of ids
// before it was most of the time it waited (the objects, then the collector moving them).
import { RestoredEntry, type EntryColumns } from './restored-entry.js';
import { TextColumn } from './snapshot-blocks.js';
import type { ColumnRow, SummaryColumns } from './translation-columns.js';
import type { Entry } from './types.js';

export class RestoredObjects {
  private readonly entries: Array<RestoredEntry | undefined>;
  private readonly translations: Array<ColumnRow | undefined>;
  private readonly columns: EntryColumns;

  /**
   * `ids` in the index's order, `parents` each entry's parent's place (-1 for none), `columns` what the
   * entries read (firstTranslation filled in), `summaries` the translations' columns: all checked.
   */
  constructor(
    private ids: TextColumn,
    private parents: Int32Array,
    columns: Omit<EntryColumns, 'translation'>,
    private readonly summaries: SummaryColumns,
    translationCount: number,
  ) {
    this.columns = { ...columns, translation: (n) => this.translation(n) };
    this.entries = new Array<RestoredEntry | undefined>(parents.length);
    this.translations = new Array<ColumnRow | undefined>(translationCount);
  }

  /** Entry `place`'s object. */
  entry(place: number): RestoredEntry {
    let entry = this.entries[place];
    if (entry === undefined) {
      const parent = this.parents[place]!;
      entry = new RestoredEntry(this.ids.at(place)!, parent === -1 ? null : this.ids.at(parent)!, place, this.columns);
      this.entries[place] = entry;
    }
    return entry;
  }

  /** Translation n, which is also its row in the lists ordered by date; its entry is the entry's object. */
  translation(n: number): ColumnRow {
    let translation = this.translations[n];
    if (translation === undefined) {
      translation = this.summaries.translation(n);
      translation.entry = this.entry(this.placeOf(n));
      this.translations[n] = translation;
    }
    return translation;
  }

  /** Every entry by id, in the index's order (each made now if it was not). */
  map(): Map<string, Entry> {
    const byId = new Map<string, Entry>();
    for (let place = 0; place < this.entries.length; place++) {
      const entry = this.entry(place);
      byId.set(entry.id, entry);
    }
    // Every entry is made and keeps its own id: the columns they were made from can go (1 MB at 100,000).
    this.ids = new TextColumn('', new Int32Array(1));
    this.parents = new Int32Array(0);
    return byId;
  }

  /** The place of the entry that translation n belongs to: the last whose first translation is at most n. */
  private placeOf(n: number): number {
    const { firstTranslation } = this.columns;
    let low = 0, high = this.entries.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (firstTranslation[middle]! <= n) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}
