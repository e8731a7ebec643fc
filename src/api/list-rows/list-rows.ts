// The Content API's list rows, a wing of api/ entered here only (test/architecture.test.ts holds that): the
// rows of /entries kept packed into a few buffers (packed-rows.ts, row-slots.ts, row-bytes.ts), where each
// is found (row-lookup.ts), what rows share (list-row-parts.ts, row-facts.ts) and the rows anyone may see
// (public-rows.ts). The rest of api/ asks ListRowCache for an answer's rows and knows nothing of the packing.
import { COVER_KEY, type AnswerRows } from '../answers/list-answer.js';
import { formatIsoWithOffset } from '../../lib/time-zone.js';
import type { ContentStore } from '../../content/store.js';
import type { EntryRow } from '../../content/query.js';
import type { Entry, SiteConfig, Translation } from '../../content/entries/types.js';
import { SharedRowParts, type KeptCover } from './list-row-parts.js';
import { RowFacts, SettingsNumbers } from './row-facts.js';
import { RowLookup } from './row-lookup.js';
import { PackedRows } from './packed-rows.js';
import { PublicRows } from './public-rows.js';

/** What every row of one answer shares. */
interface Asked { store: ContentStore; site: SiteConfig; generation: number; now: number; settings: number; media: number }

export interface ListRowCacheOptions {
  /** Which translations a caller without rights sees (the others' addresses are left out of a row). */
  isPublic: (entry: Entry, translation: Translation) => boolean;
  /** At most this many bytes kept: the rows' records and what is known of each (packed-rows.ts). */
  budgetBytes?: number;
  /** How long a cover's file is trusted without looking again (it is not in the index's stamps). */
  coverRecheckMs?: number;
  /** A monotonic clock in ms. */
  now?: () => number;
}

/**
 * Enough for the rows of the first 200 pages of each tag's list of a 100,000-entry site and a fifth more:
 * the scale bench asks 24,000 distinct rows, each some 610 bytes of record and SLOT_BYTES (160) beside it
 * (the tags' and cover's JSON are shared), 18.5 MB; the warmer fills 90 % of this (21.6 MB, some 28,000
 * rows). The rows a busy site is asked for.
 */
export const ROW_BUDGET_BYTES = 24 * 1024 * 1024;
const TRANSLATIONS_KEY = ',"translations":{';
const FIELDS_KEY = '},"fields":';
const FIELDS_KEY_BYTES = FIELDS_KEY.length;

/**
 * The Content API's list rows (an entry in one language, without body) as JSON, kept per translation as
 * the UTF-8 an answer copies (packed-rows.ts). A list page not in the answer cache is then a join of kept
 * rows, not a front matter read and parse per row: at 100,000 entries nearly every page asked is new, and
 * a row read from its file costs more than the rest of the answer.
 *
 * A row holds while the index has the same stamp for its file, so it is exactly as fresh as the index.
 * What depends on other entries or the settings (tag titles, the other translations, status and address)
 * can change only with the content generation: a row from an older one is made again from its own
 * excerpt and fields. A caller who may see drafts gets the kept row with the translations they may see.
 * The cover's image is not in the index: it is looked at again once the store says a media file changed
 * (its media generation: found on disk by the finder, or changed through svc), and after `coverRecheckMs`,
 * well within the freshness promise of 2 s, for a store that is told of none.
 *
 * A row is head + tags + COVER_KEY + cover + tail, where head runs from the opening brace to `"tags":` and
 * tail from `,"translations":` to the closing brace. The tags' JSON is kept once for all rows with those
 * tags, and so is a cover's once a second entry names it (list-row-parts.ts); the record holds the rest.
 */
export class ListRowCache {
  private readonly packed: PackedRows;
  /** By slot: what the row was made from and for, and where its shared parts are. */
  private readonly facts = new RowFacts();
  /** Where each kept row's slot is found: by its translation object, or by its language and entry id. */
  private readonly lookup = new RowLookup(this.facts);
  private readonly settingsNumbers = new SettingsNumbers();
  private readonly shared: SharedRowParts;
  private readonly isPublic: (entry: Entry, translation: Translation) => boolean;
  private readonly now: () => number;

  constructor(options: ListRowCacheOptions) {
    this.isPublic = options.isPublic;
    this.shared = new SharedRowParts(options.coverRecheckMs ?? 1000);
    this.now = options.now ?? (() => performance.now());
    this.packed = new PackedRows({
      budgetBytes: options.budgetBytes ?? ROW_BUDGET_BYTES, grow: (capacity) => this.facts.grow(capacity), forget: (slot) => this.lookup.forget(slot),
    });
  }

  /** Bytes kept now (the rows' records and an estimate of what holds them). */
  get bytes(): number {
    return this.packed.bytes;
  }

  get size(): number {
    return this.packed.size;
  }

  /** Lets go of the kept rows and their file, if any. */
  close(): void {
    this.packed.close();
  }

  /** The most bytes kept. */
  get budget(): number {
    return this.packed.budgetBytes;
  }

  /**
   * The rows as JSON texts joined by commas: each the same bytes as
   * `JSON.stringify(apiEntry(store, entry, translation, false, visible))`. `visible` is null for a caller
   * who sees what `isPublic` allows; `generation` is the store's, read once for the whole answer.
   */
  rowsJson(store: ContentStore, generation: number, rows: readonly EntryRow[], visible: ((entry: Entry, t: Translation) => boolean) | null): string {
    const asked = this.asked(store, generation);
    const texts = new Array<string>(rows.length);
    for (let at = 0; at < rows.length; at++) {
      const { entry, translation } = rows[at]!;
      const slot = this.row(asked, entry, translation);
      const record = this.packed.record(slot);
      const headLength = this.packed.headLength[slot]!;
      const head = record.toString('utf8', 0, headLength);
      const tailAt = headLength + this.packed.coverLength[slot]!;
      const tailEnd = tailAt + this.packed.tailLength[slot]!;
      const cover = this.facts.image[slot]?.json ?? 'null';
      const tags = this.facts.tags[slot]!.json;
      if (visible === null) { texts[at] = head + tags + COVER_KEY + cover + record.toString('utf8', tailAt, tailEnd); this.dropUnkept(slot); continue; }
      let translations = '';
      for (const other of entry.translations.values()) {
        if (visible(entry, other)) translations += `${translations === '' ? '' : ','}${JSON.stringify(other.language)}:${JSON.stringify(asked.site.url + other.path)}`;
      }
      texts[at] = head + tags + COVER_KEY + cover + TRANSLATIONS_KEY + translations + record.toString('utf8', tailAt + this.facts.translationsEnd[slot]!, tailEnd);
      this.dropUnkept(slot);
    }
    return texts.join(',');
  }

  /** Makes and keeps the rows (the warmer's way in: nothing is joined). */
  warm(store: ContentStore, generation: number, rows: readonly EntryRow[]): void {
    const asked = this.asked(store, generation);
    for (const { entry, translation } of rows) this.dropUnkept(this.row(asked, entry, translation));
  }

  /** The kept rows, as a caller who sees what `isPublic` allows is shown them, for list-answer.ts to copy. */
  publicRows(store: ContentStore, generation: number, rows: readonly EntryRow[]): AnswerRows {
    const asked = this.asked(store, generation);
    const answer = new PublicRows(rows.length);
    const unkept: number[] = [];
    for (let at = 0; at < rows.length; at++) {
      const { entry, translation } = rows[at]!;
      const slot = this.row(asked, entry, translation);
      answer.take(at, this.packed, slot, this.facts.tags[slot]!.bytes, this.packed.coverLength[slot] === 0 ? this.facts.coverBytes[slot]! : null);
      if (!this.packed.isKept(slot)) unkept.push(slot);
    }
    answer.read(this.packed);
    for (const slot of unkept) this.dropUnkept(slot);
    return answer;
  }

  /** What an answer's rows share; each answer is made whole before the next, so segments let go before it may be reused. */
  private asked(store: ContentStore, generation: number): Asked {
    this.packed.recycle();
    const site = store.site();
    return { store, site, generation, now: this.now(), settings: this.settingsNumbers.of(site.url, site.timezone), media: store.mediaGeneration };
  }

  /** The kept row, made from the file when its stamp moved, from its own parts when the generation did. */
  private row(asked: Asked, entry: Entry, translation: Translation): number {
    // Found by the translation itself first: a string-keyed look-up among tens of thousands of ids touched
    // the entry, its id and the table's slots, some tenth of the server's time on a page no answer held.
    // A translation's stamp never changes in its object (a file read again is a new object), so a row
    // found by the object is as fresh as the index without reading the stamp (a getter per field on a
    // restored index).
    let slot = this.lookup.ofTranslation(translation);
    if (slot === undefined) {
      const byId = this.lookup.ofEntry(translation.language, entry.id);
      if (byId === undefined || this.facts.mtimeMs[byId] !== translation.mtimeMs || this.facts.fileSize[byId] !== translation.size) {
        const fields = translation.fields;
        // Only a media reference can name a cover; anything else is null for good (no file to look at again).
        const coverReference = typeof fields.cover === 'string' && fields.cover.startsWith('media/') ? fields.cover : null;
        const excerpt = JSON.stringify(typeof fields.excerpt === 'string' ? fields.excerpt : '');
        const cover = coverReference === null ? null : this.shared.cover(asked.store, asked.site.url, asked.now, asked.media, coverReference);
        return this.build(asked, entry, translation, cover, excerpt, JSON.stringify(fields), byId);
      }
      // The index holds another object for the same file now (the entry was read again): the row follows it.
      this.lookup.follow(byId, translation);
      slot = byId;
    }
    const { site } = asked;
    let cover = this.facts.image[slot]!;
    if (cover !== null && this.shared.stale(cover, site.url, asked.now, asked.media)) {
      const fresh = this.shared.cover(asked.store, site.url, asked.now, asked.media, cover.reference);
      // The image looked at again, with the same text: the row stays.
      if (fresh.json === cover.json && fresh.base === cover.base) this.facts.image[slot] = fresh;
      cover = fresh;
    }
    if (this.facts.generation[slot] === asked.generation && this.facts.settings[slot] === asked.settings && this.facts.image[slot] === cover) return slot;
    const record = this.packed.record(slot);
    const tailAt = this.packed.headLength[slot]! + this.packed.coverLength[slot]!;
    const excerpt = record.toString('utf8', this.facts.excerptAt[slot]!, this.facts.excerptEnd[slot]!);
    const fields = record.toString('utf8', tailAt + this.facts.fieldsAt[slot]!, tailAt + this.packed.tailLength[slot]! - 1);
    return this.build(asked, entry, translation, cover, excerpt, fields, slot);
  }

  /**
   * Makes a row's bytes from its parts (the order is the spec's Entry (API) table, as apiEntry has it) and
   * keeps them in place of the row in `old`, if any.
   */
  private build(asked: Asked, entry: Entry, translation: Translation, cover: KeptCover | null, excerpt: string, fields: string, old: number | undefined): number {
    const { url: base, timezone } = asked.site;
    let translations = '';
    for (const other of entry.translations.values()) {
      if (this.isPublic(entry, other)) translations += `${translations === '' ? '' : ','}${JSON.stringify(other.language)}:${JSON.stringify(base + other.path)}`;
    }
    const start = `{"id":${JSON.stringify(entry.id)},"title":${JSON.stringify(translation.title)},"url":${JSON.stringify(base + translation.path)},`
      + `"status":${JSON.stringify(translation.status)},"date":${JSON.stringify(formatIsoWithOffset(translation.dateMs, timezone))},"excerpt":`;
    const head = start + excerpt + ',"tags":';
    const keptTags = this.shared.tagsOf(asked.store, asked.generation, translation);
    const coverJson = cover?.json ?? 'null';
    const sharedCover = this.shared.coverBytes(cover, entry.id);
    const ownCover = sharedCover === null ? COVER_KEY + coverJson : '';
    const tail = TRANSLATIONS_KEY + translations + FIELDS_KEY + fields + '}';
    if (old !== undefined) this.drop(old);
    const slot = this.packed.add(head, ownCover, tail, keptTags.bytes, sharedCover);
    const translationsBytes = Buffer.byteLength(translations, 'utf8');
    this.facts.tags[slot] = keptTags;
    this.facts.image[slot] = cover;
    this.facts.coverBytes[slot] = sharedCover;
    this.facts.translationsEnd[slot] = TRANSLATIONS_KEY.length + translationsBytes;
    // A row over the whole budget is used once and not kept (dropUnkept, once it is read).
    if (!this.packed.isKept(slot)) return slot;
    this.facts.translation[slot] = translation;
    this.facts.id[slot] = entry.id;
    this.facts.mtimeMs[slot] = translation.mtimeMs;
    this.facts.fileSize[slot] = translation.size;
    this.facts.generation[slot] = asked.generation;
    this.facts.settings[slot] = asked.settings;
    const excerptAt = Buffer.byteLength(start, 'utf8');
    this.facts.excerptAt[slot] = excerptAt;
    this.facts.excerptEnd[slot] = excerptAt + Buffer.byteLength(excerpt, 'utf8');
    this.facts.fieldsAt[slot] = TRANSLATIONS_KEY.length + translationsBytes + FIELDS_KEY_BYTES;
    this.lookup.keep(slot, entry.id, translation);
    this.packed.kept();
    return slot;
  }

  /** Lets go of a row read but not kept (one over the whole budget); a kept row stays. */
  private dropUnkept(slot: number): void {
    if (this.packed.isKept(slot)) return;
    this.facts.clear(slot);
    this.packed.releaseUnkept(slot);
  }

  /** A kept row replaced by another: no longer found, its slot free (its record goes with its segment). */
  private drop(slot: number): void {
    this.lookup.forget(slot);
    this.packed.release(slot);
  }
}
