import { NOTE_MAX } from '../../content/write/send-back.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { siteTimeOf } from '../site-time.js';
import { entryPageHref } from '../entries/entries-list-view.js';
import { PREVIEW_PATH } from '../entries/entry-editor-view.js';
import { renderFieldDiff, renderTextDiff } from '../revisions/diff-view.js';
import { REVISIONS_PATH, throughOf } from '../revisions/revisions-view.js';
import type { ApprovalRow } from './approval-rows.js';
// escapeHtml for words that are element text with an apostrophe: it writes them as they are (esc, made for
// attributes too, writes &#39;).
import { escapeHtml } from '../../lib/html-escape.js';
import { fill, words } from '../words/panel-words.js';

// "Waiting for approval": each draft an assistant asked to publish, with what changed since it was last
// public, who asked and through what, and the three answers (publish now, at the requested time, send back
// with a note). Plain forms: the page works without script. Each form carries the version stamp of the text
// shown, so an answer is about that text or is refused (approve-entry.ts).

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
  const w = words().approvals;
  const asked = row.asked
    ? [[w.askedBy, fill(esc(w.askedThrough), { name: esc(row.asked.personName), through: throughOf(row.asked) })], [w.askedAt, `${esc(siteTimeOf(row.asked.time, view.timeZone))} <span class="muted">(${esc(view.timeZone)})</span>`]]
    : [[w.askedBy, `<span class="muted">${esc(w.notInHistory)}</span>`]];
  const when = row.requestedTime
    ? `${esc(fill(w.atTime, { time: row.requestedTime }))} <span class="muted">(${esc(fill(row.requestedPast ? w.requestedPassed : w.requested, { zone: view.timeZone }))})</span>`
    : esc(w.asSoonAsApproved);
  return `<dl class="facts">${[...asked, [w.publish, when], [w.author, esc(row.authorName)]].map(([term, detail]) => `<dt>${esc(term)}</dt><dd>${detail}</dd>`).join('')}</dl>`;
}

function changes(row: ApprovalRow): string {
  const w = words().approvals;
  if (!row.published) {
    const never = `<p><strong>${esc(w.neverPublished)}</strong> <span class="muted">${esc(w.neverPublishedText)}</span></p>`;
    const whole = row.whole;
    if (!whole) return never;
    const fields = whole.unreadable ? `<p class="notice warn">${esc(w.unreadable)}</p>` : renderFieldDiff(whole.fields, [w.lastPublished, w.waiting]);
    return `${never}<details open><summary>${esc(w.wholeWaitingText)}</summary>${fields}${renderTextDiff(whole.body)}</details>`;
  }
  const since = row.published.published ? ` (${esc(fill(w.publishedAt, { time: row.published.published }))})` : '';
  const diff = row.published.diff;
  const fields = diff.unreadable ? `<p class="notice warn">${esc(w.unreadable)}</p>` : renderFieldDiff(diff.fields, [w.lastPublished, w.waiting]);
  return `<details open><summary>${esc(w.changesSince)}${since}</summary><p class="muted">${esc(w.struck)}</p>${fields}${renderTextDiff(diff.body)}</details>`;
}

function actions(view: ApprovalsView, row: ApprovalRow, n: number): string {
  if (row.refusal) return `<p class="muted">${esc(row.refusal)}</p>`;
  const w = words().approvals;
  const keys = csrfField(view.csrf) + hidden('id', row.id) + hidden('language', row.language) + hidden('version', row.version);
  const publish = (when: 'now' | 'requested', label: string) => `<form method="post" action="${APPROVALS_PATH}/publish" >${keys}${hidden('when', when)}<button type="submit">${esc(label)}</button></form>`;
  const note = view.sent && view.sent.id === row.id && view.sent.language === row.language ? view.sent.note : '';
  // The limit as the field's maxlength writes it (no digit grouping), in either language.
  return `<div class="actions">${publish('now', w.publishNow)}${row.requestedTime && !row.requestedPast ? publish('requested', fill(w.publishAt, { time: row.requestedTime })) : ''}</div>`
    + `<form method="post" action="${APPROVALS_PATH}/send-back">${keys}<label for="note-${n}">${esc(w.noteLabel)} <span class="muted">${esc(fill(w.noteHint, { max: String(NOTE_MAX) }))}</span></label>`
    + `<textarea id="note-${n}" name="note" rows="3" maxlength="${NOTE_MAX}" required>${esc(note)}</textarea><button type="submit" class="secondary">${esc(w.sendBack)}</button></form>`;
}

function renderRow(view: ApprovalsView, row: ApprovalRow, n: number): string {
  const w = words().approvals;
  const language = `language=${encodeURIComponent(row.language)}`;
  const links = [
    `<a href="${esc(`${PREVIEW_PATH}/${row.id}?${language}`)}">${esc(w.preview)}</a>`,
    `<a href="${esc(`${REVISIONS_PATH}?${new URLSearchParams({ id: row.id })}`)}">${esc(w.earlierVersions)}</a>`,
    `<a href="${esc(`/svc/panel/history?${new URLSearchParams({ entry: row.id })}`)}">${esc(w.history)}</a>`,
  ].join(' · ');
  return `<section class="card" aria-labelledby="wait-${n}"><h2 id="wait-${n}"><a href="${esc(`${entryPageHref(row.id)}#lang-${row.language}`)}">${esc(row.title)}</a></h2>`
    + `<p class="muted">${esc(row.id)} · ${esc(row.language)} · ${links}</p>${facts(view, row)}${changes(row)}${actions(view, row, n)}</section>`;
}

/** The page's body. */
export function renderApprovals(view: ApprovalsView): string {
  const w = words().approvals;
  const intro = `<p>${esc(w.intro)}</p>`;
  const more = view.total > view.rows.length ? `<p class="muted">${esc(fill(w.more, { shown: view.rows.length, total: view.total }))}</p>` : '';
  const rows = view.rows.length ? view.rows.map((row, n) => renderRow(view, row, n)).join('') + more : view.liveChanges ? '' : `<p class="card muted">${esc(w.nothingWaiting)}</p>`;
  const mode = view.approvalMode === null ? '' : `<section class="card"><h2>${esc(w.modeHeading)}</h2><p>${esc(view.approvalMode ? w.modeOnText : w.modeOffText)}</p><form method="post" action="${APPROVALS_PATH}/mode">${csrfField(view.csrf)}<input type="hidden" name="mode" value="${view.approvalMode ? 'off' : 'on'}"><button type="submit">${esc(view.approvalMode ? w.turnModeOff : w.turnModeOn)}</button></form></section>`;
  const live = view.approvalLive === null ? '' : `<section class="card"><h2>${esc(w.liveHeading)}</h2><p>${esc(view.approvalLive ? w.liveOnText : w.liveOffText)}</p><form method="post" action="${APPROVALS_PATH}/live">${csrfField(view.csrf)}<input type="hidden" name="mode" value="${view.approvalLive ? 'off' : 'on'}"><button type="submit">${escapeHtml(view.approvalLive ? w.turnLiveOff : w.turnLiveOn)}</button></form></section>`;
  return `<h1>${esc(w.title)}</h1>${intro}${rows}${view.liveChanges}${mode}${live}`;
}
