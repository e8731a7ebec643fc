// The content index in the persisted index's form (index-file.ts): the entries, their translation
// summaries (translation-columns.ts) and the sorted lists (list-index.ts), each as binary columns
// (snapshot-blocks.ts), so a start reads them back without parsing a number or sorting a list.
import type { IndexedRow, MixedRows, PackedRows, RowsOrPacked } from './sorted-rows.js';
import type { BlockInfo, BlockReader, BlockWriter } from './snapshot-blocks.js';
import type { EntryColumns } from './restored-entry.js';
import { RestoredObjects } from './restored-objects.js';
import { checkIds } from './snapshot-ids.js';
import { readSummaryColumns, writeSummaryColumns } from './translation-columns.js';
import type { Entry, SiteConfig, Translation } from '../entries/types.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

export interface IndexContents {
  /** Every entry (kept in the order of their ids). */
  entries: readonly Entry[];
  /** Every sorted list by its key; a packed or mixed one (sorted-rows.ts) numbers translations as `restored` does. */
  lists: ReadonlyArray<readonly [key: string, rows: RowsOrPacked | MixedRows]>;
  /**
   * When the index was taken from a persisted one: how many translations that held, and the number there
   * of a translation read from it (-1 for another). Such a translation is known by that number, not by its
   * object: a pass over the entries gets objects made for it alone (restored-objects.ts).
   */
  restored?: { translations: number; numberOf: (translation: Translation) => number };
  /** The last change feed event the index holds (feed/): a start from it follows the feed from there. */
  feedSeq?: number;
}

/** What goes into the header line beside the blocks: their places, the shared tables, the lists' keys. */
export interface SnapshotLayout {
  entries: number;
  translations: number;
  blocks: BlockInfo[];
  tables: Record<string, unknown[]>;
  /** Per list: its key, its length, and whether its sort keys are stored (else they are -dateMs). */
  lists: Array<[key: string, length: number, sortKeys: 0 | 1]>;
}

export interface RestoredIndex {
  /** How many entries it holds. */
  count: number;
  /** Its entries and translations, each made when first asked for (restored-objects.ts). */
  objects: RestoredObjects;
  /** Each list as the file keeps it, read row by row (ListIndex.restore). */
  lists: Array<[key: string, rows: RowsOrPacked]>;
}

/**
 * The index in blocks, added to `writer` (whose bytes the caller takes as they come), and the layout that
 * goes into the header. A generator that pauses (yield) every few milliseconds of work, so a caller can let
 * requests through while a 100,000-entry index is encoded: what it encodes must not change meanwhile
 * (translations never do; a list is copied, or handed over packed).
 */
export function* encodeSnapshot(contents: IndexContents, writer: BlockWriter): Generator<void, SnapshotLayout> {
  // In the order of their ids, so a start checks that no id comes twice by comparing neighbours, with no
  // map of 100,000 ids (decodeSnapshot). The index holds them nearly so (each folder is read sorted).
  const entries = [...contents.entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  yield;
  const position = new Map<string, number>();
  const { restored } = contents;
  // A translation's number in this file: by its number in the persisted index it was read from, else by its object.
  const byRestored = new Int32Array(restored?.translations ?? 0).fill(-1);
  const byObject = new Map<Translation, number>();
  const numberOf = (translation: Translation): number => {
    const was = restored ? restored.numberOf(translation) : -1;
    const number = was >= 0 ? byRestored[was]! : byObject.get(translation);
    if (number === undefined || number < 0) throw new Error('a list names a translation that no entry holds');
    return number;
  };
  const translations: Translation[] = [];
  const counts: number[] = [];
  for (const entry of entries) {
    position.set(entry.id, position.size);
    counts.push(entry.translations.size);
    for (const translation of entry.translations.values()) {
      const was = restored ? restored.numberOf(translation) : -1;
      if (was >= 0) byRestored[was] = translations.length;
      else byObject.set(translation, translations.length);
      translations.push(translation);
    }
    if ((position.size & 0x3fff) === 0) yield;
  }
  const count = entries.length;
  yield* writer.texts('e.id', count, (at) => entries[at]!.id);
  writer.integers('e.parent', count, (at) => {
    const parentId = entries[at]!.parentId;
    return parentId === null ? -1 : position.get(parentId) ?? -1;
  });
  yield;
  yield* writer.texts('e.style', count, (at) => entries[at]!.style);
  writer.numbers('e.folderMtimeMs', count, (at) => entries[at]!.folderMtimeMs);
  writer.numbers('e.styleMtimeMs', count, (at) => entries[at]!.styleMtimeMs);
  writer.numbers('e.styleSize', count, (at) => entries[at]!.styleSize);
  writer.integers('e.translations', count, (at) => counts[at]!);
  const tables = yield* writeSummaryColumns(translations, writer);
  const lists: SnapshotLayout['lists'] = [];
  // Some 1.6 million rows at 100,000 posts: a typed array of their number, not a growing array of boxes.
  let rowCount = 0;
  for (const [, list] of contents.lists) rowCount += Array.isArray(list) ? list.length : 'items' in list ? list.items.length : list.numbers.length;
  const rows = new Int32Array(rowCount);
  let rowsDone = 0;
  const sortKeys: number[] = [];
  for (const [key, list] of contents.lists) {
    // A list as a persisted index had it (packed), or as changed since (mixed: numbers there, and objects).
    const items: ArrayLike<IndexedRow | number> = Array.isArray(list) ? list : 'items' in list ? list.items : list.numbers;
    const keptKeys: ArrayLike<number> | null = Array.isArray(list) ? null : list.sortKeys;
    const rowOf = Array.isArray(list) ? null : list.rowOf;
    const itemAt = (at: number): IndexedRow => {
      const item = items[at]!;
      return typeof item === 'number' ? rowOf!(item) : item;
    };
    // Sorted by date when every key is the date: a number's row is by date unless the list kept keys; only
    // in a list with keys and by date throughout would a row be made to tell (never, in practice).
    const byDate = keptKeys === null
      ? allOf(items.length, (at) => { const item = items[at]!; return typeof item === 'number' || item.sortKey === -item.translation.dateMs; })
      : false;
    lists.push([key, items.length, byDate ? 0 : 1]);
    for (let at = 0; at < items.length; at++) {
      const item = items[at]!;
      const number = typeof item === 'number' ? byRestored[item]! : numberOf(item.translation);
      if (number < 0) throw new Error('a list names a translation that no entry holds');
      rows[rowsDone++] = number;
      if (!byDate) sortKeys.push(keptKeys ? keptKeys[at]! : itemAt(at).sortKey);
      if ((rowsDone & 0xffff) === 0) yield;
    }
  }
  writer.integerArray('l.rows', rows);
  writer.numbers('l.sortKeys', sortKeys.length, (at) => sortKeys[at]!);
  return { entries: entries.length, translations: translations.length, blocks: writer.blocks, tables, lists };
}

function allOf(count: number, holds: (at: number) => boolean): boolean {
  for (let at = 0; at < count; at++) if (!holds(at)) return false;
  return true;
}

/**
 * The index from a layout and its blocks, checked throughout: a block of the wrong size, a number out of
 * range, an id that is not a path of slugs below a type folder of `site`, a list out of order gives the
 * reason (a sentence) instead; nothing is taken from a damaged snapshot.
 */
export function decodeSnapshot(trusted: TrustedFolders, layout: SnapshotLayout, reader: BlockReader, contentDir: string, site: SiteConfig): RestoredIndex | string {
  const entryCount = layout?.entries, translationCount = layout?.translations;
  if (!Number.isSafeInteger(entryCount) || !Number.isSafeInteger(translationCount) || !Array.isArray(layout.lists)) return 'its layout is not one this version writes';
  const ids = reader.textColumn('e.id', entryCount, false), style = reader.textColumn('e.style', entryCount, false);
  const parents = reader.integers('e.parent', entryCount, -1, entryCount - 1), counts = reader.integers('e.translations', entryCount, 1, Object.keys(site.languages).length);
  const folderMtimes = reader.numbers('e.folderMtimeMs', entryCount), styleMtimes = reader.numbers('e.styleMtimeMs', entryCount), styleSizes = reader.numbers('e.styleSize', entryCount);
  if (!ids || !style || !parents || !counts || !folderMtimes || !styleMtimes || !styleSizes) return 'its entry columns do not fit';
  if (site.types.length > 0xffff) return 'its settings have more types than it can name';
  const summaries = readSummaryColumns(trusted, reader, translationCount, layout.tables);
  if (!summaries) return 'its translation columns do not fit';
  // The entries read their fields from these by their place (restored-entry.ts): the reader's own arrays.
  const columns: Omit<EntryColumns, 'translation'> = {
    contentDir, types: site.types, typeOf: new Uint16Array(entryCount), style, folderMtimeMs: folderMtimes,
    styleMtimeMs: styleMtimes, styleSize: styleSizes, firstTranslation: new Int32Array(entryCount + 1),
  };
  // Every entry and translation is checked here, before any is taken; their objects are made when first
  // asked for (restored-objects.ts).
  // A language is known by its place in the column's table: each place is a language of the settings, once.
  const languages = summaries.languages();
  if (languages.table.some((language, at) => !Object.hasOwn(site.languages, language) || languages.table.indexOf(language) !== at)) return 'its languages are not those of the settings';
  const languageOf = languages.indexes;
  const badId = checkIds(ids, entryCount, site.types, columns.typeOf);
  if (badId !== undefined) return badId;
  let translations = 0;
  for (let at = 0; at < entryCount; at++) {
    if (parents[at]! >= at) return 'an entry names a parent that does not come before it';
    const first = translations;
    translations += counts[at]!;
    if (translations > translationCount) return 'its entries do not add up to its translations';
    for (let n = first + 1; n < translations; n++) {
      for (let other = first; other < n; other++) if (languageOf[other] === languageOf[n]) return `${ids.at(at)} has a language twice`;
    }
    columns.firstTranslation[at + 1] = translations;
  }
  if (translations !== translationCount) return 'its entries do not add up to its translations';
  const objects = new RestoredObjects(ids, parents, columns, summaries, translationCount);
  const lists = restoreLists(layout.lists, reader, { rowOf: (n) => objects.translation(n), passingRowOf: (n) => objects.passingRow(n) }, translationCount);
  return lists ? { count: entryCount, objects, lists } : 'its lists do not fit';
}

/**
 * The sorted lists, each as the file keeps it (checked here; read row by row when asked for, sorted-rows.ts):
 * the translations' numbers, and the sort keys where they are not the date, `rows.rowOf(n)` being translation
 * n's row in the lists ordered by date (`rows.passingRowOf(n)` the same for a pass).
 */
function restoreLists(kept: SnapshotLayout['lists'], blocks: BlockReader, rows: Pick<PackedRows, 'rowOf' | 'passingRowOf'>, translationCount: number): Array<[key: string, rows: RowsOrPacked]> | undefined {
  let rowCount = 0, keyCount = 0;
  for (const item of kept) {
    if (!Array.isArray(item) || typeof item[0] !== 'string' || !Number.isSafeInteger(item[1]) || item[1] < 0) return undefined;
    rowCount += item[1];
    if (item[2] === 1) keyCount += item[1];
  }
  const numbers = blocks.integers('l.rows', rowCount, 0, translationCount - 1);
  const sortKeys = blocks.numbers('l.sortKeys', keyCount);
  if (!numbers || !sortKeys) return undefined;
  const lists: Array<[key: string, rows: RowsOrPacked]> = [];
  let cursor = 0, keyCursor = 0;
  for (const [key, length, withKeys] of kept) {
    lists.push([key, { numbers: numbers.subarray(cursor, cursor + length), sortKeys: withKeys === 1 ? sortKeys.subarray(keyCursor, keyCursor + length) : null, ...rows }]);
    cursor += length;
    if (withKeys === 1) keyCursor += length;
  }
  return lists;
}
