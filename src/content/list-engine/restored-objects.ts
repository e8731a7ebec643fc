// The entries and translations of a persisted index (index-snapshot.ts), each made when first asked for
// and kept, so the same object comes back at every call (lists and caches know a translation by its
// object, list-index.ts repoints a row's entry in place). A stdio session's first content_list reads some
// twenty rows of one list: making all 100,000 entries, their 200,000 translations and the map of ids
// before it was most of the time it waited (the objects, then the collector moving them). A server kept
// them all too once anything went through every entry: some 25 MB at 100,000 entries, for what a page
// or a list had asked for a few of. A pass over every entry (passing()) now gets the kept object where
// there is one and one made for the pass alone elsewhere, which the collector takes back after it.
import { RestoredEntry, type EntryColumns } from './restored-entry.js';
import type { TextColumn } from './snapshot-blocks.js';
import { rowIn, type ColumnRow, type SummaryColumns } from './translation-columns.js';
import type { Translation } from '../entries/types.js';

export class RestoredObjects {
  private readonly entries: Array<RestoredEntry | undefined>;
  private readonly translations: Array<ColumnRow | undefined>;
  private readonly columns: EntryColumns;
  /** What an entry made for one pass reads: its translations are made for the pass too, unless kept. */
  private readonly passColumns: EntryColumns;

  /**
   * `ids` in the index's order (strictly ascending: snapshot-ids.ts checked), `parents` each entry's
   * parent's place (-1 for none), `columns` what the entries read (firstTranslation filled in), `summaries`
   * the translations' columns: all checked.
   */
  constructor(
    private readonly ids: TextColumn,
    private readonly parents: Int32Array,
    columns: Omit<EntryColumns, 'translation'>,
    private readonly summaries: SummaryColumns,
    translationCount: number,
  ) {
    this.columns = { ...columns, translation: (n) => this.translation(n) };
    this.passColumns = { ...columns, translation: (n, entry) => this.translations[n] ?? this.passingTranslation(n, entry) };
    this.entries = new Array<RestoredEntry | undefined>(parents.length);
    this.translations = new Array<ColumnRow | undefined>(translationCount);
  }

  /** How many entries it holds. */
  get count(): number {
    return this.entries.length;
  }

  /** How many translations it holds (translation n is also its row in the date-ordered lists). */
  get translationCount(): number {
    return this.translations.length;
  }

  /** Entry `place`'s object, made now if it was not, and kept. */
  entry(place: number): RestoredEntry {
    let entry = this.entries[place];
    if (entry === undefined) {
      entry = this.make(place, this.columns);
      this.entries[place] = entry;
    }
    return entry;
  }

  /**
   * Entry `place` for a pass that reads and lets go: the kept object if there is one, else one made for the
   * pass, whose translations are made for the pass too (an entry's translations are kept only with it).
   * Never to be kept, nor put in the index: look it up by id for that.
   */
  passing(place: number): RestoredEntry {
    return this.entries[place] ?? this.make(place, this.passColumns);
  }

  /** Translation n, which is also its row in the lists ordered by date; its entry is the entry's object. */
  translation(n: number): ColumnRow {
    let translation = this.translations[n];
    if (translation === undefined) {
      translation = this.summaries.translation(n);
      translation.entry = this.entry(this.placeOfTranslation(n));
      this.translations[n] = translation;
    }
    return translation;
  }

  /** Translation n's row for a pass that reads and lets go: the kept one, else one made for the pass with its entry's (passing()). */
  passingRow(n: number): ColumnRow {
    return this.translations[n] ?? this.passingTranslation(n, this.passing(this.placeOfTranslation(n)));
  }

  /** The number of a translation read from these columns (kept or made for a pass alike), else -1. */
  numberOf(translation: Translation): number {
    return rowIn(this.summaries, translation);
  }

  /** Entry `place`'s type's key, read from its column (no object made). */
  typeKeyAt(place: number): string {
    return this.columns.types[this.columns.typeOf[place]!]!.key;
  }

  /** Entry `place`'s id (a string made now: an id column keeps one string for all). */
  idAt(place: number): string {
    return this.ids.at(place)!;
  }

  /** The place of the entry with this id, or -1: a binary search over the id column, which makes no string. */
  placeOf(id: string): number {
    const { chars, starts } = this.ids;
    let low = 0, high = this.entries.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const order = compareWith(chars, starts[middle]!, starts[middle + 1]!, id);
      if (order === 0) return middle;
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** The first and the end of entry `place`'s run of translations. */
  translationsOf(place: number): [first: number, end: number] {
    const { firstTranslation } = this.columns;
    return [firstTranslation[place]!, firstTranslation[place + 1]!];
  }

  /** The translations' public paths, as their column keeps them (row n is translation n's). */
  paths(): TextColumn {
    return this.summaries.textColumn('path');
  }

  /** The place of the entry that translation n belongs to: the last whose first translation is at most n. */
  placeOfTranslation(n: number): number {
    const { firstTranslation } = this.columns;
    let low = 0, high = this.entries.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (firstTranslation[middle]! <= n) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  private passingTranslation(n: number, entry: RestoredEntry): ColumnRow {
    const translation = this.summaries.translation(n);
    translation.entry = entry;
    return translation;
  }

  private make(place: number, columns: EntryColumns): RestoredEntry {
    const parent = this.parents[place]!;
    return new RestoredEntry(this.ids.at(place)!, parent === -1 ? null : this.ids.at(parent)!, place, columns);
  }
}

/** chars[start, end) compared with `text` by code units, as `<` compares strings: negative, zero or positive. */
function compareWith(chars: string, start: number, end: number, text: string): number {
  const length = Math.min(end - start, text.length);
  for (let at = 0; at < length; at++) {
    const difference = chars.charCodeAt(start + at) - text.charCodeAt(at);
    if (difference !== 0) return difference;
  }
  return (end - start) - text.length;
}
