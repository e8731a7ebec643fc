// HTML of the panel's Content list: a type selector and status filter (a plain GET form, no script), the
// rows, and page links.
import type { CategoryDefinition, ContentType } from '../../content/entries/types.js';
import type { FieldTexts } from './category-fields.js';
import { renderCategoryFields } from './category-fields-view.js';
import { formatSiteDate } from '../../lib/time-zone.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { STATUS_FILTERS, type EntryListPage, type StatusFilter } from './entries-list.js';

export const ENTRIES_PATH = '/svc/panel/entries';

export interface EntryListView {
  types: ContentType[];
  /** The chosen type and status (the defaults when the address asked for something that does not exist). */
  type: ContentType;
  status: StatusFilter;
  list: EntryListPage;
  authorNames: ReadonlyMap<string, string>;
  timezone: string;
  /** The New entry form, or null when this person may not create entries of the type. */
  create: NewEntryForm | null;
}

/** What the New entry form shows: the site's languages, and the values typed (or the defaults). */
export interface NewEntryForm {
  csrf: string;
  languages: Array<{ language: string; name: string }>;
  values: NewEntryValues;
  /** Pages a new page may go under (pages only). */
  parents: Array<{ id: string; title: string }>;
  /** The site's categories (posts only). */
  categories: CategoryDefinition[];
  timezone: string;
}

export interface NewEntryValues {
  title: string;
  language: string;
  slug: string;
  /** The parent page's id, or '' for a top-level page. */
  parent: string;
  category: string;
  fields: FieldTexts;
  tags: string;
}

/** The panel address of one entry; ids are `[a-z0-9-]` segments joined by `/`, safe in a path as they are. */
export function entryPageHref(id: string): string {
  return `${ENTRIES_PATH}/${id}`;
}

function listHref(type: string, status: string, page: number): string {
  const params = new URLSearchParams({ type });
  if (status !== 'any') params.set('status', status);
  if (page > 1) params.set('page', String(page));
  return `${ENTRIES_PATH}?${params}`;
}

export function statusLabel(status: string, review: string | null): string {
  return review ? `${status}, waiting for approval` : status;
}

function renderFilters(view: EntryListView): string {
  const types = view.types.map((type) => `<option value="${esc(type.key)}"${type.key === view.type.key ? ' selected' : ''}>${esc(type.label)}</option>`).join('');
  const statuses = STATUS_FILTERS.map((status) => `<option value="${status}"${status === view.status ? ' selected' : ''}>${status === 'any' ? 'Any status' : status}</option>`).join('');
  return `<form class="card" method="get" action="${ENTRIES_PATH}"><label for="type">Type</label><select id="type" name="type">${types}</select><label for="status">Status</label><select id="status" name="status">${statuses}</select><button type="submit">Show</button></form>`;
}

function renderRows(view: EntryListView): string {
  if (view.list.rows.length === 0) return `<p class="muted">No ${esc(view.type.label.toLowerCase())} to show${view.status === 'any' ? '' : ` with status ${esc(view.status)}`}.</p>`;
  const items = view.list.rows.map((row) => {
    const statuses = row.languages.map((t) => `<span class="tag">${esc(t.language)}: ${esc(statusLabel(t.status, t.review))}</span>`).join('');
    const author = row.author ? view.authorNames.get(row.author) ?? row.author : 'unknown';
    const facts = [`by ${esc(author)}`, esc(formatSiteDate(row.dateMs, view.timezone)), ...(row.viaMcp ? ['<span class="tag">via: mcp</span>'] : [])].join(' · ');
    const pick = `<input type="checkbox" class="pick" name="id" value="${esc(row.id)}" aria-label="Choose ${esc(row.title)}">`;
    return `<li><div class="row"><span>${pick} <a class="name" href="${esc(entryPageHref(row.id))}">${esc(row.title)}</a></span><span class="muted">${esc(row.id)}</span></div><div>${statuses}</div><div class="muted">${facts}</div></li>`;
  }).join('');
  // Bulk delete: the chosen entries go to "Move to the trash?", which says what each holds before anything moves.
  return `<form method="get" action="${ENTRIES_PATH}/delete" aria-label="Choose entries to delete"><ul class="list">${items}</ul><button type="submit" class="danger">Move the chosen entries to the trash…</button></form>`;
}

function renderPager(view: EntryListView): string {
  const { page, pages, total } = view.list;
  if (pages <= 1) return `<p class="muted">${total} ${total === 1 ? 'entry' : 'entries'}.</p>`;
  const previous = page > 1 ? `<a href="${esc(listHref(view.type.key, view.status, page - 1))}" rel="prev">Newer</a>` : '';
  const next = page < pages ? `<a href="${esc(listHref(view.type.key, view.status, page + 1))}" rel="next">Older</a>` : '';
  return `<p class="muted">Page ${page} of ${pages} (${total} entries). ${[previous, next].filter(Boolean).join(' · ')}</p>`;
}

function renderParent(form: NewEntryForm): string {
  if (form.parents.length === 0) return '';
  const options = [{ id: '', title: '(none: a top-level page)' }, ...form.parents]
    .map((page) => `<option value="${esc(page.id)}"${page.id === form.values.parent ? ' selected' : ''}>${esc(page.id === '' ? page.title : `${page.title} (${page.id})`)}</option>`).join('');
  return `<label for="new-parent">Parent page</label><select id="new-parent" name="parent">${options}</select>`;
}

function renderNewEntry(view: EntryListView): string {
  const form = view.create;
  if (!form) return '';
  const v = form.values;
  const options = form.languages.map((l) => `<option value="${esc(l.language)}"${l.language === v.language ? ' selected' : ''}>${esc(l.name)} (${esc(l.language)})</option>`).join('');
  return `<section class="card" id="new"><h2>New entry</h2><form method="post" action="${ENTRIES_PATH}/new" data-guard>${csrfField(form.csrf)}<input type="hidden" name="type" value="${esc(view.type.key)}">`
    + `<label for="new-title">Title</label><input type="text" id="new-title" name="title" value="${esc(v.title)}" required>`
    + `<label for="new-language">Language</label><select id="new-language" name="language">${options}</select>`
    + `<label for="new-slug">Slug <span class="muted">(optional; made from the title when empty)</span></label><input type="text" id="new-slug" name="slug" value="${esc(v.slug)}" autocomplete="off">`
    + renderParent(form)
    + (view.type.key === 'tag' ? '' : `<label for="new-tags">Tags <span class="muted">(optional; slugs separated by commas)</span></label><input type="text" id="new-tags" name="tags" value="${esc(v.tags)}">`)
    + renderCategoryFields({ idPrefix: 'new', categories: form.categories, chosen: v.category, texts: v.fields, images: [], timezone: form.timezone })
    + `<button type="submit">Create a draft</button></form></section>`;
}

/** The Content page's body. */
export function renderEntryList(view: EntryListView): string {
  return `<h1>Content</h1>${renderFilters(view)}${renderNewEntry(view)}${renderRows(view)}${renderPager(view)}`;
}
