import type { ApiDeps } from './api-deps.js';
import type { Router } from '../http/router.js';
import { TokenBucketLimiter } from '../lib/token-bucket.js';
import { API_PREFIX, apiPreflight, apiRoute, type ApiHandler } from './api-request.js';
import { rateLimitOf } from '../lib/rate-limit-settings.js';
import { checkClosed, getEntries, getEntry, getSite } from './content-endpoints.js';
import { isEntryId } from '../content/entries/entry-id.js';
import { ListRowCache } from './list-rows/list-rows.js';
import { warmListRows } from './list-row-warmer.js';
import { giveBackFreedPages } from '../process-tuning/heap-tuning.js';
import { canSeeTranslation } from '../content/content-rights.js';
import { getChanges } from './changes-endpoint.js';
import { API_SITE_TAG, categoryTag, entryTag, SITE_TAG, tagListTag, typeListTag } from '../content/cache-tags.js';
import { openApiModule } from './query-check.js';

/**
 * One bucket per process for every Content API endpoint (120 a minute per token or client address unless
 * SVC_RATE_LIMIT_API says otherwise); null when the limit is off.
 */
export function createApiLimiter(deps: ApiDeps): TokenBucketLimiter | null {
  const perMinute = rateLimitOf(deps.config.rateLimits, 'api');
  return perMinute === null ? null : new TokenBucketLimiter(perMinute, 60_000, deps.clock);
}

/** Registers the Content API v1. `extra` lets other areas (statistics) add endpoints with the same wrapper. */
export function registerApiRoutes(router: Router, deps: ApiDeps, limiter: TokenBucketLimiter | null, extra: Record<string, ApiHandler> = {}): void {
  // Content answers depend only on the caller, the address and the content: they are cached by generation.
  // List rows kept per translation, so a list page no answer holds yet is a join of rows (list-rows.ts).
  const rows = new ListRowCache({
    isPublic: (entry, translation) => canSeeTranslation(null, entry, translation),
  });
  let warming = false;
  const content: Record<string, ApiHandler> = {
    site: (request) => getSite(deps, request),
    entries: (request) => {
      const answer = getEntries(deps, request, rows);
      // After the first list answer (never before it: a start answers first), the newest rows are made.
      // Once done, the garbage its rows left is given back: at 100,000 posts the warming beside the first
      // answers left some 15-20 MB of freed pages V8 kept resident for good (heap-tuning.ts).
      if (!warming) { warming = true; warmListRows(deps.content, rows, { done: () => giveBackFreedPages() }); }
      return answer;
    },
    entry: (request) => getEntry(deps, request),
    // The API described (openapi.ts), zod and all loaded on the first request for it.
    'openapi.json': (request) => {
      // It names the site and its address: a closed site shows it as it shows its content.
      checkClosed(deps, request);
      const site = deps.content.site();
      return openApiModule().openApiDocument(site.url, site.title);
    },
  };
  // A single entry's folder is looked at again before the answer cache is asked (once per turn of the event
  // loop, which every request sent after a change waits for), so a change to it shows at once.
  const freshenEntry = (url: URL) => {
    const id = url.searchParams.get('id');
    if (id && isEntryId(id)) deps.content.entryOncePerTurn(id);
  };
  // What an anonymous answer shows, for a cache in front (content/cache-tags.ts); asked after the handler
  // accepted the parameters.
  const tags: Record<string, (url: URL) => string[]> = {
    site: () => [SITE_TAG, API_SITE_TAG],
    entries: (url) => {
      const site = deps.content.site();
      const language = url.searchParams.get('language') || site.defaultLanguage;
      const tag = url.searchParams.get('tag');
      const category = url.searchParams.get('category');
      return [
        SITE_TAG, typeListTag(url.searchParams.get('type') || 'post', language),
        ...(tag ? [tagListTag(tag, language)] : []), ...(category ? [categoryTag(category)] : []),
      ];
    },
    entry: (url) => [SITE_TAG, entryTag(url.searchParams.get('id') ?? '')],
  };
  for (const [name, handler] of Object.entries(content)) {
    router.get(`${API_PREFIX}/${name}`, apiRoute(deps, limiter, handler, { cacheByContent: true, tags: tags[name], ...(name === 'entry' ? { freshen: freshenEntry } : {}) }));
  }
  // The change feed for apps that sync: new with every change, so a cache in front asks every time (304 while unchanged).
  router.get(`${API_PREFIX}/changes`, apiRoute(deps, limiter, (request) => getChanges(deps, request), { publicCacheControl: 'public, no-cache' }));
  for (const [name, handler] of Object.entries(extra)) router.get(`${API_PREFIX}/${name}`, apiRoute(deps, limiter, handler));
  router.add('OPTIONS', `${API_PREFIX}/*`, apiPreflight);
}
