// HTML of the panel's Statistics page: period links, headline figures, the bar chart and the top lists.
// Everything shown comes from StatsPageData; this file only formats it.
import { OVERVIEW_PERIODS, type OverviewPeriod } from '../../stats/periods.js';
import { esc } from '../html.js';
import { entryPageHref } from '../entries/entries-list-view.js';
import { renderBarChart } from './stats-page-chart.js';
import type { NamedRow, StatsPageData } from './stats-page-data.js';

export const STATS_PATH = '/svc/panel/stats';

const PERIOD_LABELS: Record<OverviewPeriod, string> = {
  today: 'Today', yesterday: 'Yesterday', '7d': '7 days', '30d': '30 days', '90d': '90 days', '12m': '12 months', month: 'This month',
};

const PURPOSE_LABELS: Record<string, string> = { training: 'training', search: 'search', user: 'user-triggered' };

export const formatCount = (n: number): string => n.toLocaleString('en-US');

export function formatPercent(share: number | null): string {
  return share === null ? '–' : `${Math.round(share * 1000) / 10}%`;
}

export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 60) return `${seconds} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

function formatRange(from: string, to: string): string {
  return from === to ? from : `${from} to ${to}`;
}

function formatChange(change: number | null): string {
  if (change === null) return '<span class="change">no earlier figures</span>';
  const kind = change > 0 ? 'up' : change < 0 ? 'down' : 'same';
  return `<span class="change ${kind}">${change > 0 ? '+' : ''}${change}%</span>`;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** A country code with its English name when there is one ("(unknown)" and the like stay as they are). */
function countryLabel(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  const name = countryNames.of(code);
  return name && name !== code ? `${name} (${code})` : code;
}

/** The period choices: plain links, the current one marked. */
export function renderPeriodLinks(current: OverviewPeriod | null): string {
  const links = OVERVIEW_PERIODS.map((period) => `<a href="${STATS_PATH}?period=${period}"${period === current ? ' aria-current="page"' : ''}>${PERIOD_LABELS[period]}</a>`).join('');
  return `<nav class="periods" aria-label="Period">${links}</nav>`;
}

/** A section: heading, optional intro (markup), then the table, or the `empty` sentence without rows. */
function table(caption: string, head: string[], rows: string[][], empty: string, intro = ''): string {
  if (rows.length === 0) return `<h2>${esc(caption)}</h2>${intro}<p class="muted">${esc(empty)}</p>`;
  const headCells = head.map((cell, i) => `<th scope="col"${i > 0 ? ' class="num"' : ''}>${esc(cell)}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((cell, i) => (i === 0 ? `<td>${cell}</td>` : `<td class="num">${cell}</td>`)).join('')}</tr>`).join('');
  return `<h2>${esc(caption)}</h2>${intro}<div class="card flush"><table class="stats"><thead><tr>${headCells}</tr></thead><tbody>${body}</tbody></table></div>`;
}

function smallTable(caption: string, column: string, rows: NamedRow[], label: (name: string) => string = (name) => name): string {
  return `<section>${table(caption, [column, 'Visitors'], rows.map((row) => [esc(label(row.name)), formatCount(row.visitors)]), 'Nothing counted in this period.')}</section>`;
}

/** A page cell: title (or path) linking to the public page, the path, and the entry in the panel when it is one. */
function pageCell(siteUrl: string, page: { path: string; title: string | null; id: string | null }): string {
  const publicLink = `<a href="${esc(siteUrl + page.path)}">${esc(page.title ?? page.path)}</a>`;
  // Without a title the link already reads as the path; it is not repeated.
  if (page.title === null) return publicLink;
  const edit = page.id ? ` · <a class="nowrap" href="${esc(entryPageHref(page.id))}">in the panel</a>` : '';
  return `${publicLink}<br><span class="muted">${esc(page.path)}${edit}</span>`;
}

function renderFigures(data: StatsPageData): string {
  const o = data.overview;
  const compared = `Change against ${formatRange(o.change_percent.compared_with.from, o.change_percent.compared_with.to)}.`;
  return `<dl class="figures">`
    + `<div><dt>Visitors</dt><dd>${formatCount(o.visitors)}</dd><dd>${formatChange(o.change_percent.visitors)}</dd></div>`
    + `<div><dt>Page views</dt><dd>${formatCount(o.pageviews)}</dd><dd>${formatChange(o.change_percent.pageviews)}</dd></div>`
    + `<div><dt>Average reading time</dt><dd>${formatSeconds(o.average_reading_seconds)}</dd><dd class="muted">Bounce rate ${formatPercent(o.bounce_rate)}</dd></div>`
    + `<div><dt>Consent share</dt><dd>${formatPercent(o.consent_share)}</dd><dd class="muted">of banner decisions</dd></div>`
    + `</dl><p class="muted">${esc(compared)}</p>`;
}

function renderRealtime(data: StatsPageData, siteUrl: string): string {
  const r = data.realtime;
  const rows = r.pages.slice(0, 5).map((page) => [pageCell(siteUrl, page), formatCount(page.visitors)]);
  const intro = `<p><strong class="big">${formatCount(r.visitors)}</strong> ${r.visitors === 1 ? 'visitor' : 'visitors'} in the last ${r.window_minutes} minutes<br><span class="muted">As of ${esc(r.as_of)}. Today so far: ${formatCount(r.today.visitors)} visitors, ${formatCount(r.today.pageviews)} page views.</span></p>`;
  return rows.length ? table('Right now', ['Page', 'Visitors'], rows, '', intro) : `<h2>Right now</h2>${intro}`;
}

function renderCrawlers(data: StatsPageData): string {
  const c = data.crawlers;
  const rows = c.crawlers.slice(0, 5).map((crawler) => [
    `${esc(crawler.crawler)}<br><span class="muted">${esc(crawler.operator)} · ${esc(PURPOSE_LABELS[crawler.purpose] ?? crawler.purpose)}</span>`,
    formatCount(crawler.hits), formatCount(crawler.pages),
  ]);
  const note = `<p class="muted">Page requests by AI crawlers from ${esc(formatRange(c.from, c.to))}: ${formatCount(c.hits)} in all (training ${formatCount(c.by_purpose.training ?? 0)}, search ${formatCount(c.by_purpose.search ?? 0)}, user-triggered ${formatCount(c.by_purpose.user ?? 0)}).</p>`;
  return table('AI crawlers', ['Crawler', 'Requests', 'Pages'], rows, 'No AI crawler requested a page in these days.', note);
}

/** The page body for one period. */
export function renderStatsPage(period: OverviewPeriod, data: StatsPageData, siteUrl: string): string {
  const o = data.overview;
  const pages = o.top_pages.map((page) => [pageCell(siteUrl, page), formatCount(page.visitors), formatCount(page.pageviews), formatPercent(page.read_rate)]);
  const sources = o.top_sources.map((source) => [esc(source.source), formatCount(source.visitors), formatCount(source.pageviews)]);
  return `<h1>Statistics</h1>${renderPeriodLinks(period)}`
    + `<p class="muted">${esc(PERIOD_LABELS[period])}: ${esc(formatRange(o.from, o.to))}.</p>`
    + renderFigures(data)
    + `<h2>Visitors per ${data.chart.unit}</h2>${renderBarChart(data.chart.bars, data.chart.unit)}`
    + table('Top pages', ['Page', 'Visitors', 'Views', 'Read'], pages, 'No page views in this period.')
    + table('Top sources', ['Source', 'Visitors', 'Views'], sources, 'No visits from other sites in this period.')
    + `<div class="columns">${smallTable('Devices', 'Device', data.devices)}${smallTable('Browsers', 'Browser', data.browsers)}${smallTable('Countries', 'Country', data.countries, countryLabel)}</div>`
    + renderRealtime(data, siteUrl)
    + renderCrawlers(data);
}

/** The page for an address whose period cannot be answered: the choices, and the sentence in the notice. */
export function renderStatsPeriodProblem(): string {
  return `<h1>Statistics</h1>${renderPeriodLinks(null)}`;
}
