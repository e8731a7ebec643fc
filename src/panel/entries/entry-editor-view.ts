// HTML of one translation's edit form: every field a tool can set (title, text, excerpt, slug, tags, cover,
// category and its fields), the cards helper, and the buttons. Publish and Unpublish are buttons of this
// same form (formaction), so what is on the screen is sent with them and saved first: nothing typed is lost.
// The version stamp of the file travels with the form; a save from an older page is refused.
import type { Card } from '../../content/cards.js';
import type { CategoryDefinition } from '../../content/entries/types.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { pickerHint, sitePickerInput } from '../site-time.js';
import { renderCategoryFields } from './category-fields-view.js';
import { renderCardsHelper } from './entry-cards-view.js';
import { renderCardDialogs, renderToolbar } from '../editor/toolbar-view.js';
import type { EditValues } from './edit-values.js';
import { ENTRIES_PATH } from './entries-list-view.js';
import type { Decision } from './decision.js';

export const PREVIEW_PATH = '/svc/panel/preview';

export interface EditorView {
  csrf: string;
  id: string;
  language: string;
  languageName: string;
  status: string;
  review: string | null;
  values: EditValues;
  publish: Decision;
  approvalMode: boolean;
  timezone: string;
  /** Now (the server's clock): the publish-later picker offers no earlier time. */
  now: number;
  /** The slug the address has without a `slug` field (the entry's folder). */
  folderSlug: string;
  knownTags: Array<{ slug: string; title: string }>;
  /** References of the entry's images (for the cover and image fields). */
  images: string[];
  /** Posts only; empty for other types. */
  categories: CategoryDefinition[];
  cards: Card[];
}

function tagsFieldset(view: EditorView, key: string): string {
  const known = view.knownTags.map((tag) => `<label class="check"><input type="checkbox" name="tag" value="${esc(tag.slug)}"${view.values.tags.includes(tag.slug) ? ' checked' : ''}><span>${esc(tag.title)} <code>${esc(tag.slug)}</code></span></label>`).join('');
  return `<fieldset class="tags"><legend>Tags</legend>${known}`
    + `<label for="tags-${key}">${known ? 'Other tags' : 'Tags'} <span class="muted">(slugs separated by commas, like travel, news; new ones are allowed)</span></label><input type="text" id="tags-${key}" name="tags" value="${esc(view.values.tagsText)}"></fieldset>`;
}

function coverSelect(view: EditorView, key: string): string {
  const current = view.values.cover;
  const choices = ['', ...new Set([...view.images, ...(current ? [current] : [])])];
  const options = choices.map((reference) => `<option value="${esc(reference)}"${reference === current ? ' selected' : ''}>${esc(reference === '' ? '(no cover)' : reference.slice(reference.lastIndexOf('/') + 1))}</option>`).join('');
  return `<label for="cover-${key}">Cover image <span class="muted">(from the entry's media below)</span></label><select id="cover-${key}" name="cover">${options}</select>`;
}

/**
 * Publish and Unpublish: buttons of the edit form; what is on the screen is saved first. Approval mode holds
 * back assistants only (content_publish): a person whose role may publish publishes here directly, a
 * pending request included.
 */
function stateButtons(view: EditorView, key: string): string {
  if (!view.publish.allowed) return `<p class="muted">${esc(view.publish.reason)}</p>`;
  const parts: string[] = [];
  if (view.status === 'draft') {
    if (view.review) parts.push(`<p>Waiting for approval (${esc(view.review)}): answer it under <a href="/svc/panel/approvals">Waiting for approval</a>, or publish it here.</p>`);
    else if (view.approvalMode) parts.push('<p class="muted">Approval mode holds back what assistants publish; your role publishes directly.</p>');
    parts.push(`<div class="publish"><label for="at-${key}">Publish later <span class="muted">${esc(pickerHint(view.timezone, view.now))}</span></label>`
      + sitePickerInput(`at-${key}`, 'at', view.timezone, view.now)
      + `<button type="submit" formaction="${ENTRIES_PATH}/publish">Publish</button></div>`);
  }
  if (view.status !== 'draft' || view.review) {
    parts.push(`<button type="submit" formaction="${ENTRIES_PATH}/unpublish" class="secondary">${view.status === 'draft' ? 'Withdraw the request' : 'Unpublish'}</button>`);
  }
  return parts.join('');
}

export function renderEditor(view: EditorView): string {
  const key = esc(view.language);
  const v = view.values;
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${esc(value)}">`;
  // The newline after <textarea> keeps a body that starts with a newline: browsers drop the first one.
  // data-editor: the editor's script (toolbar, shortcuts, saving without a reload, autosave, uploads).
  return `<form method="post" action="${ENTRIES_PATH}/save" class="editor" data-guard data-editor data-status="${esc(view.status)}">`
    + `${csrfField(view.csrf)}${hidden('id', view.id)}${hidden('language', view.language)}${hidden('version', v.version)}`
    + '<div class="editor-fields">'
    + `<label for="title-${key}">Title</label><input type="text" id="title-${key}" name="title" value="${esc(v.title)}" required>`
    + `<label for="body-${key}">Text <span class="muted">(Markdown)</span></label>${renderToolbar(view.language, `body-${view.language}`, view.cards)}<textarea id="body-${key}" name="body" rows="16" data-body>\n${esc(v.body)}</textarea>`
    + renderCardsHelper(view.language, view.cards)
    + `<label for="excerpt-${key}">Excerpt</label><textarea id="excerpt-${key}" name="excerpt" rows="2">\n${esc(v.excerpt)}</textarea>`
    + `<label for="slug-${key}">Slug <span class="muted">(the last part of the address; empty: ${esc(view.folderSlug)})</span></label><input type="text" id="slug-${key}" name="slug" value="${esc(v.slug)}" placeholder="${esc(view.folderSlug)}" autocomplete="off">`
    + tagsFieldset(view, key)
    + coverSelect(view, key)
    + renderCategoryFields({ idPrefix: view.language, categories: view.categories, chosen: v.category, texts: v.fields, images: view.images, timezone: view.timezone })
    + '<div class="actions">'
    + `<button type="submit">Save</button>`
    + `<button type="submit" formaction="${PREVIEW_PATH}" formtarget="_blank" formnovalidate class="secondary" data-preview>Preview what is on the screen</button>`
    + `<button type="button" class="secondary" data-live-preview hidden aria-pressed="false">Live preview</button>`
    + stateButtons(view, key)
    + '</div></div>'
    + `<div class="preview-pane" hidden><iframe name="preview-${key}" title="Live preview of ${esc(view.languageName)} (${key})"></iframe></div>`
    + '</form>'
    + renderCardDialogs(view.language, `body-${view.language}`, view.cards, view.images);
}
