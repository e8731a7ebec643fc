// The Content list's thumbnails. The cover is in an entry's front matter, not in the index, so a row's
// thumbnail used to read its translation's file on every list: three quarters of a list page's time (at
// 10,000 posts 240 pages a second, 930 without covers). Kept per translation file while the index has the
// same stamp for it, as the Content API's rows are (api/list-rows/list-rows.ts); the image itself is looked
// at again after a second, since a replaced picture keeps its address (its size may change).
import { resolveCover } from '../../content/cover.js';
import type { ContentStore } from '../../content/store.js';
import type { Translation } from '../../content/entries/types.js';
import { passingFields } from '../../content/entries/translation.js';
import { LruCache } from '../../lib/lru.js';
import { detachedCopy } from '../../lib/detached-copy.js';

export interface Thumb { url: string; width: number; height: number }

interface Kept {
  mtimeMs: number;
  size: number;
  /**
   * The front matter's `cover`, as written, copied out of its file's text (lib/detached-copy.ts): at 10,000
   * posts one bench run without the copy reached 204.5 MB, one with it 189.8 MB.
   */
  reference: unknown;
  thumb: Thumb | null;
  checkedAt: number;
}

/** Rows kept: 100 list pages of 50 (some 200 bytes each, 2 MB at most). */
const KEPT_ROWS = 5_000;
/** How long a cover's image is trusted without looking again (ms). */
const IMAGE_RECHECK_MS = 1_000;

export class ListThumbs {
  private readonly kept = new LruCache<string, Kept>(KEPT_ROWS);

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The row's thumbnail: the smallest width of its cover's srcset, or null without a cover. */
  thumbOf(store: ContentStore, translation: Translation): Thumb | null {
    const now = this.now();
    let kept = this.kept.get(translation.file);
    if (kept === undefined || kept.mtimeMs !== translation.mtimeMs || kept.size !== translation.size) {
      kept = { mtimeMs: translation.mtimeMs, size: translation.size, reference: detachedCopy(passingFields(translation, store.trustedFolders).cover), thumb: null, checkedAt: -Infinity };
      this.kept.set(translation.file, kept);
    }
    if (now - kept.checkedAt >= IMAGE_RECHECK_MS) {
      // The kept object stays while the picture is the same: one made anew each second for every row shown
      // outlived the young generation, and the old generation filled with those it replaced.
      const thumb = thumbFrom(store, kept.reference);
      if (!sameThumb(kept.thumb, thumb)) kept.thumb = thumb;
      kept.checkedAt = now;
    }
    return kept.thumb;
  }
}

function sameThumb(a: Thumb | null, b: Thumb | null): boolean {
  return a === b || (a !== null && b !== null && a.url === b.url && a.width === b.width && a.height === b.height);
}

function thumbFrom(store: ContentStore, reference: unknown): Thumb | null {
  const cover = resolveCover(store.trustedFolders, store.contentDir, '', reference);
  if (!cover) return null;
  // The srcset lists the widths smallest first; the smallest is enough for a 4rem thumbnail.
  const [smallest] = cover.srcset.split(', ');
  const [url, width] = smallest!.split(' ');
  const w = Number.parseInt(width!, 10);
  return { url: url!, width: w, height: Math.max(1, Math.round(cover.height * (w / cover.width))) };
}
