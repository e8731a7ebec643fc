import type { StatsService } from './stats-service.js';
import { resolvePeriod } from './periods.js';
import { aiCrawlerByName } from './ai-crawlers.js';
import { buildPageIndex, lookupPage, type StatsContent } from './page-index.js';
import { topCounts } from './figures.js';
import { OTHER } from './rollup.js';

export const CRAWLER_PAGE_ROWS = 20;

/**
 * stats_ai_crawlers: page requests by AI crawlers in the period — by crawler (with operator, purpose, pages
 * reached and its top pages), by operator, by purpose, and by page (with which crawlers fetched it).
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
  return {
    period, from: range.from, to: range.to,
    hits: total,
    by_purpose: byPurpose,
    by_operator: [...byOperator.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([operator, hits]) => ({ operator, hits })),
    crawlers,
    pages,
  };
}
