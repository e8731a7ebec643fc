// The Statistics page's tables: one per dimension, the top rows on the page and every row a link away
// (paged), each as CSV. A row's name is a link that filters the whole page by it.
import { esc } from '../html.js';
import { entryPageHref } from '../entries/entries-list-view.js';
import { OTHER } from '../../stats/store/stats-store.js';
import type { Row } from '../../stats/dimension-query.js';
import type { FilterDimension } from '../../stats/stats-filters.js';
import { viewHref, STATS_EXPORT_PATH, PAGE_ROWS, type StatsView, type TableName } from './stats-view-params.js';

export const formatCount = (n: number): string => n.toLocaleString('en-US');

export function formatPercent(share: number | null): string {
  return share === null ? '–' : `${Math.round(share * 1000) / 10}%`;
}

interface TableSpec {
  caption: string;
  /** the first column's heading, the key of its value in a row, and the filter a click on it sets */
  head: string; key: string; filter: FilterDimension | null;
  /** number columns: heading, row key, formatted as a count or a share */
  numbers: [string, string, 'count' | 'share'][];
  empty: string;
}

export const TABLE_SPECS: Record<TableName, TableSpec> = {
  pages: { caption: 'Top pages', head: 'Page', key: 'path', filter: 'page', numbers: [['Visitors', 'visitors', 'count'], ['Views', 'pageviews', 'count'], ['Read', 'read_rate', 'share']], empty: 'No page views in this period.' },
  referrers: { caption: 'Top sources', head: 'Source', key: 'referrer', filter: 'source', numbers: [['Visitors', 'visitors', 'count'], ['Views', 'pageviews', 'count']], empty: 'No visits from other sites in this period.' },
  channels: { caption: 'Channels', head: 'Channel', key: 'channel', filter: null, numbers: [['Visitors', 'visitors', 'count'], ['Views', 'pageviews', 'count']], empty: 'No visits in this period.' },
  entry_pages: { caption: 'Entry pages', head: 'Page', key: 'path', filter: 'page', numbers: [['Visitors', 'visitors', 'count'], ['Entries', 'entries', 'count']], empty: 'No visits began in this period.' },
  exit_pages: { caption: 'Exit pages', head: 'Page', key: 'path', filter: 'page', numbers: [['Visitors', 'visitors', 'count'], ['Exits', 'exits', 'count']], empty: 'No visits ended in this period.' },
  campaigns: { caption: 'Campaigns', head: 'Campaign', key: 'campaign', filter: 'campaign', numbers: [['Visitors', 'visitors', 'count'], ['Views', 'pageviews', 'count']], empty: 'No visits came from a campaign in this period.' },
  countries: { caption: 'Countries', head: 'Country', key: 'country', filter: 'country', numbers: [['Visitors', 'visitors', 'count'], ['Views', 'pageviews', 'count']], empty: 'Nothing counted in this period.' },
  languages: { caption: 'Languages', head: 'Language', key: 'language', filter: 'language', numbers: [['Visitors', 'visitors', 'count'], ['Views', 'pageviews', 'count']], empty: 'Nothing counted in this period.' },
  devices: { caption: 'Devices', head: 'Device', key: 'device', filter: 'device', numbers: [['Visitors', 'visitors', 'count'], ['Views', 'pageviews', 'count']], empty: 'Nothing counted in this period.' },
  browsers: { caption: 'Browsers', head: 'Browser', key: 'browser', filter: 'browser', numbers: [['Visitors', 'visitors', 'count'], ['Views', 'pageviews', 'count']], empty: 'Nothing counted in this period.' },
  os: { caption: 'Operating systems', head: 'Operating system', key: 'os', filter: 'os', numbers: [['Visitors', 'visitors', 'count'], ['Views', 'pageviews', 'count']], empty: 'Nothing counted in this period.' },
  events: { caption: 'Events', head: 'Event', key: 'event', filter: null, numbers: [['Visitors', 'visitors', 'count'], ['Count', 'count', 'count']], empty: 'No events in this period.' },
};

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** A country code with its English name when there is one ("(unknown)" and the like stay as they are). */
export function countryLabel(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  const name = countryNames.of(code);
  return name && name !== code ? `${name} (${code})` : code;
}

/** A filter value as people read it. */
export function filterValueLabel(dimension: FilterDimension, value: string, name?: string): string {
  if (dimension === 'prop') return `${name}: ${value}`;
  return dimension === 'country' ? countryLabel(value) : dimension === 'campaign' && value === '' ? '(none)' : value;
}

/** The name cell: a link filtering the page by the value (text when it is filtered already, or not filterable). */
function nameLink(view: StatsView, filter: FilterDimension | null, value: string, label: string): string {
  if (!filter || value === OTHER || view.filters.some((f) => f.dimension === filter)) return esc(label);
  const filters = [...view.filters, { dimension: filter, value }];
  return `<a href="${esc(viewHref(view, { filters, page: 1 }))}" title="${esc(`Show only ${filter} ${label}`)}">${esc(label)}</a>`;
}

/** A page cell: title (or path) filtering by the page, the path, the public page and the entry in the panel. */
export function pageCell(view: StatsView, siteUrl: string, page: { path: string; title: string | null; id: string | null }, filter: FilterDimension | null = 'page'): string {
  const name = nameLink(view, filter, page.path, page.title ?? page.path);
  const site = page.path === OTHER ? '' : `<a href="${esc(siteUrl + page.path)}">on the site</a>`;
  const edit = page.id ? `<a class="nowrap" href="${esc(entryPageHref(page.id))}">in the panel</a>` : '';
  // Without a title the name already reads as the path; it is not repeated.
  const details = [page.title === null ? '' : esc(page.path), site, edit].filter(Boolean).join(' · ');
  return details ? `${name}<br><span class="muted">${details}</span>` : name;
}

function firstCell(view: StatsView, siteUrl: string, table: TableName, row: Row): string {
  const spec = TABLE_SPECS[table];
  const value = String(row[spec.key]);
  if (spec.key === 'path') return pageCell(view, siteUrl, row as { path: string; title: string | null; id: string | null }, spec.filter);
  return nameLink(view, spec.filter, value, spec.filter ? filterValueLabel(spec.filter, value) : value);
}

function numberCell(row: Row, key: string, kind: 'count' | 'share'): string {
  const value = row[key] as number | null;
  return kind === 'share' ? formatPercent(value) : formatCount(Number(value));
}

/** A table's markup (without heading): header row and the rows given. */
export function tableMarkup(view: StatsView, siteUrl: string, table: TableName, rows: readonly Row[]): string {
  const spec = TABLE_SPECS[table];
  const head = [spec.head, ...spec.numbers.map(([label]) => label)].map((cell, i) => `<th scope="col"${i > 0 ? ' class="num"' : ''}>${esc(cell)}</th>`).join('');
  const body = rows.map((row) => `<tr><td>${firstCell(view, siteUrl, table, row)}</td>${spec.numbers.map(([, key, kind]) => `<td class="num">${numberCell(row, key, kind)}</td>`).join('')}</tr>`).join('');
  return `<div class="card flush"><table class="stats"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/** One table on the page: heading, its top rows, and links to every row and to the CSV. */
export function renderTableSection(view: StatsView, siteUrl: string, table: TableName, top: { rows: Row[]; total: number }): string {
  const spec = TABLE_SPECS[table];
  if (top.rows.length === 0) return `<h2>${esc(spec.caption)}</h2><p class="muted">${esc(spec.empty)}</p>`;
  const all = top.total > top.rows.length ? `<a href="${esc(viewHref(view, { show: table, page: 1 }))}">All ${formatCount(top.total)} rows</a> · ` : '';
  const csv = `<a href="${esc(viewHref({ ...view, show: null }, {}, STATS_EXPORT_PATH) + `&table=${table}`)}" download>CSV<span class="offscreen"> of ${esc(spec.caption.toLowerCase())}</span></a>`;
  return `<h2>${esc(spec.caption)}</h2>${tableMarkup(view, siteUrl, table, top.rows)}<p class="more">${all}${csv}</p>`;
}

/** A table shown whole: one page of PAGE_ROWS rows, with the pages around it. */
export function renderWholeTable(view: StatsView, siteUrl: string, table: TableName, rows: readonly Row[]): string {
  const spec = TABLE_SPECS[table];
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_ROWS));
  const page = Math.min(view.page, pages);
  const first = (page - 1) * PAGE_ROWS;
  const shown = rows.slice(first, first + PAGE_ROWS);
  const back = `<p><a href="${esc(viewHref(view, { show: null, page: 1 }))}">Back to the overview</a></p>`;
  const csv = `<a href="${esc(viewHref({ ...view, show: null }, {}, STATS_EXPORT_PATH) + `&table=${table}`)}" download>Download every row as CSV</a>`;
  if (shown.length === 0) return `${back}<h2>${esc(spec.caption)}</h2><p class="muted">${esc(spec.empty)}</p>`;
  const link = (to: number, label: string, rel: string) => `<a href="${esc(viewHref(view, { page: to }))}" rel="${rel}">${label}</a>`;
  const pager = pages > 1
    ? `<nav class="pager" aria-label="Pages of ${esc(spec.caption.toLowerCase())}">${page > 1 ? link(page - 1, 'Previous', 'prev') : ''}<span>Page ${page} of ${pages}</span>${page < pages ? link(page + 1, 'Next', 'next') : ''}</nav>`
    : '';
  return `${back}<h2>${esc(spec.caption)}</h2><p class="muted">Rows ${formatCount(first + 1)}–${formatCount(first + shown.length)} of ${formatCount(rows.length)}. ${csv}</p>`
    + tableMarkup(view, siteUrl, table, shown) + pager;
}
