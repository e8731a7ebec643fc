import type { HistoryRecord } from '../../content/history.js';
import { esc } from '../html.js';
import { siteTimeOf, timeHeading } from '../site-time.js';
import { VIAS, historyHref, type HistoryFilters } from './history-filters.js';

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
  const links: string[] = [];
  if (view.page > 1) links.push(`<a href="${esc(historyHref(HISTORY_PATH, view.filters, view.page - 1))}" rel="prev">Newer changes</a>`);
  if (view.hasOlder) links.push(`<a href="${esc(historyHref(HISTORY_PATH, view.filters, view.page + 1))}" rel="next">Older changes</a>`);
  if (links.length === 0 && view.page === 1) return '';
  return `<nav class="pager" aria-label="History pages"><p>Page ${view.page}. ${links.join(' · ')}</p></nav>`;
}

const VIA_LABELS: Record<HistoryRecord['via'], string> = { mcp: 'assistant (MCP)', panel: 'panel', schedule: 'scheduled time' };

function through(record: HistoryRecord): string {
  return record.via === 'mcp' ? `assistant (token “${esc(record.token ?? '')}”)` : esc(VIA_LABELS[record.via] ?? record.via);
}

function option(value: string, label: string, selected: string): string {
  return `<option value="${esc(value)}"${value === selected ? ' selected' : ''}>${esc(label)}</option>`;
}

function filterForm(view: HistoryView): string {
  const f = view.filters;
  return `<form class="card filters" method="get" action="${HISTORY_PATH}" role="search" aria-label="Filter the history">
<div><label for="f-person">Person</label><select id="f-person" name="person">${option('', 'Anyone', f.person)}${view.people.map((p) => option(p.id, p.name, f.person)).join('')}</select></div>
<div><label for="f-via">Through</label><select id="f-via" name="via">${option('', 'Any way', f.via)}${VIAS.map((via) => option(via, VIA_LABELS[via], f.via)).join('')}</select></div>
<div><label for="f-token">Token name</label><input type="text" id="f-token" name="token" value="${esc(f.token)}" list="f-token-names" maxlength="100"><datalist id="f-token-names">${view.tokenNames.map((name) => `<option value="${esc(name)}">`).join('')}</datalist></div>
<div><label for="f-entry">Entry id</label><input type="text" id="f-entry" name="entry" value="${esc(f.entry)}" placeholder="posts/hello" maxlength="200"></div>
<div><button type="submit">Show</button> <a href="${HISTORY_PATH}">Clear</a></div>
</form>`;
}

function entryCell(record: HistoryRecord): string {
  if (record.entry === null) return '<span class="muted">—</span>';
  const id = record.entry;
  return `<a href="/svc/panel/entries/${esc(id)}">${esc(id)}</a>`;
}

export function renderHistory(view: HistoryView): string {
  const f = view.filters;
  const versions = f.entry ? `<p><a href="/svc/panel/revisions?${esc(new URLSearchParams({ id: f.entry }).toString())}">Earlier versions of ${esc(f.entry)}, with diff and restore</a></p>` : '';
  const rows = view.records.map((r) => `<tr><td>${esc(siteTimeOf(r.time, view.timeZone))}</td><td>${esc(r.personName)}</td><td>${esc(r.action.replaceAll('_', ' '))}</td><td>${entryCell(r)}</td><td>${esc(r.language ?? '')}</td><td>${through(r)}</td><td>${esc(r.detail ?? '')}</td></tr>`).join('');
  const table = view.records.length
    ? `<div class="scroll"><table class="stats"><thead><tr><th scope="col">${esc(timeHeading(view.timeZone))}</th><th scope="col">Person</th><th scope="col">Action</th><th scope="col">Entry</th><th scope="col">Language</th><th scope="col">Through</th><th scope="col">Note</th></tr></thead><tbody>${rows}</tbody></table></div>`
      + pager(view)
    : `<p class="muted">${view.page > 1 ? 'No older changes match these filters.' : 'No changes match these filters.'}</p>${pager(view)}`;
  return `<h1>History</h1>
<p class="muted">Every change to the content, newest first, with who made it and through what. Times in ${esc(view.timeZone)}.</p>
${filterForm(view)}${versions}
<section class="card" aria-label="Changes">${table}</section>`;
}
