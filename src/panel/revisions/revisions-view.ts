import type { HistoryRecord } from '../../content/history.js';
import type { RevisionDiff } from '../../content/revision-diff.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { siteTimeOf } from '../site-time.js';
import { renderFieldDiff, renderTextDiff } from './diff-view.js';

// The revisions page of an entry (each translation's kept texts and the kept CSS, newest first, with who
// wrote each and through what) and the page comparing one of them with the current text, with Restore.

export const REVISIONS_PATH = '/svc/panel/revisions';

export interface VersionRow {
  /** The version id (its file name). */
  id: string;
  /** When it was kept, ISO UTC. */
  time: string;
  writer: (HistoryRecord & { personName: string }) | undefined;
}

export interface RevisionsView {
  id: string;
  title: string;
  timeZone: string;
  translations: Array<{ language: string; versions: VersionRow[] }>;
  styles: VersionRow[];
}

export function throughOf(record: HistoryRecord): string {
  if (record.via === 'mcp') return `assistant (token “${esc(record.token ?? '')}”)`;
  return record.via === 'schedule' ? 'scheduled time' : 'panel';
}

export function diffHref(id: string, target: { language: string; revision: string } | { style: string }): string {
  return `${REVISIONS_PATH}/diff?${new URLSearchParams({ id, ...target }).toString()}`;
}

function table(view: RevisionsView, rows: VersionRow[], link: (row: VersionRow) => string, empty: string): string {
  if (rows.length === 0) return `<p class="muted">${esc(empty)}</p>`;
  return `<div class="scroll"><table class="stats"><thead><tr><th scope="col">Kept at (${esc(view.timeZone)})</th><th scope="col">Written by</th><th scope="col">Through</th><th scope="col"><span class="muted">Compare</span></th></tr></thead><tbody>${rows.map((row) =>
    `<tr><td>${esc(siteTimeOf(row.time, view.timeZone))}</td><td>${row.writer ? esc(row.writer.personName) : '<span class="muted">not recorded</span>'}</td><td>${row.writer ? throughOf(row.writer) : ''}</td><td><a href="${esc(link(row))}" aria-label="Compare the version kept at ${esc(siteTimeOf(row.time, view.timeZone))} with now">Compare with now</a></td></tr>`).join('')}</tbody></table></div>`;
}

export function renderRevisions(view: RevisionsView): string {
  const translations = view.translations.map((group) => `<section class="card"><h2>Text in ${esc(group.language)}</h2>${table(view, group.versions, (row) => diffHref(view.id, { language: group.language, revision: row.id }), 'No earlier versions of this text.')}</section>`).join('');
  return `<h1>Earlier versions of ${esc(view.title)}</h1>
<p class="muted">${esc(view.id)} · newest first · times in ${esc(view.timeZone)} · <a href="/svc/panel/history?${esc(new URLSearchParams({ entry: view.id }).toString())}">History of changes</a></p>
${translations || '<p class="muted">This entry has no translations.</p>'}
<section class="card"><h2>CSS (style.css)</h2>${table(view, view.styles, (row) => diffHref(view.id, { style: row.id }), 'No earlier versions of the CSS.')}</section>`;
}

export interface DiffPageView {
  id: string;
  csrf: string;
  timeZone: string;
  /** What is compared, e.g. "the en text kept at 2026-03-01 10:00". */
  label: string;
  target: { language: string; revision: string } | { style: string };
  /** Front matter and body for a text; the CSS by lines for a style. */
  diff: RevisionDiff;
  /** Why Restore is not offered (the person's rights), or null when it is. */
  restoreRefusal: string | null;
}

export function renderDiffPage(view: DiffPageView): string {
  const isStyle = 'style' in view.target;
  const back = `${REVISIONS_PATH}?${new URLSearchParams({ id: view.id }).toString()}`;
  const hidden = Object.entries({ id: view.id, ...view.target }).map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`).join('');
  const restore = view.restoreRefusal
    ? `<p class="muted">${esc(view.restoreRefusal)}</p>`
    : `<form method="post" action="${REVISIONS_PATH}/restore">${csrfField(view.csrf)}${hidden}
<button type="submit">Restore this version</button>
<p class="muted">The current ${isStyle ? 'CSS' : 'text'} is kept as a version first, so this can be undone.${isStyle ? '' : ' Status, author and publication time stay as they are now.'}</p></form>`;
  const fields = isStyle ? '' : `<h2>Fields</h2>${view.diff.unreadable ? '<p class="notice warn">The front matter of one side cannot be read; the whole files are compared below.</p>' : renderFieldDiff(view.diff.fields)}`;
  return `<h1>Compare ${esc(view.label)} with now</h1>
<p><a href="${esc(back)}">Back to the earlier versions of ${esc(view.id)}</a></p>
<p class="muted">Struck out: only in this version. Underlined: only in the current ${isStyle ? 'CSS' : 'text'}.</p>
<section class="card">${fields}<h2>${isStyle ? 'CSS' : 'Text'}</h2>${renderTextDiff(view.diff.body)}</section>
<section class="card">${restore}</section>`;
}
