// The one query engine of the statistics: stats_query, the Content API's /stats and the panel's page all
// ask it. Without filters a range is read from the rollups; with filters (or for entry and exit pages,
// which rollups do not keep) from the visit tables, which count the same figures.
import type { StatsService } from './stats-service.js';
import type { Dimension } from './stats-inputs.js';
import { buildPageIndex, lookupPage, type StatsContent } from './page-index.js';
import { averageReadingSeconds, readRate, topPairs } from './figures.js';
import { eachDay } from '../lib/day-math.js';
import { OTHER, type Pair, type Rollup } from './store/stats-store.js';
import type { StatsFilter } from './stats-filters.js';
import type { FigureParts } from './filtered-figures.js';
import { channelPairs } from './traffic-channels.js';
import { propertyBreakdown } from './property-breakdown.js';

/** stats_query's dimensions and the two the panel adds (entry and exit pages are counted per visit). */
export type QueryDimension = Dimension | 'entry_pages' | 'exit_pages';
export type Row = Record<string, unknown>;

export interface RangeFigures {
  rollup: Rollup;
  entryPages?: Record<string, Pair>;
  exitPages?: Record<string, Pair>;
  /** finished days counted before visit tables existed: filters cannot see them */
  missing: string[];
}

const ROW_KEY: Record<Exclude<Dimension, 'days' | 'hours' | 'pages' | 'channels' | 'props'>, string> = {
  referrers: 'referrer', campaigns: 'campaign', countries: 'country', languages: 'language',
  devices: 'device', browsers: 'browser', os: 'os', events: 'event',
};

/** The figures of a range: rollups when nothing is filtered and no entry or exit pages are asked for. */
export function rangeFigures(stats: StatsService, from: string, to: string, filters: readonly StatsFilter[] = [], parts?: FigureParts): RangeFigures {
  if (filters.length === 0 && !parts?.has('entries')) return { rollup: stats.range(from, to), missing: [] };
  return stats.filtered(from, to, filters, parts);
}

function pageRows(pages: Record<string, Pair>, index: ReturnType<typeof buildPageIndex>, key: 'entries' | 'exits'): Row[] {
  return topPairs(pages, Number.MAX_SAFE_INTEGER).map(([path, [visitors, count]]) => {
    const info = path === OTHER ? undefined : lookupPage(index, path);
    return { path, title: info?.title ?? null, id: info?.id ?? null, visitors, [key]: count };
  });
}

/**
 * Every row of one dimension, in the order shown: days oldest first, hours 0-23, everything else by
 * visitors (then page views, then name).
 */
export function dimensionRows(figures: RangeFigures, content: StatsContent, dimension: QueryDimension, from: string, to: string): Row[] {
  const rollup = figures.rollup;
  switch (dimension) {
    case 'days':
      return eachDay(from, to).map((day) => {
        const pair = rollup.days[day];
        return { day, visitors: pair?.[0] ?? 0, pageviews: pair?.[1] ?? 0 };
      });
    case 'hours':
      return rollup.hours.map(([visitors, pageviews], hour) => ({ hour, visitors, pageviews }));
    case 'pages': {
      const index = buildPageIndex(content);
      return Object.entries(rollup.pages)
        .filter(([, page]) => page.pv > 0)
        .sort((a, b) => b[1].v - a[1].v || b[1].pv - a[1].pv || (a[0] < b[0] ? -1 : 1))
        .map(([path, page]) => {
          const info = path === OTHER ? undefined : lookupPage(index, path);
          return {
            path, title: info?.title ?? null, id: info?.id ?? null, visitors: page.v, pageviews: page.pv,
            average_reading_seconds: averageReadingSeconds(page.em, page.ev), read_rate: readRate(page),
          };
        });
    }
    case 'entry_pages':
      return pageRows(figures.entryPages ?? {}, buildPageIndex(content), 'entries');
    case 'exit_pages':
      return pageRows(figures.exitPages ?? {}, buildPageIndex(content), 'exits');
    case 'props':
      return []; // counted from the visit tables' property rows (statsQuery)
    case 'channels':
      return topPairs(channelPairs(rollup.referrers), Number.MAX_SAFE_INTEGER).map(([channel, [visitors, pageviews]]) => ({ channel, visitors, pageviews }));
    case 'events':
      return topPairs(rollup.events, Number.MAX_SAFE_INTEGER).map(([event, [visitors, count]]) => ({ event, visitors, count }));
    default: {
      const key = ROW_KEY[dimension];
      return topPairs(rollup[dimension], Number.MAX_SAFE_INTEGER).map(([name, [visitors, pageviews]]) => ({ [key]: name, visitors, pageviews }));
    }
  }
}

/** What each dimension needs counted from visit tables (a filtered stats_query counts only that). */
const PARTS: Record<QueryDimension, FigureParts> = {
  days: new Set(), hours: new Set(['hours']), pages: new Set(['pages']), entry_pages: new Set(['entries']), exit_pages: new Set(['entries']),
  referrers: new Set(['source']), campaigns: new Set(['campaign']), countries: new Set(['country']), languages: new Set(['language']),
  devices: new Set(['device']), browsers: new Set(['browser']), os: new Set(['os']), events: new Set(['events']), channels: new Set(['source']), props: new Set(),
};

/**
 * stats_query: totals of the range and at most `limit` rows of one dimension (from `offset`), under a key
 * named after it. `rows_total` says how many rows there were before the limit. Days come oldest first (the
 * last `limit` days of the range).
 */
export function statsQuery<D extends QueryDimension>(stats: StatsService, content: StatsContent, input: { from: string; to: string; dimension: D; limit: number; offset?: number; filters?: readonly StatsFilter[]; property?: string | undefined }) {
  const figures = rangeFigures(stats, input.from, input.to, input.filters ?? [], input.filters?.length ? PARTS[input.dimension] : undefined);
  let rows = dimensionRows(figures, content, input.dimension, input.from, input.to);
  let extra = {};
  if (input.dimension === 'props') {
    const counted = propertyBreakdown(stats, input.from, input.to, input.filters ?? [], input.property === undefined ? { names: true } : { property: input.property });
    rows = counted.rows.map(({ key, visitors, events }) => ({ [input.property === undefined ? 'property' : 'value']: key, visitors, events }));
    extra = { property: input.property ?? null, properties_refused: counted.refused };
  }
  const total = rows.length;
  const offset = input.offset ?? 0;
  const limited = input.dimension === 'days' ? rows.slice(Math.max(0, total - input.limit)) : rows.slice(offset, offset + input.limit);
  return {
    from: input.from,
    to: input.to,
    dimension: input.dimension,
    visitors: figures.rollup.visitors,
    pageviews: figures.rollup.pageviews,
    rows_total: total,
    ...extra,
    [input.dimension]: limited,
  };
}
