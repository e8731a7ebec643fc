import { formatIsoWithOffset } from '../lib/time-zone.js';
import { resolveCover } from '../content/cover.js';
import type { ContentStore } from '../content/store.js';
import type { Entry, Translation } from '../content/types.js';
import { tagTitle } from './entry-view.js';

/** What a list row shows that only the translation's file gives: kept so a row costs no file read. */
/** A cover as JSON, for one address and reference, as its image was on disk at `checkedAt`. */
interface KeptCover { json: string; checkedAt: number }

/**
 * One row as JSON text, as a caller who sees published translations only is shown it, with where its
 * parts are, so what another caller is shown, or what a new content generation changes, is made from it
 * without reading the file again.
 */
interface KeptRow {
  /** The file's stamp when it was read: the row holds while the index has the same one. */
  mtimeMs: number;
  size: number;
  /** Built at this content generation, for this address and time zone, with this cover text. */
  generation: number;
  base: string;
  timezone: string;
  cover: string;
  /** The cover's media reference as written, or null without one. */
  coverReference: string | null;
  text: string;
  /** Where in `text` the excerpt's JSON is, the translations' members are, and the fields' JSON starts. */
  excerptAt: number;
  excerptEnd: number;
  translationsAt: number;
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
/** What a kept row costs beside its text: the object, its map slot and key, the numbers. */
const ROW_OVERHEAD_BYTES = 200;

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
  private readonly rows = new Map<string, KeptRow>();
  private keptBytes = 0;
  private tagsGeneration = -1;
  private readonly tags = new Map<string, string>();
  private readonly covers = new Map<string, KeptCover>();
  private readonly isPublic: (entry: Entry, translation: Translation) => boolean;
  private readonly budgetBytes: number;
  private readonly coverRecheckMs: number;
  private readonly now: () => number;

  constructor(options: ListRowCacheOptions) {
    this.isPublic = options.isPublic;
    this.budgetBytes = options.budgetBytes ?? ROW_BUDGET_BYTES;
    this.coverRecheckMs = options.coverRecheckMs ?? 1000;
    this.now = options.now ?? (() => performance.now());
  }

  /** Bytes kept now (the rows' text and an estimate of what holds it). */
  get bytes(): number {
    return this.keptBytes;
  }

  get size(): number {
    return this.rows.size;
  }

  /**
   * The row as JSON text, the same bytes `JSON.stringify(apiEntry(store, entry, translation, false, visible))`
   * gives; `visible` null for a caller who sees what `isPublic` allows. `generation` is the store's, read
   * once for the whole answer.
   */
  rowJson(store: ContentStore, generation: number, entry: Entry, translation: Translation, visible: ((t: Translation) => boolean) | null): string {
    const site = store.site();
    const key = `${entry.id}\u0000${translation.language}`;
    let row = this.rows.get(key);
    if (row === undefined || row.mtimeMs !== translation.mtimeMs || row.size !== translation.size) {
      const fields = translation.fields;
      // Only a media reference can name a cover; anything else is null for good (no file to look at again).
      const coverReference = typeof fields.cover === 'string' && fields.cover.startsWith('media/') ? fields.cover : null;
      const excerpt = JSON.stringify(typeof fields.excerpt === 'string' ? fields.excerpt : '');
      row = this.build(store, site.url, site.timezone, generation, entry, translation, coverReference, excerpt, JSON.stringify(fields));
      this.keep(key, row);
    } else {
      const cover = row.coverReference === null ? 'null' : this.coverJson(store, site.url, row.coverReference);
      if (row.generation !== generation || row.base !== site.url || row.timezone !== site.timezone || row.cover !== cover) {
        const { text } = row;
        const rebuilt = this.build(store, site.url, site.timezone, generation, entry, translation, row.coverReference,
          text.slice(row.excerptAt, row.excerptEnd), text.slice(row.fieldsAt, -1));
        this.keptBytes += rebuilt.bytes - row.bytes;
        this.rows.set(key, rebuilt);
        row = rebuilt;
      } else {
        // The same cover text: compared by identity from now on.
        row.cover = cover;
      }
    }
    if (visible === null) return row.text;
    let translations = '';
    for (const other of entry.translations.values()) {
      if (visible(other)) translations += `${translations === '' ? '' : ','}${JSON.stringify(other.language)}:${JSON.stringify(site.url + other.path)}`;
    }
    return row.text.slice(0, row.translationsAt) + translations + row.text.slice(row.translationsEnd);
  }

  /** Makes a row's text from its parts (the order is the spec's Entry (API) table, as apiEntry has it). */
  private build(store: ContentStore, base: string, timezone: string, generation: number, entry: Entry, translation: Translation,
    coverReference: string | null, excerpt: string, fields: string): KeptRow {
    const cover = coverReference === null ? 'null' : this.coverJson(store, base, coverReference);
    let translations = '';
    for (const other of entry.translations.values()) {
      if (this.isPublic(entry, other)) translations += `${translations === '' ? '' : ','}${JSON.stringify(other.language)}:${JSON.stringify(base + other.path)}`;
    }
    const head = `{"id":${JSON.stringify(entry.id)},"title":${JSON.stringify(translation.title)},"url":${JSON.stringify(base + translation.path)},`
      + `"status":${JSON.stringify(translation.status)},"date":${JSON.stringify(formatIsoWithOffset(translation.dateMs, timezone))},"excerpt":`;
    const beforeTranslations = `${head}${excerpt},"tags":${this.tagsJson(store, generation, translation)},"cover":${cover},"translations":{`;
    const beforeFields = `${beforeTranslations}${translations}},"fields":`;
    // One flat string: joined from parts, it keeps neither them nor the text of the row it was made from.
    const text = [beforeFields, fields, '}'].join('');
    const row: KeptRow = {
      mtimeMs: translation.mtimeMs, size: translation.size, generation, base, timezone, cover, coverReference, text,
      excerptAt: head.length, excerptEnd: head.length + excerpt.length,
      translationsAt: beforeTranslations.length, translationsEnd: beforeTranslations.length + translations.length,
      fieldsAt: beforeFields.length, bytes: 0,
    };
    row.bytes = ROW_OVERHEAD_BYTES + (NOT_LATIN1.test(text) ? 2 : 1) * text.length;
    return row;
  }

  /** Keeps a row, forgetting the oldest kept first while over the budget. */
  private keep(key: string, row: KeptRow): void {
    const old = this.rows.get(key);
    if (old !== undefined) {
      this.rows.delete(key);
      this.keptBytes -= old.bytes + key.length;
    }
    if (row.bytes + key.length > this.budgetBytes) return;
    this.rows.set(key, row);
    this.keptBytes += row.bytes + key.length;
    for (const [oldestKey, oldest] of this.rows) {
      if (this.keptBytes <= this.budgetBytes) break;
      this.rows.delete(oldestKey);
      this.keptBytes -= oldest.bytes + oldestKey.length;
    }
  }

  /**
   * The cover's JSON. Many rows may name one image (a shared default cover), so it is kept per reference
   * and looked at again at most every `coverRecheckMs`, however many rows show it.
   */
  private coverJson(store: ContentStore, base: string, reference: string): string {
    const key = `${base}\u0000${reference}`;
    const now = this.now();
    let cover = this.covers.get(key);
    if (cover === undefined || now - cover.checkedAt >= this.coverRecheckMs) {
      cover = { json: JSON.stringify(resolveCover(store.contentDir, base, reference)), checkedAt: now };
      if (this.covers.size >= 20_000) this.covers.clear();
      this.covers.set(key, cover);
    }
    return cover.json;
  }

  /** The tags with their titles: titles come from the tag entries, so they are kept for one generation. */
  private tagsJson(store: ContentStore, generation: number, translation: Translation): string {
    if (translation.tags.length === 0) return '[]';
    if (generation !== this.tagsGeneration) {
      this.tags.clear();
      this.tagsGeneration = generation;
    }
    const key = `${translation.language}\u0000${translation.tags.join('\u0000')}`;
    let json = this.tags.get(key);
    if (json === undefined) {
      json = JSON.stringify(translation.tags.map((slug) => ({ slug, title: tagTitle(store, slug, translation.language) })));
      // Combinations of tags are few; a site with very many is kept from growing this without end.
      if (this.tags.size >= 10_000) this.tags.clear();
      this.tags.set(key, json);
    }
    return json;
  }
}
