import { parseSiteTime } from '../lib/time-zone.js';
import type { ContentStore } from './store.js';
import type { Entry, EntryStatus, Translation } from './types.js';

export interface EntryQuery {
  /** A type key: post, page, tag or a custom key. */
  type: string;
  language: string;
  status?: 'any' | EntryStatus;
  tag?: string;
  category?: string;
  /** Words that must all appear in the title (case-insensitive). */
  search?: string;
  /** For date categories: only entries whose `start` is still ahead, soonest first. */
  upcomingOnly?: boolean;
  /** Who may see what (the spec's role rules); absent = everything matching. */
  visible?: (entry: Entry, translation: Translation) => boolean;
}

export interface EntryRow {
  entry: Entry;
  translation: Translation;
}

/** Entries of one type in one language, newest first (date categories: soonest `start` first). */
export function queryEntries(store: ContentStore, query: EntryQuery): EntryRow[] {
  const site = store.site();
  const now = store.now();
  const words = query.search ? query.search.toLowerCase().split(/\s+/).filter(Boolean) : [];
  const category = query.category ? site.categories[query.category] : undefined;
  const byStart = category?.kind === 'date';
  const rows: (EntryRow & { sortKey: number })[] = [];
  for (const entry of store.entries()) {
    if (entry.type.key !== query.type) continue;
    const translation = entry.translations.get(query.language);
    if (!translation) continue;
    if (query.status && query.status !== 'any' && translation.status !== query.status) continue;
    if (query.tag && !translation.tags.includes(query.tag)) continue;
    if (query.category && translation.category !== query.category) continue;
    if (words.length > 0) {
      const title = translation.title.toLowerCase();
      if (!words.every((word) => title.includes(word))) continue;
    }
    let sortKey = -translation.dateMs;
    if (byStart) {
      const start = translation.start !== null ? parseSiteTime(translation.start, site.timezone) : null;
      if (query.upcomingOnly && (start === null || start < now)) continue;
      sortKey = start ?? Number.MAX_SAFE_INTEGER;
    }
    if (query.visible && !query.visible(entry, translation)) continue;
    rows.push({ entry, translation, sortKey });
  }
  rows.sort((a, b) => a.sortKey - b.sortKey || (a.entry.id < b.entry.id ? -1 : 1));
  return rows.map(({ entry, translation }) => ({ entry, translation }));
}
