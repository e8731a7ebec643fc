import { defineTool } from '../tool.js';
import { overviewInput } from '../../stats/stats-inputs.js';
import { statsOverview } from '../../stats/overview.js';
import { requireStatsView } from '../../stats/stats-access.js';

export const statsOverviewTool = defineTool({
  name: 'stats_overview',
  title: 'Statistics overview',
  description:
    'Visitors, page views, average reading time, consent share and the change against the previous period, with the top pages (path, title, id, visitors, page views, read rate) and top sources. Periods: today, yesterday, 7d (default, last seven days including today), 30d, 90d, 12m, month.',
  scope: 'stats:read',
  input: overviewInput,
  output: 'statsOverviewOutput',
  readOnly: true,
  handler: (args, { deps, principal }) => {
    requireStatsView(principal, 'stats_overview');
    return statsOverview(deps.stats, deps.content, args.period);
  },
});
