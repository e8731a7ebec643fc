import type { StatsService } from './stats-service.js';
import type { Dimension } from './stats-inputs.js';
import { buildPageIndex, lookupPage, type StatsContent } from './page-index.js';
import { averageReadingSeconds, readRate, topPairs } from './figures.js';
import { eachDay } from './day-math.js';
import { OTHER } from './rollup.js';

const ROW_KEY: Record<Exclude<Dimension, 'days' | 'hours' | 'pages'>, string> = {
  referrers: 'referrer', campaigns: 'campaign', countries: 'country', languages: 'language',
  devices: 'device', browsers: 'browser', os: 'os', events: 'event',
};

/**
 * stats_query: totals of the range and at most `limit` rows of one dimension, under a key named after it.
 * `rows_total` says how many rows there were before the limit. Days come oldest first (the last `limit`
 * days of the range); hours 0-23; everything else by visitors.
 */
export function statsQuery(stats: StatsService, content: StatsContent, input: { from: string; to: string; dimension: Dimension; limit: number }) {
  const rollup = stats.range(input.from, input.to);
  let rows: Record<string, unknown>[];
  switch (input.dimension) {
    case 'days':
      rows = eachDay(input.from, input.to).map((day) => {
        const pair = rollup.days[day];
        return { day, visitors: pair?.[0] ?? 0, pageviews: pair?.[1] ?? 0 };
      });
      break;
    case 'hours':
      rows = rollup.hours.map(([visitors, pageviews], hour) => ({ hour, visitors, pageviews }));
      break;
    case 'pages': {
      const index = buildPageIndex(content);
      rows = Object.entries(rollup.pages)
        .filter(([, page]) => page.pv > 0)
        .sort((a, b) => b[1].v - a[1].v || b[1].pv - a[1].pv || (a[0] < b[0] ? -1 : 1))
        .map(([path, page]) => {
          const info = path === OTHER ? undefined : lookupPage(index, path);
          return {
            path, title: info?.title ?? null, id: info?.id ?? null, visitors: page.v, pageviews: page.pv,
            average_reading_seconds: averageReadingSeconds(page.em, page.ev), read_rate: readRate(page),
          };
        });
      break;
    }
    case 'events':
      rows = topPairs(rollup.events, Number.MAX_SAFE_INTEGER).map(([event, [visitors, count]]) => ({ event, visitors, count }));
      break;
    default: {
      const key = ROW_KEY[input.dimension];
      rows = topPairs(rollup[input.dimension], Number.MAX_SAFE_INTEGER).map(([name, [visitors, pageviews]]) => ({ [key]: name, visitors, pageviews }));
    }
  }
  const total = rows.length;
  const limited = input.dimension === 'days' ? rows.slice(Math.max(0, total - input.limit)) : rows.slice(0, input.limit);
  return {
    from: input.from,
    to: input.to,
    dimension: input.dimension,
    visitors: rollup.visitors,
    pageviews: rollup.pageviews,
    rows_total: total,
    [input.dimension]: limited,
  };
}
