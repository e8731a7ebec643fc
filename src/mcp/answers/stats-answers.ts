// The answers of the statistics tools as zod schemas (see content-answers.ts for why they live apart from
// the tools). Figures that need a denominator (a share, an average, a change) are null when there is none.
import { z } from 'zod';
import { CHANNELS } from '../../stats/traffic-channels.js';

const count = z.int().min(0);
const figure = z.number().nullable();
const day = z.string().describe('YYYY-MM-DD');
/** A path with the entry it belongs to, when it is one. */
const page = { path: z.string(), title: z.string().nullable(), id: z.string().nullable() };
const pair = (key: string) => z.object({ [key]: z.string(), visitors: count, pageviews: count });

export const statsOverviewOutput = z.object({
  period: z.string(),
  from: day,
  to: day,
  visitors: count,
  pageviews: count,
  visits: count,
  bounce_rate: figure,
  average_reading_seconds: figure,
  consent_share: figure,
  change_percent: z.object({ visitors: figure, pageviews: figure, compared_with: z.object({ from: day, to: day }) }),
  top_pages: z.array(z.object({ ...page, visitors: count, pageviews: count, read_rate: figure })),
  top_sources: z.array(z.object({ source: z.string(), visitors: count, pageviews: count })),
});

/** The rows come under the key named after the dimension; only that one key is present. */
export const statsQueryOutput = z.object({
  from: day,
  to: day,
  dimension: z.enum(['days', 'hours', 'pages', 'referrers', 'campaigns', 'countries', 'languages', 'devices', 'browsers', 'os', 'events', 'channels', 'props']),
  visitors: count,
  pageviews: count,
  rows_total: count,
  days: z.array(z.object({ day, visitors: count, pageviews: count })).optional(),
  hours: z.array(z.object({ hour: z.int().min(0).max(23), visitors: count, pageviews: count })).optional(),
  pages: z.array(z.object({ ...page, visitors: count, pageviews: count, average_reading_seconds: figure, read_rate: figure })).optional(),
  referrers: z.array(pair('referrer')).optional(),
  campaigns: z.array(pair('campaign')).optional(),
  countries: z.array(pair('country')).optional(),
  languages: z.array(pair('language')).optional(),
  devices: z.array(pair('device')).optional(),
  browsers: z.array(pair('browser')).optional(),
  os: z.array(pair('os')).optional(),
  events: z.array(z.object({ event: z.string(), visitors: count, count })).optional(),
  channels: z.array(z.object({ channel: z.enum(CHANNELS), visitors: count, pageviews: count })).optional(),
  property: z.string().nullable().optional().describe('with dimension props: the property whose values are the rows, or null for the property names'),
  properties_refused: z.record(z.string(), count).optional().describe('with dimension props: values refused as personal data (e-mail, phone, long number), by property'),
  props: z.array(z.object({ property: z.string().optional(), value: z.string().optional(), visitors: count, events: count })).optional(),
});

const crawlerKind = z.object({ hits: count, crawlers: z.array(z.object({ crawler: z.string(), operator: z.string(), hits: count })) });
/** The four kinds of AI traffic (stats/ai-traffic.ts). */
const aiTraffic = z.object({
  assistant_visits: z.object({
    visitors: count, pageviews: count,
    assistants: z.array(z.object({ assistant: z.string(), operator: z.string(), visitors: count, pageviews: count })),
  }).describe('visits that arrived from an AI assistant\'s answer (by referrer or utm_source)'),
  user_fetches: crawlerKind.describe('pages an assistant fetched for a person (ChatGPT-User, Claude-User, Perplexity-User, ...)'),
  search_crawlers: crawlerKind.describe('search and answer crawlers (OAI-SearchBot, Claude-SearchBot, PerplexityBot, ...)'),
  training_crawlers: crawlerKind.describe('training crawlers (GPTBot, ClaudeBot, CCBot, ...)'),
});

export const statsPostOutput = z.object({
  id: z.string().nullable(),
  title: z.string().nullable(),
  period: z.string(),
  from: day,
  to: day,
  languages: z.array(z.object({
    language: z.string().nullable(),
    path: z.string(),
    visitors: count,
    pageviews: count,
    average_reading_seconds: figure,
    average_scroll_percent: figure,
    read_rate: figure,
    came_from: z.array(z.object({ from: z.string(), count })),
    went_on_to: z.array(z.object({ path: z.string(), count })),
    per_day: z.array(z.object({ day, visitors: count, pageviews: count })),
    ai_traffic: aiTraffic,
  })),
});

export const statsRealtimeOutput = z.object({
  window_minutes: count,
  as_of: z.string().describe('YYYY-MM-DD HH:MM in the site time zone'),
  visitors: count,
  pages: z.array(z.object({ ...page, visitors: count })),
  today: z.object({ visitors: count, pageviews: count }),
});

export const statsAiCrawlersOutput = z.object({
  period: z.string(),
  from: day,
  to: day,
  hits: count,
  by_purpose: z.record(z.string(), count),
  by_operator: z.array(z.object({ operator: z.string(), hits: count })),
  crawlers: z.array(z.object({
    crawler: z.string(),
    operator: z.string(),
    purpose: z.string(),
    hits: count,
    pages: count,
    top_pages: z.array(z.object({ path: z.string(), hits: count })),
  })),
  pages: z.array(z.object({ ...page, hits: count, crawlers: z.record(z.string(), count) })),
  ai_traffic: aiTraffic,
  assistant_pages: z.array(z.object({ ...page, visitors: count, pageviews: count })),
});

export const consentOverviewOutput = z.object({
  days: z.int().min(1).max(366),
  from: day,
  to: day,
  decisions: count,
  agreement: z.array(z.object({ category: z.string(), agreed: count, share: figure })),
  actions: z.record(z.string(), count),
  banner_versions_answered: z.record(z.string(), count),
  banner_needed: z.boolean(),
  banner_version: z.string(),
  categories_offered: z.array(z.string()),
  embedded_services: z.array(z.object({ service: z.string(), category: z.string(), entries: count, example_ids: z.array(z.string()) })),
});

export const statsGoalsOutput = z.object({
  period: z.string(),
  from: day,
  to: day,
  filters: z.array(z.string()),
  visitors: count.describe('visitors of the period (filtered): what conversion rates are of'),
  goals: z.array(z.object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(['page', 'event', 'scroll', 'outbound', 'download']),
    target: z.string().describe('the path pattern, event name or scroll depth and pattern'),
    visitors: count.describe('visitors who converted'),
    conversions: count,
    conversion_rate: figure,
  })),
  days_not_counted: z.array(day).optional().describe('finished days counted before page views were kept per visit: goals cannot see them'),
});

export const statsFunnelOutput = z.object({
  period: z.string(),
  from: day,
  to: day,
  filters: z.array(z.string()),
  steps: z.array(z.object({
    step: z.string().describe('as given'),
    label: z.string(),
    visitors: count.describe('visitors who reached the step, the steps before it in order, in one visit'),
    dropoff: count.describe('visitors of the step before who did not reach this one'),
    dropoff_rate: figure,
    conversion_rate: figure.describe('visitors of this step / visitors of the first'),
  })),
  conversion_rate: figure.describe('of the whole funnel: last step / first step'),
  days_not_counted: z.array(day).optional().describe('finished days counted before page views were kept per visit: funnels cannot see them'),
});
