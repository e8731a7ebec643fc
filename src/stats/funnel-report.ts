// stats_funnel, /svc/api/v1/stats/funnel and the panel's funnel chart: per step the visitors who reached it
// in order within one visit, the drop-off from the step before, and the conversion from the first step.
import type { StatsService } from './stats-service.js';
import { resolvePeriod, type OverviewPeriod } from './periods.js';
import { parseFunnel } from './funnel.js';
import { share } from './figures.js';
import { filterText, type StatsFilter } from './stats-filters.js';

export function funnelFigures(stats: StatsService, from: string, to: string, texts: readonly string[], filters: readonly StatsFilter[]) {
  const goals = stats.goals.list();
  // Read here first: a step that cannot be one is refused before any table is counted.
  const steps = parseFunnel(texts, goals);
  const reached = new Float64Array(steps.length);
  const { counts, missing } = stats.conversions(from, to, { kind: 'funnel', filters: [...filters], steps: [...texts], goals });
  for (const counted of counts) for (let s = 0; s < steps.length; s++) reached[s]! += counted[s]!;
  const first = reached[0]!;
  return {
    steps: steps.map((step, s) => ({
      step: step.text,
      label: step.label,
      visitors: reached[s]!,
      dropoff: s === 0 ? 0 : reached[s - 1]! - reached[s]!,
      dropoff_rate: s === 0 ? null : share(reached[s - 1]! - reached[s]!, reached[s - 1]!),
      conversion_rate: share(reached[s]!, first),
    })),
    missing,
  };
}

export function statsFunnel(stats: StatsService, input: { steps: readonly string[]; period: OverviewPeriod; filters?: readonly StatsFilter[] }) {
  const range = resolvePeriod(input.period, stats.today());
  const filters = input.filters ?? [];
  const { steps, missing } = funnelFigures(stats, range.from, range.to, input.steps, filters);
  return {
    period: input.period, from: range.from, to: range.to,
    filters: filters.map(filterText),
    steps,
    conversion_rate: steps.length > 0 ? steps[steps.length - 1]!.conversion_rate : null,
    ...(missing.length > 0 ? { days_not_counted: missing } : {}),
  };
}
