import { NOTE_MAX } from '../../content/write/send-back.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { siteTimeOf } from '../site-time.js';
import { entryPageHref } from '../entries/entries-list-view.js';
import { PREVIEW_PATH } from '../entries/entry-editor-view.js';
import { renderFieldDiff, renderTextDiff } from '../revisions/diff-view.js';
import { REVISIONS_PATH, throughOf } from '../revisions/revisions-view.js';
import type { ApprovalRow } from './approval-rows.js';

// "Waiting for approval": each draft an assistant asked to publish, with what changed since it was last
// public, who asked and through what, and the three answers (publish now, at the requested time, send back
// with a note). Plain forms: the page works without script.

export const APPROVALS_PATH = '/svc/panel/approvals';

export interface ApprovalsView {
  csrf: string;
  timeZone: string;
  rows: ApprovalRow[];
  /** How many are waiting in all (rows shows the most recent ones). */
  total: number;
  /** null when the person may not switch approval mode. */
  approvalMode: boolean | null;
  /** Whether assistants' changes to published entries wait too (approval_live); null as approvalMode. */
  approvalLive: boolean | null;
  /** The section of changes proposed to published entries (live-change-rows.ts), already HTML. */
  liveChanges: string;
  /** A refused send back: its note is shown again in its row. */
  sent: { id: string; language: string; note: string } | null;
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${name}" value="${esc(value)}">`;
}

function facts(view: ApprovalsView, row: ApprovalRow): string {
  const asked = row.asked
    ? [['Asked by', `${esc(row.asked.personName)}, through ${throughOf(row.asked)}`], ['Asked at', `${esc(siteTimeOf(row.asked.time, view.timeZone))} <span class="muted">(${esc(view.timeZone)})</span>`]]
    : [['Asked by', '<span class="muted">not in the recent history</span>']];
  const when = row.requestedTime
    ? `at ${esc(row.requestedTime)} <span class="muted">(requested, ${esc(view.timeZone)}${row.requestedPast ? '; that time has passed' : ''})</span>`
    : 'as soon as it is approved';
  return `<dl class="facts">${[...asked, ['Publish', when], ['Author', esc(row.authorName)]].map(([term, detail]) => `<dt>${term}</dt><dd>${detail}</dd>`).join('')}</dl>`;
}

function changes(row: ApprovalRow): string {
  if (!row.published) return '<p><strong>Never published.</strong> <span class="muted">There is no earlier public text to compare with; the preview shows the whole text.</span></p>';
  const since = row.published.published ? ` (published ${esc(row.published.published)})` : '';
  const diff = row.published.diff;
  const fields = diff.unreadable ? '<p class="notice warn">The front matter of one side cannot be read; the whole files are compared.</p>' : renderFieldDiff(diff.fields, ['Last published', 'Waiting']);
  return `<details open><summary>Changes since the last published version${since}</summary><p class="muted">Struck out: only in the published text. Underlined: only in the waiting text.</p>${fields}${renderTextDiff(diff.body)}</details>`;
}

function actions(view: ApprovalsView, row: ApprovalRow, n: number): string {
  if (row.refusal) return `<p class="muted">${esc(row.refusal)}</p>`;
  const keys = csrfField(view.csrf) + hidden('id', row.id) + hidden('language', row.language);
  const publish = (when: 'now' | 'requested', label: string) => `<form method="post" action="${APPROVALS_PATH}/publish" >${keys}${hidden('when', when)}<button type="submit">${esc(label)}</button></form>`;
  const note = view.sent && view.sent.id === row.id && view.sent.language === row.language ? view.sent.note : '';
  return `<div class="actions">${publish('now', 'Publish now')}${row.requestedTime && !row.requestedPast ? publish('requested', `Publish at ${row.requestedTime}`) : ''}</div>`
    + `<form method="post" action="${APPROVALS_PATH}/send-back">${keys}<label for="note-${n}">Note for sending it back <span class="muted">(why; at most ${NOTE_MAX} characters; shown on the entry page and in the history)</span></label>`
    + `<textarea id="note-${n}" name="note" rows="3" maxlength="${NOTE_MAX}" required>${esc(note)}</textarea><button type="submit" class="secondary">Send back</button></form>`;
}

function renderRow(view: ApprovalsView, row: ApprovalRow, n: number): string {
  const language = `language=${encodeURIComponent(row.language)}`;
  const links = [
    `<a href="${esc(`${PREVIEW_PATH}/${row.id}?${language}`)}">Preview</a>`,
    `<a href="${esc(`${REVISIONS_PATH}?${new URLSearchParams({ id: row.id })}`)}">Earlier versions</a>`,
    `<a href="${esc(`/svc/panel/history?${new URLSearchParams({ entry: row.id })}`)}">History</a>`,
  ].join(' · ');
  return `<section class="card" aria-labelledby="wait-${n}"><h2 id="wait-${n}"><a href="${esc(`${entryPageHref(row.id)}#lang-${row.language}`)}">${esc(row.title)}</a></h2>`
    + `<p class="muted">${esc(row.id)} · ${esc(row.language)} · ${links}</p>${facts(view, row)}${changes(row)}${actions(view, row, n)}</section>`;
}

/** The page's body. */
export function renderApprovals(view: ApprovalsView): string {
  const intro = '<p>Approval mode holds back assistants: when an assistant publishes (content_publish), nothing goes live; the draft waits here until a person publishes it or sends it back with a note. People whose role may publish publish directly in the panel.</p>';
  const more = view.total > view.rows.length ? `<p class="muted">The ${view.rows.length} most recently changed of ${view.total} waiting drafts are shown; answer these to see the others.</p>` : '';
  const rows = view.rows.length ? view.rows.map((row, n) => renderRow(view, row, n)).join('') + more : view.liveChanges ? '' : '<p class="card muted">Nothing is waiting for approval.</p>';
  const mode = view.approvalMode === null ? '' : `<section class="card"><h2>Approval mode</h2><p>${view.approvalMode
    ? 'On: what assistants publish waits here for a person.'
    : 'Off: assistants publish directly when their token and role allow it.'}</p><form method="post" action="${APPROVALS_PATH}/mode">${csrfField(view.csrf)}<input type="hidden" name="mode" value="${view.approvalMode ? 'off' : 'on'}"><button type="submit">${view.approvalMode ? 'Turn approval mode off' : 'Turn approval mode on'}</button></form></section>`;
  const live = view.approvalLive === null ? '' : `<section class="card"><h2>Changes to published entries</h2><p>${view.approvalLive
    ? 'On: when an assistant changes a published entry (its text, fields or CSS), the public version stays as it is and the change waits here.'
    : 'Off: assistants whose role may change published entries change them directly, as the specification says.'}</p><form method="post" action="${APPROVALS_PATH}/live">${csrfField(view.csrf)}<input type="hidden" name="mode" value="${view.approvalLive ? 'off' : 'on'}"><button type="submit">${view.approvalLive ? 'Let assistants change published entries directly' : 'Make assistants\' changes to published entries wait too'}</button></form></section>`;
  return `<h1>Waiting for approval</h1>${intro}${rows}${view.liveChanges}${mode}${live}`;
}
