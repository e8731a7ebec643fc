// HTML of the panel's Content list: a "New entry" button, the filters (search, type, language,
// status, sort: a plain GET form, so every choice is in the address and works without script; the script
// applies them as one types or chooses), the rows with thumbnails, and bulk actions on the chosen rows.
import type { ContentType } from '../../content/entries/types.js';
import { formatSiteDate } from '../../lib/time-zone.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { entryListParams, SORTS, STATUS_FILTERS, type EntryListPage, type EntryListQuery } from './entries-list.js';
import { newEntryHref } from './new-entry-view.js';
import { SEEN_INPUT, seenValue } from './bulk-stamps.js';
import { fill, plural, words } from '../words/panel-words.js';

export const ENTRIES_PATH = '/svc/panel/entries';
export const BULK_PATH = '/svc/panel/entries/bulk';

export interface EntryListView {
  types: ContentType[];
  languages: Array<{ language: string; name: string }>;
  defaultLanguage: string;
  /** The query shown (the defaults when the address asked for something that does not exist). */
  query: EntryListQuery;
  list: EntryListPage;
  authorNames: ReadonlyMap<string, string>;
  timezone: string;
  csrf: string;
  /** May create entries (the New entry button). */
  canCreate: boolean;
  /** May publish (own or everyone's): the bulk Publish and Unpublish buttons. */
  canPublish: boolean;
  /**
   * The version stamp of each row's listed translation, by entry id, carried by the bulk form so Publish and
   * Unpublish act only on what the list showed (bulk-stamps.ts); empty for someone offered neither.
   */
  versions: ReadonlyMap<string, string>;
}

/** The panel address of one entry; ids are `[a-z0-9-]` segments joined by `/`, safe in a path as they are. */
export function entryPageHref(id: string): string {
  return `${ENTRIES_PATH}/${id}`;
}

/** A status in the panel's words ('draft', 'published', 'scheduled'; anything else as it is). */
export function statusName(status: string): string {
  const names = words().entries.status;
  return status === 'draft' || status === 'published' || status === 'scheduled' ? names[status] : status;
}

export function statusLabel(status: string, review: string | null): string {
  return review ? fill(words().entries.status.waiting, { status: statusName(status) }) : statusName(status);
}

function sortLabel(sort: string): string {
  const w = words().entries.list;
  return sort === 'title' ? w.sortTitle : sort === 'status' ? w.sortStatus : w.sortDate;
}

function select(id: string, label: string, options: Array<[value: string, text: string]>, chosen: string): string {
  return `<div class="filter"><label for="${id}">${esc(label)}</label><select id="${id}" name="${id === 'list-language' ? 'language' : id}">${options.map(([value, text]) => `<option value="${esc(value)}"${value === chosen ? ' selected' : ''}>${esc(text)}</option>`).join('')}</select></div>`;
}

function renderFilters(view: EntryListView): string {
  const q = view.query;
  const w = words().entries.list;
  const types = select('type', w.type, view.types.map((type) => [type.key, type.label]), q.type.key);
  const languages = view.languages.length > 1 ? select('list-language', w.language, view.languages.map((l) => [l.language, `${l.name} (${l.language})`]), q.language) : '';
  const statuses = select('status', w.status, STATUS_FILTERS.map((status) => [status, status === 'any' ? w.anyStatus : statusName(status)]), q.status);
  const sorts = select('sort', w.sort, SORTS.map((sort) => [sort, sortLabel(sort)]), q.sort);
  return `<form class="card filters" method="get" action="${ENTRIES_PATH}" role="search" aria-label="${esc(w.find)}" data-live-filter>`
    + `<div class="filter grow"><label for="q">${esc(w.search)}</label><input type="search" id="q" name="q" value="${esc(q.search)}" autocomplete="off" maxlength="200"></div>`
    + `${types}${languages}${statuses}${sorts}<div class="filter"><button type="submit">${esc(w.apply)}</button></div></form>`;
}

function thumbOf(row: EntryListView['list']['rows'][number]): string {
  // Decorative: the title beside it names the entry.
  return row.thumb
    ? `<img class="entry-thumb" src="${esc(row.thumb.url)}" alt="" width="${row.thumb.width}" height="${row.thumb.height}" loading="lazy">`
    : '<span class="entry-thumb" aria-hidden="true"></span>';
}

function renderRows(view: EntryListView): string {
  const q = view.query;
  const w = words().entries.list;
  if (view.list.rows.length === 0) {
    const sentence = q.status === 'any' ? (q.search === '' ? w.empty : w.emptySearch) : (q.search === '' ? w.emptyStatus : w.emptyStatusSearch);
    return `<p class="muted">${esc(fill(sentence, { type: q.type.label.toLowerCase(), status: statusName(q.status), search: q.search }))}</p>`;
  }
  const items = view.list.rows.map((row) => {
    const statuses = row.languages.map((t) => `<span class="tag${t.language === q.language ? ' listed' : ''}">${esc(t.language)}: ${esc(statusLabel(t.status, t.review))}</span>`).join('');
    const author = row.author ? view.authorNames.get(row.author) ?? row.author : w.unknownAuthor;
    const facts = [esc(fill(w.by, { author })), esc(formatSiteDate(row.dateMs, view.timezone)), ...(row.viaMcp ? ['<span class="tag">via: mcp</span>'] : [])].join(' · ');
    const version = view.versions.get(row.id);
    const seen = version === undefined ? '' : `<input type="hidden" name="${SEEN_INPUT}" value="${esc(seenValue(row.id, q.language, version))}">`;
    const pick = `<input type="checkbox" class="pick" name="id" value="${esc(row.id)}" aria-label="${esc(fill(w.choose, { title: row.title }))}">${seen}`;
    return `<li class="entry-row">${thumbOf(row)}<div class="entry-main"><div class="row"><span>${pick} <a class="name" href="${esc(entryPageHref(row.id))}">${esc(row.title)}</a></span><span class="muted">${esc(row.id)}</span></div><div>${statuses}</div><div class="muted">${facts}</div></div></li>`;
  }).join('');
  const publish = view.canPublish
    ? `<button type="submit" name="action" value="publish">${esc(fill(w.publishChosen, { language: q.language }))}</button><button type="submit" name="action" value="unpublish" class="secondary">${esc(fill(w.unpublishChosen, { language: q.language }))}</button>`
    : '';
  const back = entryListParams(q, view.defaultLanguage).toString();
  // Move to the trash goes to "Move to the trash?", which says what each entry holds before anything moves.
  return `<form method="post" action="${BULK_PATH}" aria-label="${esc(w.chosen)}">${csrfField(view.csrf)}<input type="hidden" name="language" value="${esc(q.language)}"><input type="hidden" name="back" value="${esc(back)}">`
    + `<div class="bulk-bar"><label class="check inline" hidden data-pick-all><input type="checkbox"> ${esc(w.chooseAll)}</label>${publish}<button type="submit" name="action" value="trash" class="danger">${esc(w.trashChosen)}</button></div>`
    + `<ul class="list entry-rows">${items}</ul></form>`;
}

function renderPager(view: EntryListView): string {
  const { page, pages, total } = view.list;
  const w = words().entries.list;
  const entries = plural(w.entries, total);
  if (pages <= 1) return `<p class="muted" id="entries-count">${esc(entries)}.</p>`;
  const href = (to: number) => `${ENTRIES_PATH}?${entryListParams({ ...view.query, page: to }, view.defaultLanguage)}`;
  const [earlier, later] = view.query.sort === 'date' ? [w.newer, w.older] : [w.previous, w.next];
  const previous = page > 1 ? `<a href="${esc(href(page - 1))}" rel="prev">${esc(earlier)}</a>` : '';
  const next = page < pages ? `<a href="${esc(href(page + 1))}" rel="next">${esc(later)}</a>` : '';
  const where = fill(w.pageOf, { page, pages, entries });
  return `<nav aria-label="${esc(w.pages)}"><p class="muted" id="entries-count">${esc(where)} ${[previous, next].filter(Boolean).join(' · ')}</p></nav>`;
}

/** The part the script replaces as one types: the rows, the count and the page links. */
export function renderEntryResults(view: EntryListView): string {
  return `<div id="entries-results">${renderRows(view)}${renderPager(view)}</div>`;
}

/** The Content page's body. */
export function renderEntryList(view: EntryListView): string {
  const w = words().entries.list;
  const create = view.canCreate ? `<a class="button" href="${esc(newEntryHref(view.query.type.key))}">${esc(w.newEntry)}</a>` : '';
  return `<div class="page-head"><h1>${esc(w.title)}</h1>${create}</div>${renderFilters(view)}<p class="visually-hidden" role="status" id="entries-status"></p>${renderEntryResults(view)}`;
}
