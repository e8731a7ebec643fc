// What many list rows share, kept once for all of them (list-rows.ts): the tags' JSON per combination and
// the cover's JSON per image, each also as bytes that a list answer copies (list-answer.ts) instead of
// encoding the same text again for every row.
import { COVER_KEY } from '../answers/list-answer.js';
import { resolveCover } from '../../content/cover.js';
import type { ContentStore } from '../../content/store.js';
import type { Translation } from '../../content/entries/types.js';
import { tagTitle } from '../answers/entry-view.js';

/** A cover as JSON, for one address and media reference, as its image was on disk at `checkedAt`. */
export interface KeptCover {
  reference: string;
  base: string;
  json: string;
  checkedAt: number;
  /** The store's media generation then: a media file changed since (found on disk, or by svc) is looked at again. */
  media: number;
  /**
   * COVER_KEY + `json` as bytes, made once a row of a second entry names the cover: an entry's own image
   * (named by its translations only) keeps no second copy.
   */
  bytes: Buffer | null;
  /** The entry whose row was made with it first, or null. */
  firstEntry: string | null;
}

/** Tags' JSON, kept once for all the rows with those tags, and as bytes. */
export interface KeptTags { json: string; bytes: Buffer }

const NO_TAGS: KeptTags = { json: '[]', bytes: Buffer.from('[]') };
/** A row without a cover: COVER_KEY + null. */
export const NO_COVER_BYTES = Buffer.from(`${COVER_KEY}null`);

export class SharedRowParts {
  private tagsGeneration = -1;
  private readonly tags = new Map<string, KeptTags>();
  private readonly covers = new Map<string, KeptCover>();

  /** @param coverRecheckMs how long a cover's file is trusted without looking again (it is not in the index's stamps) */
  constructor(readonly coverRecheckMs: number) {}

  /**
   * The cover a media reference names. Many rows may name one image (a shared default cover): it is kept
   * per reference, shared by the rows, and looked at again once a media file changed (`media`, the
   * store's media generation), and at most every `coverRecheckMs` where nothing tells of changes.
   */
  cover(store: ContentStore, base: string, now: number, media: number, reference: string): KeptCover {
    let cover = this.covers.get(reference);
    if (cover === undefined || this.stale(cover, base, now, media)) {
      const json = JSON.stringify(resolveCover(store.trustedFolders, store.contentDir, base, reference));
      // The same text as before stays the same string (and bytes), so the rows made before and after share it.
      const same = cover !== undefined && cover.json === json ? cover : undefined;
      cover = { reference, base, json: same?.json ?? json, checkedAt: now, media, bytes: same?.bytes ?? null, firstEntry: same?.firstEntry ?? null };
      if (this.covers.size >= 20_000) this.covers.clear();
      this.covers.set(reference, cover);
    }
    return cover;
  }

  /** Whether a kept cover is to be looked at again: for another address, after a media change, or after `coverRecheckMs`. */
  stale(cover: KeptCover, base: string, now: number, media: number): boolean {
    return cover.base !== base || cover.media !== media || now - cover.checkedAt >= this.coverRecheckMs;
  }

  /** The cover's bytes for a row of `entryId` (null while only one entry's rows name it), or NO_COVER_BYTES. */
  coverBytes(cover: KeptCover | null, entryId: string): Buffer | null {
    if (cover === null) return NO_COVER_BYTES;
    if (cover.bytes === null) {
      if (cover.firstEntry === null) cover.firstEntry = entryId;
      else if (cover.firstEntry !== entryId) cover.bytes = Buffer.from(COVER_KEY + cover.json, 'utf8');
    }
    return cover.bytes;
  }

  /** The tags with their titles: titles come from the tag entries, so they are kept for one generation. */
  tagsOf(store: ContentStore, generation: number, translation: Translation): KeptTags {
    if (translation.tags.length === 0) return NO_TAGS;
    if (generation !== this.tagsGeneration) {
      this.tags.clear();
      this.tagsGeneration = generation;
    }
    const key = `${translation.language}\u0000${translation.tags.join('\u0000')}`;
    let kept = this.tags.get(key);
    if (kept === undefined) {
      const json = JSON.stringify(translation.tags.map((slug) => ({ slug, title: tagTitle(store, slug, translation.language) })));
      kept = { json, bytes: Buffer.from(json, 'utf8') };
      // Combinations of tags are few; a site with very many is kept from growing this without end.
      if (this.tags.size >= 10_000) this.tags.clear();
      this.tags.set(key, kept);
    }
    return kept;
  }
}
