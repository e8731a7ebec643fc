// The parameters of the statistics tools, validated once at the edge (MCP tools use these schemas; the
// messages read well after the argument name the MCP core puts in front).
import { z } from 'zod';
import { isDayName, daysBetween, FIRST_YEAR, LAST_YEAR } from '../lib/day-math.js';
import { OVERVIEW_PERIODS, POST_PERIODS, CRAWLER_PERIODS } from './periods.js';

export const MAX_QUERY_DAYS = 400;
export const DIMENSIONS = ['days', 'hours', 'pages', 'referrers', 'campaigns', 'countries', 'languages', 'devices', 'browsers', 'os', 'events', 'channels', 'props'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

const oneOf = <T extends readonly [string, ...string[]]>(values: T, fallback?: T[number]) => {
  const schema = z.enum(values, { error: `must be one of ${values.join(', ')}` });
  return fallback === undefined ? schema : schema.default(fallback as never);
};

const day = z.string({ error: 'must be a day written YYYY-MM-DD' })
  .refine(isDayName, { error: `must be a day written YYYY-MM-DD that exists, in the years ${FIRST_YEAR} to ${LAST_YEAR}, e.g. 2026-03-01` })
  .describe('YYYY-MM-DD');

export const overviewInput = z.strictObject({
  period: oneOf(OVERVIEW_PERIODS, '7d').describe('today, yesterday, 7d (default; last seven days including today), 30d, 90d, 12m or month'),
});

/** Filters as the panel's address writes them (`country:DE`), at most one per dimension (stats-filters.ts). */
export const filtersField = z.array(z.string({ error: 'must be a list of dimension:value texts' }), { error: 'must be a list of dimension:value texts' })
  .max(8, { error: 'must hold at most 8 filters' }).default([])
  .describe('filters, each dimension:value with the dimension one of page, source, campaign, country, language, device, browser, os (e.g. country:DE)');

export const queryInput = z.strictObject({
  from: day.describe('first day, YYYY-MM-DD'),
  to: day.describe(`last day, YYYY-MM-DD, at most ${MAX_QUERY_DAYS} days after from`),
  dimension: z.enum(DIMENSIONS, { error: `must be one of ${DIMENSIONS.join(', ')}` }).describe('what the rows are'),
  limit: z.number({ error: 'must be a whole number from 1 to 200' })
    .int({ error: 'must be a whole number from 1 to 200' })
    .min(1, { error: 'must be a whole number from 1 to 200' })
    .max(200, { error: 'must be a whole number from 1 to 200' })
    .default(20).describe('maximum rows, 1-200, default 20'),
  property: z.string({ error: 'must name a custom property (1-64 characters)' }).min(1, { error: 'must name a custom property (1-64 characters)' })
    .max(64, { error: 'must name a custom property (1-64 characters)' }).optional()
    .describe('with dimension props: the custom property whose values are the rows (without it the rows are the property names)'),
  filters: filtersField,
}).superRefine((value, ctx) => {
  if (!isDayName(value.from) || !isDayName(value.to)) return;
  if (value.to < value.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be the same day as from or later' });
  else if (daysBetween(value.from, value.to) > MAX_QUERY_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${MAX_QUERY_DAYS} days after from` });
});

export const postInput = z.strictObject({
  id: z.string({ error: 'must be an entry id such as posts/hello' }).min(1, { error: 'must be an entry id such as posts/hello' }).max(300).optional().describe('entry id'),
  path: z.string({ error: 'must be a URL path such as /hello' })
    .regex(/^\/[^\s?#]{0,299}$/, { error: 'must be a URL path such as /hello' }).optional().describe('URL path /<slug>, used when no id is given'),
  period: oneOf(POST_PERIODS, '30d').describe('7d, 30d (default), 90d or 12m'),
}).refine((value) => value.id !== undefined || value.path !== undefined, { error: 'give id or path' });

export const realtimeInput = z.strictObject({});

export const crawlersInput = z.strictObject({
  period: oneOf(CRAWLER_PERIODS, '30d').describe('today, 7d, 30d (default) or 90d'),
});

export const goalsInput = z.strictObject({
  period: oneOf(OVERVIEW_PERIODS, '30d').describe('today, yesterday, 7d, 30d (default), 90d, 12m or month'),
  filters: filtersField,
});

export const funnelInput = z.strictObject({
  steps: z.array(z.string({ error: 'each step must be a text' }), { error: 'must be a list of 2 to 8 steps' })
    .min(2, { error: 'must be a list of 2 to 8 steps' }).max(8, { error: 'must be a list of 2 to 8 steps' })
    .describe('2 to 8 steps in order: a page (/path, or a pattern with * such as /blog/*), goal:<id> (from stats_goals) or event:<name>'),
  period: oneOf(OVERVIEW_PERIODS, '30d').describe('today, yesterday, 7d, 30d (default), 90d, 12m or month'),
  filters: filtersField,
});

export const consentInput = z.strictObject({
  days: z.number({ error: 'must be a whole number from 1 to 366' })
    .int({ error: 'must be a whole number from 1 to 366' })
    .min(1, { error: 'must be a whole number from 1 to 366' })
    .max(366, { error: 'must be a whole number from 1 to 366' })
    .default(30).describe('days back from today, 1-366, default 30'),
});
