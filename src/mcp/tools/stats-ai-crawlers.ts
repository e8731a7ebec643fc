import { defineTool } from '../tool.js';
import { crawlersInput } from '../../stats/stats-inputs.js';
import { statsAiCrawlers } from '../../stats/crawler-report.js';
import { requireStatsView } from '../../stats/stats-access.js';

export const statsAiCrawlersTool = defineTool({
  name: 'stats_ai_crawlers',
  title: 'AI crawler visits',
  description:
    'Page requests by AI crawlers (GPTBot, ClaudeBot, PerplexityBot and others): total hits, by purpose (training, search, user), by operator, by crawler (operator, purpose, hits, pages reached, top pages) by page (hits and which crawlers), and ai_traffic: the four kinds of AI traffic (visits from assistant answers, fetches for a person, search crawlers, training crawlers) with assistant_pages, the pages visits from assistants arrived at. Period today, 7d, 30d (default) or 90d.',
  scope: 'stats:read',
  input: crawlersInput,
  output: 'statsAiCrawlersOutput',
  readOnly: true,
  handler: (args, { deps, principal }) => {
    requireStatsView(principal, 'stats_ai_crawlers');
    return statsAiCrawlers(deps.stats, deps.content, args.period);
  },
});
