// HTML of one entry in the panel: per translation its facts (status, address, review), Publish / Unpublish
// when the person has the right, and an edit form (title, body, excerpt, tags) when they may edit it.
import type { EntryStatus } from '../../content/types.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { ENTRIES_PATH, statusLabel } from './entries-list-view.js';

export type Decision = { allowed: true } | { allowed: false; reason: string };

/** What the edit form shows: the file's values, or what the person sent when saving failed. */
export interface EditValues {
  title: string;
  body: string;
  excerpt: string;
  tags: string;
}

export interface TranslationView {
  language: string;
  languageName: string;
  title: string;
  status: EntryStatus;
  review: string | null;
  published: string | null;
  url: string;
  authorName: string;
  viaMcp: boolean;
  edit: Decision;
  publish: Decision;
  values: EditValues;
}

export interface EntryPageView {
  csrf: string;
  id: string;
  typeLabel: string;
  title: string;
  approvalMode: boolean;
  translations: TranslationView[];
  /** The languages the entry lacks and the add form's values, or null when none may be added. */
  add: { languages: Array<{ language: string; name: string }>; values: EditValues } | null;
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${name}" value="${esc(value)}">`;
}

function actionForm(view: EntryPageView, t: TranslationView, action: string, label: string, extra = '', className = ''): string {
  return `<form method="post" action="${ENTRIES_PATH}/${action}">${csrfField(view.csrf)}${hidden('id', view.id)}${hidden('language', t.language)}${extra}<button type="submit"${className ? ` class="${className}"` : ''}>${esc(label)}</button></form>`;
}

/** Publish / Unpublish (or, in approval mode, the way to Waiting for approval). */
function renderStateActions(view: EntryPageView, t: TranslationView): string {
  if (!t.publish.allowed) return `<p class="muted">${esc(t.publish.reason)}</p>`;
  const parts: string[] = [];
  if (t.status === 'draft' && view.approvalMode) {
    parts.push(t.review
      ? `<p>Waiting for approval (${esc(t.review)}): publish it under <a href="/svc/panel/approvals">Waiting for approval</a>.</p>`
      : `<p class="muted">Approval mode is on: drafts are published under <a href="/svc/panel/approvals">Waiting for approval</a>.</p>${actionForm(view, t, 'publish', 'Ask for approval', '', 'secondary')}`);
  } else if (t.status === 'draft') {
    const at = `<label for="at-${esc(t.language)}">Publish later (optional, YYYY-MM-DD HH:MM)</label><input type="text" id="at-${esc(t.language)}" name="at" inputmode="numeric" placeholder="2026-05-01 19:30">`;
    parts.push(actionForm(view, t, 'publish', 'Publish', at));
  }
  if (t.status !== 'draft' || t.review) {
    parts.push(actionForm(view, t, 'unpublish', t.status === 'draft' ? 'Withdraw the request' : 'Unpublish', '', 'secondary'));
  }
  return parts.join('');
}

function renderEditForm(view: EntryPageView, t: TranslationView): string {
  if (!t.edit.allowed) return `<p class="muted">${esc(t.edit.reason)}</p>`;
  const key = esc(t.language);
  const v = t.values;
  // The newline after <textarea> keeps a body that starts with a newline: browsers drop the first one.
  return `<form method="post" action="${ENTRIES_PATH}/save">${csrfField(view.csrf)}${hidden('id', view.id)}${hidden('language', t.language)}`
    + `<label for="title-${key}">Title</label><input type="text" id="title-${key}" name="title" value="${esc(v.title)}" required>`
    + `<label for="body-${key}">Text (Markdown)</label><textarea id="body-${key}" name="body" rows="14">\n${esc(v.body)}</textarea>`
    + `<label for="excerpt-${key}">Excerpt</label><input type="text" id="excerpt-${key}" name="excerpt" value="${esc(v.excerpt)}">`
    + `<label for="tags-${key}">Tags (separated by commas)</label><input type="text" id="tags-${key}" name="tags" value="${esc(v.tags)}">`
    + `<button type="submit">Save ${key}</button></form>`;
}

function renderTranslation(view: EntryPageView, t: TranslationView): string {
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
  ].map(([term, detail]) => `<dt>${term}</dt><dd>${detail}</dd>`).join('');
  return `<section class="card" id="lang-${esc(t.language)}"><h2>${esc(t.languageName)} (${esc(t.language)})</h2><dl class="facts">${facts}</dl>${renderStateActions(view, t)}${renderEditForm(view, t)}</section>`;
}

function renderAddForm(view: EntryPageView): string {
  if (!view.add) return '';
  const v = view.add.values;
  const options = view.add.languages.map((l) => `<option value="${esc(l.language)}">${esc(l.name)} (${esc(l.language)})</option>`).join('');
  return `<section class="card" id="add"><h2>Add a translation</h2><form method="post" action="${ENTRIES_PATH}/add-translation">${csrfField(view.csrf)}${hidden('id', view.id)}`
    + `<label for="add-language">Language</label><select id="add-language" name="language">${options}</select>`
    + `<label for="add-title">Title</label><input type="text" id="add-title" name="title" value="${esc(v.title)}" required>`
    + `<label for="add-body">Text (Markdown)</label><textarea id="add-body" name="body" rows="10">\n${esc(v.body)}</textarea>`
    + `<label for="add-excerpt">Excerpt</label><input type="text" id="add-excerpt" name="excerpt" value="${esc(v.excerpt)}">`
    + `<label for="add-tags">Tags (separated by commas)</label><input type="text" id="add-tags" name="tags" value="${esc(v.tags)}">`
    + '<button type="submit">Add as a draft</button></form></section>';
}

/** The entry page's body. */
export function renderEntryPage(view: EntryPageView): string {
  const history = `/svc/panel/history?id=${encodeURIComponent(view.id)}`;
  return `<h1>${esc(view.title)}</h1><p class="muted">${esc(view.typeLabel)} · ${esc(view.id)} · <a href="${esc(history)}">History</a> · <a href="${ENTRIES_PATH}">All content</a></p>`
    + view.translations.map((t) => renderTranslation(view, t)).join('') + renderAddForm(view);
}
