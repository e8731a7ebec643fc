// The entry ids of a persisted index checked where they lie, in the one string of their column
// (snapshot-blocks.ts's TextColumn): each is a type folder of the settings, a slash, then slugs as
// entry-id.ts has them (one; for pages up to MAX_PAGE_DEPTH), and comes after the id before it. At 100,000
// entries, a string per id made up front (and a regular expression run on each) was a tenth of a stdio
// session's first answer; an id's string is now made with its entry (restored-objects.ts).
import { MAX_PAGE_DEPTH } from '../entries/entry-folders.js';
import type { TextColumn } from './snapshot-blocks.js';
import type { ContentType } from '../entries/types.js';

/** The longest slug (entry-id.ts's segments). */
const SLUG_MAX = 80;
const SLASH = 47, DASH = 45;

/**
 * Checks the `count` ids of `ids` (none null) and writes each one's type, its place in `types`, into
 * `typeOf`. The reason, as a sentence, for the first id that is not an entry of these settings or is not
 * after the one before (twice, or out of order); undefined when every id fits.
 */
export function checkIds(ids: TextColumn, count: number, types: readonly ContentType[], typeOf: Uint16Array): string | undefined {
  const { chars, starts } = ids;
  for (let at = 0; at < count; at++) {
    const start = starts[at]!, end = starts[at + 1]!;
    const type = typeAt(chars, start, end, types);
    if (type < 0 || !slugsFit(chars, start + types[type]!.folder.length + 1, end, types[type]!.key === 'page' ? MAX_PAGE_DEPTH : 1)) {
      return `${JSON.stringify(chars.slice(start, Math.min(end, start + 80)))} is not an entry of these settings`;
    }
    if (at > 0 && compareRanges(chars, starts[at - 1]!, start, start, end) >= 0) return `${chars.slice(start, end)} is there twice or out of order`;
    typeOf[at] = type;
  }
  return undefined;
}

/** The place in `types` of the first type whose folder the id from `start` to `end` starts with, then a slash; -1 for none. */
function typeAt(chars: string, start: number, end: number, types: readonly ContentType[]): number {
  for (let type = 0; type < types.length; type++) {
    const { folder } = types[type]!;
    const slash = start + folder.length;
    if (slash < end && chars.charCodeAt(slash) === SLASH && chars.startsWith(folder, start)) return type;
  }
  return -1;
}

/** Whether `start` to `end` is 1 to `most` slugs joined by slashes: 1 to 80 of a-z, 0-9 and dashes, not starting or ending with a dash. */
function slugsFit(chars: string, start: number, end: number, most: number): boolean {
  let slugs = 0, slugStart = start;
  for (let at = start; at <= end; at++) {
    const code = at < end ? chars.charCodeAt(at) : SLASH;
    if (code === SLASH) {
      const length = at - slugStart;
      if (length < 1 || length > SLUG_MAX || ++slugs > most) return false;
      if (chars.charCodeAt(slugStart) === DASH || chars.charCodeAt(at - 1) === DASH) return false;
      slugStart = at + 1;
    } else if (!((code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === DASH)) {
      return false;
    }
  }
  return true;
}

/** The two texts compared by their code units, as `<` compares strings: negative, zero or positive. */
function compareRanges(chars: string, aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  const length = Math.min(aEnd - aStart, bEnd - bStart);
  for (let at = 0; at < length; at++) {
    const difference = chars.charCodeAt(aStart + at) - chars.charCodeAt(bStart + at);
    if (difference !== 0) return difference;
  }
  return (aEnd - aStart) - (bEnd - bStart);
}
