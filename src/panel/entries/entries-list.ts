// The rows of the panel's Content list: one type's entries in one language, filtered by status and by words
// (in the full text once the search index is built, in the titles until then: entries-full-text.ts), cut to
// what the signed-in person may see (the same rule as content_list), sorted by date, title or status, 50 a
// page. The rows come from the index's sorted lists (content/query.ts), never from a pass over every entry:
// a page costs what it shows (plus what a filter skips), at 100,000 entries too.
// Data only; the HTML is in entries-list-view.ts.
import { AppError } from '../../errors.js';
import type { Principal } from '../../auth/principal.js';
import { canSeeTranslation, seesOthersUnpublished } from '../../content/content-rights.js';
import type { EntryQuery, EntryRow, ListWindow } from '../../content/query.js';
import { fullTextSource } from './entries-full-text.js';
import { ListedFiles, type Thumb } from './listed-files.js';
import type { ContentStore } from '../../content/store.js';
import type { ContentType, Entry, EntryStatus, SiteConfig, Translation } from '../../content/entries/types.js';
import { fill, words } from '../words/panel-words.js';

export const ENTRIES_PER_PAGE = 50;
export const STATUS_FILTERS = ['any', 'draft', 'published', 'scheduled'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const SORTS = ['date', 'title', 'status'] as const;
export type SortOrder = (typeof SORTS)[number];
/** Drafts first (what needs work), then what is planned, then what is live; each newest first. */
const STATUS_ORDER: readonly EntryStatus[] = ['draft', 'scheduled', 'published'];
const MAX_SEARCH = 200;

export interface EntryListQuery {
  type: ContentType;
  language: string;
  status: StatusFilter;
  sort: SortOrder;
  /** Words to find, in the full text (in the titles while the search index is built); '' for none. */
  search: string;
  page: number;
}

/**
 * Where the rows come from for the date order: the full-text matches (entries-full-text.ts), or the index's
 * lists with the words looked for in titles (listEntries), answering the same query with the same window.
 */
export type EntrySource = (store: ContentStore, query: EntryQuery, window: ListWindow) => { rows: EntryRow[]; total: number };

export interface EntryListRow {
  id: string;
  title: string;
  /** The listed language's translation. */
  status: EntryStatus;
  review: string | null;
  /** Every translation this person may see: language and status. */
  languages: Array<{ language: string; status: EntryStatus; review: string | null }>;
  author: string | null;
  /** The listed translation carries `via: mcp`. */
  viaMcp: boolean;
  dateMs: number;
  /** The cover's smallest width variant, or null without a cover. */
  thumb: Thumb | null;
  /** The listed translation's file and the index's stamp of it (its version stamp goes with the bulk actions: bulk-stamps.ts, listed-files.ts). */
  listed: Pick<Translation, 'file' | 'mtimeMs' | 'size'>;
}

export interface EntryListPage {
  rows: EntryListRow[];
  page: number;
  pages: number;
  total: number;
}

/** The list's defaults: newest posts of the site's language, every status. */
export function defaultEntryListQuery(store: ContentStore): EntryListQuery {
  const site = store.site();
  const type = site.types.find((candidate) => candidate.key === 'post') ?? site.types[0]!;
  return { type, language: site.defaultLanguage, status: 'any', sort: 'date', search: '', page: 1 };
}

/**
 * Reads `?type=`, `?language=`, `?status=`, `?sort=`, `?q=` and `?page=`; a bad value is an AppError with a
 * sentence for the page (the page then shows the list's defaults beside it).
 */
export function parseEntryListQuery(store: ContentStore, params: URLSearchParams): EntryListQuery {
  const site = store.site();
  const w = words().entries.list;
  const typeKey = params.get('type') || 'post';
  const type = site.types.find((candidate) => candidate.key === typeKey);
  if (!type) throw new AppError('invalid_params', fill(w.noType, { type: typeKey.slice(0, 40), types: site.types.map((t) => t.key).join(', ') }));
  const language = params.get('language') || site.defaultLanguage;
  if (!Object.hasOwn(site.languages, language)) throw new AppError('invalid_params', fill(w.noLanguage, { language: language.slice(0, 20), languages: Object.keys(site.languages).join(', ') }));
  const status = params.get('status') || 'any';
  if (!(STATUS_FILTERS as readonly string[]).includes(status)) throw new AppError('invalid_params', fill(w.badStatus, { statuses: STATUS_FILTERS.join(', ') }));
  const sort = params.get('sort') || 'date';
  if (!(SORTS as readonly string[]).includes(sort)) throw new AppError('invalid_params', fill(w.badSort, { sorts: SORTS.join(', ') }));
  const search = (params.get('q') ?? '').trim();
  if (search.length > MAX_SEARCH) throw new AppError('invalid_params', fill(w.searchTooLong, { max: MAX_SEARCH }));
  const pageText = params.get('page') || '1';
  if (!/^[1-9][0-9]{0,5}$/.test(pageText)) throw new AppError('invalid_params', w.badPage);
  return { type, language, status: status as StatusFilter, sort: sort as SortOrder, search, page: Number(pageText) };
}

/** The query as an address's parameters, without its defaults (the list's address and its page links). */
export function entryListParams(query: Omit<EntryListQuery, 'type'> & { type: { key: string } }, defaultLanguage: string): URLSearchParams {
  const params = new URLSearchParams({ type: query.type.key });
  if (query.language !== defaultLanguage) params.set('language', query.language);
  if (query.status !== 'any') params.set('status', query.status);
  if (query.sort !== 'date') params.set('sort', query.sort);
  if (query.search !== '') params.set('q', query.search);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** One page of the query's entries this person may see. */
export function listEntriesFor(store: ContentStore, principal: Principal, query: EntryListQuery, files = new ListedFiles(), source: EntrySource = fullTextSource(principal, 'date')): EntryListPage {
  const site = store.site();
  const base: EntryQuery = {
    type: query.type.key, language: query.language, ...(query.search !== '' ? { search: query.search } : {}),
    // Someone who sees every draft needs no check per row, so the list is cut without a pass over it.
    ...(seesOthersUnpublished(principal) ? {} : { visible: (entry: Entry, t: Translation) => canSeeTranslation(principal, entry, t) }),
  };
  const window = { offset: (query.page - 1) * ENTRIES_PER_PAGE, limit: ENTRIES_PER_PAGE };
  const found = query.sort === 'title' ? fullTextSource(principal, 'title')(store, { ...base, status: query.status }, window)
    : query.sort === 'status' && query.status === 'any' ? byStatus(store, base, window, source)
    : source(store, { ...base, status: query.status }, window);
  const pages = Math.max(1, Math.ceil(found.total / ENTRIES_PER_PAGE));
  return { rows: found.rows.map((row) => rowOf(store, principal, row, site, files)), page: query.page, pages, total: found.total };
}

/** The lists of each status one after the other, the window taken across them. */
function byStatus(store: ContentStore, base: EntryQuery, window: Required<Pick<ListWindow, 'offset' | 'limit'>>, source: EntrySource) {
  const rows: EntryRow[] = [];
  let passed = 0;
  for (const status of STATUS_ORDER) {
    const offset = Math.max(0, window.offset - passed);
    const found = source(store, { ...base, status }, { offset, limit: window.limit - rows.length });
    rows.push(...found.rows);
    passed += found.total;
  }
  return { rows, total: passed };
}

function rowOf(store: ContentStore, principal: Principal, { entry, translation }: EntryRow, site: SiteConfig, files: ListedFiles): EntryListRow {
  const thumb = files.thumbOf(store, translation);
  return {
    id: entry.id,
    title: translation.title,
    status: translation.status,
    review: translation.review,
    languages: visibleInSiteOrder(principal, entry, site).map((t) => ({ language: t.language, status: t.status, review: t.review })),
    author: translation.author,
    viaMcp: translation.via === 'mcp',
    dateMs: translation.dateMs,
    thumb,
    listed: translation,
  };
}

/**
 * The translations this person may see, the default language first, then in the order site.yaml lists,
 * then any other by its code. Made for every row of every Content list page: it looks each language up
 * rather than sorting a copy of the translations (two arrays, a sort's work arrays and closures a row,
 * some 100 KB of garbage a page of 50, a fifth of what the page made).
 */
export function visibleInSiteOrder(principal: Principal, entry: Entry, site: SiteConfig): Translation[] {
  // A restored entry makes its translations' map each time it is asked for (restored-entry.ts).
  const translations = entry.translations;
  const visible: Translation[] = [];
  const take = (translation: Translation | undefined) => {
    if (translation !== undefined && !visible.includes(translation) && canSeeTranslation(principal, entry, translation)) visible.push(translation);
  };
  take(translations.get(site.defaultLanguage));
  for (const language in site.languages) if (Object.hasOwn(site.languages, language)) take(translations.get(language));
  if (visible.length === translations.size) return visible;
  const others: Translation[] = [];
  for (const translation of translations.values()) {
    if (translation.language !== site.defaultLanguage && !Object.hasOwn(site.languages, translation.language)) others.push(translation);
  }
  for (const translation of others.sort((a, b) => a.language.localeCompare(b.language))) take(translation);
  return visible;
}
