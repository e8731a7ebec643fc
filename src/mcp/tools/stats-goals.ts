import { defineTool } from '../tool.js';
import { goalsInput } from '../../stats/stats-inputs.js';
import { statsGoals } from '../../stats/goal-report.js';
import { parseFilters } from '../../stats/stats-filters.js';
import { requireStatsView } from '../../stats/stats-access.js';

export const statsGoalsTool = defineTool({
  name: 'stats_goals',
  title: 'Goals and conversions',
  description:
    'The site\'s goals (defined in the panel: a page visit by path or pattern with *, a custom event, a scroll depth on pages, outbound link clicks, file downloads), each with the visitors who converted, the conversions and the conversion rate (converted visitors / visitors), for a period (today, yesterday, 7d, 30d default, 90d, 12m, month) and optional filters (dimension:value, e.g. source:google.com).',
  scope: 'stats:read',
  input: goalsInput,
  output: 'statsGoalsOutput',
  readOnly: true,
  handler: (args, { deps, principal }) => {
    requireStatsView(principal, 'stats_goals');
    return statsGoals(deps.stats, { period: args.period, filters: parseFilters(args.filters) });
  },
});
