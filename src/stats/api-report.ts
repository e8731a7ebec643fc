import type { StatsService } from './stats-service.js';
import type { StatsContent } from './page-index.js';
import type { OverviewPeriod } from './periods.js';
import { overviewWith } from './overview.js';
import { eachDay } from '../lib/day-math.js';
import { topPairs } from './figures.js';
import { filterText, type StatsFilter } from './stats-filters.js';

/**
 * The Content API's statistics report (`GET /svc/api/v1/stats?period=`): the overview's figures plus the
 * time zone, a per-day series and the top countries, devices and browsers — what a dashboard widget needs.
 * `filter=<dimension>:<value>` (once per dimension) narrows it like the panel's page, through the same engine.
 */
export function statsReport(stats: StatsService, content: StatsContent, period: OverviewPeriod, filters: readonly StatsFilter[] = []) {
  // The period is counted once, for the overview's rows and these (filtered, its visit tables are counted once).
  const { overview, now: rollup } = overviewWith(stats, content, period, filters, new Set(['country', 'device', 'browser']));
  const rows = (table: Record<string, [number, number]>, key: string) =>
    topPairs(table, 10).map(([name, [visitors, pageviews]]) => ({ [key]: name, visitors, pageviews }));
  return {
    ...overview,
    ...(filters.length > 0 ? { filters: filters.map(filterText) } : {}),
    time_zone: stats.timeZone,
    per_day: eachDay(overview.from, overview.to).map((day) => ({ day, visitors: rollup.days[day]?.[0] ?? 0, pageviews: rollup.days[day]?.[1] ?? 0 })),
    countries: rows(rollup.countries, 'country'),
    devices: rows(rollup.devices, 'device'),
    browsers: rows(rollup.browsers, 'browser'),
  };
}
