import type { HistoryAction, HistoryRecord } from '../../content/history.js';
import { esc } from '../html.js';
import { siteTimeOf, timeHeading } from '../site-time.js';
import { VIAS, historyHref, type HistoryFilters } from './history-filters.js';
import { throughOf } from '../revisions/revisions-view.js';
import { fill, words } from '../words/panel-words.js';

// The History page: a filter form (works without script: a plain GET form) and the matching changes,
// newest first, in the site's time zone.

export const HISTORY_PATH = '/svc/panel/history';

export interface HistoryView {
  filters: HistoryFilters;
  people: Array<{ id: string; name: string }>;
  /** Token names to suggest (the viewer's own and, for admins, everyone's). */
  tokenNames: string[];
  timeZone: string;
  records: Array<HistoryRecord & { personName: string }>;
  limit: number;
  page: number;
  /** More matching changes lie beyond this page. */
  hasOlder: boolean;
}

/** Newer / Older links that keep the filters. */
function pager(view: HistoryView): string {
  const w = words().history;
  const links: string[] = [];
  if (view.page > 1) links.push(`<a href="${esc(historyHref(HISTORY_PATH, view.filters, view.page - 1))}" rel="prev">${esc(w.newer)}</a>`);
  if (view.hasOlder) links.push(`<a href="${esc(historyHref(HISTORY_PATH, view.filters, view.page + 1))}" rel="next">${esc(w.older)}</a>`);
  if (links.length === 0 && view.page === 1) return '';
  return `<nav class="pager" aria-label="${esc(w.pagesLabel)}"><p>${esc(fill(w.page, { page: view.page }))} ${links.join(' · ')}</p></nav>`;
}

/** How each way of making a change is named in the Through filter. */
function viaLabel(via: HistoryRecord['via']): string {
  const w = words();
  return via === 'mcp' ? w.history.viaMcp : via === 'schedule' ? w.revisions.throughSchedule : w.revisions.throughPanel;
}

/** An action of the history in words; one recorded by a later version of svc is shown as it is stored. */
export function actionLabel(action: HistoryAction): string {
  // Typed by every action, so a new one without words is a compile error here.
  const labels: Readonly<Record<HistoryAction, string>> = words().history.actions;
  return Object.hasOwn(labels, action) ? labels[action] : String(action).replaceAll('_', ' ');
}

function option(value: string, label: string, selected: string): string {
  return `<option value="${esc(value)}"${value === selected ? ' selected' : ''}>${esc(label)}</option>`;
}

function filterForm(view: HistoryView): string {
  const w = words().history;
  const f = view.filters;
  return `<form class="card filters" method="get" action="${HISTORY_PATH}" role="search" aria-label="${esc(w.filterLabel)}">
<div><label for="f-person">${esc(w.person)}</label><select id="f-person" name="person">${option('', w.anyone, f.person)}${view.people.map((p) => option(p.id, p.name, f.person)).join('')}</select></div>
<div><label for="f-via">${esc(w.through)}</label><select id="f-via" name="via">${option('', w.anyWay, f.via)}${VIAS.map((via) => option(via, viaLabel(via), f.via)).join('')}</select></div>
<div><label for="f-token">${esc(w.tokenName)}</label><input type="text" id="f-token" name="token" value="${esc(f.token)}" list="f-token-names" maxlength="100"><datalist id="f-token-names">${view.tokenNames.map((name) => `<option value="${esc(name)}">`).join('')}</datalist></div>
<div><label for="f-entry">${esc(w.entryId)}</label><input type="text" id="f-entry" name="entry" value="${esc(f.entry)}" placeholder="posts/hello" maxlength="200"></div>
<div><button type="submit">${esc(w.show)}</button> <a href="${HISTORY_PATH}">${esc(w.clear)}</a></div>
</form>`;
}

function entryCell(record: HistoryRecord): string {
  if (record.entry === null) return '<span class="muted">—</span>';
  const id = record.entry;
  return `<a href="/svc/panel/entries/${esc(id)}">${esc(id)}</a>`;
}

export function renderHistory(view: HistoryView): string {
  const w = words().history;
  const f = view.filters;
  const versions = f.entry ? `<p><a href="/svc/panel/revisions?${esc(new URLSearchParams({ id: f.entry }).toString())}">${esc(fill(w.versionsLink, { id: f.entry }))}</a></p>` : '';
  const rows = view.records.map((r) => `<tr><td>${esc(siteTimeOf(r.time, view.timeZone))}</td><td>${esc(r.personName)}</td><td>${esc(actionLabel(r.action))}</td><td>${entryCell(r)}</td><td>${esc(r.language ?? '')}</td><td>${throughOf(r)}</td><td>${esc(r.detail ?? '')}</td></tr>`).join('');
  const table = view.records.length
    ? `<div class="scroll"><table class="stats"><thead><tr><th scope="col">${esc(timeHeading(view.timeZone))}</th><th scope="col">${esc(w.person)}</th><th scope="col">${esc(w.action)}</th><th scope="col">${esc(w.entry)}</th><th scope="col">${esc(w.language)}</th><th scope="col">${esc(w.through)}</th><th scope="col">${esc(w.note)}</th></tr></thead><tbody>${rows}</tbody></table></div>`
      + pager(view)
    : `<p class="muted">${esc(view.page > 1 ? w.noOlder : w.noMatch)}</p>${pager(view)}`;
  return `<h1>${esc(w.title)}</h1>
<p class="muted">${esc(fill(w.intro, { zone: view.timeZone }))}</p>
${filterForm(view)}${versions}
<section class="card" aria-label="${esc(w.changes)}">${table}</section>`;
}
