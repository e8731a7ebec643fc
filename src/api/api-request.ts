import type { ServerResponse } from 'node:http';
import { AppError } from '../errors.js';
import type { ApiDeps } from './api-deps.js';
import { scopeRefusal } from '../auth/scope-refusal.js';
import type { Handler, RequestContext } from '../http/router.js';
import { sendBody, sendEmpty, type Headers } from '../http/respond.js';
import { ANY_ORIGIN, atCanonicalAddress } from '../http/canonical-address.js';
import { matchesIfNoneMatch, strongEtag } from '../http/etag.js';
import { TokenBucketLimiter } from '../lib/token-bucket.js';
import { GenerationCache } from '../lib/generation-cache.js';
import { bearerToken, type Principal, type Scope } from '../auth/principal.js';
import { sha256Hex } from '../lib/safe-compare.js';
import { seconds } from '../lib/seconds.js';
import { SPEC_RATE_LIMITS } from '../lib/rate-limit-settings.js';
import { cacheTagHeaders, NO_SHARED_CACHE, publicCacheControl, type SharedCachePolicy } from '../http/shared-cache.js';
import type { ListAnswer } from './answers/list-answer.js';

export { API_PREFIX } from './answers/api-prefix.js';

const CORS: Headers = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After',
};

export interface ApiRequest extends RequestContext {
  /** The caller, or null for an anonymous request. */
  principal: Principal | null;
}

/** An answer already written as JSON text (built from kept parts), sent as it is. */
export class JsonText {
  constructor(readonly text: string) {}
}

/** An answer already as JSON bytes with its strong ETag (made from kept parts: list-rows.ts), sent as it is. */
export class TaggedJson {
  constructor(readonly answer: ListAnswer) {}
}

/**
 * An answer written as it is made (a download too big to hold: the statistics export). Checks that can
 * refuse it run before it is returned, so an error is still a JSON answer; once the headers are out, a
 * failure can only cut the body short (the archive is then not whole, which its reader tells).
 */
export class StreamedAnswer {
  constructor(readonly headers: Record<string, string>, readonly write: (res: ServerResponse) => Promise<void>) {}
}

/** The answer of an API handler: a JSON value, JsonText or TaggedJson (200) sent with an ETag and caching headers. */
export type ApiHandler = (request: ApiRequest) => unknown;

/**
 * A Content API route is a handler wrapped in the steps every endpoint shares, in this order (apiRoute):
 * 0. address: another spelling of the endpoint's address is sent on to it or refused (see apiRoute);
 * 1. limit: the token bucket (120 a minute unless set otherwise, null when the limits are off; keyed by
 *    token, else client address), told in RateLimit-* headers;
 * 2. authenticate: a token that is sent must be valid (401);
 * 3. answer from cache: the answer kept for this caller and address while the content is unchanged;
 * 4. answer: the handler's value as JSON with a strong ETag (If-None-Match -> 304), Cache-Control (public
 *    for anonymous reads, shared caches included, with the cache tags naming what it shows; private and
 *    no-store when a token is sent), CORS; errors as JSON `{message}`.
 */
export interface ApiRouteOptions {
  /** Cache answers by caller and address while the content is unchanged. */
  cacheByContent?: boolean;
  /** Runs before the cache is asked, e.g. to re-read the one entry an address names from disk. */
  freshen?: (url: URL) => void;
  /** The cache tags of an anonymous answer (content/cache-tags.ts), asked once its handler answered. */
  tags?: (url: URL) => string[];
  /** Cache-Control of an anonymous answer, when not the shared one of the public answers (cache-control.ts). */
  publicCacheControl?: string;
}

/**
 * What the Content API's kept answers may take, per route: some 50 list pages of 20 entries. A kept answer
 * saves a join of kept rows (list-rows.ts), some tens of microseconds; its bytes are malloc'd beside
 * short-lived ones, so 4 MB of them held some 8 MB more resident memory than 1 MB on a 1,000-entry site under load.
 */
export const API_ANSWER_BYTES = 1024 * 1024;
/** What a kept answer costs beside its body: the key, the ETag, the objects and the map slot. */
const ANSWER_OVERHEAD_BYTES = 200;

/** An answer as sent: its bytes, their ETag, and the tag header for a cache in front (anonymous answers). */
interface Answer { body: Buffer; etag: string; tagHeader: readonly string[] }
type Limit = ReturnType<TokenBucketLimiter['take']>;

export function apiRoute(deps: ApiDeps, limiter: TokenBucketLimiter | null, handler: ApiHandler, options: ApiRouteOptions = {}): Handler {
  // Content answers by caller and address, kept while the content is unchanged: a repeat costs a lookup.
  // Only addresses asked twice are kept: a client paging through every list would otherwise only churn it.
  // A miss is a join of kept list rows (list-rows.ts), so the answers are held to a few megabytes.
  const cache = options.cacheByContent
    ? new GenerationCache<Answer>(1000, { keepOnSecondAsk: true, maxBytes: API_ANSWER_BYTES, sizeOf: (answer) => answer.body.length + ANSWER_OVERHEAD_BYTES })
    : null;
  const sharedCache = deps.sharedCache ?? NO_SHARED_CACHE;
  const publicControl = options.publicCacheControl ?? publicCacheControl(sharedCache, 60);

  /** Step 1: the caller's share of the bucket (its figures go out with any answer, a refusal included). */
  const limit = (ctx: RequestContext, token: string | undefined): Limit => (limiter ? limiter.take(token ? `t:${sha256Hex(token)}` : `ip:${ctx.ip}`) : UNLIMITED);
  const refuseOverLimit = (taken: Limit): void => {
    if (taken.allowed) return;
    throw new AppError('rate_limited', `Too many requests: at most ${taken.limit} a minute. Try again in ${seconds(taken.retryAfterSeconds)}.`, { 'retry-after': String(taken.retryAfterSeconds) });
  };

  /** Step 2: who asks; null for an anonymous request. */
  const authenticate = (ctx: RequestContext, token: string | undefined): Principal | null => {
    if (ctx.req.headers.authorization === undefined) return null;
    const principal = token ? deps.auth.verify(token) : null;
    if (!principal) throw new AppError('unauthorized', 'A valid token is required: this token is unknown, expired or revoked.', { 'www-authenticate': 'Bearer' });
    return principal;
  };

  /** Step 4 (when step 3 had nothing): the handler's answer, kept for the next ask where the route caches. */
  const answer = (ctx: RequestContext, principal: Principal | null, key: string, generation: number, taken: Limit): Answer | null => {
    // Named field by field: spreading the context (a class with a getter) cost more than the rest of this function.
    const value = handler({ req: ctx.req, res: ctx.res, url: ctx.url, pathname: ctx.pathname, params: ctx.params, ip: ctx.ip, principal });
    if (value instanceof StreamedAnswer) {
      stream(ctx, value, taken, deps.log);
      return null;
    }
    const tagHeader = principal === null && options.tags ? flatTagHeader(sharedCache, options.tags(ctx.url)) : NO_TAGS;
    let made: Answer;
    if (value instanceof TaggedJson) {
      made = { body: value.answer.bytes, etag: value.answer.etag, tagHeader };
    } else {
      const body = Buffer.from(value instanceof JsonText ? value.text : JSON.stringify(value), 'utf8');
      made = { body, etag: strongEtag(body), tagHeader };
    }
    cache?.set(generation, key, made);
    return made;
  };

  // One answer, one address (http/canonical-address.ts), checked before any step, so another spelling takes
  // nothing from the bucket and never reaches the answer cache. Every endpoint is a GET of a fixed address
  // (an escaped letter never matches one: the router compares segments as sent), so what gets this far is
  // empty segments, a backslash or a fragment. The choice per spelling:
  // - a trailing slash (`/svc/api/v1/site/`) is the endpoint asked a little wrongly: a 301 (query kept) to
  //   the documented address, which any client following a 301 on GET gets right at once (with CORS, or a
  //   browser app's fetch could not follow it);
  // - an empty segment inside (`/svc/api/v1//site`, a base joined with one slash too many), a backslash or a
  //   fragment is an address wrongly built, not another spelling of one: the server's 404 for an address
  //   without a route says so, rather than a redirect that would hide the client's mistake.
  // The preflight (apiPreflight) is left as it is: no cache keeps it, and a browser follows no redirect from one.
  return atCanonicalAddress((ctx) => {
    const token = bearerToken(ctx.req.headers.authorization);
    const taken = limit(ctx, token);
    try {
      refuseOverLimit(taken);
      const principal = authenticate(ctx, token);
      options.freshen?.(ctx.url);
      // Step 3. The request target as sent: the same target is the same address (another spelling of the path never gets here).
      const key = cache ? `${principalKey(principal)} ${ctx.req.url}` : '';
      const generation = cache ? deps.content.generation : 0;
      const kept = cache?.get(generation, key);
      const made = kept ?? answer(ctx, principal, key, generation, taken);
      if (made === null) return;
      send(ctx, made, taken, principal === null ? publicControl : 'private, no-store');
    } catch (error) {
      const appError = error instanceof AppError ? error : null;
      if (!appError) deps.log(`svc: internal error on ${ctx.req.method} ${ctx.url.pathname}: ${(error as Error)?.stack ?? error}`);
      const status = appError?.status ?? 500;
      sendBody(ctx.res, status, JSON.stringify({ message: appError?.message ?? 'Internal error.' }), {
        'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...CORS,
        'ratelimit-limit': taken.limit, 'ratelimit-remaining': taken.remaining, 'ratelimit-reset': taken.resetSeconds,
        ...(appError?.headers ?? {}),
      });
    }
  }, ANY_ORIGIN);
}

const NO_TAGS: readonly string[] = [];

/** The tag header as the flat [name, value] pair writeHead takes, made once per kept answer. */
function flatTagHeader(policy: SharedCachePolicy, tags: string[]): readonly string[] {
  const header = Object.entries(cacheTagHeaders(policy, tags))[0];
  return header ?? NO_TAGS;
}

/** Writes an answer: 304 when If-None-Match names it, else 200 with the bytes (none for HEAD). */
function send(ctx: RequestContext, answer: Answer, limit: Limit, cacheControl: string): void {
  const { body, etag } = answer;
  const notModified = matchesIfNoneMatch(ctx.req.headers['if-none-match'], etag);
  // The answer path of every API read: headers as one flat list, the way node:http takes them cheapest.
  const headers = [
    'access-control-allow-origin', '*',
    'access-control-expose-headers', CORS['access-control-expose-headers'] as string,
    'ratelimit-limit', String(limit.limit),
    'ratelimit-remaining', String(limit.remaining),
    'ratelimit-reset', String(limit.resetSeconds),
    'etag', etag,
    'cache-control', cacheControl,
    'vary', 'Authorization',
    ...answer.tagHeader,
  ];
  if (notModified) {
    ctx.res.writeHead(304, headers);
    ctx.res.end();
    return;
  }
  headers.push('content-type', 'application/json; charset=utf-8', 'content-length', String(body.length));
  ctx.res.writeHead(200, headers);
  ctx.res.end(ctx.req.method === 'HEAD' ? undefined : body);
}

/** Writes an answer made as it is sent (never kept, never in a shared cache); a failure midway cuts it short. */
function stream(ctx: RequestContext, value: StreamedAnswer, limit: Limit, log: (line: string) => void): void {
  ctx.res.writeHead(200, { ...CORS, 'cache-control': 'private, no-store', 'ratelimit-limit': String(limit.limit), 'ratelimit-remaining': String(limit.remaining), 'ratelimit-reset': String(limit.resetSeconds), ...value.headers });
  if (ctx.req.method === 'HEAD') return void ctx.res.end();
  value.write(ctx.res).then(() => ctx.res.end(), (error: unknown) => {
    log(`svc: a streamed answer of ${ctx.url.pathname} stopped: ${(error as Error)?.message ?? error}`);
    ctx.res.destroy();
  });
}

const UNLIMITED = { allowed: true, limit: SPEC_RATE_LIMITS.api, remaining: SPEC_RATE_LIMITS.api, resetSeconds: 0, retryAfterSeconds: 0 };

/** Who sees what: the same key means the same answer for the same address. */
function principalKey(principal: Principal | null): string {
  if (!principal) return '-';
  return `${principal.accountId}|${[...principal.scopes].sort().join(',')}|${[...principal.capabilities].sort().join(',')}`;
}

/** CORS preflight for any API address. */
export const apiPreflight: Handler = (ctx) => {
  sendEmpty(ctx.res, 204, {
    ...CORS,
    'access-control-allow-methods': 'GET, HEAD, OPTIONS',
    'access-control-allow-headers': 'Authorization, If-None-Match, Content-Type',
    'access-control-max-age': '86400',
  });
};

/** Refuses with 401/403 unless the caller's token has `scope` (D10). */
export function requireScope(request: ApiRequest, scope: Scope, what: string): Principal {
  if (!request.principal) throw new AppError('unauthorized', `A valid token is required for ${what}; send one with the scope ${scope}.`, { 'www-authenticate': 'Bearer' });
  const refusal = scopeRefusal(request.principal, scope, `read ${what}`);
  if (refusal) throw new AppError('forbidden', refusal);
  return request.principal;
}
