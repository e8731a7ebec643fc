import { defineTool } from '../tool.js';
import { realtimeInput } from '../../stats/stats-inputs.js';
import { statsRealtime } from '../../stats/realtime.js';
import { requireStatsView } from '../../stats/stats-access.js';

export const statsRealtimeTool = defineTool({
  name: 'stats_realtime',
  title: 'Visitors right now',
  description:
    'Visitors of the last five minutes and the pages they are on (window_minutes, as_of, visitors, pages with path, title, id, visitors), plus today\'s visitors and page views so far.',
  scope: 'stats:read',
  input: realtimeInput,
  output: 'statsRealtimeOutput',
  readOnly: true,
  handler: (_args, { deps, principal }) => {
    requireStatsView(principal, 'stats_realtime');
    return statsRealtime(deps.stats, deps.content);
  },
});
