// The rows of the panel's Content list: one type's entries, newest first, filtered by status, cut to what
// the signed-in person may see (the same rule as content_list), 50 a page. Data only; the HTML is in
// entries-list-view.ts.
import { AppError } from '../../errors.js';
import type { Principal } from '../../auth/principal.js';
import { canSeeTranslation } from '../../content/content-rights.js';
import type { ContentStore } from '../../content/store.js';
import type { ContentType, Entry, EntryStatus, SiteConfig, Translation } from '../../content/entries/types.js';

export const ENTRIES_PER_PAGE = 50;
export const STATUS_FILTERS = ['any', 'draft', 'published', 'scheduled'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface EntryListQuery {
  type: ContentType;
  status: StatusFilter;
  page: number;
}

export interface EntryListRow {
  id: string;
  title: string;
  /** The translations this person may see: language and status. */
  languages: Array<{ language: string; status: EntryStatus; review: string | null }>;
  author: string | null;
  /** Some visible translation carries `via: mcp`. */
  viaMcp: boolean;
  dateMs: number;
}

export interface EntryListPage {
  rows: EntryListRow[];
  page: number;
  pages: number;
  total: number;
}

/**
 * Reads `?type=`, `?status=` and `?page=`; a bad value is an AppError with a sentence for the page
 * (the page then shows the list's defaults beside it).
 */
export function parseEntryListQuery(store: ContentStore, params: URLSearchParams): EntryListQuery {
  const site = store.site();
  const typeKey = params.get('type') || 'post';
  const type = site.types.find((candidate) => candidate.key === typeKey);
  if (!type) throw new AppError('invalid_params', `The site has no content type "${typeKey.slice(0, 40)}"; choose one of: ${site.types.map((t) => t.key).join(', ')}.`);
  const status = params.get('status') || 'any';
  if (!(STATUS_FILTERS as readonly string[]).includes(status)) throw new AppError('invalid_params', `Status must be one of: ${STATUS_FILTERS.join(', ')}.`);
  const pageText = params.get('page') || '1';
  if (!/^[1-9][0-9]{0,5}$/.test(pageText)) throw new AppError('invalid_params', 'The page number must be a whole number from 1.');
  return { type, status: status as StatusFilter, page: Number(pageText) };
}

/** The entries of the query's type this person may see, newest first, one page of them. */
export function listEntriesFor(store: ContentStore, principal: Principal, query: EntryListQuery): EntryListPage {
  const site = store.site();
  const rows: EntryListRow[] = [];
  for (const entry of store.entries()) {
    if (entry.type.key !== query.type.key) continue;
    const visible = visibleInSiteOrder(principal, entry, site);
    if (visible.length === 0) continue;
    if (query.status !== 'any' && !visible.some((t) => t.status === query.status)) continue;
    rows.push(rowOf(entry, visible, site.defaultLanguage));
  }
  rows.sort((a, b) => b.dateMs - a.dateMs || a.id.localeCompare(b.id));
  const pages = Math.max(1, Math.ceil(rows.length / ENTRIES_PER_PAGE));
  const start = (query.page - 1) * ENTRIES_PER_PAGE;
  return { rows: rows.slice(start, start + ENTRIES_PER_PAGE), page: query.page, pages, total: rows.length };
}

/** The translations this person may see, the default language first, then in the order site.yaml lists. */
export function visibleInSiteOrder(principal: Principal, entry: Entry, site: SiteConfig): Translation[] {
  const order = [site.defaultLanguage, ...Object.keys(site.languages)];
  const rank = (language: string) => (order.includes(language) ? order.indexOf(language) : order.length);
  return [...entry.translations.values()]
    .filter((t) => canSeeTranslation(principal, entry, t))
    .sort((a, b) => rank(a.language) - rank(b.language) || a.language.localeCompare(b.language));
}

function rowOf(entry: Entry, visible: Translation[], defaultLanguage: string): EntryListRow {
  const main = visible.find((t) => t.language === defaultLanguage) ?? visible[0]!;
  return {
    id: entry.id,
    title: main.title,
    languages: visible.map((t) => ({ language: t.language, status: t.status, review: t.review })),
    author: main.author,
    viaMcp: visible.some((t) => t.via === 'mcp'),
    dateMs: main.dateMs,
  };
}
