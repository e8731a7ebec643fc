// HTML of one entry in the panel: per translation its facts (status, address, review, preview), warnings for
// cards in its text, and the edit form when the person may change it (else Publish / Unpublish alone when
// they may do that); then the entry's media, its CSS, and a form to add a missing language.
import type { EntryStatus } from '../../content/entries/types.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { pickerHint, sitePickerInput } from '../site-time.js';
import type { CardWarning } from '../../content/cards.js';
import { renderCardWarnings } from './entry-cards-view.js';
import { renderEditor, waitingLine, type EditorView } from './entry-editor-view.js';
import { renderMediaSection, type MediaView } from './entry-media-view.js';
import { renderStyleSection, type StyleView } from './entry-style-view.js';
import type { EditValues } from './edit-values.js';
import type { Decision } from './decision.js';
import { ENTRIES_PATH, statusLabel, statusName } from './entries-list-view.js';
import { DELETE_PATH } from './delete-view.js';
import { fill, words } from '../words/panel-words.js';


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
  const w = words().entries.edit;
  const parts: string[] = [];
  if (t.status === 'draft') {
    if (t.review) parts.push(waitingLine(t.review));
    const at = `<label for="at-${esc(e.language)}">${esc(w.publishLater)} <span class="muted">${esc(pickerHint(e.timezone, e.now))}</span></label>${sitePickerInput(`at-${esc(e.language)}`, 'at', e.timezone, e.now)}`;
    parts.push(actionForm(view, e.language, 'publish', w.publish, at));
  }
  if (t.status !== 'draft' || t.review) parts.push(actionForm(view, e.language, 'unpublish', t.status === 'draft' ? w.withdraw : w.unpublish, '', 'secondary'));
  return parts.join('');
}

function renderTranslation(view: EntryPageView, t: TranslationView): string {
  const e = t.editor;
  const w = words().entries.entry;
  const address = t.status === 'published'
    ? `<a href="${esc(t.url)}">${esc(t.url)}</a>`
    : `${esc(t.url)} <span class="muted">${esc(fill(w.notPublic, { status: statusName(t.status) }))}</span>`;
  const facts = [
    [w.title, esc(t.title)],
    [w.status, esc(statusLabel(t.status, t.review))],
    ...(t.published ? [[w.published, esc(t.published)]] : []),
    [w.address, address],
    [w.review, t.review ? esc(t.review) : esc(w.noReview)],
    [w.author, esc(t.authorName)],
    ...(t.viaMcp ? [[w.created, esc(w.byAssistant)]] : []),
    [w.preview, `<a href="${esc(t.previewHref)}">${esc(w.openPreview)}</a> <span class="muted">${esc(w.previewHint)}</span>`],
  ].map(([term, detail]) => `<dt>${esc(term!)}</dt><dd>${detail}</dd>`).join('');
  // {sentBack} is the bold "Sent back", filled into the escaped word with the person and the time.
  const sentBack = t.sentBack === null ? ''
    : `<div class="notice warn sent-back"><p>${fill(esc(w.sentBackBy), { sentBack: `<strong>${esc(w.sentBack)}</strong>`, person: esc(t.sentBack.personName), time: esc(t.sentBack.time) })}</p><p>${esc(t.sentBack.note).replaceAll('\n', '<br>')}</p></div>`;
  const saved = t.savedBody === null ? ''
    : `<details class="saved-text" open><summary>${esc(w.savedText)}</summary><pre>${esc(t.savedBody)}</pre></details>`;
  const work = t.edit.allowed ? renderEditor(e) : `<p class="muted">${esc(t.edit.reason)}</p>${renderStateForms(view, t)}`;
  const remove = t.edit.allowed && view.translationCount > 1 ? `<p class="muted"><a href="${esc(deleteHref(view.id, { language: e.language }))}">${esc(w.deleteTranslation)}</a></p>` : '';
  return `<section class="card translation" id="lang-${esc(e.language)}"><h2>${esc(e.languageName)} (${esc(e.language)})</h2><dl class="facts">${facts}</dl>${sentBack}${renderCardWarnings(t.cardWarnings)}${saved}${work}${remove}</section>`;
}

function renderAddForm(view: EntryPageView): string {
  if (!view.add) return '';
  const v = view.add.values;
  const w = words().entries.entry;
  const options = view.add.languages.map((l) => `<option value="${esc(l.language)}">${esc(l.name)} (${esc(l.language)})</option>`).join('');
  return `<section class="card" id="add"><h2>${esc(w.addHeading)}</h2><form method="post" action="${ENTRIES_PATH}/add-translation" data-guard>${csrfField(view.csrf)}${hidden('id', view.id)}`
    + `<label for="add-language">${esc(w.language)}</label><select id="add-language" name="language">${options}</select>`
    + `<label for="add-title">${esc(w.title)}</label><input type="text" id="add-title" name="title" value="${esc(v.title)}" required>`
    + `<label for="add-body">${esc(w.text)} <span class="muted">${esc(w.markdown)}</span></label><textarea id="add-body" name="body" rows="10" data-body>\n${esc(v.body)}</textarea>`
    + `<label for="add-excerpt">${esc(w.excerpt)}</label><input type="text" id="add-excerpt" name="excerpt" value="${esc(v.excerpt)}">`
    + `<label for="add-tags">${esc(w.tags)} <span class="muted">${esc(w.tagsHint)}</span></label><input type="text" id="add-tags" name="tags" value="${esc(v.tagsText)}">`
    + `<button type="submit">${esc(w.add)}</button></form></section>`;
}

/** The entry page's body. */
export function renderEntryPage(view: EntryPageView): string {
  const history = `/svc/panel/history?id=${encodeURIComponent(view.id)}`;
  const versions = `/svc/panel/revisions?${new URLSearchParams({ id: view.id })}`;
  const w = words().entries.entry;
  const remove = view.mayDelete ? ` · <a href="${esc(deleteHref(view.id))}">${esc(w.trash)}</a>` : '';
  return `<h1>${esc(view.title)}</h1><p class="muted">${esc(view.typeLabel)} · ${esc(view.id)} · <a href="${esc(history)}">${esc(w.history)}</a> · <a href="${esc(versions)}">${esc(w.versions)}</a> · <a href="${ENTRIES_PATH}">${esc(w.allContent)}</a>${remove}</p>`
    + view.translations.map((t) => renderTranslation(view, t)).join('') + renderMediaSection(view.media) + renderStyleSection(view.style) + (view.share ?? '') + renderAddForm(view);
}
