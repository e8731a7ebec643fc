import { defineTool } from '../tool.js';
import { postInput } from '../../stats/stats-inputs.js';
import { statsPost } from '../../stats/post-report.js';
import { requireStatsView } from '../../stats/stats-access.js';

export const statsPostTool = defineTool({
  name: 'stats_post',
  title: 'Statistics of one entry',
  description:
    'How one entry does, per language: visitors, page views, average reading seconds, average scroll percent, read rate, where readers came from and went on to (top eight each), a per-day series and ai_traffic: visits from AI assistant answers, fetches assistants made for a person, search crawlers and training crawlers. Give id (from content_list) or path (/<slug>); period 7d, 30d (default), 90d or 12m.',
  scope: 'stats:read',
  input: postInput,
  output: 'statsPostOutput',
  readOnly: true,
  handler: (args, { deps, principal }) => {
    requireStatsView(principal, 'stats_post');
    return statsPost(deps.stats, deps.content, args);
  },
});
