import type { StatsService } from './stats-service.js';
import type { StatsContent } from './page-index.js';
import { topPages, topSources } from './overview.js';

/** svc://stats/today: today so far (site time zone) and the visitors of the last five minutes. */
export function todaySummary(stats: StatsService, content: StatsContent) {
  const today = stats.today();
  const rollup = stats.range(today, today);
  return {
    day: today,
    visitors: rollup.visitors,
    pageviews: rollup.pageviews,
    top_pages: topPages(rollup, content, 5),
    top_sources: topSources(rollup, 5),
    right_now: stats.activeVisitors().length,
  };
}
