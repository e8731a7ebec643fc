// HTML of the panel's Statistics page: period links and a custom range, the filters as removable chips, then
// a dashboard (stats-page-css.ts lays it out): the headline figures in a row, the chart, and cards in a grid,
// each showing one of its tables at a time (stats-card-view.ts): pages, sources, locations, devices, goals
// and events, AI traffic, right now. Everything shown comes from StatsPageData; this file only formats it.
import { OVERVIEW_PERIODS, type OverviewPeriod } from '../../stats/periods.js';
import { esc } from '../html.js';
import { filterText } from '../../stats/stats-filters.js';
import { renderBarChart, chartHeading, metricLabel } from './stats-page-chart.js';
import { TABLES, METRICS, GROUPINGS, STATS_PATH, STATS_EXPORT_PATH, STATS_EXPORT_ZIP_PATH, STATS_REALTIME_PATH, viewHref, type StatsView } from './stats-view-params.js';
import { renderTableSection, pageCell, formatCount, formatPercent, filterValueLabel, tableWords } from './stats-tables-view.js';
import type { Compared, StatsPageData } from './stats-page-data.js';
import { renderCard, type CardPart } from './stats-card-view.js';
import { renderAiTraffic } from './stats-ai-view.js';
import { renderGoals } from './stats-goals-view.js';
import { renderProps } from './stats-props-view.js';
import { escapeHtml } from '../../lib/html-escape.js';
import { fill, formatNumber, plural, words } from '../words/panel-words.js';
import { dayText, rangeText } from './stats-dates.js';

export { STATS_PATH } from './stats-view-params.js';
export { formatCount, formatPercent } from './stats-tables-view.js';

/** A period's name ("7 days"); the words' keys cannot start with a digit. */
export function periodLabel(period: OverviewPeriod): string {
  const names = words().stats.periods;
  const keys: Record<OverviewPeriod, keyof typeof names> = { today: 'today', yesterday: 'yesterday', '7d': 'd7', '30d': 'd30', '90d': 'd90', '12m': 'm12', month: 'month' };
  return names[keys[period]];
}

function purposeLabel(purpose: string): string {
  const names = words().stats.crawlers.purposes;
  return Object.hasOwn(names, purpose) ? names[purpose as keyof typeof names] : purpose;
}

export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return '–';
  const w = words().stats;
  if (seconds < 60) return fill(w.seconds, { seconds });
  const whole = Math.round(seconds);
  return fill(w.minutes, { minutes: Math.floor(whole / 60), seconds: whole % 60 });
}

const formatRange = rangeText;

/** A period before with fewer than this, and less than half of now, is nearly empty: the change reads "new". */
export const NEARLY_EMPTY = 10;

/** A change against the period before: "new" against an empty or nearly empty one (not +1,367 %). */
export function formatChange({ now, before, change }: Compared): string {
  if (before < NEARLY_EMPTY && now > 0 && now >= 2 * before) {
    const w = words().stats.change;
    return `<span class="change new" title="${esc(fill(w.newTitle, { count: before }))}">${escapeHtml(w.new)}</span>`;
  }
  if (change === null) return `<span class="change">${escapeHtml(words().stats.change.noEarlier)}</span>`;
  const kind = change > 0 ? 'up' : change < 0 ? 'down' : 'same';
  return `<span class="change ${kind}">${change > 0 ? '+' : ''}${escapeHtml(fill(words().stats.percent, { value: formatNumber(change) }))}</span>`;
}

/** The period choices: plain links keeping the filters, the current one marked. */
export function renderPeriodLinks(view: StatsView | null): string {
  const links = OVERVIEW_PERIODS.map((period) => {
    const href = view ? viewHref(view, { period, group: null, show: null, page: 1 }) : `${STATS_PATH}?period=${period}`;
    return `<a href="${esc(href)}"${view && period === view.period ? ' aria-current="page"' : ''}>${escapeHtml(periodLabel(period))}</a>`;
  }).join('');
  return `<nav class="periods" aria-label="${esc(words().stats.periodLabel)}">${links}</nav>`;
}

/** A custom range: a plain GET form (the filters and chart choices ride along as hidden fields). */
function renderRangeForm(view: StatsView): string {
  const hidden = [
    ...view.filters.map((filter) => `<input type="hidden" name="filter" value="${esc(filterText(filter))}">`),
    view.metric !== 'visitors' ? `<input type="hidden" name="metric" value="${view.metric}">` : '',
  ].join('');
  const w = words().stats;
  return `<form class="range" method="get" action="${STATS_PATH}"><fieldset><legend>${escapeHtml(w.customRange)}</legend>`
    + `<label>${escapeHtml(w.from)} <input type="date" name="from" value="${esc(view.from)}" required></label>`
    + `<label>${escapeHtml(w.to)} <input type="date" name="to" value="${esc(view.to)}" required></label>${hidden}<button type="submit">${escapeHtml(w.show)}</button></fieldset></form>`;
}

/** The filters as chips: each one removable, and all at once. */
function renderFilterChips(view: StatsView): string {
  if (view.filters.length === 0) return '';
  const w = words().stats;
  const chips = view.filters.map((filter) => {
    const label = fill(w.filterChip, { dimension: w.filterNames[filter.dimension], value: filterValueLabel(filter.dimension, filter.value, filter.name) });
    const without = view.filters.filter((f) => f !== filter);
    return `<li>${esc(label)} <a href="${esc(viewHref(view, { filters: without, page: 1 }))}" aria-label="${esc(fill(w.removeFilter, { filter: label }))}">×</a></li>`;
  }).join('');
  const clear = view.filters.length > 1 ? `<li><a href="${esc(viewHref(view, { filters: [], page: 1 }))}">${escapeHtml(w.removeAll)}</a></li>` : '';
  return `<section class="filters" aria-label="${esc(w.filtersLabel)}"><p>${escapeHtml(w.showingOnly)}</p><ul class="chips">${chips}${clear}</ul></section>`;
}

function renderFigures(view: StatsView, data: StatsPageData): string {
  const h = data.headline, c = h.compared;
  const w = words().stats.figures;
  const t = escapeHtml;
  const compared = fill(w.compared, { range: formatRange(h.change.compared_with.from, h.change.compared_with.to) });
  const consentNote = t(view.filters.length > 0 ? w.consentNoteFiltered : w.consentNote);
  const figure = (label: string, value: string, note: string) => `<div><dt>${t(label)}</dt><dd>${value}</dd><dd${note.startsWith('<span') ? '' : ' class="muted"'}>${note}</dd></div>`;
  return `<section class="stats-figures" aria-label="${esc(w.label)}"><dl class="figures">`
    + figure(w.visitors, formatCount(h.visitors), formatChange(c.visitors))
    + figure(w.pageviews, formatCount(h.pageviews), formatChange(c.pageviews))
    + figure(w.visits, formatCount(c.visits.now), formatChange(c.visits))
    + figure(w.bounceRate, formatPercent(h.bounce_rate), t(w.bounceNote))
    + figure(w.reading, formatSeconds(h.average_reading_seconds), t(w.readingNote))
    + figure(w.consent, formatPercent(h.consent_share), consentNote)
    + `</dl><p class="muted">${esc(compared)}</p></section>`;
}

function renderChart(view: StatsView, data: StatsPageData): string {
  const w = words().stats.chart;
  const t = escapeHtml;
  const metrics = METRICS.map((metric) => `<a href="${esc(viewHref(view, { metric }))}"${metric === view.metric ? ' aria-current="true"' : ''}>${t(metricLabel(metric))}</a>`).join('');
  const groups = view.group === 'hour' ? '' : `<nav class="periods" aria-label="${esc(w.groupBy)}">${GROUPINGS.map((group) =>
    `<a href="${esc(viewHref(view, { group }))}"${group === view.group ? ' aria-current="true"' : ''}>${t(w.groups[group])}</a>`).join('')}</nav>`;
  const csv = `<p class="more"><a href="${esc(viewHref({ ...view, show: null }, {}, STATS_EXPORT_PATH) + '&table=chart')}" download>CSV<span class="offscreen"> ${t(w.ofChart)}</span></a></p>`;
  const chart = view.metric === 'reading' && view.group === 'hour'
    ? `<p class="muted">${t(w.readingPerHour)}</p>`
    : renderBarChart(data.chart.bars, data.chart.unit, view.metric, data.chart.previous);
  return `<section class="stats-card chart-card" aria-label="${esc(w.label)}"><h2>${esc(chartHeading(view.metric, data.chart.unit))}</h2><nav class="periods" aria-label="${esc(w.figureLabel)}">${metrics}</nav>${groups}${chart}${csv}</section>`;
}

/** Right now: refreshed by the panel's script every half minute (the page itself works without it). */
export function renderRealtime(data: Pick<StatsPageData, 'realtime'>, siteUrl: string, view: StatsView): string {
  const r = data.realtime;
  const w = words().stats.realtime;
  const t = escapeHtml;
  const rows = r.pages.slice(0, 5).map((page) => `<tr><td>${pageCell(view, siteUrl, page, null)}</td><td class="num">${formatCount(page.visitors)}</td></tr>`).join('');
  const intro = `<p><strong class="big">${formatCount(r.visitors)}</strong> ${t(plural(w.visitorsInLast, r.visitors, { minutes: r.window_minutes }))}<br><span class="muted">${esc(fill(w.asOf, { time: r.as_of, visitors: r.today.visitors, pageviews: r.today.pageviews }))}</span></p>`;
  const table = rows ? `<div class="card flush"><table class="stats"><thead><tr><th scope="col">${t(w.page)}</th><th scope="col" class="num">${t(w.visitors)}</th></tr></thead><tbody>${rows}</tbody></table></div>` : '';
  return `<h2>${t(w.heading)}</h2>${intro}${table}`;
}

function renderCrawlers(data: StatsPageData): string {
  const c = data.crawlers;
  const w = words().stats.crawlers;
  const t = escapeHtml;
  const note = `<p class="muted">${esc(fill(w.note, { range: formatRange(c.from, c.to), hits: c.hits, training: c.by_purpose.training ?? 0, search: c.by_purpose.search ?? 0, user: c.by_purpose.user ?? 0 }))}</p>`;
  const rows = c.crawlers.slice(0, 5).map((crawler) => `<tr><td>${esc(crawler.crawler)}<br><span class="muted">${esc(crawler.operator)} · ${esc(purposeLabel(crawler.purpose))}</span></td><td class="num">${formatCount(crawler.hits)}</td><td class="num">${formatCount(crawler.pages)}</td></tr>`).join('');
  if (!rows) return `<h2>${t(w.heading)}</h2>${note}<p class="muted">${t(w.none)}</p>`;
  return `<h2>${t(w.heading)}</h2>${note}<div class="card flush"><table class="stats"><thead><tr><th scope="col">${t(w.crawler)}</th><th scope="col" class="num">${t(w.requests)}</th><th scope="col" class="num">${t(w.pages)}</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** The top of every view: heading, periods, range, filters, what is shown. */
export function renderStatsHeader(view: StatsView, missing: readonly string[]): string {
  const w = words().stats;
  const range = formatRange(view.from, view.to);
  const what = view.period ? fill(w.periodRange, { period: periodLabel(view.period), range }) : fill(w.fromRange, { range });
  const gap = missing.length > 0 && (view.filters.length > 0 || view.show === 'entry_pages' || view.show === 'exit_pages' || view.show === null)
    ? `<p class="muted">${esc(missing.length === 1 ? fill(w.missingOne, { day: dayText(missing[0]!) }) : fill(w.missingMany, { count: missing.length, first: dayText(missing[0]!), last: dayText(missing[missing.length - 1]!) }))}</p>`
    : '';
  return `<h1>${escapeHtml(w.title)}</h1>${renderPeriodLinks(view)}${renderRangeForm(view)}${renderFilterChips(view)}<p class="muted">${esc(what)}</p>${gap}`;
}

/** The overview: every part of the page for one view. */
export function renderStatsPage(view: StatsView, data: StatsPageData, siteUrl: string): string {
  const w = words().stats;
  const table = (name: (typeof TABLES)[number]): CardPart => ({ id: name, label: tableWords(name).caption, html: renderTableSection(view, siteUrl, name, data.tables[name]!) });
  const part = (id: string, label: string, html: string): CardPart => ({ id, label, html });
  const cards = [
    renderCard(w.cards.pages, [table('pages'), table('entry_pages'), table('exit_pages')]),
    renderCard(w.cards.sources, [table('referrers'), table('channels'), table('campaigns')]),
    renderCard(w.cards.locations, [table('countries'), table('languages')]),
    renderCard(w.cards.devices, [table('devices'), table('browsers'), table('os')]),
    renderCard(w.cards.goalsEvents, [part('goals', w.goals.heading, renderGoals(data.goals)), table('events'), part('props', w.props.heading, renderProps(view, data.props))]),
    renderCard(w.cards.ai, [part('ai', w.ai.heading, renderAiTraffic(data.ai)), part('crawlers', w.crawlers.heading, renderCrawlers(data))]),
    `<div class="stats-card realtime-card"><section id="realtime" data-refresh="${esc(STATS_REALTIME_PATH)}">${renderRealtime(data, siteUrl, view)}</section></div>`,
  ];
  return renderStatsHeader(view, data.missing)
    + `<div class="stats-dash">${renderFigures(view, data)}${renderChart(view, data)}<div class="stats-grid">${cards.join('')}</div></div>`
    + `<p class="more"><a href="${esc(viewHref({ ...view, filters: [], show: null }, {}, STATS_EXPORT_ZIP_PATH))}" download>${escapeHtml(w.downloadAll)}</a></p>`;
}

/** The page for an address that cannot be answered: the choices, and the sentence in the notice. */
export function renderStatsPeriodProblem(): string {
  return `<h1>${escapeHtml(words().stats.title)}</h1>${renderPeriodLinks(null)}`;
}
