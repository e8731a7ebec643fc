// GET /svc/panel/stats: the panel's Statistics page for people whose role has stats.view; its CSV downloads
// (/svc/panel/stats/export) and the "right now" part the panel's script refreshes (/svc/panel/stats/realtime).
import type { PanelDeps } from '../panel-deps.js';
import type { Router, RequestContext } from '../../http/router.js';
import { sendBody } from '../../http/respond.js';
import { renderPage, sendPanelPage } from '../layout.js';
import { SCRIPTED_PANEL_CSP } from '../panel-script.js';
import { requirePanelSession } from '../panel-session.js';
import { toCsv } from '../../lib/csv.js';
import { ZipWriter } from '../../lib/zip-writer.js';
import { writeStatsExport } from '../../stats/stats-export.js';
import { statsRealtime } from '../../stats/realtime.js';
import { gatherStatsPage, tableRows, chartBarsFor } from './stats-page-data.js';
import { parseStatsView, STATS_PATH, STATS_EXPORT_PATH, STATS_EXPORT_ZIP_PATH, STATS_REALTIME_PATH, TABLES, type StatsView, type TableName } from './stats-view-params.js';
import { renderStatsPage, renderStatsPeriodProblem, renderStatsHeader, renderRealtime } from './stats-page-view.js';
import { renderWholeTable } from './stats-tables-view.js';
import { fill, words } from '../words/panel-words.js';

/** The page loads the panel's script only to refresh "right now": it may fetch from this site, nothing else. */
const STATS_CSP = SCRIPTED_PANEL_CSP.replace("script-src 'self';", "script-src 'self'; connect-src 'self';");

/** Columns of each CSV, in order: the keys of the engine's rows. */
const CSV_COLUMNS: Record<TableName, string[]> = {
  pages: ['path', 'title', 'id', 'visitors', 'pageviews', 'average_reading_seconds', 'read_rate'],
  entry_pages: ['path', 'title', 'id', 'visitors', 'entries'],
  exit_pages: ['path', 'title', 'id', 'visitors', 'exits'],
  referrers: ['referrer', 'visitors', 'pageviews'], channels: ['channel', 'visitors', 'pageviews'], campaigns: ['campaign', 'visitors', 'pageviews'], countries: ['country', 'visitors', 'pageviews'],
  languages: ['language', 'visitors', 'pageviews'], devices: ['device', 'visitors', 'pageviews'], browsers: ['browser', 'visitors', 'pageviews'],
  os: ['os', 'visitors', 'pageviews'], events: ['event', 'visitors', 'count'],
};

function readView(ctx: RequestContext, deps: PanelDeps): { view: StatsView } | { sentence: string } {
  const parsed = parseStatsView(ctx.url.searchParams, deps.stats.today());
  return parsed.ok ? { view: parsed.view } : { sentence: parsed.sentence };
}

export function showStatsPage(ctx: RequestContext, deps: PanelDeps): void {
  const session = requirePanelSession(ctx, deps, 'stats.view');
  if (!session) return;
  const read = readView(ctx, deps);
  if ('sentence' in read) {
    // The period links stay on the page, so the way out is one tap away.
    sendPanelPage(ctx, 422, renderPage({ title: words().stats.title, viewer: session, active: 'stats', notice: { kind: 'error', text: read.sentence }, body: renderStatsPeriodProblem() }));
    return;
  }
  const { view } = read;
  const siteUrl = deps.content.site().url;
  let body: string;
  if (view.show) {
    const rows = tableRows(deps.stats, deps.content, view, view.show);
    body = renderStatsHeader(view, []) + renderWholeTable(view, siteUrl, view.show, rows);
  } else {
    body = renderStatsPage(view, gatherStatsPage(deps.stats, deps.content, view), siteUrl);
  }
  sendPanelPage(ctx, 200, renderPage({ title: words().stats.title, viewer: session, active: 'stats', body, script: true, wide: true }), { 'content-security-policy': STATS_CSP });
}

/** GET /svc/panel/stats/export?<view>&table=<table or chart>: every row of one table (or the chart's bars) as CSV. */
export function exportStatsCsv(ctx: RequestContext, deps: PanelDeps): void {
  const session = requirePanelSession(ctx, deps, 'stats.view');
  if (!session) return;
  const read = readView(ctx, deps);
  const tables = ctx.url.searchParams.getAll('table');
  const table = tables[0] ?? '';
  const known = tables.length === 1 && (table === 'chart' || (TABLES as readonly string[]).includes(table));
  const sentence = 'sentence' in read ? read.sentence : known ? null : fill(words().stats.address.badTable, { value: fill(words().stats.address.quoted, { value: table.slice(0, 40) }), choices: `chart, ${TABLES.join(', ')}` });
  if (sentence !== null || 'sentence' in read) {
    sendBody(ctx.res, 422, `${sentence}\n`, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    return;
  }
  const { view } = read;
  let rows: (string | number | null)[][];
  if (table === 'chart') {
    const bars = chartBarsFor(deps.stats, view);
    rows = [[view.group, 'from', 'to', 'visitors', 'pageviews', 'average_reading_seconds'], ...bars.map((bar) => [bar.label, bar.from, bar.to, bar.visitors, bar.pageviews, bar.reading])];
  } else {
    const columns = CSV_COLUMNS[table as TableName];
    rows = [columns, ...tableRows(deps.stats, deps.content, view, table as TableName).map((row) => columns.map((key) => row[key] as string | number | null))];
  }
  sendBody(ctx.res, 200, toCsv(rows), {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="statistics-${view.from}-${view.to}-${table}.csv"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
}

/** GET /svc/panel/stats/realtime: the "right now" part alone, marked so the script replaces nothing else with it. */
export function showRealtimePart(ctx: RequestContext, deps: PanelDeps): void {
  const session = requirePanelSession(ctx, deps, 'stats.view');
  if (!session) return;
  const parsed = parseStatsView(new URLSearchParams(), deps.stats.today());
  if (!parsed.ok) throw new Error(parsed.sentence);
  const html = renderRealtime({ realtime: statsRealtime(deps.stats, deps.content) }, deps.content.site().url, parsed.view);
  sendPanelPage(ctx, 200, html, { 'x-svc-part': 'realtime' });
}

/**
 * GET /svc/panel/stats/export.zip?<view>: every dimension of the view's days as a ZIP of CSV files, streamed
 * as it is made (stats/stats-export.ts). Filters do not apply: the archive is the whole statistics.
 */
export function exportStatsZip(ctx: RequestContext, deps: PanelDeps): void {
  const session = requirePanelSession(ctx, deps, 'stats.view');
  if (!session) return;
  const read = readView(ctx, deps);
  if ('sentence' in read) {
    sendBody(ctx.res, 422, `${read.sentence}\n`, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    return;
  }
  const { from, to } = read.view;
  ctx.res.writeHead(200, {
    'content-type': 'application/zip', 'content-disposition': `attachment; filename="statistics-${from}-${to}.zip"`,
    'cache-control': 'no-store', 'x-content-type-options': 'nosniff',
  });
  writeStatsExport(deps.stats, from, to, new ZipWriter(ctx.res, deps.clock())).then(() => ctx.res.end(), (error: unknown) => {
    deps.log(`svc: the statistics export stopped: ${(error as Error)?.message ?? error}`);
    ctx.res.destroy();
  });
}

export function registerStatsPage(router: Router, deps: PanelDeps): void {
  router.get(STATS_PATH, (ctx) => showStatsPage(ctx, deps));
  router.get(STATS_EXPORT_ZIP_PATH, (ctx) => exportStatsZip(ctx, deps));
  router.get(STATS_EXPORT_PATH, (ctx) => exportStatsCsv(ctx, deps));
  router.get(STATS_REALTIME_PATH, (ctx) => showRealtimePart(ctx, deps));
}
