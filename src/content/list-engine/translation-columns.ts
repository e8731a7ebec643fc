// The one place where a translation summary turns into its stored form and back (the persisted index,
// index-snapshot.ts): one column per summary field. A translation loaded from it keeps no fields of its
// own: it reads them from the columns by its row, so loading 200,000 translations makes 200,000 small
// objects, not 200,000 copies of fourteen fields (numbers stay unboxed in their float64 column, texts in
// one string per column, sliced out when read). Each is also its own row in its date-ordered lists
// (list-index.ts), so no second object is made per translation for those.
import { sep } from 'node:path';
import type { IndexedRow } from './sorted-rows.js';
import type { BlockReader, BlockWriter, TextColumn } from './snapshot-blocks.js';
import { loadDocument } from '../entries/translation.js';
import type { Entry, Translation } from '../entries/types.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

/** The fields of the in-memory summary: everything of a Translation but what is read from its file. */
export type SummaryField = Exclude<keyof Translation, 'body' | 'fields' | 'file'>;

export type SummaryFieldKind = 'number' | 'text' | 'text?' | 'shared' | 'shared?' | 'shared-list';

/**
 * How each summary field is stored: a `number`, a `text`, `text?` (a string or null), `shared` / `shared?`
 * (a short string, or null, that repeats across entries: kept once), `shared-list` (a list of those, each
 * distinct list kept once). The type makes a field of Translation without its line here a compile error:
 * a new summary field is one more line.
 */
export const SUMMARY_FIELDS: Readonly<Record<SummaryField, SummaryFieldKind>> = {
  language: 'shared',
  mtimeMs: 'number',
  size: 'number',
  title: 'text',
  status: 'shared',
  published: 'text?',
  dateMs: 'number',
  path: 'text',
  tags: 'shared-list',
  category: 'shared?',
  author: 'shared?',
  via: 'shared?',
  start: 'text?',
  review: 'text?',
  embeds: 'number',
};

const FIELDS = Object.entries(SUMMARY_FIELDS) as Array<[SummaryField, SummaryFieldKind]>;
const isShared = (kind: SummaryFieldKind) => kind === 'shared' || kind === 'shared?' || kind === 'shared-list';
/** The language's column: a shared one (SUMMARY_FIELDS). */
const LANGUAGE_AT = FIELDS.findIndex(([field]) => field === 'language');

/** A shared column: each row's index into the table of distinct values (null, when allowed, is a value too). */
interface SharedColumn { indexes: Uint8Array | Uint16Array | Int32Array; table: readonly unknown[] }

/**
 * Writes the summary columns of `translations` (row n = translations[n]) as blocks named `t.<field>`,
 * pausing (yield) after each, and returns the tables of the shared fields (for the header).
 */
export function* writeSummaryColumns(translations: readonly Translation[], writer: BlockWriter): Generator<void, Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const [field, kind] of FIELDS) {
    yield;
    const name = `t.${field}`;
    const count = translations.length;
    if (kind === 'number') writer.numbers(name, count, (at) => translations[at]![field] as number);
    else if (!isShared(kind)) yield* writer.texts(name, count, (at) => translations[at]![field] as string | null);
    else {
      const table: unknown[] = [];
      const known = new Map<unknown, number>();
      writer.integers(name, count, (at) => {
        const value = translations[at]![field];
        // A list is known by its items (and, cheaper, by itself: loaded translations share theirs).
        const key = Array.isArray(value) ? JSON.stringify(value) : value;
        let index = known.get(value) ?? known.get(key);
        if (index === undefined) known.set(key, (index = table.push(value) - 1));
        if (Array.isArray(value)) known.set(value, index);
        return index;
      });
      tables[field] = table;
    }
  }
  return tables;
}

/** The summary columns of `count` translations, each checked against its kind; undefined when one does not fit. */
export function readSummaryColumns(trusted: TrustedFolders, reader: BlockReader, count: number, tables: Record<string, unknown> | undefined): SummaryColumns | undefined {
  const columns: Array<ArrayLike<unknown> | TextColumn | SharedColumn> = [];
  for (const [field, kind] of FIELDS) {
    const name = `t.${field}`;
    if (kind === 'number') {
      const values = reader.numbers(name, count);
      if (!values) return undefined;
      // Whole numbers that fit (file sizes) take four bytes a row, not eight.
      columns.push(values.every((value) => (value | 0) === value && !Object.is(value, -0)) ? Int32Array.from(values) : values);
    } else if (!isShared(kind)) {
      const nullable = kind.endsWith('?');
      const values = reader.textColumn(name, count, nullable);
      if (!values) return undefined;
      columns.push(values);
    } else {
      const table = tables?.[field];
      if (!Array.isArray(table) || !table.every((value) => fitsKind(value, kind))) return undefined;
      const indexes = reader.integers(name, count, 0, table.length - 1);
      if (!indexes) return undefined;
      // Lists are handed to every translation that has them: frozen, so no reader can change another's.
      // A table of a few values (languages, statuses) needs a byte a row, not four.
      const narrow = table.length <= 0x100 ? Uint8Array.from(indexes) : table.length <= 0x10000 ? Uint16Array.from(indexes) : indexes;
      columns.push({ indexes: narrow, table: kind === 'shared-list' ? table.map((list: string[]) => Object.freeze(list)) : table });
    }
  }
  return new SummaryColumns(columns, trusted);
}

function fitsKind(value: unknown, kind: SummaryFieldKind): boolean {
  if (kind === 'shared-list') return Array.isArray(value) && value.every((item) => typeof item === 'string');
  return typeof value === 'string' || (kind === 'shared?' && value === null);
}

/** A translation read from columns, which is also its row in the lists ordered by date (sortKey -dateMs). */
export type ColumnRow = Translation & IndexedRow;

/** Decoded summary columns; `translation(row)` is the translation of one row. */
export class SummaryColumns {
  /** `trusted`: the site's folders, by which a row's file is read when its body is asked for. */
  constructor(readonly columns: ReadonlyArray<ArrayLike<unknown> | TextColumn | SharedColumn>, readonly trusted: TrustedFolders) {}

  /** The translation of `row`; its `entry` is to be set before it is used. */
  translation(row: number): ColumnRow {
    return new ColumnTranslation(this, row) as unknown as ColumnRow;
  }

  /** The column of a text field (SUMMARY_FIELDS), read without making a translation. */
  textColumn(field: SummaryField): TextColumn {
    return this.columns[FIELDS.findIndex(([name]) => name === field)] as TextColumn;
  }

  /** The languages as stored: row n's is table[indexes[n]] (the checks of a persisted index, with no object per row). */
  languages(): { indexes: ArrayLike<number>; table: readonly string[] } {
    const column = this.columns[LANGUAGE_AT] as SharedColumn;
    return { indexes: column.indexes, table: column.table as string[] };
  }
}

/** `translation`'s row in `columns` when it is one read from them, else -1 (the persisted index's writer numbers it so). */
export function rowIn(columns: SummaryColumns, translation: Translation): number {
  return translation instanceof ColumnTranslation && translation.store === columns ? translation.row : -1;
}

/** A translation whose summary fields are read from columns (the getters are added below, one per field). */
class ColumnTranslation {
  /** As a row: the entry's current object (list-index.ts repoints it), whose folder holds the file. */
  entry!: Entry;

  constructor(readonly store: SummaryColumns, readonly row: number) {}

  get translation(): Translation {
    return this as unknown as Translation;
  }

  get sortKey(): number {
    return -(this as unknown as Translation).dateMs;
  }

  get file(): string {
    return `${this.entry.dir}${sep}${(this as unknown as Translation).language}.md`;
  }

  get body(): string {
    const self = this as unknown as Translation;
    return loadDocument(this.store.trusted, this.file, self.mtimeMs, self.size).body;
  }

  get fields(): Record<string, unknown> {
    const self = this as unknown as Translation;
    return loadDocument(this.store.trusted, this.file, self.mtimeMs, self.size).fields;
  }
}

FIELDS.forEach(([field, kind], at) => {
  const get = isShared(kind)
    ? function (this: ColumnTranslation) { const column = this.store.columns[at] as SharedColumn; return column.table[column.indexes[this.row]!]; }
    : kind === 'number'
      ? function (this: ColumnTranslation) { return (this.store.columns[at] as ArrayLike<unknown>)[this.row]; }
      : function (this: ColumnTranslation) { return (this.store.columns[at] as TextColumn).at(this.row); };
  Object.defineProperty(ColumnTranslation.prototype, field, { get, enumerable: true });
});
