// What the panel's Statistics page shows, asked of the statistics' one query engine (dimension-query.ts) and
// the functions the MCP statistics tools call (stats_realtime, stats_ai_crawlers): the page computes nothing
// of its own, so its figures always agree with what an assistant or the Content API is told.
import type { StatsService } from '../../stats/stats-service.js';
import type { StatsContent } from '../../stats/page-index.js';
import { previousRange, changePercent, type OverviewPeriod, type DayRange } from '../../stats/periods.js';
import { rangeFigures, dimensionRows, type RangeFigures, type Row } from '../../stats/dimension-query.js';
import { consentShare } from '../../stats/overview.js';
import { averageReadingSeconds, share } from '../../stats/figures.js';
import { addDays, daysBetween, lastDayOfMonth } from '../../lib/day-math.js';
import { statsRealtime } from '../../stats/realtime.js';
import { statsAiCrawlers } from '../../stats/crawler-report.js';
import { aiTraffic, addCrawlerHits, type AiTraffic } from '../../stats/ai-traffic.js';
import { goalFigures, type GoalRow } from '../../stats/goal-report.js';
import { propertyBreakdown } from '../../stats/property-breakdown.js';
import type { PropsCard } from './stats-props-view.js';
import { TABLES, type StatsView, type TableName, type Grouping } from './stats-view-params.js';

/** Rows of each table on the page itself; the whole table is a link away. */
export const TOP_ROWS = 10;

/**
 * stats_ai_crawlers answers today, 7d, 30d and 90d only; other periods show the nearest one that covers
 * them (the page says which days it shows).
 */
function crawlerPeriod(view: StatsView): 'today' | '7d' | '30d' | '90d' {
  const byPeriod: Record<OverviewPeriod, 'today' | '7d' | '30d' | '90d'> = { today: 'today', yesterday: '7d', '7d': '7d', '30d': '30d', '90d': '90d', '12m': '90d', month: '30d' };
  if (view.period) return byPeriod[view.period];
  const days = daysBetween(view.from, view.to) + 1;
  return days <= 7 ? '7d' : days <= 30 ? '30d' : '90d';
}

export interface ChartBar { label: string; from: string; to: string; visitors: number; pageviews: number; reading: number | null }

/** A headline figure: now, in the period compared with, and the change in percent (null: nothing to compare). */
export interface Compared { now: number; before: number; change: number | null }

export interface StatsPageData {
  headline: {
    visitors: number; pageviews: number; bounce_rate: number | null; average_reading_seconds: number | null; consent_share: number | null;
    change: { visitors: number | null; pageviews: number | null; compared_with: DayRange };
    /** the figures the changes are worked out from */
    compared: { visitors: Compared; pageviews: Compared; visits: Compared };
  };
  /** `previous`: the same buckets of the period compared with (by position), or null when not drawn */
  chart: { unit: Grouping; bars: ChartBar[]; previous: ChartBar[] | null };
  tables: Partial<Record<TableName, { rows: Row[]; total: number }>>;
  /** finished days of the range counted before visit tables existed (filters and entry pages cannot see them) */
  missing: string[];
  realtime: ReturnType<typeof statsRealtime>;
  crawlers: ReturnType<typeof statsAiCrawlers>;
  /** the four kinds of AI traffic in the view's days: of the filtered page when there is one, else of the site */
  ai: { path: string | null; traffic: AiTraffic };
  goals: GoalRow[];
  props: PropsCard;
}

/** The period before the view's: as stats_overview compares for a period, as many days before for a range. */
export function comparedRange(view: StatsView): DayRange {
  if (view.period) return previousRange(view.period, { from: view.from, to: view.to });
  const length = daysBetween(view.from, view.to) + 1;
  return { from: addDays(view.from, -length), to: addDays(view.from, -1) };
}

/** Monday of the ISO week a day is in. */
function weekStart(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The chart's buckets over the range, each cut to the range. */
export function buckets(from: string, to: string, unit: Exclude<Grouping, 'hour'>): DayRange[] {
  const out: DayRange[] = [];
  let start = from;
  while (start <= to) {
    let end = unit === 'day' ? start : unit === 'week' ? addDays(weekStart(start), 6) : lastDayOfMonth(start.slice(0, 7));
    if (end > to) end = to;
    out.push({ from: start, to: end });
    start = addDays(end, 1);
  }
  return out;
}

function bucketLabel(unit: Grouping, bucket: DayRange): string {
  if (unit === 'week') return `week of ${bucket.from}`;
  if (unit === 'month') return bucket.from.slice(0, 7);
  return bucket.from;
}

/** What a chart is drawn for: a range of days, its grouping, the figure shown, the filters. */
type ChartView = Pick<StatsView, 'from' | 'to' | 'group' | 'metric' | 'filters'>;

function chartBars(stats: StatsService, view: ChartView, figures: RangeFigures): ChartBar[] {
  if (view.group === 'hour') {
    return figures.rollup.hours.map(([visitors, pageviews], hour) => ({ label: `${String(hour).padStart(2, '0')}:00`, from: view.from, to: view.to, visitors, pageviews, reading: null }));
  }
  return buckets(view.from, view.to, view.group).map((bucket) => {
    let visitors = 0, pageviews = 0;
    for (let day = bucket.from; day <= bucket.to; day = addDays(day, 1)) {
      const pair = figures.rollup.days[day];
      if (pair) { visitors += pair[0]; pageviews += pair[1]; }
    }
    // Reading time is not kept per day in a range's figures: a bucket's own range has it (only asked for when shown).
    const reading = view.metric === 'reading' ? (() => { const r = rangeFigures(stats, bucket.from, bucket.to, view.filters, new Set()).rollup; return averageReadingSeconds(r.engaged_ms, r.engaged_visitors); })() : null;
    return { label: bucketLabel(view.group, bucket), from: bucket.from, to: bucket.to, visitors, pageviews, reading };
  });
}

/** The chart's bars with every figure (reading time too), for the chart's CSV. */
export function chartBarsFor(stats: StatsService, view: StatsView): ChartBar[] {
  const figures = rangeFigures(stats, view.from, view.to, view.filters, view.filters.length > 0 ? new Set(['hours']) : undefined);
  return chartBars(stats, view.group === 'hour' ? view : { ...view, metric: 'reading' }, figures);
}

/** Every row of one table for the view (a table shown whole, or its CSV). */
export function tableRows(stats: StatsService, content: StatsContent, view: StatsView, table: TableName): Row[] {
  const entries = table === 'entry_pages' || table === 'exit_pages';
  const figures = view.filters.length > 0 || entries ? rangeFigures(stats, view.from, view.to, view.filters) : rangeFigures(stats, view.from, view.to);
  return dimensionRows(figures, content, table, view.from, view.to);
}

/** Everything the page shows for one view. */
export function gatherStatsPage(stats: StatsService, content: StatsContent, view: StatsView): StatsPageData {
  const filtered = view.filters.length > 0;
  // Filtered, one pass over the visit tables counts every table; unfiltered, rollups give all but entry and
  // exit pages, which the visit tables add.
  const now = rangeFigures(stats, view.from, view.to, view.filters, filtered ? undefined : new Set());
  const entries = filtered ? now : rangeFigures(stats, view.from, view.to, [], new Set(['entries']));
  const before = comparedRange(view);
  const thenFigures = rangeFigures(stats, before.from, before.to, view.filters, new Set<'hours'>(view.group === 'hour' ? ['hours'] : []));
  const then = thenFigures.rollup;
  const r = now.rollup;
  const compared = (a: number, b: number): Compared => ({ now: a, before: b, change: changePercent(a, b) });
  const tables: StatsPageData['tables'] = {};
  for (const table of TABLES) {
    const rows = dimensionRows(table === 'entry_pages' || table === 'exit_pages' ? entries : now, content, table, view.from, view.to);
    tables[table] = { rows: rows.slice(0, TOP_ROWS), total: rows.length };
  }
  return {
    headline: {
      visitors: r.visitors, pageviews: r.pageviews, bounce_rate: share(r.bounces, r.visits),
      average_reading_seconds: averageReadingSeconds(r.engaged_ms, r.engaged_visitors),
      // Consent decisions carry no visitor, so they are never filtered: the share is of all decisions.
      consent_share: consentShare(filtered ? stats.range(view.from, view.to) : r),
      change: { visitors: changePercent(r.visitors, then.visitors), pageviews: changePercent(r.pageviews, then.pageviews), compared_with: before },
      compared: { visitors: compared(r.visitors, then.visitors), pageviews: compared(r.pageviews, then.pageviews), visits: compared(r.visits, then.visits) },
    },
    chart: { unit: view.group, bars: chartBars(stats, view, now), previous: chartBars(stats, { ...view, from: before.from, to: before.to }, thenFigures) },
    tables,
    missing: [...new Set([...now.missing, ...entries.missing])].sort(),
    realtime: statsRealtime(stats, content),
    crawlers: statsAiCrawlers(stats, content, crawlerPeriod(view)),
    ai: aiOfView(stats, view, now),
    goals: goalFigures(stats, view.from, view.to, view.filters).goals,
    props: propertyBreakdown(stats, view.from, view.to, view.filters, { pairs: true }),
  };
}

/**
 * Visits from assistants are the view's own page views by source (filtered like everything else); crawlers
 * run no script and have no source, country or device, so only a page filter narrows them.
 */
function aiOfView(stats: StatsService, view: StatsView, now: RangeFigures): StatsPageData['ai'] {
  const path = view.filters.find((filter) => filter.dimension === 'page')?.value ?? null;
  const hits = new Map<string, number>();
  addCrawlerHits(hits, stats.range(view.from, view.to).crawlers, path ?? undefined);
  return { path, traffic: aiTraffic(now.rollup.referrers, hits) };
}
