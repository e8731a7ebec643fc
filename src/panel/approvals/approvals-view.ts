import type { PendingReview } from '../../content/write/approve-entry.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';

export interface ApprovalsView {
  csrf: string;
  rows: Array<PendingReview & { mayPublish: boolean; authorName: string }>;
  /** null when the person may not switch approval mode. */
  approvalMode: boolean | null;
}

function historyLink(id: string): string {
  return `/svc/panel/history?id=${encodeURIComponent(id)}`;
}

/** "Waiting for approval": drafts an assistant asked to publish while approval mode is on. */
export function renderApprovals(view: ApprovalsView): string {
  const rows = view.rows.map((row) => {
    const action = row.mayPublish
      ? `<form method="post" action="/svc/panel/approvals/publish">${csrfField(view.csrf)}<input type="hidden" name="id" value="${esc(row.entry.id)}"><input type="hidden" name="language" value="${esc(row.translation.language)}"><button type="submit">${row.review === 'requested' ? 'Publish now' : `Publish at ${esc(row.review.slice('scheduled '.length))}`}</button></form>`
      : '<span class="muted">Needs someone who may publish it</span>';
    return `<tr><td><strong>${esc(row.translation.title)}</strong><br><span class="muted">${esc(row.entry.id)} · ${esc(row.translation.language)}</span></td><td>${esc(row.authorName)}</td><td>${esc(row.review)}</td><td>${action} <a href="${esc(historyLink(row.entry.id))}">History</a></td></tr>`;
  }).join('');
  const table = view.rows.length
    ? `<table><thead><tr><th>Entry</th><th>Author</th><th>Review</th><th></th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p class="muted">Nothing is waiting for approval.</p>';
  const mode = view.approvalMode === null ? '' : `<section class="card"><h2>Approval mode</h2><p>${view.approvalMode
    ? 'On: assistants cannot publish; what they publish waits here for a person.'
    : 'Off: assistants publish directly when their token and role allow it.'}</p><form method="post" action="/svc/panel/approvals/mode">${csrfField(view.csrf)}<input type="hidden" name="mode" value="${view.approvalMode ? 'off' : 'on'}"><button type="submit">${view.approvalMode ? 'Turn approval mode off' : 'Turn approval mode on'}</button></form></section>`;
  return `<h1>Waiting for approval</h1>${table}${mode}`;
}
