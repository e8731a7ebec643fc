import { formatIsoWithOffset } from '../lib/time-zone.js';
import { resolveCover } from '../content/cover.js';
import type { ContentStore } from '../content/store.js';
import type { Entry, Translation } from '../content/types.js';
import { tagTitle } from './entry-view.js';

/** What a list row shows that only the translation's file gives: kept so a row costs no file read. */
/** A cover as JSON, for one address and reference, as its image was on disk at `checkedAt`. */
interface KeptCover { json: string; checkedAt: number }

interface KeptRow {
  /** The file's stamp when it was read: the row holds while the index has the same one. */
  mtimeMs: number;
  size: number;
  /** JSON of the whole front matter and of the excerpt; the cover's media reference, or null without one. */
  fields: string;
  excerpt: string;
  coverReference: string | null;
  /** JSON of the date, for this time and zone. */
  dateMs: number;
  timezone: string;
  date: string;
  bytes: number;
}

export interface ListRowCacheOptions {
  /** At most this many bytes of kept text (16 MB holds some 30,000 rows of a typical site). */
  budgetBytes?: number;
  /** How long a cover's file is trusted without looking again (it is not in the index's stamps). */
  coverRecheckMs?: number;
  /** A monotonic clock in ms. */
  now?: () => number;
}

const NOT_LATIN1 = /[^\u0000-\u00ff]/;
/** What a kept row costs beside its text: the object, its map slot, the numbers. */
const ROW_OVERHEAD_BYTES = 160;

/**
 * The Content API's list rows (an entry in one language, without body) as JSON text, built from parts
 * kept per translation. A list page not in the answer cache is then a join of rows, not a front matter
 * read and parse per row: at 100,000 entries nearly every page asked is new, and each row read from its
 * file costs more than the rest of the answer.
 *
 * What comes from the file (fields, excerpt, cover reference, date) is kept while the index has the same
 * file stamp, so it is exactly as fresh as the index. What depends on other entries or on the caller is
 * built for each answer: tag titles (kept for one content generation), the other translations' addresses
 * (the caller's rights), title, address and status. The cover's image is not in the index: it is looked at
 * again after `coverRecheckMs`, within the freshness promise of 2 s.
 */
export class ListRowCache {
  private readonly rows = new Map<string, KeptRow>();
  private keptBytes = 0;
  private tagsGeneration = -1;
  private readonly tags = new Map<string, string>();
  private readonly covers = new Map<string, KeptCover>();
  private readonly budgetBytes: number;
  private readonly coverRecheckMs: number;
  private readonly now: () => number;

  constructor(options: ListRowCacheOptions = {}) {
    this.budgetBytes = options.budgetBytes ?? 16 * 1024 * 1024;
    this.coverRecheckMs = options.coverRecheckMs ?? 1000;
    this.now = options.now ?? (() => performance.now());
  }

  /** Bytes of text kept now (about what the rows take in memory). */
  get bytes(): number {
    return this.keptBytes;
  }

  get size(): number {
    return this.rows.size;
  }

  /**
   * The row as JSON text, the same bytes `JSON.stringify(apiEntry(store, entry, translation, false, visible))`
   * gives. `generation` is the store's, read once for the whole answer.
   */
  rowJson(store: ContentStore, generation: number, entry: Entry, translation: Translation, visible: (t: Translation) => boolean): string {
    const site = store.site();
    const kept = this.kept(entry, translation, site.timezone);
    let translations = '';
    for (const other of entry.translations.values()) {
      if (!visible(other)) continue;
      translations += `${translations === '' ? '' : ','}${JSON.stringify(other.language)}:${JSON.stringify(site.url + other.path)}`;
    }
    return `{"id":${JSON.stringify(entry.id)},"title":${JSON.stringify(translation.title)},"url":${JSON.stringify(site.url + translation.path)},`
      + `"status":${JSON.stringify(translation.status)},"date":${kept.date},"excerpt":${kept.excerpt},`
      + `"tags":${this.tagsJson(store, generation, translation)},"cover":${kept.coverReference === null ? 'null' : this.coverJson(store, site.url, kept.coverReference)},"translations":{${translations}},"fields":${kept.fields}}`;
  }

  private kept(entry: Entry, translation: Translation, timezone: string): KeptRow {
    const key = `${entry.id}\u0000${translation.language}`;
    let row = this.rows.get(key);
    if (row === undefined || row.mtimeMs !== translation.mtimeMs || row.size !== translation.size) {
      row = this.readRow(translation, timezone);
      this.keep(key, row);
    }
    if (row.dateMs !== translation.dateMs || row.timezone !== timezone) {
      row.dateMs = translation.dateMs;
      row.timezone = timezone;
      row.date = JSON.stringify(formatIsoWithOffset(translation.dateMs, timezone));
    }
    return row;
  }

  private readRow(translation: Translation, timezone: string): KeptRow {
    const fields = translation.fields;
    // Only a media reference can name a cover; anything else is null for good (no file to look at again).
    const coverReference = typeof fields.cover === 'string' && fields.cover.startsWith('media/') ? fields.cover : null;
    const row: KeptRow = {
      mtimeMs: translation.mtimeMs,
      size: translation.size,
      fields: JSON.stringify(fields),
      excerpt: JSON.stringify(typeof fields.excerpt === 'string' ? fields.excerpt : ''),
      coverReference,
      dateMs: translation.dateMs,
      timezone,
      date: JSON.stringify(formatIsoWithOffset(translation.dateMs, timezone)),
      bytes: 0,
    };
    const text = row.fields.length + row.excerpt.length + row.date.length + (coverReference?.length ?? 0);
    row.bytes = ROW_OVERHEAD_BYTES + (NOT_LATIN1.test(row.fields) ? 2 : 1) * text;
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
