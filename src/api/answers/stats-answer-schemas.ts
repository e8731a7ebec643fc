// The answers of the Content API's statistics endpoints (/stats, /stats/goals, /stats/funnel, /stats/export)
// as zod schemas, beside the other answers' (api-schemas.ts, which hands them on): their types are checked
// against what the reports return (answer-types.ts) and /openapi.json describes them (openapi.ts).
import { z } from 'zod';
import { OVERVIEW_PERIODS } from '../../stats/periods.js';
import { GOAL_KINDS } from '../../stats/goals.js';
import { EXPORT_FILES } from '../../stats/stats-export.js';

const count = z.int().min(0);
/** A share, an average or a change: null when there is nothing to divide by. */
const figure = z.number().nullable();
const day = z.iso.date().meta({ description: 'YYYY-MM-DD, in the site\'s time zone' });
const period = z.enum(OVERVIEW_PERIODS);
const appliedFilters = z.array(z.string()).meta({ description: 'the filters applied, as dimension:value in a fixed order' });
const pair = <K extends string>(key: K) => z.object({ [key]: z.string(), visitors: count, pageviews: count } as { [P in K]: z.ZodString } & { visitors: typeof count; pageviews: typeof count });

/** GET /stats: stats_overview's figures, the time zone, a per-day series and the top countries, devices and browsers (stats/api-report.ts). */
export const statsAnswer = z.object({
  period,
  from: day,
  to: day,
  visitors: count,
  pageviews: count,
  visits: count,
  bounce_rate: figure.meta({ description: 'visits of one page view / visits' }),
  average_reading_seconds: figure,
  consent_share: figure.meta({ description: 'consent decisions that agreed to at least one optional category / decisions' }),
  change_percent: z.object({
    visitors: figure,
    pageviews: figure,
    compared_with: z.object({ from: day, to: day }),
  }).meta({ description: 'against the period before, in percent with one decimal' }),
  top_pages: z.array(z.object({ path: z.string(), title: z.string().nullable(), id: z.string().nullable(), visitors: count, pageviews: count, read_rate: figure })),
  top_sources: z.array(pair('source')),
  filters: appliedFilters.optional(),
  time_zone: z.string(),
  per_day: z.array(z.object({ day, visitors: count, pageviews: count })),
  countries: z.array(pair('country')),
  devices: z.array(pair('device')),
  browsers: z.array(pair('browser')),
}).meta({ id: 'StatsReport', description: 'the statistics report of the period' });

const daysNotCounted = z.array(day).optional().meta({ description: 'finished days counted before page views were kept per visit: these figures cannot see them' });

/** GET /stats/goals: as stats_goals (stats/goal-report.ts). */
export const statsGoalsAnswer = z.object({
  period,
  from: day,
  to: day,
  filters: appliedFilters,
  visitors: count.meta({ description: 'visitors of the period (filtered): what conversion rates are of' }),
  goals: z.array(z.object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(GOAL_KINDS),
    target: z.string().meta({ description: 'the path pattern, event name or scroll depth and pattern' }),
    visitors: count.meta({ description: 'visitors who converted' }),
    conversions: count,
    conversion_rate: figure.meta({ description: 'visitors who converted / visitors' }),
  })),
  days_not_counted: daysNotCounted,
}).meta({ id: 'GoalsReport', description: 'every goal of the site with its conversions in the period' });

/** GET /stats/funnel: as stats_funnel (stats/funnel-report.ts). */
export const statsFunnelAnswer = z.object({
  period,
  from: day,
  to: day,
  filters: appliedFilters,
  steps: z.array(z.object({
    step: z.string().meta({ description: 'as given' }),
    label: z.string().meta({ description: 'the path, the goal\'s name or the event\'s' }),
    visitors: count.meta({ description: 'visitors who reached the step after the steps before it, in order, in one visit' }),
    dropoff: count.meta({ description: 'visitors of the step before who did not reach this one (0 for the first)' }),
    dropoff_rate: figure.meta({ description: 'dropoff / visitors of the step before (null for the first)' }),
    conversion_rate: figure.meta({ description: 'visitors of this step / visitors of the first' }),
  })),
  conversion_rate: figure.meta({ description: 'of the whole funnel: last step / first step' }),
  days_not_counted: daysNotCounted,
}).meta({ id: 'FunnelReport', description: 'the visitors who went through the steps in order' });

/** GET /stats/export: a ZIP, written as it is made (stats/stats-export.ts). */
export const statsExportAnswer = z.string().meta({
  id: 'StatsExport',
  format: 'binary',
  contentMediaType: 'application/zip',
  description: `a ZIP of CSV files, one per dimension with a row per day and name, named as Plausible names its export's: `
    + `${EXPORT_FILES.map((name) => `${name}_YYYYMMDD_YYYYMMDD.csv`).join(', ')}; cells a spreadsheet would read as a formula begin with an apostrophe`,
});
