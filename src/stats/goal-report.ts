// stats_goals, /svc/api/v1/stats/goals and the panel's Goals card: every goal of the site with the visitors
// who converted, the conversions and the conversion rate (converted visitors / visitors) for a period and
// filters, counted from the visit tables (goal-count.ts) the filtered figures are counted from, on both cores.
import type { StatsService } from './stats-service.js';
import { resolvePeriod, type OverviewPeriod } from './periods.js';
import { goalTarget, type Goal } from './goals.js';
import { share } from './figures.js';
import { filterText, type StatsFilter } from './stats-filters.js';

export interface GoalRow { id: string; name: string; kind: Goal['kind']; target: string; visitors: number; conversions: number; conversion_rate: number | null }

const NOTHING = new Set<never>();

/** The goals' figures from `from` to `to`; `visitors` is the range's (filtered) visitors the rates are of. */
export function goalFigures(stats: StatsService, from: string, to: string, filters: readonly StatsFilter[], goals: readonly Goal[] = stats.goals.list()) {
  const totals = new Float64Array(goals.length * 2);
  const { counts, missing } = goals.length > 0 ? stats.conversions(from, to, { kind: 'goals', filters: [...filters], goals: [...goals] }) : { counts: [], missing: [] as string[] };
  for (const counted of counts) for (let i = 0; i < counted.length; i++) totals[i]! += counted[i]!;
  // Unfiltered, the rollups hold the visitors; filtered, the visit tables count them (kept per filter set).
  const visitors = filters.length === 0 ? stats.range(from, to).visitors : stats.filtered(from, to, filters, NOTHING).rollup.visitors;
  const rows: GoalRow[] = goals.map((goal, g) => ({
    id: goal.id, name: goal.name, kind: goal.kind, target: goalTarget(goal),
    visitors: totals[2 * g]!, conversions: totals[2 * g + 1]!, conversion_rate: share(totals[2 * g]!, visitors),
  }));
  return { visitors, goals: rows, missing };
}

export function statsGoals(stats: StatsService, input: { period: OverviewPeriod; filters?: readonly StatsFilter[] }) {
  const range = resolvePeriod(input.period, stats.today());
  const filters = input.filters ?? [];
  const { visitors, goals, missing } = goalFigures(stats, range.from, range.to, filters);
  return {
    period: input.period, from: range.from, to: range.to,
    filters: filters.map(filterText),
    visitors,
    goals,
    ...(missing.length > 0 ? { days_not_counted: missing } : {}),
  };
}
