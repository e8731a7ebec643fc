// What the Content list shows of each row's file beside what the index holds: its thumbnail (the cover is in
// the front matter, not in the index) and, for someone offered Publish and Unpublish, its version stamp
// (bulk-stamps.ts). Reading every row's file on every list page was three quarters of a page's time (at
// 10,000 posts 240 pages a second, 930 without covers), so both are kept per translation file while the
// index has the same stamp (time and size) for it, as the Content API's rows are (api/list-rows/list-rows.ts),
// and a file read for one gives the other too: a new row's file is read once. The cover's image itself is
// looked at again after a second, since a replaced picture keeps its address (its size may change).
import { resolveCover } from '../../content/cover.js';
import type { ContentStore } from '../../content/store.js';
import type { Translation } from '../../content/entries/types.js';
import { fieldsAtHand, fieldsOfBytes } from '../../content/entries/translation.js';
import { versionOf } from '../../content/write/version-stamp.js';
import { LruCache } from '../../lib/lru.js';
import { detachedCopy } from '../../lib/detached-copy.js';
import { readFileNoFollow } from '../../lib/no-follow.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

export interface Thumb { url: string; width: number; height: number }

/** A file's fields as the list needs them: what `stamp` says of it. */
type Listed = Pick<Translation, 'file' | 'mtimeMs' | 'size'>;

const UNREAD = Symbol('unread');

interface Kept {
  mtimeMs: number;
  size: number;
  /**
   * The front matter's `cover`, as written, copied out of its file's text (lib/detached-copy.ts): at 10,000
   * posts one bench run without the copy reached 204.5 MB, one with it 189.8 MB.
   */
  reference: unknown;
  /** The file's version stamp (that of no file when it could not be read), once asked for or read anyway. */
  version: string | undefined;
  thumb: Thumb | null;
  checkedAt: number;
}

/** Rows kept: 100 list pages of 50 (some 250 bytes each). */
const KEPT_ROWS = 5_000;
/** How long a cover's image is trusted without looking again (ms). */
const IMAGE_RECHECK_MS = 1_000;

export class ListedFiles {
  private readonly kept = new LruCache<string, Kept>(KEPT_ROWS);

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The row's thumbnail: the smallest width of its cover's srcset, or null without a cover. */
  thumbOf(store: ContentStore, translation: Translation): Thumb | null {
    const now = this.now();
    const kept = this.keptFor(translation);
    if (kept.reference === UNREAD) {
      const atHand = fieldsAtHand(translation);
      if (atHand !== null) kept.reference = detachedCopy(atHand.cover);
      else this.read(store.trustedFolders, translation, kept);
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

  /** The version stamp of the listed translation's file (that of no file when it cannot be read). */
  versionOf(folders: TrustedFolders, listed: Listed): string {
    const kept = this.keptFor(listed);
    if (kept.version === undefined) this.read(folders, listed, kept);
    return kept.version!;
  }

  /** What is kept for the file at the index's stamp of it; anew when the stamp moved. */
  private keptFor(listed: Listed): Kept {
    let kept = this.kept.get(listed.file);
    if (kept === undefined || kept.mtimeMs !== listed.mtimeMs || kept.size !== listed.size) {
      kept = { mtimeMs: listed.mtimeMs, size: listed.size, reference: UNREAD, version: undefined, thumb: null, checkedAt: -Infinity };
      this.kept.set(listed.file, kept);
    }
    return kept;
  }

  /**
   * Reads the file once for both: its stamp, and its cover if not known yet. Kept longer than the file's
   * text, a stamp is only ever of a text the index showed: a bulk action then finds the file changed and
   * leaves it alone, never acts on a text nobody saw.
   */
  private read(folders: TrustedFolders, listed: Listed, kept: Kept): void {
    let bytes: Buffer | null = null;
    try { bytes = readFileNoFollow(folders, listed.file); } catch { /* gone or unreadable: the stamp of no file, no cover */ }
    kept.version = versionOf(bytes === null ? null : bytes.toString('utf8'));
    if (kept.reference === UNREAD) kept.reference = bytes === null ? undefined : detachedCopy(fieldsOfBytes(bytes).cover);
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
