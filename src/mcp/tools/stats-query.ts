import { defineTool } from '../tool.js';
import { queryInput } from '../../stats/stats-inputs.js';
import { statsQuery } from '../../stats/dimension-query.js';
import { requireStatsView } from '../../stats/stats-access.js';
import { parseFilters } from '../../stats/stats-filters.js';

export const statsQueryTool = defineTool({
  name: 'stats_query',
  title: 'Statistics by dimension',
  description:
    'Visitors and page views from one day to another (at most 400 days) broken down by one dimension: days, hours, pages, referrers, campaigns, countries, languages, devices, browsers, os, events or channels (sources grouped: AI assistants, Search, Social, Referral, Tagged links, Direct) or props (custom properties: their names, or with property the values of one). Optional filters (dimension:value, e.g. country:DE or prop:plan:pro). The rows come under a key named after the dimension; limit 1-200 (default 20).',
  scope: 'stats:read',
  input: queryInput,
  output: 'statsQueryOutput',
  readOnly: true,
  handler: (args, { deps, principal }) => {
    requireStatsView(principal, 'stats_query');
    return statsQuery(deps.stats, deps.content, { ...args, filters: parseFilters(args.filters) });
  },
});
