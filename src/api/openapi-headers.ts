// The headers every answer of the Content API is sent with (api-request.ts), as openapi.ts describes them:
// each described once (components.headers) and named by each answer that has it.
type Json = Record<string, unknown>;

/** Cache-Control of the answers of an endpoint (api-request.ts; the 304 repeats it). */
const CACHE_CONTROL = {
  content: 'without a token: public, max-age=60, s-maxage=<86400 when the site purges a cache in front, else 60>, stale-while-revalidate=60, stale-if-error=86400; with a token: private, no-store',
  changes: 'without a token: public, no-cache (a cache asks each time: 304 while nothing changed); with a token: private, no-store',
  private: 'private, no-store (a token is always needed)',
} as const;

/** How an operation's answers are kept, which decides their headers. */
export interface AnswerCaching {
  cacheControl: keyof typeof CACHE_CONTROL;
  /** Whether an anonymous answer names what it shows in the cache tag header (content/cache-tags.ts). */
  cacheTags?: boolean;
  /** A download written as it is made: no ETag, no 304, never kept. */
  streamed?: boolean;
}

const header = (schema: Json, description: string, required = true): Json => ({ required, schema, description });
/** Every header the API sends, described once (components.headers) and named by each answer that has it. */
export const HEADERS = {
  AccessControlAllowOrigin: header({ type: 'string', const: '*' }, 'every origin may read the answer'),
  AccessControlExposeHeaders: header({ type: 'string', const: 'ETag, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After' }, 'the headers a browser script may read'),
  AccessControlAllowMethods: header({ type: 'string', const: 'GET, HEAD, OPTIONS' }, 'the methods the API answers'),
  AccessControlAllowHeaders: header({ type: 'string', const: 'Authorization, If-None-Match, Content-Type' }, 'the request headers a browser may send'),
  AccessControlMaxAge: header({ type: 'integer', const: 86400 }, 'seconds a browser may keep this preflight'),
  RateLimitLimit: header({ type: 'integer', minimum: 1 }, 'requests a minute the caller may send (per token, or client address without one)'),
  RateLimitRemaining: header({ type: 'integer', minimum: 0 }, 'requests left now'),
  RateLimitReset: header({ type: 'integer', minimum: 0 }, 'seconds until the caller may send as many as the limit again'),
  ETag: header({ type: 'string' }, 'strong entity tag of the answer: send it as If-None-Match to be answered 304 while it is current'),
  CacheControlContent: header({ type: 'string' }, CACHE_CONTROL.content),
  CacheControlChanges: header({ type: 'string' }, CACHE_CONTROL.changes),
  CacheControlPrivate: header({ type: 'string', const: 'private, no-store' }, CACHE_CONTROL.private),
  CacheControlNoStore: header({ type: 'string', const: 'no-store' }, 'never kept'),
  Vary: header({ type: 'string', const: 'Authorization' }, 'the answer depends on the token sent'),
  CacheTags: header({ type: 'string' }, 'only where the site is set to tag answers for a cache in front (SVC_PURGE, SVC_CACHE_TAGS), on answers without a token, '
    + 'in one of xkey, Surrogate-Key and Cache-Tag: the cache tags naming what the answer shows (the cache removes the header)', false),
  ContentDisposition: header({ type: 'string', pattern: '^attachment; filename="statistics-[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]{4}-[0-9]{2}-[0-9]{2}\\.zip"$' }, 'a download named after its first and last day'),
  XContentTypeOptions: header({ type: 'string', const: 'nosniff' }, 'the type is the one said'),
  WWWAuthenticate: header({ type: 'string', const: 'Bearer' }, 'a bearer token is what is needed'),
  RetryAfter: header({ type: 'integer', minimum: 1 }, 'seconds to wait before asking again'),
  RetryAfterIndex: header({ type: 'integer', minimum: 1 }, 'seconds to wait before asking again, while the search index is being built', false),
};
const ref = (name: keyof typeof HEADERS): Json => ({ $ref: `#/components/headers/${name}` });

const CORS_HEADERS = { 'Access-Control-Allow-Origin': ref('AccessControlAllowOrigin'), 'Access-Control-Expose-Headers': ref('AccessControlExposeHeaders') };
const RATE_LIMIT_HEADERS = { 'RateLimit-Limit': ref('RateLimitLimit'), 'RateLimit-Remaining': ref('RateLimitRemaining'), 'RateLimit-Reset': ref('RateLimitReset') };
export const PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': ref('AccessControlAllowMethods'),
  'Access-Control-Allow-Headers': ref('AccessControlAllowHeaders'),
  'Access-Control-Max-Age': ref('AccessControlMaxAge'),
};
const CACHE_CONTROL_HEADER = { content: 'CacheControlContent', changes: 'CacheControlChanges', private: 'CacheControlPrivate' } as const;
/** Sent to the cache in front with anonymous answers, one of the three as SVC_CACHE_TAGS says; the cache removes it. */
const CACHE_TAG_HEADERS = { xkey: ref('CacheTags'), 'Surrogate-Key': ref('CacheTags'), 'Cache-Tag': ref('CacheTags') };

/** The headers of a 200 (and of its 304): what send() and stream() in api-request.ts write. */
export function answerHeaders(operation: AnswerCaching): Json {
  if (operation.streamed) {
    return {
      ...CORS_HEADERS,
      ...RATE_LIMIT_HEADERS,
      'Cache-Control': ref('CacheControlPrivate'),
      'Content-Disposition': ref('ContentDisposition'),
      'X-Content-Type-Options': ref('XContentTypeOptions'),
    };
  }
  return {
    ...CORS_HEADERS,
    ...RATE_LIMIT_HEADERS,
    ETag: ref('ETag'),
    'Cache-Control': ref(CACHE_CONTROL_HEADER[operation.cacheControl]),
    Vary: ref('Vary'),
    ...(operation.cacheTags ? CACHE_TAG_HEADERS : {}),
  };
}

/** The headers of an error: apiRoute's refusal, or the server's own for an address too long (414). */
export function errorHeaders(code: string): Json {
  if (code === '414') return { 'Cache-Control': ref('CacheControlNoStore'), 'X-Content-Type-Options': ref('XContentTypeOptions') };
  return {
    ...CORS_HEADERS,
    ...RATE_LIMIT_HEADERS,
    'Cache-Control': ref('CacheControlNoStore'),
    ...(code === '401' ? { 'WWW-Authenticate': ref('WWWAuthenticate') } : {}),
    ...(code === '429' ? { 'Retry-After': ref('RetryAfter') } : {}),
    ...(code === '503' ? { 'Retry-After': ref('RetryAfterIndex') } : {}),
  };
}
