// Lists of entries, answered from the store's sorted lists (list-index.ts): a page costs what it shows plus
// what a filter skips, not a scan and sort of the whole site.
import type { ContentStore } from './store.js';
import { NO_START } from './list-engine/list-engine.js';
import type { Entry, EntryStatus, Translation } from './entries/types.js';

export interface EntryQuery {
  /** A type key: post, page, tag or a custom key. */
  type: string;
  language: string;
  status?: 'any' | EntryStatus;
  tag?: string;
  category?: string;
  /** Only the children of this entry (a page's pages). */
  parent?: string;
  /** Words that must all appear in the title (case-insensitive). */
  search?: string;
  /** For date categories: only entries whose `start` is still ahead, soonest first. */
  upcomingOnly?: boolean;
  /** For date categories too: newest first, as every other list (MCP content_list), not by `start`. */
  newestFirst?: boolean;
  /**
   * Who may see what (the spec's role rules); absent = everything matching. Published translations are
   * visible to everyone, so it is asked only about the others.
   */
  visible?: (entry: Entry, translation: Translation) => boolean;
}

/** A row of a list: read it, never change it (it may be the index's own, list-index.ts). */
export interface EntryRow {
  readonly entry: Entry;
  readonly translation: Translation;
}

export interface ListWindow {
  offset?: number;
  limit?: number;
  /** Count every match (default true); false stops at the end of the window. */
  total?: boolean;
}

/**
 * Entries of one type in one language, newest first (date categories: soonest `start` first), the rows of
 * `window` and how many match in all (when asked; else the rows collected).
 */
export function listEntries(store: ContentStore, query: EntryQuery, window: ListWindow = {}): { rows: EntryRow[]; total: number } {
  const offset = window.offset ?? 0;
  const limit = window.limit ?? Number.POSITIVE_INFINITY;
  const category = query.category !== undefined ? store.site().categories[query.category] : undefined;
  if (query.category !== undefined && !category) return { rows: [], total: 0 };
  const status = query.status ?? 'any';
  // A date category's own list is in `start` order: newest first, it is the type's list with the category kept.
  const categoryToo = query.newestFirst === true && category?.kind === 'date' ? query.category : undefined;
  const narrow = query.category !== undefined && categoryToo === undefined ? { category: query.category } : query.tag !== undefined ? { tag: query.tag } : query.parent !== undefined ? { parent: query.parent } : {};
  const list = store.lists().list(query.type, query.language, status, narrow);
  let from = 0;
  let to = list.length;
  if (category?.kind === 'date' && query.upcomingOnly && categoryToo === undefined) {
    from = list.firstAtLeast(store.now());
    to = list.firstAtLeast(NO_START);
  }
  const words = query.search ? query.search.toLowerCase().split(/\s+/).filter(Boolean) : [];
  const tagToo = query.category !== undefined && query.tag !== undefined ? query.tag : undefined;
  // The parent narrows the list only when neither a category nor a tag did.
  const parentToo = query.parent !== undefined && !('parent' in narrow) ? query.parent : undefined;
  const visible = query.visible;
  const everyRowMatches = words.length === 0 && tagToo === undefined && parentToo === undefined && categoryToo === undefined && (visible === undefined || status === 'published');
  if (everyRowMatches) {
    const start = Math.min(to, from + offset);
    // The list's own rows (a new array of them): a page of the API asks this on every request.
    return { rows: list.slice(start, Math.min(to, start + limit)), total: to - from };
  }
  const rows: EntryRow[] = [];
  let matched = 0;
  for (let at = from; at < to; at++) {
    const { entry, translation } = list.at(at);
    if (categoryToo !== undefined && translation.category !== categoryToo) continue;
    if (tagToo !== undefined && !translation.tags.includes(tagToo)) continue;
    if (parentToo !== undefined && entry.parentId !== parentToo) continue;
    if (words.length > 0) {
      const title = translation.title.toLowerCase();
      if (!words.every((word) => title.includes(word))) continue;
    }
    if (visible && translation.status !== 'published' && !visible(entry, translation)) continue;
    if (matched >= offset && rows.length < limit) rows.push({ entry, translation });
    matched++;
    if (window.total === false && rows.length >= limit) break;
  }
  return { rows, total: matched };
}

/** Every matching entry, in list order (for the few lists shown whole: navigation, the sitemap). */
export function queryEntries(store: ContentStore, query: EntryQuery): EntryRow[] {
  return listEntries(store, query).rows;
}
