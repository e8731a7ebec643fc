// /svc/api/v1/openapi.json: the Content API described in OpenAPI 3.1, made from the zod schemas that
// validate its requests and type its answers (api-schemas.ts): a change to a schema changes the document.
// Every address the API answers (routes.ts, and the statistics endpoints wiring/routes.ts adds) is here with
// GET, HEAD (the same answer without its body) and OPTIONS (the CORS preflight), and every answer with the
// headers it is sent with (api-request.ts): test/api/openapi.test.ts holds the list of addresses to the router's.
import { z } from 'zod';
import { API_PREFIX } from './api-request.js';
import * as schemas from './answers/api-schemas.js';
import { answerHeaders, errorHeaders, HEADERS, PREFLIGHT_HEADERS, type AnswerCaching } from './openapi-headers.js';

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
  GoalsReport: schemas.statsGoalsAnswer,
  FunnelReport: schemas.statsFunnelAnswer,
  StatsExport: schemas.statsExportAnswer,
  ChangeList: schemas.changesAnswer,
  Change: schemas.changeSchema,
  OpenApiDocument: schemas.openApiAnswer,
  Error: schemas.errorAnswer,
} as const;
type Component = keyof typeof COMPONENTS;

const ERRORS: Record<string, string> = {
  '401': 'the token sent is unknown, expired or revoked, or one is needed and none was sent',
  '403': 'the token lacks the scope (or its owner the role right) this needs',
  '404': 'nothing of this id (a draft without content:read included)',
  '414': 'the address is longer than the server takes (4,096 characters unless set otherwise); answered before any endpoint, without RateLimit or CORS headers',
  '422': 'a parameter is not valid; the message says which and what it takes',
  '429': 'too many requests (120 a minute per token, or client address without one, unless the site says otherwise); Retry-After says when to try again',
  '503': 'with q: the search index is being built (a first start, or a damaged index made anew), Retry-After says when to ask again; or search is not offered on this server (its index could not be opened), without Retry-After',
};

interface Operation extends AnswerCaching {
  path: string;
  /** The GET operation's id; HEAD's and OPTIONS' are made from it. */
  id: string;
  summary: string;
  description?: string;
  query: z.ZodObject | null;
  answer: Component;
  /** The answer's media type: JSON, or a download. */
  media?: 'application/json' | 'application/zip';
  errors: string[];
  /** Whether a token is needed (else it is optional: published content is public). */
  tokenNeeded?: boolean;
}

const OPERATIONS: Operation[] = [
  {
    path: '/site', id: 'getSite', summary: 'The site: title, description, address, languages and content types',
    description: 'On a closed site a token with content:read is needed.',
    query: schemas.siteQuery, answer: 'Site', errors: ['401', '403', '429'], cacheControl: 'content', cacheTags: true,
  },
  {
    path: '/entries', id: 'listEntries', summary: 'Entries of one type in one language, newest first, in pages; with q, those matching a full-text search, best first',
    description: 'Drafts and scheduled entries (status) need a token with content:read, and show others\' only to owners with content.edit_all or content.publish. On a closed site a token with content:read is needed.',
    query: schemas.entriesQuery, answer: 'EntryList', errors: ['401', '403', '422', '429', '503'], cacheControl: 'content', cacheTags: true,
  },
  {
    path: '/entry', id: 'getEntry', summary: 'One entry with its body as markdown and html',
    description: 'A draft or scheduled entry the caller may not see is 404, as one that does not exist. On a closed site a token with content:read is needed.',
    query: schemas.entryQuery, answer: 'EntryAnswer', errors: ['401', '403', '404', '422', '429'], cacheControl: 'content', cacheTags: true,
  },
  {
    path: '/changes', id: 'listChanges', summary: 'What changed since a cursor, oldest first, for apps that sync',
    description: 'Anyone sees the changes of what is public (an entry with a published translation, one unpublished or removed, the settings); a token with content:read what it may see of drafts too; '
      + 'never who made a change. Without since: no changes and the cursor to start from. On a closed site a token with content:read is needed (401 without a token, 403 with one that lacks it).',
    query: schemas.changesQuery, answer: 'ChangeList', errors: ['401', '403', '422', '429'], cacheControl: 'changes',
  },
  {
    path: '/stats', id: 'getStats', summary: 'The statistics report of a period (scope stats:read)',
    query: schemas.statsQuery, answer: 'StatsReport', errors: ['401', '403', '422', '429'], tokenNeeded: true, cacheControl: 'private',
  },
  {
    path: '/stats/goals', id: 'getStatsGoals', summary: 'Every goal of the site with the visitors who converted, the conversions and the conversion rate (scope stats:read)',
    query: schemas.statsGoalsQuery, answer: 'GoalsReport', errors: ['401', '403', '422', '429'], tokenNeeded: true, cacheControl: 'private',
  },
  {
    path: '/stats/funnel', id: 'getStatsFunnel', summary: 'A funnel of 2 to 8 steps: per step the visitors who reached it after the steps before it in one visit (scope stats:read)',
    query: schemas.statsFunnelQuery, answer: 'FunnelReport', errors: ['401', '403', '422', '429'], tokenNeeded: true, cacheControl: 'private',
  },
  {
    path: '/stats/export', id: 'exportStats', summary: 'Every statistics table of a range of days as a ZIP of CSV files (scope stats:read)',
    description: 'The period, or from and to (both, at most 400 days apart). The archive is streamed as it is made: it has no ETag; a failure once it has begun cuts it short (its reader then finds it not whole).',
    query: schemas.statsExportQuery, answer: 'StatsExport', media: 'application/zip', errors: ['401', '403', '422', '429'], tokenNeeded: true, cacheControl: 'private', streamed: true,
  },
  {
    path: '/openapi.json', id: 'getOpenApi', summary: 'This document',
    description: 'It names the site and its address: on a closed site a token with content:read is needed, as for the content.',
    query: null, answer: 'OpenApiDocument', errors: ['401', '403', '429'], cacheControl: 'content',
  },
];

/** The Content API's addresses below API_PREFIX, in the document's order. */
export const API_PATHS: readonly string[] = OPERATIONS.map((operation) => operation.path);

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
    const { $schema: _dialect, $id: _uri, id: _id, ...rest } = schema;
    components[name] = rest;
  }
  const paths: Record<string, Json> = {};
  for (const operation of OPERATIONS) {
    const parameters = operation.query ? parametersOf(operation.query) : [];
    paths[operation.path] = {
      get: describe(operation, parameters, true),
      head: { ...describe(operation, parameters, false), operationId: `${operation.id}Head`, summary: `${operation.summary}: the headers of GET alone` },
      options: preflight(operation),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${siteTitle} Content API`,
      version: '1',
      description: 'Read-only JSON: the published content of the site for anyone; drafts, scheduled entries and statistics for tokens with content:read or stats:read. '
        + 'GET and HEAD only; every origin may read it (CORS, with preflight). Every answer has RateLimit headers; every answer but the statistics export a strong ETag '
        + '(If-None-Match gives 304). Errors are JSON {"message": "..."}.',
    },
    servers: [{ url: siteUrl + API_PREFIX }],
    paths,
    components: {
      schemas: components,
      headers: HEADERS,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'a token made in the panel (svc_ and 40 letters and digits) or through OAuth' } },
    },
  };
}

const jsonOf = (name: Component) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } });

/** The GET operation, or HEAD's (`withBody` false: the same statuses and headers, no body). */
function describe(operation: Operation, parameters: Json[], withBody: boolean): Json {
  const media = operation.media ?? 'application/json';
  const answer = { [media]: { schema: { $ref: `#/components/schemas/${operation.answer}` } } };
  const responses: Record<string, Json> = {
    '200': { description: 'the answer', headers: answerHeaders(operation), ...(withBody ? { content: answer } : {}) },
  };
  if (!operation.streamed) {
    responses['304'] = { description: 'the copy the client holds (If-None-Match) is current: no body, the headers of the answer', headers: answerHeaders(operation) };
  }
  // Any address may be too long for the server, before any endpoint sees it.
  for (const code of [...operation.errors, '414'].sort()) {
    responses[code] = { description: ERRORS[code]!, headers: errorHeaders(code), ...(withBody ? { content: jsonOf('Error') } : {}) };
  }
  return {
    operationId: operation.id,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    parameters,
    security: operation.tokenNeeded ? [{ bearer: [] }] : [{}, { bearer: [] }],
    responses,
  };
}

/** OPTIONS: the CORS preflight, the same for every address of the API (api-request.ts apiPreflight). */
function preflight(operation: Operation): Json {
  return {
    operationId: `${operation.id}Preflight`,
    summary: 'CORS preflight: every origin may GET and HEAD with Authorization and If-None-Match',
    security: [],
    responses: {
      '204': { description: 'what a browser may send from any origin; never rate limited', headers: PREFLIGHT_HEADERS },
      '414': { description: ERRORS['414']!, headers: errorHeaders('414'), content: jsonOf('Error') },
    },
  };
}

/** A query schema's properties as OpenAPI query parameters, as the API reads them (integers as integers). */
function parametersOf(query: z.ZodObject): Json[] {
  const schema = z.toJSONSchema(query, { io: 'output' }) as { properties?: Record<string, Json>; required?: string[] };
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
