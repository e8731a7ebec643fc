import type { StatsService } from './stats-service.js';
import { resolvePeriod } from './periods.js';
import { aiCrawlerByName } from './ai-crawlers.js';
import { buildPageIndex, lookupPage, type StatsContent } from './page-index.js';
import { topCounts } from './figures.js';
import { OTHER, own, put, type Pair } from './store/stats-store.js';
import { aiTraffic, addCrawlerHits } from './ai-traffic.js';
import { assistantOfSource } from './ai-assistants.js';

export const CRAWLER_PAGE_ROWS = 20;
const PAGES = new Set(['pages'] as const);

/**
 * stats_ai_crawlers: page requests by AI crawlers in the period — by crawler (with operator, purpose, pages
 * reached and its top pages), by operator, by purpose, and by page (with which crawlers fetched it); and the
 * four kinds of AI traffic of the whole site (ai-traffic.ts) with the pages visits from assistants arrived at.
 */
export function statsAiCrawlers(stats: StatsService, content: StatsContent, period: 'today' | '7d' | '30d' | '90d') {
  const range = resolvePeriod(period, stats.today());
  const rollup = stats.range(range.from, range.to);
  const index = buildPageIndex(content);
  const byOperator = new Map<string, number>();
  const byPurpose: Record<string, number> = { training: 0, search: 0, user: 0 };
  const byPage = new Map<string, { hits: number; crawlers: Record<string, number> }>();
  let total = 0;
  const crawlers = Object.entries(rollup.crawlers)
    .sort((a, b) => b[1].hits - a[1].hits || (a[0] < b[0] ? -1 : 1))
    .map(([name, data]) => {
      const known = aiCrawlerByName(name);
      const operator = known?.operator ?? 'unknown';
      const purpose = known?.purpose ?? 'unknown';
      total += data.hits;
      byOperator.set(operator, (byOperator.get(operator) ?? 0) + data.hits);
      byPurpose[purpose] = (byPurpose[purpose] ?? 0) + data.hits;
      for (const [path, hits] of Object.entries(data.pages)) {
        const page = byPage.get(path) ?? { hits: 0, crawlers: {} };
        page.hits += hits;
        page.crawlers[name] = (page.crawlers[name] ?? 0) + hits;
        byPage.set(path, page);
      }
      return {
        crawler: name, operator, purpose, hits: data.hits,
        pages: Object.keys(data.pages).filter((path) => path !== OTHER).length,
        top_pages: topCounts(data.pages, 5).map(([path, hits]) => ({ path, hits })),
      };
    });
  const pages = [...byPage.entries()]
    .sort((a, b) => b[1].hits - a[1].hits || (a[0] < b[0] ? -1 : 1))
    .slice(0, CRAWLER_PAGE_ROWS)
    .map(([path, page]) => {
      const info = path === OTHER ? undefined : lookupPage(index, path);
      return { path, title: info?.title ?? null, id: info?.id ?? null, hits: page.hits, crawlers: page.crawlers };
    });
  const hitsByCrawler = new Map<string, number>();
  addCrawlerHits(hitsByCrawler, rollup.crawlers);
  return {
    period, from: range.from, to: range.to,
    hits: total,
    by_purpose: byPurpose,
    by_operator: [...byOperator.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([operator, hits]) => ({ operator, hits })),
    crawlers,
    pages,
    ai_traffic: aiTraffic(rollup.referrers, hitsByCrawler),
    assistant_pages: assistantPages(stats, range.from, range.to, Object.keys(rollup.referrers), index),
  };
}

/**
 * The pages visits from assistants' answers went to: the range's page views counted once per source that
 * is an assistant (a visit has one source, so the sources' counts add up).
 */
function assistantPages(stats: StatsService, from: string, to: string, sources: string[], index: ReturnType<typeof buildPageIndex>) {
  const pages: Record<string, Pair> = {};
  for (const source of sources.filter((name) => assistantOfSource(name) !== null)) {
    const counted = stats.filtered(from, to, [{ dimension: 'source', value: source }], PAGES).rollup.pages;
    for (const path of Object.keys(counted)) {
      const page = counted[path]!;
      if (page.pv === 0) continue;
      const pair = own(pages, path);
      if (pair) { pair[0] += page.v; pair[1] += page.pv; } else put(pages, path, [page.v, page.pv]);
    }
  }
  return Object.entries(pages)
    .sort((a, b) => b[1][0] - a[1][0] || b[1][1] - a[1][1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, CRAWLER_PAGE_ROWS)
    .map(([path, [visitors, pageviews]]) => {
      const info = path === OTHER ? undefined : lookupPage(index, path);
      return { path, title: info?.title ?? null, id: info?.id ?? null, visitors, pageviews };
    });
}
