// HTML of one entry in the panel: per translation its facts (status, address, review, preview), warnings for
// cards in its text, and the edit form when the person may change it (else Publish / Unpublish alone when
// they may do that); then the entry's media, its CSS, and a form to add a missing language.
import type { EntryStatus } from '../../content/entries/types.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { pickerHint, sitePickerInput } from '../site-time.js';
import type { CardWarning } from '../../content/cards.js';
import { renderCardWarnings } from './entry-cards-view.js';
import { renderEditor, type EditorView } from './entry-editor-view.js';
import { renderMediaSection, type MediaView } from './entry-media-view.js';
import { renderStyleSection, type StyleView } from './entry-style-view.js';
import type { EditValues } from './edit-values.js';
import type { Decision } from './decision.js';
import { ENTRIES_PATH, statusLabel } from './entries-list-view.js';
import { DELETE_PATH } from './delete-view.js';


export interface TranslationView {
  title: string;
  status: EntryStatus;
  review: string | null;
  published: string | null;
  url: string;
  authorName: string;
  viaMcp: boolean;
  edit: Decision;
  previewHref: string;
  cardWarnings: CardWarning[];
  /** The edit form (values, rights to publish, cards...). */
  editor: EditorView;
  /** The saved text, shown beside the form after a save from an older page was refused. */
  savedBody: string | null;
  /** The request for approval was sent back with this note (until it is asked again, published or withdrawn). */
  sentBack: { personName: string; time: string; note: string } | null;
}

export interface EntryPageView {
  csrf: string;
  id: string;
  typeLabel: string;
  title: string;
  translations: TranslationView[];
  media: MediaView;
  style: StyleView;
  /** The languages the entry lacks and the add form's values, or null when none may be added. */
  add: { languages: Array<{ language: string; name: string }>; values: EditValues } | null;
  /** Whether this person may change every translation, and so move the entry to the trash. */
  mayDelete: boolean;
  translationCount: number;
  /** The Share preview section (panel/preview-links/), drawn by its own module. */
  share?: string;
}

function deleteHref(id: string, more: Record<string, string> = {}): string {
  return `${DELETE_PATH}?${new URLSearchParams({ id, ...more })}`;
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${name}" value="${esc(value)}">`;
}

function actionForm(view: EntryPageView, language: string, action: string, label: string, extra = '', className = ''): string {
  return `<form method="post" action="${ENTRIES_PATH}/${action}">${csrfField(view.csrf)}${hidden('id', view.id)}${hidden('language', language)}${extra}<button type="submit"${className ? ` class="${className}"` : ''}>${esc(label)}</button></form>`;
}

/** For someone who may publish but not edit: Publish / Unpublish as forms of their own. */
function renderStateForms(view: EntryPageView, t: TranslationView): string {
  const e = t.editor;
  if (!e.publish.allowed) return `<p class="muted">${esc(e.publish.reason)}</p>`;
  const parts: string[] = [];
  if (t.status === 'draft') {
    if (t.review) parts.push(`<p>Waiting for approval (${esc(t.review)}): answer it under <a href="/svc/panel/approvals">Waiting for approval</a>, or publish it here.</p>`);
    const at = `<label for="at-${esc(e.language)}">Publish later <span class="muted">${esc(pickerHint(e.timezone, e.now))}</span></label>${sitePickerInput(`at-${esc(e.language)}`, 'at', e.timezone, e.now)}`;
    parts.push(actionForm(view, e.language, 'publish', 'Publish', at));
  }
  if (t.status !== 'draft' || t.review) parts.push(actionForm(view, e.language, 'unpublish', t.status === 'draft' ? 'Withdraw the request' : 'Unpublish', '', 'secondary'));
  return parts.join('');
}

function renderTranslation(view: EntryPageView, t: TranslationView): string {
  const e = t.editor;
  const address = t.status === 'published'
    ? `<a href="${esc(t.url)}">${esc(t.url)}</a>`
    : `${esc(t.url)} <span class="muted">(not public while ${esc(t.status)})</span>`;
  const facts = [
    ['Title', esc(t.title)],
    ['Status', esc(statusLabel(t.status, t.review))],
    ...(t.published ? [['Published', esc(t.published)]] : []),
    ['Address', address],
    ['Review', t.review ? esc(t.review) : 'none'],
    ['Author', esc(t.authorName)],
    ...(t.viaMcp ? [['Created', 'by an assistant (via: mcp)']] : []),
    ['Preview', `<a href="${esc(t.previewHref)}">Open the preview</a> <span class="muted">(as saved; only for the team)</span>`],
  ].map(([term, detail]) => `<dt>${term}</dt><dd>${detail}</dd>`).join('');
  const sentBack = t.sentBack === null ? ''
    : `<div class="notice warn sent-back"><p><strong>Sent back</strong> by ${esc(t.sentBack.personName)} at ${esc(t.sentBack.time)}:</p><p>${esc(t.sentBack.note).replaceAll('\n', '<br>')}</p></div>`;
  const saved = t.savedBody === null ? ''
    : `<details class="saved-text" open><summary>The text as it is saved now</summary><pre>${esc(t.savedBody)}</pre></details>`;
  const work = t.edit.allowed ? renderEditor(e) : `<p class="muted">${esc(t.edit.reason)}</p>${renderStateForms(view, t)}`;
  const remove = t.edit.allowed && view.translationCount > 1 ? `<p class="muted"><a href="${esc(deleteHref(view.id, { language: e.language }))}">Delete this translation…</a></p>` : '';
  return `<section class="card translation" id="lang-${esc(e.language)}"><h2>${esc(e.languageName)} (${esc(e.language)})</h2><dl class="facts">${facts}</dl>${sentBack}${renderCardWarnings(t.cardWarnings)}${saved}${work}${remove}</section>`;
}

function renderAddForm(view: EntryPageView): string {
  if (!view.add) return '';
  const v = view.add.values;
  const options = view.add.languages.map((l) => `<option value="${esc(l.language)}">${esc(l.name)} (${esc(l.language)})</option>`).join('');
  return `<section class="card" id="add"><h2>Add a translation</h2><form method="post" action="${ENTRIES_PATH}/add-translation" data-guard>${csrfField(view.csrf)}${hidden('id', view.id)}`
    + `<label for="add-language">Language</label><select id="add-language" name="language">${options}</select>`
    + `<label for="add-title">Title</label><input type="text" id="add-title" name="title" value="${esc(v.title)}" required>`
    + `<label for="add-body">Text <span class="muted">(Markdown)</span></label><textarea id="add-body" name="body" rows="10" data-body>\n${esc(v.body)}</textarea>`
    + `<label for="add-excerpt">Excerpt</label><input type="text" id="add-excerpt" name="excerpt" value="${esc(v.excerpt)}">`
    + `<label for="add-tags">Tags <span class="muted">(slugs separated by commas)</span></label><input type="text" id="add-tags" name="tags" value="${esc(v.tagsText)}">`
    + '<button type="submit">Add as a draft</button></form></section>';
}

/** The entry page's body. */
export function renderEntryPage(view: EntryPageView): string {
  const history = `/svc/panel/history?id=${encodeURIComponent(view.id)}`;
  const versions = `/svc/panel/revisions?${new URLSearchParams({ id: view.id })}`;
  const remove = view.mayDelete ? ` · <a href="${esc(deleteHref(view.id))}">Move to the trash…</a>` : '';
  return `<h1>${esc(view.title)}</h1><p class="muted">${esc(view.typeLabel)} · ${esc(view.id)} · <a href="${esc(history)}">History</a> · <a href="${esc(versions)}">Earlier versions</a> · <a href="${ENTRIES_PATH}">All content</a>${remove}</p>`
    + view.translations.map((t) => renderTranslation(view, t)).join('') + renderMediaSection(view.media) + renderStyleSection(view.style) + (view.share ?? '') + renderAddForm(view);
}
