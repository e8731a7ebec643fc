// /svc/api/v1/openapi.json: the Content API described in OpenAPI 3.1, made from the zod schemas that
// validate its requests and type its answers (api-schemas.ts): a change to a schema changes the document.
import { z } from 'zod';
import { API_PREFIX } from './api-request.js';
import * as schemas from './answers/api-schemas.js';

type Json = Record<string, unknown>;

/** The answers' schemas by the name the document gives them. */
const COMPONENTS = {
  Site: schemas.siteAnswer,
  EntryList: schemas.entriesAnswer,
  Entry: schemas.entrySchema,
  SelectedEntry: schemas.selectedEntrySchema,
  FoundEntry: schemas.foundEntrySchema,
  SelectedFoundEntry: schemas.selectedFoundEntrySchema,
  EntryAnswer: schemas.entryAnswer,
  Cover: schemas.coverSchema,
  StatsReport: schemas.statsAnswer,
  Error: schemas.errorAnswer,
} as const;

const ERRORS: Record<string, string> = {
  '401': 'the token sent is unknown, expired or revoked, or one is needed',
  '403': 'the token lacks the scope this needs',
  '404': 'nothing of this id (a draft without content:read included)',
  '414': 'the address is longer than the server takes (4,096 characters unless set otherwise)',
  '422': 'a parameter is not valid; the message says which and what it takes',
  '429': 'too many requests (120 a minute unless the site says otherwise); Retry-After says when to try again',
  '503': 'the search index is being built (a first start, or a damaged index made anew); Retry-After says when to ask again',
};

interface Operation {
  path: string;
  id: string;
  summary: string;
  query: z.ZodObject | null;
  answer: keyof typeof COMPONENTS | null;
  errors: string[];
  /** Whether a token is needed (else it is optional: published content is public). */
  tokenNeeded?: boolean;
}

const OPERATIONS: Operation[] = [
  { path: '/site', id: 'getSite', summary: 'The site: title, description, address, languages and content types', query: schemas.siteQuery, answer: 'Site', errors: ['401', '403', '422', '429'] },
  { path: '/entries', id: 'listEntries', summary: 'Entries of one type in one language, newest first, in pages; with q, those matching a full-text search, best first', query: schemas.entriesQuery, answer: 'EntryList', errors: ['401', '403', '422', '429', '503'] },
  { path: '/entry', id: 'getEntry', summary: 'One entry with its body as markdown and html', query: schemas.entryQuery, answer: 'EntryAnswer', errors: ['401', '403', '404', '422', '429'] },
  { path: '/stats', id: 'getStats', summary: 'The statistics report of a period (scope stats:read)', query: schemas.statsQuery, answer: 'StatsReport', errors: ['401', '403', '422', '429'], tokenNeeded: true },
  { path: '/openapi.json', id: 'getOpenApi', summary: 'This document', query: null, answer: null, errors: ['429'] },
];

const kept = new Map<string, Json>();

/** The document for a site at `siteUrl`, made once per address. */
export function openApiDocument(siteUrl: string, siteTitle: string): Json {
  const key = `${siteUrl}\u0000${siteTitle}`;
  let document = kept.get(key);
  if (!document) {
    document = build(siteUrl, siteTitle);
    kept.clear();
    kept.set(key, document);
  }
  return document;
}

function build(siteUrl: string, siteTitle: string): Json {
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id: name });
  const generated = z.toJSONSchema(registry, { io: 'output', uri: (id) => `#/components/schemas/${id}` }) as { schemas: Record<string, Json> };
  const components: Record<string, Json> = {};
  for (const [name, schema] of Object.entries(generated.schemas)) {
    const { $schema: _dialect, id: _id, ...rest } = schema;
    components[name] = rest;
  }
  const paths: Record<string, Json> = {};
  for (const operation of OPERATIONS) paths[operation.path] = { get: describe(operation) };
  return {
    openapi: '3.1.0',
    info: {
      title: `${siteTitle} Content API`,
      version: '1',
      description: 'Read-only JSON: the published content of the site for anyone; drafts, scheduled entries and statistics for tokens with content:read or stats:read. Every answer has a strong ETag (If-None-Match gives 304) and RateLimit headers; every origin may read it (CORS).',
    },
    servers: [{ url: siteUrl + API_PREFIX }],
    paths,
    components: {
      schemas: components,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'a token made in the panel (svc_ and 40 letters and digits) or through OAuth' } },
    },
  };
}

function describe(operation: Operation): Json {
  const json = (name: keyof typeof COMPONENTS | null) => ({ 'application/json': { schema: name === null ? { type: 'object' } : { $ref: `#/components/schemas/${name}` } } });
  const responses: Record<string, Json> = {
    '200': { description: 'the answer', headers: ANSWER_HEADERS, content: json(operation.answer) },
    '304': { description: 'the copy the client holds (If-None-Match) is current', headers: { ETag: ANSWER_HEADERS.ETag } },
  };
  // Any address may be too long for the server, before any endpoint sees it.
  for (const code of [...operation.errors, '414'].sort()) {
    responses[code] = { description: ERRORS[code]!, content: json('Error'), ...(code === '429' || code === '503' ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'seconds to wait' } } } : {}) };
  }
  return {
    operationId: operation.id,
    summary: operation.summary,
    parameters: operation.query ? parametersOf(operation.query) : [],
    security: operation.tokenNeeded ? [{ bearer: [] }] : [{}, { bearer: [] }],
    responses,
  };
}

/** A query schema's properties as OpenAPI query parameters. */
function parametersOf(query: z.ZodObject): Json[] {
  const schema = z.toJSONSchema(query, { io: 'input' }) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: 'query',
      required: schema.required?.includes(name) ?? false,
      ...(description === undefined ? {} : { description }),
      schema: rest,
      ...(rest.type === 'array' ? { style: 'form', explode: true } : {}),
    };
  });
}

const ANSWER_HEADERS = {
  ETag: { schema: { type: 'string' }, description: 'strong entity tag of the answer' },
  'Cache-Control': { schema: { type: 'string' }, description: 'public, max-age=60 without a token; private, no-store with one' },
  'RateLimit-Limit': { schema: { type: 'integer' } },
  'RateLimit-Remaining': { schema: { type: 'integer' } },
  'RateLimit-Reset': { schema: { type: 'integer' } },
};
