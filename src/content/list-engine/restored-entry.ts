import { sep } from 'node:path';
import type { TextColumn } from './snapshot-blocks.js';
import { TranslationSpan } from '../entries/translation-map.js';
import type { ContentType, Entry, Translation } from '../entries/types.js';

/** What the entries of one persisted index share: their columns (index-snapshot.ts), read by an entry's place. */
export interface EntryColumns {
  contentDir: string;
  /** The settings' types; typeOf[place] is the entry's. */
  types: readonly ContentType[];
  typeOf: Uint16Array;
  style: TextColumn;
  /** Written too: the reader moves an entry's folder stamp on when nothing shown changed (entry-reader.ts). */
  folderMtimeMs: Float64Array;
  styleMtimeMs: Float64Array;
  styleSize: Float64Array;
  /** Entry n's translations are translation(firstTranslation[n]) up to firstTranslation[n + 1]. */
  firstTranslation: Int32Array;
  /** Translation n of `entry`, the same object at every call for a kept entry (restored-objects.ts). */
  translation: (n: number, entry: RestoredEntry) => Translation;
}

/**
 * An entry taken from the persisted index (index-snapshot.ts). Only its id and parent are its own; the rest
 * is read from the columns by its place when asked for (its folder and slug follow from its id): at 100,000
 * entries, fields of its own, their boxed numbers and a map of its translations each were some 180 bytes an
 * entry, 18 MB. Spread it, and the rest is left behind: copy it field by field (scheduled-changes.ts does).
 */
export class RestoredEntry implements Entry {
  constructor(
    readonly id: string,
    readonly parentId: string | null,
    private readonly place: number,
    private readonly columns: EntryColumns,
  ) {}

  get type(): ContentType {
    return this.columns.types[this.columns.typeOf[this.place]!]!;
  }

  /** The same translation objects at every call (lists and caches know a translation by its object). */
  get translations(): ReadonlyMap<string, Translation> {
    const { firstTranslation, translation } = this.columns;
    // Made at every call (a search's thousand matches ask a thousand): an object, no closure.
    return new TranslationSpan(translation, this, firstTranslation[this.place]!, firstTranslation[this.place + 1]!);
  }

  get style(): string {
    return this.columns.style.at(this.place)!;
  }

  get folderMtimeMs(): number {
    return this.columns.folderMtimeMs[this.place]!;
  }

  set folderMtimeMs(mtime: number) {
    this.columns.folderMtimeMs[this.place] = mtime;
  }

  get styleMtimeMs(): number {
    return this.columns.styleMtimeMs[this.place]!;
  }

  get styleSize(): number {
    return this.columns.styleSize[this.place]!;
  }

  get dir(): string {
    return `${this.columns.contentDir}${sep}${sep === '/' ? this.id : this.id.replaceAll('/', sep)}`;
  }

  get slug(): string {
    return this.id.slice(this.id.lastIndexOf('/') + 1);
  }
}
