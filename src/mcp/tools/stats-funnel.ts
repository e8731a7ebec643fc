import { defineTool } from '../tool.js';
import { funnelInput } from '../../stats/stats-inputs.js';
import { statsFunnel } from '../../stats/funnel-report.js';
import { parseFilters } from '../../stats/stats-filters.js';
import { requireStatsView } from '../../stats/stats-access.js';

export const statsFunnelTool = defineTool({
  name: 'stats_funnel',
  title: 'Funnel',
  description:
    'A funnel of 2 to 8 steps in order within one visit (each a page /path or /pattern/*, goal:<id> from stats_goals, or event:<name>): per step the visitors who reached it, the drop-off from the step before and the conversion rate from the first step, for a period (today, yesterday, 7d, 30d default, 90d, 12m, month) and optional filters (dimension:value).',
  scope: 'stats:read',
  input: funnelInput,
  output: 'statsFunnelOutput',
  readOnly: true,
  handler: (args, { deps, principal }) => {
    requireStatsView(principal, 'stats_funnel');
    return statsFunnel(deps.stats, { steps: args.steps, period: args.period, filters: parseFilters(args.filters) });
  },
});
