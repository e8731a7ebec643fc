// The Statistics page's tables: one per dimension, the top rows on the page and every row a link away
// (paged), each as CSV. A row's name is a link that filters the whole page by it.
import { esc } from '../html.js';
import { entryPageHref } from '../entries/entries-list-view.js';
import { OTHER } from '../../stats/store/stats-store.js';
import type { Row } from '../../stats/dimension-query.js';
import type { FilterDimension } from '../../stats/stats-filters.js';
import { viewHref, STATS_EXPORT_PATH, PAGE_ROWS, type StatsView, type TableName } from './stats-view-params.js';
import { escapeHtml } from '../../lib/html-escape.js';
import { fill, formatNumber, words, type PanelWords } from '../words/panel-words.js';

export const formatCount = (n: number): string => formatNumber(n);

export function formatPercent(share: number | null): string {
  return share === null ? '–' : fill(words().stats.percent, { value: Math.round(share * 1000) / 10 });
}

type ColumnWord = keyof PanelWords['stats']['columns'];
type TableWord = keyof PanelWords['stats']['tables'];

interface TableSpec {
  /** its caption, first column's heading, name in a sentence and empty sentence, in the words' `tables` */
  words: TableWord;
  /** the key of the first column's value in a row, and the filter a click on it sets */
  key: string; filter: FilterDimension | null;
  /** number columns: heading (in the words' `columns`), row key, formatted as a count or a share */
  numbers: [ColumnWord, string, 'count' | 'share'][];
}

const COUNTS: [ColumnWord, string, 'count'][] = [['visitors', 'visitors', 'count'], ['views', 'pageviews', 'count']];

export const TABLE_SPECS: Record<TableName, TableSpec> = {
  pages: { words: 'pages', key: 'path', filter: 'page', numbers: [...COUNTS, ['read', 'read_rate', 'share']] },
  referrers: { words: 'referrers', key: 'referrer', filter: 'source', numbers: COUNTS },
  channels: { words: 'channels', key: 'channel', filter: null, numbers: COUNTS },
  entry_pages: { words: 'entryPages', key: 'path', filter: 'page', numbers: [['visitors', 'visitors', 'count'], ['entries', 'entries', 'count']] },
  exit_pages: { words: 'exitPages', key: 'path', filter: 'page', numbers: [['visitors', 'visitors', 'count'], ['exits', 'exits', 'count']] },
  campaigns: { words: 'campaigns', key: 'campaign', filter: 'campaign', numbers: COUNTS },
  countries: { words: 'countries', key: 'country', filter: 'country', numbers: COUNTS },
  languages: { words: 'languages', key: 'language', filter: 'language', numbers: COUNTS },
  devices: { words: 'devices', key: 'device', filter: 'device', numbers: COUNTS },
  browsers: { words: 'browsers', key: 'browser', filter: 'browser', numbers: COUNTS },
  os: { words: 'os', key: 'os', filter: 'os', numbers: COUNTS },
  events: { words: 'events', key: 'event', filter: null, numbers: [['visitors', 'visitors', 'count'], ['count', 'count', 'count']] },
};

/** A table's caption, first column's heading, name in a sentence and empty sentence, in the panel's language. */
export function tableWords(table: TableName): PanelWords['stats']['tables'][TableWord] {
  return words().stats.tables[TABLE_SPECS[table].words];
}

// Country names in each language the panel speaks, made once per language.
const countryNames = new Map<string, Intl.DisplayNames>();

/** A country code with its name in the panel's language when there is one ("(unknown)" and the like stay as they are). */
export function countryLabel(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  const locale = words().locale;
  let names = countryNames.get(locale);
  if (!names) countryNames.set(locale, names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }));
  const name = names.of(code);
  return name && name !== code ? `${name} (${code})` : code;
}

/** A filter value as people read it. */
export function filterValueLabel(dimension: FilterDimension, value: string, name?: string): string {
  if (dimension === 'prop') return `${name}: ${value}`;
  return dimension === 'country' ? countryLabel(value) : dimension === 'campaign' && value === '' ? words().stats.none : value;
}

/** The name cell: a link filtering the page by the value (text when it is filtered already, or not filterable). */
function nameLink(view: StatsView, filter: FilterDimension | null, value: string, label: string): string {
  if (!filter || value === OTHER || view.filters.some((f) => f.dimension === filter)) return esc(label);
  const filters = [...view.filters, { dimension: filter, value }];
  return `<a href="${esc(viewHref(view, { filters, page: 1 }))}" title="${esc(fill(words().stats.showOnly, { dimension: words().stats.filterTitles[filter], label }))}">${esc(label)}</a>`;
}

/** A page cell: title (or path) filtering by the page, the path, the public page and the entry in the panel. */
export function pageCell(view: StatsView, siteUrl: string, page: { path: string; title: string | null; id: string | null }, filter: FilterDimension | null = 'page'): string {
  const name = nameLink(view, filter, page.path, page.title ?? page.path);
  const w = words().stats;
  // Only a path is linked on the site's address: a name imported before paths were required could be `@host/…`.
  const site = page.path === OTHER || !page.path.startsWith('/') ? '' : `<a href="${esc(siteUrl + page.path)}">${escapeHtml(w.onSite)}</a>`;
  const edit = page.id ? `<a class="nowrap" href="${esc(entryPageHref(page.id))}">${escapeHtml(w.inPanel)}</a>` : '';
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
  const columns = words().stats.columns;
  const head = [tableWords(table).head, ...spec.numbers.map(([label]) => columns[label])].map((cell, i) => `<th scope="col"${i > 0 ? ' class="num"' : ''}>${esc(cell)}</th>`).join('');
  const body = rows.map((row) => `<tr><td>${firstCell(view, siteUrl, table, row)}</td>${spec.numbers.map(([, key, kind]) => `<td class="num">${numberCell(row, key, kind)}</td>`).join('')}</tr>`).join('');
  return `<div class="card flush"><table class="stats"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/** One table on the page: heading, its top rows, and links to every row and to the CSV. */
export function renderTableSection(view: StatsView, siteUrl: string, table: TableName, top: { rows: Row[]; total: number }): string {
  const spec = tableWords(table);
  const w = words().stats;
  if (top.rows.length === 0) return `<h2>${esc(spec.caption)}</h2><p class="muted">${esc(spec.empty)}</p>`;
  const all = top.total > top.rows.length ? `<a href="${esc(viewHref(view, { show: table, page: 1 }))}">${escapeHtml(fill(w.allRows, { count: top.total }))}</a> · ` : '';
  const csv = `<a href="${esc(viewHref({ ...view, show: null }, {}, STATS_EXPORT_PATH) + `&table=${table}`)}" download>CSV<span class="offscreen"> ${esc(fill(w.csvOf, { table: spec.named }))}</span></a>`;
  return `<h2>${esc(spec.caption)}</h2>${tableMarkup(view, siteUrl, table, top.rows)}<p class="more">${all}${csv}</p>`;
}

/** A table shown whole: one page of PAGE_ROWS rows, with the pages around it. */
export function renderWholeTable(view: StatsView, siteUrl: string, table: TableName, rows: readonly Row[]): string {
  const spec = tableWords(table);
  const w = words().stats;
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_ROWS));
  const page = Math.min(view.page, pages);
  const first = (page - 1) * PAGE_ROWS;
  const shown = rows.slice(first, first + PAGE_ROWS);
  const back = `<p><a href="${esc(viewHref(view, { show: null, page: 1 }))}">${escapeHtml(w.backToOverview)}</a></p>`;
  const csv = `<a href="${esc(viewHref({ ...view, show: null }, {}, STATS_EXPORT_PATH) + `&table=${table}`)}" download>${escapeHtml(w.everyRowCsv)}</a>`;
  if (shown.length === 0) return `${back}<h2>${esc(spec.caption)}</h2><p class="muted">${esc(spec.empty)}</p>`;
  const link = (to: number, label: string, rel: string) => `<a href="${esc(viewHref(view, { page: to }))}" rel="${rel}">${escapeHtml(label)}</a>`;
  const pager = pages > 1
    ? `<nav class="pager" aria-label="${esc(fill(w.pagesOf, { table: spec.named }))}">${page > 1 ? link(page - 1, w.previous, 'prev') : ''}<span>${escapeHtml(fill(w.pageOf, { page, pages }))}</span>${page < pages ? link(page + 1, w.next, 'next') : ''}</nav>`
    : '';
  return `${back}<h2>${esc(spec.caption)}</h2><p class="muted">${escapeHtml(fill(w.rows, { first: first + 1, last: first + shown.length, total: rows.length }))} ${csv}</p>`
    + tableMarkup(view, siteUrl, table, shown) + pager;
}
