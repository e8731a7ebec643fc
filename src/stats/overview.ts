import type { StatsService } from './stats-service.js';
import { type Rollup, OTHER, agreedAny } from './store/stats-store.js';
import { resolvePeriod, previousRange, changePercent, type OverviewPeriod } from './periods.js';
import { buildPageIndex, lookupPage, type StatsContent } from './page-index.js';
import { averageReadingSeconds, readRate, share, topPairs } from './figures.js';
import type { StatsFilter } from './stats-filters.js';
import type { FigureParts } from './filtered-figures.js';

export const TOP_ROWS = 10;

/** Top pages with the content store's title and id for each path (null for paths that are no entry). */
export function topPages(rollup: Rollup, content: StatsContent, limit: number) {
  const index = buildPageIndex(content);
  return Object.entries(rollup.pages)
    .filter(([path, page]) => page.pv > 0 && path !== OTHER)
    .sort((a, b) => b[1].v - a[1].v || b[1].pv - a[1].pv || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([path, page]) => {
      const info = lookupPage(index, path);
      return { path, title: info?.title ?? null, id: info?.id ?? null, visitors: page.v, pageviews: page.pv, read_rate: readRate(page) };
    });
}

export function topSources(rollup: Rollup, limit: number) {
  return topPairs(rollup.referrers, limit).map(([source, [visitors, pageviews]]) => ({ source, visitors, pageviews }));
}

/** Share of consent decisions that agreed to at least one optional category (null without decisions). */
export function consentShare(rollup: Rollup): number | null {
  return share(agreedAny(rollup.consent), rollup.consent.decisions);
}

/** What stats_overview counts from visit tables when filtered (top pages and sources; days and totals always). */
const OVERVIEW_PARTS: FigureParts = new Set(['pages', 'source']);

/**
 * stats_overview: the period's totals, the change against the period before, top pages and sources. With
 * filters (the Content API's /stats takes them) only matching page views count; consent decisions carry no
 * visitor, so the consent share stays that of all decisions.
 */
export function statsOverview(stats: StatsService, content: StatsContent, period: OverviewPeriod, filters: readonly StatsFilter[] = []) {
  return overviewWith(stats, content, period, filters, OVERVIEW_PARTS).overview;
}

/**
 * stats_overview's answer and the period's figures, counted (when filtered) for `parts` beside the
 * overview's own, so a caller that shows more of the period (api-report.ts) counts its tables once.
 */
export function overviewWith(stats: StatsService, content: StatsContent, period: OverviewPeriod, filters: readonly StatsFilter[], parts: FigureParts) {
  const range = resolvePeriod(period, stats.today());
  const before = previousRange(period, range);
  const filtered = filters.length > 0;
  const all = stats.range(range.from, range.to);
  const now = filtered ? stats.filtered(range.from, range.to, filters, new Set([...OVERVIEW_PARTS, ...parts])).rollup : all;
  const then = filtered ? stats.filtered(before.from, before.to, filters, new Set()).rollup : stats.range(before.from, before.to);
  const overview = {
    period,
    from: range.from,
    to: range.to,
    visitors: now.visitors,
    pageviews: now.pageviews,
    visits: now.visits,
    bounce_rate: share(now.bounces, now.visits),
    average_reading_seconds: averageReadingSeconds(now.engaged_ms, now.engaged_visitors),
    consent_share: consentShare(all),
    change_percent: {
      visitors: changePercent(now.visitors, then.visitors),
      pageviews: changePercent(now.pageviews, then.pageviews),
      compared_with: { from: before.from, to: before.to },
    },
    top_pages: topPages(now, content, TOP_ROWS),
    top_sources: topSources(now, TOP_ROWS),
  };
  return { overview, now };
}
