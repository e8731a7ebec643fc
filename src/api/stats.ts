import { AppError } from '../errors.js';
import type { ApiDeps } from './api-deps.js';
import { requireScope, StreamedAnswer, type ApiRequest } from './api-request.js';
import { oneOf, param } from './params.js';
import { OVERVIEW_PERIODS } from '../stats/periods.js';
import { statsReport } from '../stats/api-report.js';
import { statsGoals } from '../stats/goal-report.js';
import { statsFunnel } from '../stats/funnel-report.js';
import { writeStatsExport } from '../stats/stats-export.js';
import { ZipWriter } from '../lib/zip-writer.js';
import { isDayName, daysBetween, FIRST_YEAR, LAST_YEAR } from '../lib/day-math.js';
import { MAX_QUERY_DAYS } from '../stats/stats-inputs.js';
import { resolvePeriod } from '../stats/periods.js';
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

/**
 * GET /svc/api/v1/stats/export?period= (or from=&to=, at most 400 days) — every dimension of the range as a
 * ZIP of CSV files (stats-export.ts), streamed as it is made.
 */
export function getStatsExport(deps: ApiDeps, request: ApiRequest): unknown {
  const principal = requireScope(request, 'stats:read', 'statistics');
  if (!principal.capabilities.has('stats.view')) throw new AppError('forbidden', `The role ${principal.role} may not view statistics.`);
  // Each once (as /stats takes them), and one way of naming the days; the export is unfiltered, and says so.
  const from = param(request.url, 'from') ?? null, to = param(request.url, 'to') ?? null;
  if ((from !== null || to !== null) && param(request.url, 'period') !== undefined) throw new AppError('invalid_params', 'Give either period or from and to, not both.');
  if (request.url.searchParams.has('filter')) throw new AppError('invalid_params', 'The export holds every dimension of the range unfiltered; it takes no filter.');
  let range: { from: string; to: string };
  if (from !== null || to !== null) {
    if (from === null || to === null || !isDayName(from) || !isDayName(to)) throw new AppError('invalid_params', `A range needs both from and to, each a day written YYYY-MM-DD that exists, in the years ${FIRST_YEAR} to ${LAST_YEAR}.`);
    if (to < from) throw new AppError('invalid_params', 'to must be the same day as from or later.');
    if (daysBetween(from, to) > MAX_QUERY_DAYS) throw new AppError('invalid_params', `to must be at most ${MAX_QUERY_DAYS} days after from.`);
    range = { from, to };
  } else {
    range = resolvePeriod(oneOf(request.url, 'period', OVERVIEW_PERIODS, '30d'), deps.stats.today());
  }
  return new StreamedAnswer(
    { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="statistics-${range.from}-${range.to}.zip"`, 'x-content-type-options': 'nosniff' },
    (res) => writeStatsExport(deps.stats, range.from, range.to, new ZipWriter(res, deps.clock())),
  );
}

/** GET /svc/api/v1/stats?period=&filter= — needs stats:read (401 without a token, 403 without the scope, 422 for a bad period or filter). */
export function getStats(deps: ApiDeps, request: ApiRequest): unknown {
  const principal = requireScope(request, 'stats:read', 'statistics');
  if (!principal.capabilities.has('stats.view')) throw new AppError('forbidden', `The role ${principal.role} may not view statistics.`);
  const period = oneOf(request.url, 'period', OVERVIEW_PERIODS, '7d');
  const filters = parseFilters(request.url.searchParams.getAll('filter'));
  return statsReport(deps.stats, deps.content, period, filters);
}
