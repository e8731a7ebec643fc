// The Content API's requests and answers as zod schemas: the query of each endpoint is validated with its
// schema (query-check.ts), the answers' types are taken from theirs, and /openapi.json is made from both
// (openapi.ts), so the document cannot drift from what the API does. Loaded on the first request that
// needs it (zod is some 70 ms to load), never at start.
import { z } from 'zod';
import { API_PREFIX } from './api-prefix.js';
import { ALL_ENTRY_KEYS, BODY_FORMATS, FOUND_KEYS } from './entry-keys.js';
import { OVERVIEW_PERIODS } from '../../stats/periods.js';
import { MAX_QUERY_CHARS } from '../../content/search/search-terms.js';

/** A whole number of a query in [min, max], with the sentence a wrong one gets. */
function wholeNumber(name: string, min: number, max: number, fallback: number, description: string) {
  const sentence = `The parameter ${name} must be a whole number from ${min} to ${max}.`;
  return z.string().regex(/^[0-9]{1,9}$/, sentence).transform(Number).refine((value) => value >= min && value <= max, sentence)
    .optional().meta({ type: 'integer', minimum: min, maximum: max, default: fallback, description });
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

export const statsQuery = z.object({
  period: oneOfValues('period', OVERVIEW_PERIODS, '7d', 'the period of the report'),
  filter: z.array(z.string()).optional().meta({ description: 'dimension:value, repeatable, e.g. country:DE' }),
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

export const statsAnswer = z.record(z.string(), z.unknown()).meta({ id: 'StatsReport', description: 'the statistics report of the period' });

export const errorAnswer = z.object({ message: z.string().meta({ description: 'what is wrong, and what to do instead' }) }).meta({ id: 'Error' });
