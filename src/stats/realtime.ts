import type { StatsService } from './stats-service.js';
import { REALTIME_WINDOW_MS } from './stats-service.js';
import { buildPageIndex, lookupPage, type StatsContent } from './page-index.js';
import { formatSiteTime } from '../lib/time-zone.js';

/**
 * stats_realtime: visitors seen in the last five minutes (any page view, event or engagement report) and
 * the page each is on (the last page they viewed), most visitors first; plus today's totals so far.
 */
export function statsRealtime(stats: StatsService, content: StatsContent) {
  const active = stats.activeVisitors();
  const counts = new Map<string, number>();
  for (const visitor of active) counts.set(visitor.path, (counts.get(visitor.path) ?? 0) + 1);
  const index = buildPageIndex(content);
  const today = stats.live().rollup(false);
  return {
    window_minutes: REALTIME_WINDOW_MS / 60_000,
    as_of: formatSiteTime(stats.now(), stats.timeZone),
    visitors: active.length,
    pages: [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 50)
      .map(([path, visitors]) => {
        const info = lookupPage(index, path);
        return { path, title: info?.title ?? null, id: info?.id ?? null, visitors };
      }),
    today: { visitors: today.visitors, pageviews: today.pageviews },
  };
}
