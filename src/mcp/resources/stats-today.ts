import { defineResource } from '../resource.js';
import { todaySummary } from '../../stats/today-summary.js';
import { requireStatsView } from '../../stats/stats-access.js';

/** svc://stats/today: today so far as JSON. */
export const statsTodayResource = defineResource({
  uri: 'svc://stats/today',
  name: 'stats-today',
  title: 'Statistics of today',
  description: 'Today so far in the site time zone: visitors, pageviews, top_pages, top_sources and right_now (visitors of the last five minutes). Needs a token with the scope stats:read.',
  mimeType: 'application/json',
  scope: 'stats:read',
  read: ({ deps, principal }) => {
    requireStatsView(principal, 'svc://stats/today');
    return JSON.stringify(todaySummary(deps.stats, deps.content));
  },
});
