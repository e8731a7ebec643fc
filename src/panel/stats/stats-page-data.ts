// What the panel's Statistics page shows, gathered from the same functions the MCP statistics tools call
// (stats_overview, stats_query, stats_realtime, stats_ai_crawlers): the page computes nothing of its own,
// so its figures always agree with what an assistant is told.
import type { StatsService } from '../../stats/stats-service.js';
import type { StatsContent } from '../../stats/page-index.js';
import { OVERVIEW_PERIODS, type OverviewPeriod } from '../../stats/periods.js';
import { statsOverview } from '../../stats/overview.js';
import { statsQuery } from '../../stats/dimension-query.js';
import { statsRealtime } from '../../stats/realtime.js';
import { statsAiCrawlers } from '../../stats/crawler-report.js';

/** Rows shown for devices, browsers, countries, right now and AI crawlers. */
export const SMALL_TOP = 5;

export const DEFAULT_PERIOD: OverviewPeriod = '7d';

/**
 * stats_ai_crawlers answers today, 7d, 30d and 90d only; the other periods show the nearest one that
 * covers them (the page says which days it shows).
 */
const CRAWLER_PERIOD: Record<OverviewPeriod, 'today' | '7d' | '30d' | '90d'> = {
  today: 'today', yesterday: '7d', '7d': '7d', '30d': '30d', '90d': '90d', '12m': '90d', month: '30d',
};

export type StatsPeriodParse = { ok: true; period: OverviewPeriod } | { ok: false; sentence: string };

/** The `period` of the address: absent means the default; anything else must be one of the periods exactly. */
export function parseStatsPeriod(params: URLSearchParams): StatsPeriodParse {
  const values = params.getAll('period');
  if (values.length === 0) return { ok: true, period: DEFAULT_PERIOD };
  const value = values[0]!;
  if (values.length === 1 && (OVERVIEW_PERIODS as readonly string[]).includes(value)) return { ok: true, period: value as OverviewPeriod };
  const shown = values.length > 1 ? 'more than one period' : value === '' ? 'an empty period' : `the period “${value.slice(0, 40)}”`;
  return { ok: false, sentence: `The address asks for ${shown}. Choose one of: ${OVERVIEW_PERIODS.join(', ')}.` };
}

export interface NamedRow { name: string; visitors: number; pageviews: number }

export interface StatsPageData {
  overview: ReturnType<typeof statsOverview>;
  /** Bars: per hour for a one-day period, per day otherwise. */
  chart: { unit: 'hour' | 'day'; bars: { label: string; visitors: number; pageviews: number }[] };
  devices: NamedRow[];
  browsers: NamedRow[];
  countries: NamedRow[];
  realtime: ReturnType<typeof statsRealtime>;
  crawlers: ReturnType<typeof statsAiCrawlers>;
}

function namedRows(rows: unknown, key: string): NamedRow[] {
  return (rows as Record<string, unknown>[]).map((row) => ({ name: String(row[key]), visitors: Number(row.visitors), pageviews: Number(row.pageviews) }));
}

/** Everything the page shows for one period. */
export function gatherStatsPage(stats: StatsService, content: StatsContent, period: OverviewPeriod): StatsPageData {
  const overview = statsOverview(stats, content, period);
  const range = { from: overview.from, to: overview.to };
  const oneDay = range.from === range.to;
  const series = statsQuery(stats, content, { ...range, dimension: oneDay ? 'hours' : 'days', limit: 400 });
  const bars = oneDay
    ? (series.hours as { hour: number; visitors: number; pageviews: number }[]).map((row) => ({ label: `${String(row.hour).padStart(2, '0')}:00`, visitors: row.visitors, pageviews: row.pageviews }))
    : (series.days as { day: string; visitors: number; pageviews: number }[]).map((row) => ({ label: row.day, visitors: row.visitors, pageviews: row.pageviews }));
  const top = (dimension: 'devices' | 'browsers' | 'countries', key: string) =>
    namedRows(statsQuery(stats, content, { ...range, dimension, limit: SMALL_TOP })[dimension], key);
  return {
    overview,
    chart: { unit: oneDay ? 'hour' : 'day', bars },
    devices: top('devices', 'device'),
    browsers: top('browsers', 'browser'),
    countries: top('countries', 'country'),
    realtime: statsRealtime(stats, content),
    crawlers: statsAiCrawlers(stats, content, CRAWLER_PERIOD[period]),
  };
}
