import type { HistoryRecord } from '../../content/history.js';
import type { RevisionDiff } from '../../content/revision-diff.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { siteTimeOf } from '../site-time.js';
import { renderFieldDiff, renderTextDiff } from './diff-view.js';
import { fill, words } from '../words/panel-words.js';

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

/** Through what a change was made, as HTML (the token's name escaped inside the words). */
export function throughOf(record: HistoryRecord): string {
  const w = words().revisions;
  if (record.via === 'mcp') return fill(esc(w.throughAssistant), { token: esc(record.token ?? '') });
  return esc(record.via === 'schedule' ? w.throughSchedule : w.throughPanel);
}

export function diffHref(id: string, target: { language: string; revision: string } | { style: string }): string {
  return `${REVISIONS_PATH}/diff?${new URLSearchParams({ id, ...target }).toString()}`;
}

function table(view: RevisionsView, rows: VersionRow[], link: (row: VersionRow) => string, empty: string): string {
  const w = words().revisions;
  if (rows.length === 0) return `<p class="muted">${esc(empty)}</p>`;
  return `<div class="scroll"><table class="stats"><thead><tr><th scope="col">${esc(fill(w.keptAt, { zone: view.timeZone }))}</th><th scope="col">${esc(w.writtenBy)}</th><th scope="col">${esc(w.through)}</th><th scope="col"><span class="muted">${esc(w.compare)}</span></th></tr></thead><tbody>${rows.map((row) =>
    `<tr><td>${esc(siteTimeOf(row.time, view.timeZone))}</td><td>${row.writer ? esc(row.writer.personName) : `<span class="muted">${esc(w.notRecorded)}</span>`}</td><td>${row.writer ? throughOf(row.writer) : ''}</td><td><a href="${esc(link(row))}" aria-label="${esc(fill(w.compareLabel, { time: siteTimeOf(row.time, view.timeZone) }))}">${esc(w.compareWithNow)}</a></td></tr>`).join('')}</tbody></table></div>`;
}

export function renderRevisions(view: RevisionsView): string {
  const w = words().revisions;
  const translations = view.translations.map((group) => `<section class="card"><h2>${esc(fill(w.textIn, { language: group.language }))}</h2>${table(view, group.versions, (row) => diffHref(view.id, { language: group.language, revision: row.id }), w.noTextVersions)}</section>`).join('');
  return `<h1>${esc(fill(w.heading, { title: view.title }))}</h1>
<p class="muted">${esc(view.id)} · ${esc(w.newestFirst)} · ${esc(fill(w.timesIn, { zone: view.timeZone }))} · <a href="/svc/panel/history?${esc(new URLSearchParams({ entry: view.id }).toString())}">${esc(w.historyLink)}</a></p>
${translations || `<p class="muted">${esc(w.noTranslations)}</p>`}
<section class="card"><h2>${esc(w.cssHeading)}</h2>${table(view, view.styles, (row) => diffHref(view.id, { style: row.id }), w.noCssVersions)}</section>`;
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
  const w = words().revisions;
  const isStyle = 'style' in view.target;
  const back = `${REVISIONS_PATH}?${new URLSearchParams({ id: view.id }).toString()}`;
  const hidden = Object.entries({ id: view.id, ...view.target }).map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`).join('');
  const restore = view.restoreRefusal
    ? `<p class="muted">${esc(view.restoreRefusal)}</p>`
    : `<form method="post" action="${REVISIONS_PATH}/restore">${csrfField(view.csrf)}${hidden}
<button type="submit">${esc(w.restoreButton)}</button>
<p class="muted">${esc(isStyle ? w.restoreKeepsCss : `${w.restoreKeepsText} ${w.restoreKeepsFields}`)}</p></form>`;
  const fields = isStyle ? '' : `<h2>${esc(w.fields)}</h2>${view.diff.unreadable ? `<p class="notice warn">${esc(w.unreadable)}</p>` : renderFieldDiff(view.diff.fields)}`;
  return `<h1>${esc(fill(w.compareHeading, { label: view.label }))}</h1>
<p><a href="${esc(back)}">${esc(fill(w.backTo, { id: view.id }))}</a></p>
<p class="muted">${esc(isStyle ? w.struckCss : w.struckText)}</p>
<section class="card">${fields}<h2>${esc(isStyle ? w.css : w.text)}</h2>${renderTextDiff(view.diff.body)}</section>
<section class="card">${restore}</section>`;
}
