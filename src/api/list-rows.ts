import { COVER_KEY, rowDigest, rowJson, type RowText } from './list-answer.js';
import { formatIsoWithOffset } from '../lib/time-zone.js';
import type { ContentStore } from '../content/store.js';
import type { EntryRow } from '../content/query.js';
import type { Entry, SiteConfig, Translation } from '../content/types.js';
import { SharedRowParts, type KeptCover } from './list-row-parts.js';

/** What every row of one answer shares. */
interface Asked { store: ContentStore; site: SiteConfig; generation: number; now: number }

/**
 * One row as JSON text, as a caller who sees published translations only is shown it, with where its
 * parts are, so what another caller is shown, or what a new content generation changes, is made from it
 * without reading the file again.
 */
interface KeptRow extends RowText {
  /** The translation object it was last asked for (the index's own, while the file is unchanged). */
  translation: Translation;
  /** The file's stamp when it was read: the row holds while the index has the same one. */
  mtimeMs: number;
  size: number;
  /** Built at this content generation, for this address and time zone, with this cover (null: none named). */
  generation: number;
  base: string;
  timezone: string;
  image: KeptCover | null;
  /** Where in `head` the excerpt's JSON is, and in `tail` the translations' members end and the fields' JSON starts. */
  excerptAt: number;
  excerptEnd: number;
  translationsEnd: number;
  fieldsAt: number;
  bytes: number;
}

export interface ListRowCacheOptions {
  /** Which translations a caller without rights sees (the others' addresses are left out of a row). */
  isPublic: (entry: Entry, translation: Translation) => boolean;
  /** At most this many bytes of kept text. */
  budgetBytes?: number;
  /** How long a cover's file is trusted without looking again (it is not in the index's stamps). */
  coverRecheckMs?: number;
  /** A monotonic clock in ms. */
  now?: () => number;
}

/**
 * Enough for the rows of the first 200 pages of each tag's list of a 100,000-entry site (the scale bench
 * asks some 24,000 rows of about 900 bytes of text, 1,100 bytes as kept): the rows a busy site is asked for.
 */
export const ROW_BUDGET_BYTES = 32 * 1024 * 1024;
const NOT_LATIN1 = /[^\u0000-\u00ff]/;
/** What a kept row costs beside its own text and its id: the object, its two map slots, the digest, the numbers. */
const ROW_OVERHEAD_BYTES = 280;
const TRANSLATIONS_KEY = ',"translations":{';
const FIELDS_KEY = '},"fields":';

/**
 * The Content API's list rows (an entry in one language, without body) as JSON text, kept per
 * translation. A list page not in the answer cache is then a join of kept rows, not a front matter read
 * and parse per row: at 100,000 entries nearly every page asked is new, and a row read from its file costs
 * more than the rest of the answer.
 *
 * A row holds while the index has the same stamp for its file, so it is exactly as fresh as the index.
 * What depends on other entries or the settings (tag titles, the other translations, status and address)
 * can change only with the content generation: a row from an older one is made again from its own
 * excerpt and fields. A caller who may see drafts gets the kept row with the translations they may see.
 * The cover's image is not in the index: it is looked at again after `coverRecheckMs`, well within the
 * freshness promise of 2 s.
 */
export class ListRowCache {
  /** Kept rows by language, then entry id (no key is made per row: the id's hash is kept with the string). */
  private readonly byLanguage = new Map<string, Map<string, KeptRow>>();
  /** The same rows by the translation object they were last asked for (kept exactly while they are kept above). */
  private readonly byTranslation = new WeakMap<Translation, KeptRow>();
  private keptBytes = 0;
  private keptRows = 0;
  private readonly shared: SharedRowParts;
  private readonly isPublic: (entry: Entry, translation: Translation) => boolean;
  private readonly budgetBytes: number;
  private readonly now: () => number;

  constructor(options: ListRowCacheOptions) {
    this.isPublic = options.isPublic;
    this.budgetBytes = options.budgetBytes ?? ROW_BUDGET_BYTES;
    this.shared = new SharedRowParts(options.coverRecheckMs ?? 1000);
    this.now = options.now ?? (() => performance.now());
  }

  /** Bytes kept now (the rows' text and an estimate of what holds it). */
  get bytes(): number {
    return this.keptBytes;
  }

  get size(): number {
    return this.keptRows;
  }

  /** The most bytes kept. */
  get budget(): number {
    return this.budgetBytes;
  }

  /**
   * The rows as JSON texts joined by commas: each the same bytes as
   * `JSON.stringify(apiEntry(store, entry, translation, false, visible))`. `visible` is null for a caller
   * who sees what `isPublic` allows; `generation` is the store's, read once for the whole answer.
   */
  rowsJson(store: ContentStore, generation: number, rows: readonly EntryRow[], visible: ((entry: Entry, t: Translation) => boolean) | null): string {
    const asked: Asked = { store, site: store.site(), generation, now: this.now() };
    const texts = new Array<string>(rows.length);
    for (let at = 0; at < rows.length; at++) {
      const { entry, translation } = rows[at]!;
      const row = this.row(asked, entry, translation);
      if (visible === null) { texts[at] = rowJson(row); continue; }
      let translations = '';
      for (const other of entry.translations.values()) {
        if (visible(entry, other)) translations += `${translations === '' ? '' : ','}${JSON.stringify(other.language)}:${JSON.stringify(asked.site.url + other.path)}`;
      }
      texts[at] = row.head + row.tags + COVER_KEY + row.cover + TRANSLATIONS_KEY + translations + row.tail.slice(row.translationsEnd);
    }
    return texts.join(',');
  }

  /** The kept rows, as a caller who sees what `isPublic` allows is shown them (list-answer.ts joins them). */
  publicRows(store: ContentStore, generation: number, rows: readonly EntryRow[]): RowText[] {
    const asked: Asked = { store, site: store.site(), generation, now: this.now() };
    return rows.map(({ entry, translation }) => this.row(asked, entry, translation));
  }

  /** The kept row, made from the file when its stamp moved, from its own parts when the generation did. */
  private row(asked: Asked, entry: Entry, translation: Translation): KeptRow {
    // Found by the translation itself first: a string-keyed look-up among tens of thousands of ids touched
    // the entry, its id and the table's slots, some tenth of the server's time on a page no answer held.
    // A translation's stamp never changes in its object (a file read again is a new object), so a row
    // found by the object is as fresh as the index without reading the stamp (a getter per field on a
    // restored index).
    let row = this.byTranslation.get(translation);
    if (row === undefined) {
      const kept = this.languageRows(translation.language);
      const byId = kept.get(entry.id);
      if (byId === undefined || byId.mtimeMs !== translation.mtimeMs || byId.size !== translation.size) {
        const fields = translation.fields;
        // Only a media reference can name a cover; anything else is null for good (no file to look at again).
        const coverReference = typeof fields.cover === 'string' && fields.cover.startsWith('media/') ? fields.cover : null;
        const excerpt = JSON.stringify(typeof fields.excerpt === 'string' ? fields.excerpt : '');
        const made = this.build(asked, entry, translation, coverReference === null ? null : this.shared.cover(asked.store, asked.site.url, asked.now, coverReference), excerpt, JSON.stringify(fields));
        this.keep(kept, entry.id, made, byId);
        return made;
      }
      // The index holds another object for the same file now (the entry was read again): the row follows it.
      this.follow(byId, translation);
      row = byId;
    }
    const { site } = asked;
    let cover = row.image;
    if (cover !== null && (asked.now - cover.checkedAt >= this.shared.coverRecheckMs || cover.base !== site.url)) {
      const fresh = this.shared.cover(asked.store, site.url, asked.now, cover.reference);
      // The image looked at again, with the same text: the row stays.
      if (fresh.json === cover.json && fresh.base === cover.base) row.image = fresh;
      cover = fresh;
    }
    if (row.generation === asked.generation && row.base === site.url && row.timezone === site.timezone && row.image === cover) return row;
    const made = this.build(asked, entry, translation, cover, row.head.slice(row.excerptAt, row.excerptEnd), row.tail.slice(row.fieldsAt, -1));
    this.keep(this.languageRows(translation.language), entry.id, made, row);
    return made;
  }

  private languageRows(language: string): Map<string, KeptRow> {
    let kept = this.byLanguage.get(language);
    if (kept === undefined) this.byLanguage.set(language, (kept = new Map()));
    return kept;
  }

  /** Finds `row` by `translation` from now on (and no longer by the object it was found by before). */
  private follow(row: KeptRow, translation: Translation): void {
    if (row.translation === translation) return;
    this.byTranslation.delete(row.translation);
    row.translation = translation;
    this.byTranslation.set(translation, row);
  }

  /** Makes a row's text from its parts (the order is the spec's Entry (API) table, as apiEntry has it). */
  private build(asked: Asked, entry: Entry, translation: Translation, cover: KeptCover | null, excerpt: string, fields: string): KeptRow {
    const { url: base, timezone } = asked.site;
    let translations = '';
    for (const other of entry.translations.values()) {
      if (this.isPublic(entry, other)) translations += `${translations === '' ? '' : ','}${JSON.stringify(other.language)}:${JSON.stringify(base + other.path)}`;
    }
    const start = `{"id":${JSON.stringify(entry.id)},"title":${JSON.stringify(translation.title)},"url":${JSON.stringify(base + translation.path)},`
      + `"status":${JSON.stringify(translation.status)},"date":${JSON.stringify(formatIsoWithOffset(translation.dateMs, timezone))},"excerpt":`;
    // Flat strings: joined from parts, they keep neither them nor the row they were made from. The tags'
    // and the cover's JSON are the strings kept once for all rows (list-row-parts.ts).
    const head = [start, excerpt, ',"tags":'].join('');
    const keptTags = this.shared.tagsOf(asked.store, asked.generation, translation);
    const tags = keptTags.json;
    const coverJson = cover?.json ?? 'null';
    const tail = [TRANSLATIONS_KEY, translations, FIELDS_KEY, fields, '}'].join('');
    const parts = { head, tags, cover: coverJson, tail };
    return {
      head, tags, cover: coverJson, tail, tagsBytes: keptTags.bytes, coverBytes: this.shared.coverBytes(cover, entry.id),
      utf8Length: Buffer.byteLength(head, 'utf8') + Buffer.byteLength(tags, 'utf8') + COVER_KEY.length + Buffer.byteLength(coverJson, 'utf8') + Buffer.byteLength(tail, 'utf8'),
      digest: rowDigest(parts),
      translation, mtimeMs: translation.mtimeMs, size: translation.size, generation: asked.generation, base, timezone, image: cover,
      excerptAt: start.length, excerptEnd: start.length + excerpt.length,
      translationsEnd: TRANSLATIONS_KEY.length + translations.length,
      fieldsAt: TRANSLATIONS_KEY.length + translations.length + FIELDS_KEY.length,
      // Only its own text counts: what it shares is kept once (tags and covers are bounded by count).
      bytes: ROW_OVERHEAD_BYTES + entry.id.length + (NOT_LATIN1.test(head) || NOT_LATIN1.test(tail) ? 2 : 1) * (head.length + tail.length),
    };
  }

  /** Keeps a row in place of `old`, forgetting the oldest kept rows (of its language first) while over the budget. */
  private keep(kept: Map<string, KeptRow>, id: string, row: KeptRow, old: KeptRow | undefined): void {
    if (old !== undefined) {
      kept.delete(id);
      this.byTranslation.delete(old.translation);
      this.keptBytes -= old.bytes;
      this.keptRows--;
    }
    if (row.bytes > this.budgetBytes) return;
    kept.set(id, row);
    this.byTranslation.set(row.translation, row);
    this.keptBytes += row.bytes;
    this.keptRows++;
    for (const from of [kept, ...this.byLanguage.values()]) {
      for (const [oldestId, oldest] of from) {
        if (this.keptBytes <= this.budgetBytes) return;
        if (oldest === row) continue;
        from.delete(oldestId);
        this.byTranslation.delete(oldest.translation);
        this.keptBytes -= oldest.bytes;
        this.keptRows--;
      }
    }
  }
}
