// The Content API's requests and answers as zod schemas: the query of /site, /entries and /entry is
// validated with its schema (query-check.ts), the answers' types are taken from theirs (answer-types.ts), and
// /openapi.json is made from both (openapi.ts), so the document cannot drift from what the API does. /changes
// and the statistics endpoints still read their parameters with params.ts and stats-filters.ts: test/api/
// openapi-answers.test.ts holds those to the schemas here. Loaded on the first request that needs it (zod is
// some 70 ms to load), never at start.
import { z } from 'zod';
import { API_PREFIX } from './api-prefix.js';
import { ALL_ENTRY_KEYS, BODY_FORMATS, FOUND_KEYS } from './entry-keys.js';
import { OVERVIEW_PERIODS } from '../../stats/periods.js';
import { MAX_QUERY_CHARS } from '../../content/search/search-terms.js';
import { CHANGE_KINDS } from '../../feed/change-event.js';
// The statistics' answers have a file of their own; the document and the types take every schema from here.
export * from './stats-answer-schemas.js';
import { FILTER_DIMENSIONS } from '../../stats/stats-filters.js';
import { MAX_STEPS, MIN_STEPS } from '../../stats/funnel.js';
import { MAX_QUERY_DAYS } from '../../stats/stats-inputs.js';

/**
 * A whole number of a query in [min, max], with the sentence a wrong one gets. The document describes a
 * parameter as the API reads it (its output): an integer from min to max, `fallback` when left out.
 */
function wholeNumber(name: string, min: number, max: number, fallback: number, description: string) {
  const sentence = `The parameter ${name} must be a whole number from ${min} to ${max}.`;
  return z.string().regex(/^[0-9]{1,9}$/, sentence).transform(Number).pipe(z.int().min(min, sentence).max(max, sentence))
    .optional().meta({ default: fallback, description });
}

/** One of fixed values, with the sentence a wrong one gets. */
function oneOfValues<T extends readonly [string, ...string[]]>(name: string, values: T, fallback: T[number], description: string) {
  return z.enum(values, { error: `The parameter ${name} must be one of ${values.join(', ')}.` }).optional().meta({ default: fallback, description });
}

const language = z.string().max(35).optional().meta({ description: `language code; default the site's default language (GET ${API_PREFIX}/site lists them)` });
const fields = z.string().optional().meta({
  description: `only these keys of each entry, comma-separated, in any order (the answer keeps the full answer's order): ${ALL_ENTRY_KEYS.join(', ')}. An unknown or repeated name is a 422 naming the known ones.`,
  examples: ['id,title,url'],
});
/** `fields` of /entries, where a search's rows have two keys more. */
const entriesFields = z.string().optional().meta({
  description: `only these keys of each entry, comma-separated, in any order (the answer keeps the full answer's order): ${ALL_ENTRY_KEYS.join(', ')}; `
    + `with q also ${FOUND_KEYS.join(' and ')} (without fields a found entry has both). An unknown or repeated name is a 422 naming the known ones.`,
  examples: ['id,title,url', 'id,title,snippet'],
});
const formats = z.string().optional().meta({
  description: `the forms of the body, comma-separated: ${BODY_FORMATS.join(', ')} (implies the body; plaintext is the text without markup).`,
  examples: ['plaintext'],
});

export const siteQuery = z.object({});

export const entriesQuery = z.object({
  type: z.string().max(40).optional().meta({ default: 'post', description: `post, page, tag or a custom type (GET ${API_PREFIX}/site lists them)` }),
  language,
  tag: z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, `The parameter tag must be a tag slug; GET ${API_PREFIX}/entries?type=tag lists them.`).optional()
    .meta({ description: 'only entries with this tag (its slug)' }),
  category: z.string().max(40).optional().meta({ description: 'only posts of this category key; for date categories only upcoming ones, soonest first' }),
  status: oneOfValues('status', ['published', 'draft', 'scheduled', 'any'], 'published', 'draft, scheduled and any need a token with content:read'),
  limit: wholeNumber('limit', 1, 100, 10, 'entries per page'),
  page: wholeNumber('page', 1, 1_000_000, 1, 'page number'),
  body: oneOfValues('body', ['0', '1'], '0', '1 adds markdown and html to each entry'),
  fields: entriesFields,
  formats,
  q: z.string().max(MAX_QUERY_CHARS, `The parameter q is at most ${MAX_QUERY_CHARS} characters.`).optional().meta({
    description: `full-text search in titles, excerpts, tags and bodies of the language (at most ${MAX_QUERY_CHARS} characters): words must all appear (English words stemmed, `
      + 'accents folded), "a phrase", a prefix* of two letters or more, -word leaves out; any other character is a space. The answer is ranked best first '
      + '(title matches first) and each entry gains snippet and score (unless fields leaves them out); the best 1,000 matches are paged, total counts up to 1,000. Not with tag or category.',
    examples: ['garden', '"open source" licen*'],
  }),
});

export const entryQuery = z.object({
  id: z.string().meta({ description: 'entry id, e.g. posts/hello', examples: ['posts/hello'] }),
  language,
  fields,
  formats,
});

/** Property filters a request may hold beside one filter per other dimension (stats-filters.ts). */
const MAX_PROP_FILTERS = 8;
const PLAIN_DIMENSIONS = FILTER_DIMENSIONS.filter((dimension) => dimension !== 'prop');
/** `filter`, repeatable: what parseFilters (stats-filters.ts) takes. */
const statsFilter = z.array(z.string().regex(new RegExp(`^(?:(?:${PLAIN_DIMENSIONS.join('|')}):[\\s\\S]{1,300}|prop:[^:]{1,64}:[\\s\\S]{1,300})$`),
  `A filter is written dimension:value, with the dimension one of ${FILTER_DIMENSIONS.join(', ')}.`))
  .max(PLAIN_DIMENSIONS.length + MAX_PROP_FILTERS).optional().meta({
    description: `only page views that match, each filter dimension:value with the dimension one of ${PLAIN_DIMENSIONS.join(', ')} (e.g. country:DE, page:/hello), `
      + `or prop:<name>:<value> for a custom property; repeatable, at most one per dimension and ${MAX_PROP_FILTERS} property filters, all of them holding at once`,
    examples: [['country:DE'], ['page:/hello', 'device:mobile']],
  });
/** `period` of a statistics endpoint, with its default. */
const PERIODS_SAID = 'today, yesterday, 7d (the last seven days including today), 30d, 90d, 12m (the last twelve months) or month (this month so far), in the site\'s time zone';
const statsPeriod = (fallback: (typeof OVERVIEW_PERIODS)[number], more = '') => oneOfValues('period', OVERVIEW_PERIODS, fallback, `the days: ${PERIODS_SAID}${more}`);

export const statsQuery = z.object({
  period: statsPeriod('7d'),
  filter: statsFilter,
});

export const statsGoalsQuery = z.object({
  period: statsPeriod('30d'),
  filter: statsFilter,
});

export const statsFunnelQuery = z.object({
  step: z.array(z.string().regex(/^(?:\/|goal:|event:)/, 'A step must be a page (/path or /pattern/*), goal:<id> or event:<name>.'))
    .min(MIN_STEPS).max(MAX_STEPS).meta({
      description: `the funnel's steps in order, ${MIN_STEPS} to ${MAX_STEPS}: each a page (/path, or a pattern with * for any characters, e.g. /blog/*), `
        + `goal:<id> (GET ${API_PREFIX}/stats/goals lists the goals) or event:<name> (a custom event)`,
      examples: [['/', '/pricing', 'event:Signup']],
    }),
  period: statsPeriod('30d'),
  filter: statsFilter,
});

const dayName = z.iso.date().meta({ description: 'a day, YYYY-MM-DD' });
export const statsExportQuery = z.object({
  period: statsPeriod('30d', '; from and to, when given, win over it'),
  from: dayName.optional().meta({ description: `the first day, YYYY-MM-DD; with to, never alone` }),
  to: dayName.optional().meta({ description: `the last day, YYYY-MM-DD: from or later, at most ${MAX_QUERY_DAYS} days after from; with from, never alone` }),
});

/** The cursor of /changes: what a previous answer gave as next, a whole number the feed can hand out. */
const cursorSentence = 'The parameter since must be the cursor a previous answer gave as next (a whole number), or left out to start from now.';
export const changesQuery = z.object({
  since: z.string().regex(/^[0-9]{1,16}$/, cursorSentence).refine((text) => Number.isSafeInteger(Number(text)), cursorSentence).optional().meta({
    description: `the cursor a previous answer gave as next: the changes after it, oldest first (a whole number of up to 16 digits, at most ${Number.MAX_SAFE_INTEGER}; `
      + 'given empty, it is refused). Left out: no changes, and next is the cursor to start from (where the feed is now).',
    examples: ['1042'],
  }),
  limit: wholeNumber('limit', 1, 1000, 100, 'changes an answer holds at most'),
});

const status = z.enum(['published', 'draft', 'scheduled']);

export const coverSchema = z.object({
  url: z.string(),
  srcset: z.string(),
  width: z.int().min(0),
  height: z.int().min(0),
}).meta({ id: 'Cover', description: 'the cover image with its width variants' });

/** One entry (the spec's "Entry (API)" table); the body's forms only where asked for. */
export const entrySchema = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string().meta({ description: 'absolute address' }),
  status,
  date: z.string().meta({ description: 'ISO 8601 timestamp with offset' }),
  excerpt: z.string(),
  tags: z.array(z.object({ slug: z.string(), title: z.string() })),
  cover: coverSchema.nullable(),
  translations: z.record(z.string(), z.string()).meta({ description: 'language code to address' }),
  fields: z.record(z.string(), z.unknown()).meta({ description: 'the front matter' }),
  markdown: z.string().optional(),
  html: z.string().optional(),
  plaintext: z.string().optional(),
}).meta({ id: 'Entry' });

/** An entry with only the keys that `fields` and `formats` named. */
export const selectedEntrySchema = entrySchema.partial().meta({ id: 'SelectedEntry', description: 'an entry with only the keys named by fields and formats' });

/** An entry found by `q`: its keys (all, or those selected), then where and how well it matched. */
export const foundEntrySchema = entrySchema.partial().extend({
  snippet: z.string().meta({ description: 'the text around the matches, as HTML: escaped, each matched word in <mark>' }),
  score: z.number().meta({ description: 'how well the entry matches (BM25, higher is better)' }),
}).meta({ id: 'FoundEntry', description: 'an entry found by q, with its snippet and score' });

/** An entry found by `q` with only the keys `fields` named, snippet and score among them. */
export const selectedFoundEntrySchema = foundEntrySchema.partial().meta({
  id: 'SelectedFoundEntry', description: 'an entry found by q with only the keys named by fields and formats (snippet and score only where fields names them)',
});

export const entriesAnswer = z.object({
  data: z.array(z.union([entrySchema, selectedEntrySchema, foundEntrySchema, selectedFoundEntrySchema])),
  meta: z.object({ page: z.int().min(1), pages: z.int().min(1), total: z.int().min(0) }),
}).meta({ id: 'EntryList' });

export const entryAnswer = z.union([entrySchema, selectedEntrySchema]);

export const siteAnswer = z.object({
  title: z.string(),
  description: z.string(),
  url: z.string(),
  languages: z.record(z.string(), z.string()).meta({ description: 'language code to name' }),
  default_language: z.string(),
  timezone: z.string(),
  content_types: z.array(z.object({ type: z.string(), label: z.string(), folder: z.string(), entries: z.int().min(0) })),
  categories: z.array(z.object({ key: z.string(), label: z.string(), kind: z.enum(['plain', 'date']) })),
  api: z.object({ entries: z.string(), entry: z.string(), stats: z.string() }),
}).meta({ id: 'Site' });

/** One change as /changes shows it: never who made it. */
export const changeSchema = z.object({
  seq: z.int().min(1).meta({ description: 'the change\'s place in the feed: grows by one from change to change' }),
  time: z.iso.datetime().meta({ description: 'when it was recorded, ISO 8601 UTC (informative: the order is seq\'s)' }),
  kind: z.enum(CHANGE_KINDS),
  entry: z.string().nullable().meta({ description: 'the entry id, or null for a change of the settings, theme or plugins (every page)' }),
  languages: z.array(z.string()).meta({ description: 'the translations concerned that the caller may see (empty: the entry as a whole, or no entry)' }),
  paths: z.array(z.string()).meta({ description: 'the addresses the change touches that the caller may see (without a token: where the entry was public when the change was recorded)' }),
  before: z.array(z.string()).meta({ description: 'the addresses as they were, where they differ (a slug changed, an entry removed or unpublished)' }),
  media: z.enum(['added', 'removed', 'changed']).optional().meta({ description: 'entry.media only: how its media changed as a whole (files only added, only removed, or anything else); absent on changes recorded before svc said so' }),
}).meta({ id: 'Change' });

export const changesAnswer = z.object({
  data: z.array(changeSchema).meta({ description: 'the changes after since that the caller may see, oldest first' }),
  next: z.string().regex(/^[0-9]{1,16}$/).meta({ description: 'the cursor to ask with next time (since)' }),
  resync: z.boolean().meta({ description: 'true: the feed no longer reaches back to the cursor (kept 30 days) or is another\'s: read everything again and go on from next' }),
  has_more: z.boolean().meta({ description: 'true: more changes wait; ask again with next at once' }),
}).meta({ id: 'ChangeList' });

/** GET /openapi.json: this document. */
export const openApiAnswer = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  servers: z.array(z.looseObject({ url: z.string() })),
  paths: z.record(z.string(), z.unknown()),
  components: z.record(z.string(), z.unknown()),
}).meta({ id: 'OpenApiDocument', description: 'this document, OpenAPI 3.1' });

export const errorAnswer = z.object({ message: z.string().meta({ description: 'what is wrong, and what to do instead' }) }).meta({ id: 'Error' });
