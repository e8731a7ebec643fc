import type { SiteDeps } from './site-deps.js';
import type { Router, RequestContext } from '../http/router.js';
import { sendJson } from '../http/respond.js';
import { sendTagged, taggedBody, type TaggedBody } from '../http/etag.js';
import { GenerationCache } from '../lib/generation-cache.js';
import { SIGNED_IN_ONLY, UNCACHED_NOT_FOUND, type PublicCaching } from './cache-control.js';
import { cacheTagHeaders } from '../http/shared-cache.js';
import { listPageTags } from '../content/cache-tags.js';
import { renderLlmsFull, renderLlmsList, renderLlmsTxt } from './llms-txt.js';
import type { PageContext } from './page-context.js';
import { themeWords } from './theme-words.js';
import { atCanonicalAddress } from '../http/canonical-address.js';

const NOTHING_HERE = { message: 'Nothing is at this address.' };
const HEADERS = { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' };

/**
 * /llms.txt, /llms-full.txt and the lists they link to (/llms/<language>/<type>.txt), each made once per
 * content generation and kept with its ETag. Switched off by `llms_txt: false` in site.yaml; on a closed
 * site, as the feeds, only for people signed in to the panel, and private to them.
 */
export function registerLlmsRoutes(router: Router, deps: SiteDeps, publicCaching: PublicCaching): void {
  const made = new GenerationCache<TaggedBody | null>(64);
  const context = (language: string): PageContext => {
    const site = deps.content.site();
    return { store: deps.content, site, language, words: themeWords(deps.content.root, language, deps.log), extras: {} };
  };
  /** Cache-Control for the asker, or null when there is nothing for them (switched off; closed, signed out). */
  const caching = (ctx: RequestContext): string | null => {
    const site = deps.content.site();
    if (!site.llmsTxt) return null;
    if (!site.closed) return publicCaching.feed;
    return deps.signedInToPanel(ctx) ? SIGNED_IN_ONLY : null;
  };
  // A cache in front is told what each answer shows: the lists it is made from (every list for llms.txt and
  // llms-full.txt), so a change to any entry in them purges it (content/cache-tags.ts).
  const everyList = () => {
    const site = deps.content.site();
    return site.types.flatMap((type) => Object.keys(site.languages).flatMap((language) => listPageTags(type.key, language)));
  };
  const serve = (ctx: RequestContext, key: string, tags: () => string[], render: (pageNumber: number) => string | null) => {
    const cacheControl = caching(ctx);
    const pageNumber = pageOf(ctx);
    if (cacheControl === null || pageNumber === null) return sendJson(ctx.res, 404, NOTHING_HERE, UNCACHED_NOT_FOUND);
    const generation = deps.content.generation;
    const fullKey = `${key}\u0000${pageNumber}`;
    let body = made.get(generation, fullKey);
    if (body === undefined) {
      const text = render(pageNumber);
      made.set(generation, fullKey, (body = text === null ? null : taggedBody(text)));
    }
    if (body === null) return sendJson(ctx.res, 404, NOTHING_HERE, UNCACHED_NOT_FOUND);
    const tagHeaders = cacheControl === SIGNED_IN_ONLY ? {} : cacheTagHeaders(deps.sharedCache, [...new Set(tags())]);
    sendTagged(ctx.res, body, { ...HEADERS, 'cache-control': cacheControl, ...tagHeaders });
  };
  const defaultLanguage = () => deps.content.site().defaultLanguage;
  // llms.txt has no pages: its lists have them. Each answers at its one address (http/canonical-address.ts).
  router.get('/llms.txt', atCanonicalAddress((ctx) => serve(ctx, 'llms', everyList, (n) => (n === 1 ? renderLlmsTxt(context(defaultLanguage())) : null))));
  router.get('/llms-full.txt', atCanonicalAddress((ctx) => serve(ctx, 'full', everyList, (n) => renderLlmsFull(context(defaultLanguage()), n, context))));
  router.get('/llms/:language/:list', atCanonicalAddress((ctx) => {
    const { language, list } = ctx.params as { language: string; list: string };
    const type = /^([a-z0-9][a-z0-9_-]{0,39})\.txt$/.exec(list)?.[1];
    if (type === undefined || !Object.hasOwn(deps.content.site().languages, language)) return sendJson(ctx.res, 404, NOTHING_HERE, UNCACHED_NOT_FOUND);
    serve(ctx, `list\u0000${language}\u0000${type}`, () => listPageTags(type, language), (n) => renderLlmsList(context(language), type, n));
  }));
}

/** `?page=N` (1 without it), or null when it is not a page number. */
function pageOf(ctx: RequestContext): number | null {
  const raw = ctx.req.url?.includes('?') === true ? ctx.url.searchParams.get('page') : null;
  if (raw === null) return 1;
  return /^[1-9][0-9]{0,6}$/.test(raw) ? Number(raw) : null;
}
