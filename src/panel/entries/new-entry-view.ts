// The New entry page: its own page, reached from the Content list's "New entry" button, so the list is the
// list. A plain form (no script needed); after a refusal it shows again with what was typed.
import type { CategoryDefinition, ContentType } from '../../content/entries/types.js';
import type { FieldTexts } from './category-fields.js';
import { renderCategoryFields } from './category-fields-view.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { fill, words } from '../words/panel-words.js';

export const NEW_ENTRY_PATH = '/svc/panel/entries/new';

/** What the New entry form shows: the site's languages, and the values typed (or the defaults). */
export interface NewEntryForm {
  csrf: string;
  types: ContentType[];
  type: ContentType;
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

/** The address of the New entry page for a type. */
export function newEntryHref(type: string): string {
  return `${NEW_ENTRY_PATH}?${new URLSearchParams({ type })}`;
}

function renderParent(form: NewEntryForm): string {
  if (form.parents.length === 0) return '';
  const w = words().entries.newEntry;
  const options = [{ id: '', title: w.noParent }, ...form.parents]
    .map((page) => `<option value="${esc(page.id)}"${page.id === form.values.parent ? ' selected' : ''}>${esc(page.id === '' ? page.title : `${page.title} (${page.id})`)}</option>`).join('');
  return `<label for="new-parent">${esc(w.parent)}</label><select id="new-parent" name="parent">${options}</select>`;
}

/** Links to the New entry page of each other type (the form's fields depend on the type). */
function otherTypes(form: NewEntryForm): string {
  const others = form.types.filter((type) => type.key !== form.type.key);
  if (others.length === 0) return '';
  return `<p class="muted">${esc(words().entries.newEntry.somethingElse)} ${others.map((type) => `<a href="${esc(newEntryHref(type.key))}">${esc(type.label)}</a>`).join(' · ')}</p>`;
}

/** The New entry page's body. */
export function renderNewEntry(form: NewEntryForm): string {
  const v = form.values;
  const w = words().entries.newEntry;
  const options = form.languages.map((l) => `<option value="${esc(l.language)}"${l.language === v.language ? ' selected' : ''}>${esc(l.name)} (${esc(l.language)})</option>`).join('');
  return `<h1>${esc(fill(w.title, { type: form.type.label }))}</h1>${otherTypes(form)}<section class="card" id="new"><form method="post" action="${NEW_ENTRY_PATH}" data-guard>${csrfField(form.csrf)}<input type="hidden" name="type" value="${esc(form.type.key)}">`
    + `<label for="new-title">${esc(w.titleLabel)}</label><input type="text" id="new-title" name="title" value="${esc(v.title)}" required>`
    + `<label for="new-language">${esc(w.language)}</label><select id="new-language" name="language">${options}</select>`
    + `<label for="new-slug">${esc(w.slug)} <span class="muted">${esc(w.slugHint)}</span></label><input type="text" id="new-slug" name="slug" value="${esc(v.slug)}" autocomplete="off">`
    + renderParent(form)
    + (form.type.key === 'tag' ? '' : `<label for="new-tags">${esc(w.tags)} <span class="muted">${esc(w.tagsHint)}</span></label><input type="text" id="new-tags" name="tags" value="${esc(v.tags)}">`)
    + renderCategoryFields({ idPrefix: 'new', categories: form.categories, chosen: v.category, texts: v.fields, images: [], timezone: form.timezone })
    + `<button type="submit">${esc(w.create)}</button></form></section>`;
}
