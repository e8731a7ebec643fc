import { defineResourceTemplate, suggest } from '../resource-template.js';
import { POST_PERIODS } from '../../stats/periods.js';
import { readableEntryIds } from './readable-entries.js';

/** svc://stats/post/{+id}{?period}: how one entry does, as stats_post gives it. */
export const statsPostTemplate = defineResourceTemplate({
  uriTemplate: 'svc://stats/post/{+id}{?period}',
  name: 'stats-post',
  title: 'Statistics of one entry',
  description: 'How one entry does, as stats_post gives it (JSON, per language: visitors, page views, reading time, read rate, sources, next pages, a per-day series, AI traffic), e.g. svc://stats/post/posts/hello?period=7d; period 7d, 30d (default), 90d or 12m. It changes with every visit, so it cannot be subscribed to: read it when needed. Needs a token with the scope stats:read.',
  mimeType: 'application/json',
  tool: 'stats_post',
  arguments: ({ id, period }) => (period === undefined ? { id } : { id, period }),
  complete: (variable, value, { deps, principal }) => {
    if (variable === 'id') return suggest(readableEntryIds(deps.content, principal, 'stats:read'), value);
    if (variable === 'period') return suggest(POST_PERIODS, value);
    return [];
  },
});
