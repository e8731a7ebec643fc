// HTML of the panel's Statistics page: period links and a custom range, the filters as removable chips, then
// a dashboard (stats-page-css.ts lays it out): the headline figures in a row, the chart, and cards in a grid,
// each showing one of its tables at a time (stats-card-view.ts): pages, sources, locations, devices, goals
// and events, AI traffic, right now. Everything shown comes from StatsPageData; this file only formats it.
import { OVERVIEW_PERIODS, type OverviewPeriod } from '../../stats/periods.js';
import { esc } from '../html.js';
import { filterText } from '../../stats/stats-filters.js';
import { renderBarChart, chartHeading, METRIC_LABELS } from './stats-page-chart.js';
import { TABLES, METRICS, GROUPINGS, STATS_PATH, STATS_EXPORT_PATH, STATS_EXPORT_ZIP_PATH, STATS_REALTIME_PATH, viewHref, type StatsView } from './stats-view-params.js';
import { renderTableSection, pageCell, formatCount, formatPercent, filterValueLabel, TABLE_SPECS } from './stats-tables-view.js';
import type { Compared, StatsPageData } from './stats-page-data.js';
import { renderCard, type CardPart } from './stats-card-view.js';
import { renderAiTraffic } from './stats-ai-view.js';
import { renderGoals } from './stats-goals-view.js';
import { renderProps } from './stats-props-view.js';

export { STATS_PATH } from './stats-view-params.js';
export { formatCount, formatPercent } from './stats-tables-view.js';

const PERIOD_LABELS: Record<OverviewPeriod, string> = {
  today: 'Today', yesterday: 'Yesterday', '7d': '7 days', '30d': '30 days', '90d': '90 days', '12m': '12 months', month: 'This month',
};
const PURPOSE_LABELS: Record<string, string> = { training: 'training', search: 'search', user: 'user-triggered' };
const FILTER_LABELS: Record<string, string> = { page: 'Page', source: 'Source', campaign: 'Campaign', country: 'Country', language: 'Language', device: 'Device', browser: 'Browser', os: 'Operating system', prop: 'Property' };

export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 60) return `${seconds} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

function formatRange(from: string, to: string): string {
  return from === to ? from : `${from} to ${to}`;
}

/** A period before with fewer than this, and less than half of now, is nearly empty: the change reads "new". */
export const NEARLY_EMPTY = 10;

/** A change against the period before: "new" against an empty or nearly empty one (not +1,367 %). */
export function formatChange({ now, before, change }: Compared): string {
  if (before < NEARLY_EMPTY && now > 0 && now >= 2 * before) {
    return `<span class="change new" title="${esc(`${formatCount(before)} in the period before`)}">new</span>`;
  }
  if (change === null) return '<span class="change">no earlier figures</span>';
  const kind = change > 0 ? 'up' : change < 0 ? 'down' : 'same';
  return `<span class="change ${kind}">${change > 0 ? '+' : ''}${change.toLocaleString('en-US')}%</span>`;
}

/** The period choices: plain links keeping the filters, the current one marked. */
export function renderPeriodLinks(view: StatsView | null): string {
  const links = OVERVIEW_PERIODS.map((period) => {
    const href = view ? viewHref(view, { period, group: null, show: null, page: 1 }) : `${STATS_PATH}?period=${period}`;
    return `<a href="${esc(href)}"${view && period === view.period ? ' aria-current="page"' : ''}>${PERIOD_LABELS[period]}</a>`;
  }).join('');
  return `<nav class="periods" aria-label="Period">${links}</nav>`;
}

/** A custom range: a plain GET form (the filters and chart choices ride along as hidden fields). */
function renderRangeForm(view: StatsView): string {
  const hidden = [
    ...view.filters.map((filter) => `<input type="hidden" name="filter" value="${esc(filterText(filter))}">`),
    view.metric !== 'visitors' ? `<input type="hidden" name="metric" value="${view.metric}">` : '',
  ].join('');
  return `<form class="range" method="get" action="${STATS_PATH}"><fieldset><legend>Custom range (at most 400 days)</legend>`
    + `<label>From <input type="date" name="from" value="${esc(view.from)}" required></label>`
    + `<label>To <input type="date" name="to" value="${esc(view.to)}" required></label>${hidden}<button type="submit">Show</button></fieldset></form>`;
}

/** The filters as chips: each one removable, and all at once. */
function renderFilterChips(view: StatsView): string {
  if (view.filters.length === 0) return '';
  const chips = view.filters.map((filter) => {
    const label = `${FILTER_LABELS[filter.dimension]}: ${filterValueLabel(filter.dimension, filter.value, filter.name)}`;
    const without = view.filters.filter((f) => f !== filter);
    return `<li>${esc(label)} <a href="${esc(viewHref(view, { filters: without, page: 1 }))}" aria-label="${esc(`Remove the filter ${label}`)}">×</a></li>`;
  }).join('');
  const clear = view.filters.length > 1 ? `<li><a href="${esc(viewHref(view, { filters: [], page: 1 }))}">Remove all filters</a></li>` : '';
  return `<section class="filters" aria-label="Filters"><p>Showing only page views with:</p><ul class="chips">${chips}${clear}</ul></section>`;
}

function renderFigures(view: StatsView, data: StatsPageData): string {
  const h = data.headline, c = h.compared;
  const compared = `Change against ${formatRange(h.change.compared_with.from, h.change.compared_with.to)}.`;
  const consentNote = view.filters.length > 0 ? 'of all banner decisions (not filtered)' : 'of banner decisions';
  const figure = (label: string, value: string, note: string) => `<div><dt>${label}</dt><dd>${value}</dd><dd${note.startsWith('<span') ? '' : ' class="muted"'}>${note}</dd></div>`;
  return `<section class="stats-figures" aria-label="Figures"><dl class="figures">`
    + figure('Visitors', formatCount(h.visitors), formatChange(c.visitors))
    + figure('Page views', formatCount(h.pageviews), formatChange(c.pageviews))
    + figure('Visits', formatCount(c.visits.now), formatChange(c.visits))
    + figure('Bounce rate', formatPercent(h.bounce_rate), 'visits of one page')
    + figure('Average reading time', formatSeconds(h.average_reading_seconds), 'per engaged visitor')
    + figure('Consent share', formatPercent(h.consent_share), consentNote)
    + `</dl><p class="muted">${esc(compared)}</p></section>`;
}

function renderChart(view: StatsView, data: StatsPageData): string {
  const metrics = METRICS.map((metric) => `<a href="${esc(viewHref(view, { metric }))}"${metric === view.metric ? ' aria-current="true"' : ''}>${METRIC_LABELS[metric]}</a>`).join('');
  const groups = view.group === 'hour' ? '' : `<nav class="periods" aria-label="Group the chart by">${GROUPINGS.map((group) =>
    `<a href="${esc(viewHref(view, { group }))}"${group === view.group ? ' aria-current="true"' : ''}>${group === 'day' ? 'Days' : group === 'week' ? 'Weeks' : 'Months'}</a>`).join('')}</nav>`;
  const csv = `<p class="more"><a href="${esc(viewHref({ ...view, show: null }, {}, STATS_EXPORT_PATH) + '&table=chart')}" download>CSV<span class="offscreen"> of the chart</span></a></p>`;
  const chart = view.metric === 'reading' && view.group === 'hour'
    ? '<p class="muted">Reading time is counted per day, not per hour: choose a longer period to chart it.</p>'
    : renderBarChart(data.chart.bars, data.chart.unit, view.metric, data.chart.previous);
  return `<section class="stats-card chart-card" aria-label="Chart"><h2>${esc(chartHeading(view.metric, data.chart.unit))}</h2><nav class="periods" aria-label="Chart figure">${metrics}</nav>${groups}${chart}${csv}</section>`;
}

/** Right now: refreshed by the panel's script every half minute (the page itself works without it). */
export function renderRealtime(data: Pick<StatsPageData, 'realtime'>, siteUrl: string, view: StatsView): string {
  const r = data.realtime;
  const rows = r.pages.slice(0, 5).map((page) => `<tr><td>${pageCell(view, siteUrl, page, null)}</td><td class="num">${formatCount(page.visitors)}</td></tr>`).join('');
  const intro = `<p><strong class="big">${formatCount(r.visitors)}</strong> ${r.visitors === 1 ? 'visitor' : 'visitors'} in the last ${r.window_minutes} minutes<br><span class="muted">As of ${esc(r.as_of)}. Today so far: ${formatCount(r.today.visitors)} visitors, ${formatCount(r.today.pageviews)} page views.</span></p>`;
  const table = rows ? `<div class="card flush"><table class="stats"><thead><tr><th scope="col">Page</th><th scope="col" class="num">Visitors</th></tr></thead><tbody>${rows}</tbody></table></div>` : '';
  return `<h2>Right now</h2>${intro}${table}`;
}

function renderCrawlers(data: StatsPageData): string {
  const c = data.crawlers;
  const note = `<p class="muted">Page requests by AI crawlers from ${esc(formatRange(c.from, c.to))}: ${formatCount(c.hits)} in all (training ${formatCount(c.by_purpose.training ?? 0)}, search ${formatCount(c.by_purpose.search ?? 0)}, user-triggered ${formatCount(c.by_purpose.user ?? 0)}).</p>`;
  const rows = c.crawlers.slice(0, 5).map((crawler) => `<tr><td>${esc(crawler.crawler)}<br><span class="muted">${esc(crawler.operator)} · ${esc(PURPOSE_LABELS[crawler.purpose] ?? crawler.purpose)}</span></td><td class="num">${formatCount(crawler.hits)}</td><td class="num">${formatCount(crawler.pages)}</td></tr>`).join('');
  if (!rows) return `<h2>AI crawlers</h2>${note}<p class="muted">No AI crawler requested a page in these days.</p>`;
  return `<h2>AI crawlers</h2>${note}<div class="card flush"><table class="stats"><thead><tr><th scope="col">Crawler</th><th scope="col" class="num">Requests</th><th scope="col" class="num">Pages</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** The top of every view: heading, periods, range, filters, what is shown. */
export function renderStatsHeader(view: StatsView, missing: readonly string[]): string {
  const what = view.period ? `${PERIOD_LABELS[view.period]}: ${formatRange(view.from, view.to)}.` : `From ${formatRange(view.from, view.to)}.`;
  const gap = missing.length > 0 && (view.filters.length > 0 || view.show === 'entry_pages' || view.show === 'exit_pages' || view.show === null)
    ? `<p class="muted">${esc(`Filters and entry and exit pages cannot see ${missing.length === 1 ? missing[0] : `the ${missing.length} days from ${missing[0]} to ${missing[missing.length - 1]}`}: ${missing.length === 1 ? 'it was' : 'they were'} counted before page views were kept per visit.`)}</p>`
    : '';
  return `<h1>Statistics</h1>${renderPeriodLinks(view)}${renderRangeForm(view)}${renderFilterChips(view)}<p class="muted">${esc(what)}</p>${gap}`;
}

/** The overview: every part of the page for one view. */
export function renderStatsPage(view: StatsView, data: StatsPageData, siteUrl: string): string {
  const table = (name: (typeof TABLES)[number]): CardPart => ({ id: name, label: TABLE_SPECS[name].caption, html: renderTableSection(view, siteUrl, name, data.tables[name]!) });
  const part = (id: string, label: string, html: string): CardPart => ({ id, label, html });
  const cards = [
    renderCard('Pages', [table('pages'), table('entry_pages'), table('exit_pages')]),
    renderCard('Sources', [table('referrers'), table('channels'), table('campaigns')]),
    renderCard('Locations', [table('countries'), table('languages')]),
    renderCard('Devices', [table('devices'), table('browsers'), table('os')]),
    renderCard('Goals and events', [part('goals', 'Goals', renderGoals(data.goals)), table('events'), part('props', 'Properties', renderProps(view, data.props))]),
    renderCard('AI', [part('ai', 'AI traffic', renderAiTraffic(data.ai)), part('crawlers', 'AI crawlers', renderCrawlers(data))]),
    `<div class="stats-card realtime-card"><section id="realtime" data-refresh="${esc(STATS_REALTIME_PATH)}">${renderRealtime(data, siteUrl, view)}</section></div>`,
  ];
  return renderStatsHeader(view, data.missing)
    + `<div class="stats-dash">${renderFigures(view, data)}${renderChart(view, data)}<div class="stats-grid">${cards.join('')}</div></div>`
    + `<p class="more"><a href="${esc(viewHref({ ...view, filters: [], show: null }, {}, STATS_EXPORT_ZIP_PATH))}" download>Download every table of these days (ZIP of CSV files)</a></p>`;
}

/** The page for an address that cannot be answered: the choices, and the sentence in the notice. */
export function renderStatsPeriodProblem(): string {
  return `<h1>Statistics</h1>${renderPeriodLinks(null)}`;
}
