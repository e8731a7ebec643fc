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
import { fill, words } from '../words/panel-words.js';

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

/** "Waiting for approval (…): answer it under <link>, or publish it here.", the link filled into the escaped word. */
export function waitingLine(review: string): string {
  const { common, entries } = words();
  return `<p>${fill(esc(entries.edit.waiting), { review: esc(review), link: `<a href="/svc/panel/approvals">${esc(common.nav.approvals)}</a>` })}</p>`;
}

function tagsFieldset(view: EditorView, key: string): string {
  const w = words().entries.edit;
  const known = view.knownTags.map((tag) => `<label class="check"><input type="checkbox" name="tag" value="${esc(tag.slug)}"${view.values.tags.includes(tag.slug) ? ' checked' : ''}><span>${esc(tag.title)} <code>${esc(tag.slug)}</code></span></label>`).join('');
  return `<fieldset class="tags"><legend>${esc(w.tags)}</legend>${known}`
    + `<label for="tags-${key}">${esc(known ? w.otherTags : w.tags)} <span class="muted">${esc(w.tagsHint)}</span></label><input type="text" id="tags-${key}" name="tags" value="${esc(view.values.tagsText)}"></fieldset>`;
}

function coverSelect(view: EditorView, key: string): string {
  const w = words().entries.edit;
  const current = view.values.cover;
  const choices = ['', ...new Set([...view.images, ...(current ? [current] : [])])];
  const options = choices.map((reference) => `<option value="${esc(reference)}"${reference === current ? ' selected' : ''}>${esc(reference === '' ? w.noCover : reference.slice(reference.lastIndexOf('/') + 1))}</option>`).join('');
  return `<label for="cover-${key}">${esc(w.cover)} <span class="muted">${esc(w.coverHint)}</span></label><select id="cover-${key}" name="cover">${options}</select>`;
}

/**
 * Publish and Unpublish: buttons of the edit form; what is on the screen is saved first. Approval mode holds
 * back assistants only (content_publish): a person whose role may publish publishes here directly, a
 * pending request included.
 */
function stateButtons(view: EditorView, key: string): string {
  if (!view.publish.allowed) return `<p class="muted">${esc(view.publish.reason)}</p>`;
  const w = words().entries.edit;
  const parts: string[] = [];
  if (view.status === 'draft') {
    if (view.review) parts.push(waitingLine(view.review));
    else if (view.approvalMode) parts.push(`<p class="muted">${esc(w.approvalMode)}</p>`);
    parts.push(`<div class="publish"><label for="at-${key}">${esc(w.publishLater)} <span class="muted">${esc(pickerHint(view.timezone, view.now))}</span></label>`
      + sitePickerInput(`at-${key}`, 'at', view.timezone, view.now)
      + `<button type="submit" formaction="${ENTRIES_PATH}/publish">${esc(w.publish)}</button></div>`);
  }
  if (view.status !== 'draft' || view.review) {
    parts.push(`<button type="submit" formaction="${ENTRIES_PATH}/unpublish" class="secondary">${esc(view.status === 'draft' ? w.withdraw : w.unpublish)}</button>`);
  }
  return parts.join('');
}

export function renderEditor(view: EditorView): string {
  const key = esc(view.language);
  const v = view.values;
  const w = words().entries.edit;
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${esc(value)}">`;
  // The newline after <textarea> keeps a body that starts with a newline: browsers drop the first one.
  // data-editor: the editor's script (toolbar, shortcuts, saving without a reload, autosave, uploads).
  return `<form method="post" action="${ENTRIES_PATH}/save" class="editor" data-guard data-editor data-status="${esc(view.status)}">`
    + `${csrfField(view.csrf)}${hidden('id', view.id)}${hidden('language', view.language)}${hidden('version', v.version)}`
    + '<div class="editor-fields">'
    + `<label for="title-${key}">${esc(w.title)}</label><input type="text" id="title-${key}" name="title" value="${esc(v.title)}" required>`
    + `<label for="body-${key}">${esc(w.text)} <span class="muted">${esc(w.markdown)}</span></label>${renderToolbar(view.language, `body-${view.language}`, view.cards)}<textarea id="body-${key}" name="body" rows="16" data-body>\n${esc(v.body)}</textarea>`
    + renderCardsHelper(view.language, view.cards)
    + `<label for="excerpt-${key}">${esc(w.excerpt)}</label><textarea id="excerpt-${key}" name="excerpt" rows="2">\n${esc(v.excerpt)}</textarea>`
    + `<label for="slug-${key}">${esc(w.slug)} <span class="muted">${esc(fill(w.slugHint, { slug: view.folderSlug }))}</span></label><input type="text" id="slug-${key}" name="slug" value="${esc(v.slug)}" placeholder="${esc(view.folderSlug)}" autocomplete="off">`
    + tagsFieldset(view, key)
    + coverSelect(view, key)
    + renderCategoryFields({ idPrefix: view.language, categories: view.categories, chosen: v.category, texts: v.fields, images: view.images, timezone: view.timezone })
    + '<div class="actions">'
    + `<button type="submit">${esc(w.save)}</button>`
    + `<button type="submit" formaction="${PREVIEW_PATH}" formtarget="_blank" formnovalidate class="secondary" data-preview>${esc(w.previewScreen)}</button>`
    + `<button type="button" class="secondary" data-live-preview hidden aria-pressed="false">${esc(w.livePreview)}</button>`
    + stateButtons(view, key)
    + '</div></div>'
    + `<div class="preview-pane" hidden><iframe name="preview-${key}" title="${esc(fill(w.livePreviewOf, { name: view.languageName, code: view.language }))}"></iframe></div>`
    + '</form>'
    + renderCardDialogs(view.language, `body-${view.language}`, view.cards, view.images);
}
