// HTML of a post's category and its fields, for the entry's edit form and the New entry form. Every
// category's fields are in the form (without the script a person picks the category and fills its fields
// in one go); the script shows only the chosen one's. Required fields are marked in words, not with the
// `required` attribute: a browser would then refuse to send the form for a category that was not chosen.
import type { CategoryDefinition, FieldDefinition } from '../../content/entries/types.js';
import { esc } from '../html.js';
import { fieldInputName, type FieldTexts } from './category-fields.js';
import { fill, words } from '../words/panel-words.js';

export interface CategoryFieldsView {
  /** Unique per form on the page (`en`, `new`), for the inputs' ids. */
  idPrefix: string;
  categories: CategoryDefinition[];
  chosen: string;
  texts: FieldTexts;
  /** References of the entry's images, offered for image fields (none yet for a new entry). */
  images: string[];
  timezone: string;
}

function input(view: CategoryFieldsView, category: CategoryDefinition, key: string, definition: FieldDefinition): string {
  const id = `${view.idPrefix}-${category.key}-${key}`;
  const name = fieldInputName(category.key, key);
  const value = view.texts[`${category.key}:${key}`] ?? '';
  const w = words().entries.fields;
  const label = (hint = '') => `<label for="${esc(id)}">${esc(definition.label)}${definition.required ? ` <span class="required">${esc(w.required)}</span>` : ''}${hint ? ` <span class="muted">${esc(hint)}</span>` : ''}</label>`;
  const attributes = `id="${esc(id)}" name="${esc(name)}"${definition.required ? ' aria-required="true"' : ''}`;
  switch (definition.type) {
    case 'time':
      return `${label(`(${view.timezone})`)}<input type="datetime-local" ${attributes} value="${esc(value)}">`;
    case 'date':
      return `${label()}<input type="date" ${attributes} value="${esc(value)}">`;
    case 'number':
      return `${label()}<input type="number" step="any" ${attributes} value="${esc(value)}">`;
    case 'url':
      return `${label()}<input type="url" ${attributes} value="${esc(value)}" placeholder="https://">`;
    case 'textarea':
      return `${label()}<textarea ${attributes} rows="3">\n${esc(value)}</textarea>`;
    case 'boolean':
      return `<input type="hidden" name="${esc(name)}" value="false"><label class="check"><input type="checkbox" ${attributes} value="true"${value === 'true' ? ' checked' : ''}><span>${esc(definition.label)}</span></label>`;
    case 'select':
      return `${label()}<select ${attributes}>${options(['', ...(definition.options ?? [])], value, w.none)}</select>`;
    case 'image':
      return view.images.length > 0 || value !== ''
        ? `${label()}<select ${attributes}>${options(['', ...new Set([...view.images, ...(value ? [value] : [])])], value, w.noImage)}</select>`
        : `${label(w.imageHint)}<input type="text" ${attributes} value="${esc(value)}">`;
    default:
      return `${label()}<input type="text" ${attributes} value="${esc(value)}">`;
  }
}

function options(values: string[], chosen: string, emptyLabel: string): string {
  return values.map((value) => `<option value="${esc(value)}"${value === chosen ? ' selected' : ''}>${esc(value === '' ? emptyLabel : value)}</option>`).join('');
}

/** The category select and one fieldset per category that has fields. */
export function renderCategoryFields(view: CategoryFieldsView): string {
  if (view.categories.length === 0) return '';
  const id = `${view.idPrefix}-category`;
  const w = words().entries.fields;
  const choices = [`<option value=""${view.chosen === '' ? ' selected' : ''}>${esc(w.none)}</option>`,
    ...view.categories.map((category) => `<option value="${esc(category.key)}"${category.key === view.chosen ? ' selected' : ''}>${esc(category.label)}</option>`)].join('');
  const fieldsets = view.categories.filter((category) => Object.keys(category.fields).length > 0).map((category) =>
    `<fieldset class="category-fields" data-category="${esc(category.key)}"><legend>${esc(fill(w.legend, { category: category.label }))}</legend>`
    + Object.entries(category.fields).map(([key, definition]) => input(view, category, key, definition)).join('')
    + '</fieldset>').join('');
  return `<label for="${esc(id)}">${esc(w.category)}</label><select id="${esc(id)}" name="category" data-category-select>${choices}</select>${fieldsets}`;
}
