import type { SiteDeps } from './site-deps.js';
import type { Router, RequestContext } from '../http/router.js';
import { sendJson } from '../http/respond.js';
import { sendTagged, taggedBody, type TaggedBody } from '../http/etag.js';
import { GenerationCache } from '../lib/generation-cache.js';
import { renderAtomFeed, renderRobots } from './feeds.js';
import { renderSitemap } from './sitemap.js';
import { SIGNED_IN_ONLY, UNCACHED_NOT_FOUND, type PublicCaching } from './cache-control.js';
import { cacheTagHeaders } from '../http/shared-cache.js';
import { atCanonicalAddress } from '../http/canonical-address.js';
import { SITE_TAG, SITEMAP_TAG, typeListTag } from '../content/cache-tags.js';

const NOTHING_HERE = { message: 'Nothing is at this address.' };

/**
 * The Atom feeds (one per language), the sitemap in pages, and robots.txt. Each is made once per content
 * generation and kept with its ETag, so asking again costs a look-up, not twenty rendered posts or a pass
 * over the lists.
 */
export function registerFeedRoutes(router: Router, deps: SiteDeps, controls: PublicCaching): void {
  const made = new GenerationCache<TaggedBody | null>(64);
  const FEED_MAX_AGE = controls.feed;
  /** The headers of an answer; a public one names its cache tags. */
  const headers = (type: string, cacheControl: string, tags: string[]) => ({
    'content-type': type, 'cache-control': cacheControl, 'x-content-type-options': 'nosniff',
    ...(cacheControl === SIGNED_IN_ONLY ? {} : cacheTagHeaders(deps.sharedCache, tags)),
  });
  /** Cache-Control for a feed or the sitemap, or null when the asker may not see it (closed, signed out). */
  const caching = (ctx: RequestContext): string | null => {
    if (!deps.content.site().closed) return FEED_MAX_AGE;
    return deps.signedInToPanel(ctx) ? SIGNED_IN_ONLY : null;
  };
  /** The body under `key`, made by `render` unless kept for this generation; null when there is none. */
  const kept = (key: string, render: () => string | null): TaggedBody | null => {
    const generation = deps.content.generation;
    let body = made.get(generation, key);
    if (body === undefined) {
      const text = render();
      made.set(generation, key, (body = text === null ? null : taggedBody(text)));
    }
    return body;
  };
  // Each at its one address (http/canonical-address.ts): `/feed.xml/` and `/de//feed.xml` are not answered in full.
  // robots.txt is public on an open and on a closed site alike: it tells crawlers what to fetch and shows no content.
  router.get('/robots.txt', atCanonicalAddress((ctx) => sendTagged(ctx.res, kept('robots', () => renderRobots(deps.content))!, headers('text/plain; charset=utf-8', FEED_MAX_AGE, [SITE_TAG]))));
  router.get('/sitemap.xml', atCanonicalAddress((ctx) => {
    const cacheControl = caching(ctx);
    const pageParam = ctx.url.searchParams.get('page');
    const page = pageParam === null ? null : /^[1-9][0-9]{0,6}$/.test(pageParam) ? Number(pageParam) : 0;
    const body = cacheControl === null || page === 0 ? null : kept(`sitemap\u0000${page ?? ''}`, () => renderSitemap(deps.content, page));
    if (cacheControl === null || body === null) return sendJson(ctx.res, 404, NOTHING_HERE, UNCACHED_NOT_FOUND);
    sendTagged(ctx.res, body, headers('application/xml; charset=utf-8', cacheControl, [SITE_TAG, SITEMAP_TAG]));
  }));
  const feed = (ctx: RequestContext, language: string) => {
    const cacheControl = caching(ctx);
    if (cacheControl === null) return sendJson(ctx.res, 404, NOTHING_HERE, UNCACHED_NOT_FOUND);
    sendTagged(ctx.res, kept(`feed\u0000${language}`, () => renderAtomFeed(deps.content, language))!, headers('application/atom+xml; charset=utf-8', cacheControl, [SITE_TAG, typeListTag('post', language)]));
  };
  router.get('/feed.xml', atCanonicalAddress((ctx) => feed(ctx, deps.content.site().defaultLanguage)));
  router.get('/:language/feed.xml', atCanonicalAddress((ctx) => {
    const language = ctx.params.language!;
    const site = deps.content.site();
    if (!Object.hasOwn(site.languages, language) || language === site.defaultLanguage) return sendJson(ctx.res, 404, NOTHING_HERE, UNCACHED_NOT_FOUND);
    feed(ctx, language);
  }));
}
