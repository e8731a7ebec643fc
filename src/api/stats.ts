import { AppError } from '../errors.js';
import type { ApiDeps } from './api-deps.js';
import { requireScope, type ApiRequest } from './api-request.js';
import { oneOf } from './params.js';
import { OVERVIEW_PERIODS } from '../stats/periods.js';
import { statsReport } from '../stats/api-report.js';
import { statsGoals } from '../stats/goal-report.js';
import { statsFunnel } from '../stats/funnel-report.js';
import { parseFilters } from '../stats/stats-filters.js';

/** GET /svc/api/v1/stats/goals?period=&filter= — the goals and their conversions (as stats_goals); period default 30d. */
export function getStatsGoals(deps: ApiDeps, request: ApiRequest): unknown {
  const principal = requireScope(request, 'stats:read', 'statistics');
  if (!principal.capabilities.has('stats.view')) throw new AppError('forbidden', `The role ${principal.role} may not view statistics.`);
  const period = oneOf(request.url, 'period', OVERVIEW_PERIODS, '30d');
  const filters = parseFilters(request.url.searchParams.getAll('filter'));
  return statsGoals(deps.stats, { period, filters });
}

/** GET /svc/api/v1/stats/funnel?step=&step=&period=&filter= — a funnel of 2 to 8 steps (as stats_funnel); period default 30d. */
export function getStatsFunnel(deps: ApiDeps, request: ApiRequest): unknown {
  const principal = requireScope(request, 'stats:read', 'statistics');
  if (!principal.capabilities.has('stats.view')) throw new AppError('forbidden', `The role ${principal.role} may not view statistics.`);
  const period = oneOf(request.url, 'period', OVERVIEW_PERIODS, '30d');
  const filters = parseFilters(request.url.searchParams.getAll('filter'));
  return statsFunnel(deps.stats, { steps: request.url.searchParams.getAll('step'), period, filters });
}

/** GET /svc/api/v1/stats?period=&filter= — needs stats:read (401 without a token, 403 without the scope, 422 for a bad period or filter). */
export function getStats(deps: ApiDeps, request: ApiRequest): unknown {
  const principal = requireScope(request, 'stats:read', 'statistics');
  if (!principal.capabilities.has('stats.view')) throw new AppError('forbidden', `The role ${principal.role} may not view statistics.`);
  const period = oneOf(request.url, 'period', OVERVIEW_PERIODS, '7d');
  const filters = parseFilters(request.url.searchParams.getAll('filter'));
  return statsReport(deps.stats, deps.content, period, filters);
}
