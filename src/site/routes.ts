import type { IncomingMessage } from 'node:http';
import type { SiteDeps } from './site-deps.js';
import type { Router, RequestContext } from '../http/router.js';
import { sendHtml, sendJson, redirect } from '../http/respond.js';
import { prepareAnswer, sendPrepared, taggedBody, type PreparedAnswer } from '../http/etag.js';
import { GenerationCache } from '../lib/generation-cache.js';
import { registerFeedRoutes } from './feed-routes.js';
import { publicCaching, SIGNED_IN_ONLY } from './cache-control.js';
import { cacheTagHeaders } from '../http/shared-cache.js';
import { entryPageTags, entryTag, listPageTags, NOT_FOUND_TAG, SITE_TAG } from '../content/cache-tags.js';
import { mediaHandler } from './media-files.js';
import { isEntryId } from '../content/entries/entry-id.js';
import { bearerToken } from '../auth/principal.js';
import { renderEntryPage } from './entry-page.js';
import { renderHomePage, renderNotFoundPage, renderTypeListing } from './listing-pages.js';
import { listedTypeAt } from './list-addresses.js';
import type { PageContext } from './page-context.js';
import { themeWords } from './theme-words.js';
import { consentBanner } from '../stats/consent-banner.js';

/** What other areas add to public pages (statistics: the beacon tag, and counting AI crawlers). */
export interface SiteHooks {
  /** Trusted HTML for the end of <head>. */
  headExtra?: () => string;
  /**
   * Called for every public page answered with 200 or 304 (after the page is chosen, before it is sent): a
   * crawler asking whether its copy is current has requested the page too.
   */
  pageServed?: (req: IncomingMessage, path: string) => void;
}

/** Rendered pages kept per content generation (~5-15 KB each): the pages most asked for, in a few MB. */
const RENDERED_PAGES_KEPT = 500;
/** And at most this many bytes of them (some 350 pages of the size of a home page with 10 entries). */
const RENDERED_PAGE_BYTES = 4 * 1024 * 1024;
const HTML_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
};
const HTML = 'text/html; charset=utf-8';

/**
 * The public website: media files, home pages per language, and one page per published translation at the
 * address D3 gives it. Registered last: its catch-all takes whatever no other route took.
 */
export function registerSiteRoutes(router: Router, deps: SiteDeps, hooks: SiteHooks = {}): void {
  const caching = publicCaching(deps.sharedCache);
  // A page's headers on an open site and on a closed one (cache-control.ts), made once; an open site's
  // pages add their cache tags.
  const OPEN_PAGE_HEADERS = { ...HTML_HEADERS, 'cache-control': caching.page };
  const CLOSED_PAGE_HEADERS = { ...HTML_HEADERS, 'cache-control': SIGNED_IN_ONLY };
  const OPEN_PAGE_ANSWER = { 'content-type': HTML, ...OPEN_PAGE_HEADERS };
  // A 404 may be kept as long as a page: any change to an entry purges the 404s, lest one hide a page just published.
  const OPEN_NOT_FOUND_HEADERS = { ...OPEN_PAGE_HEADERS, ...cacheTagHeaders(deps.sharedCache, [SITE_TAG, NOT_FOUND_TAG]) };
  const CLOSED_PAGE_ANSWER = { 'content-type': HTML, ...CLOSED_PAGE_HEADERS };
  const serveMedia = mediaHandler(deps.content.contentDir);
  // An entry's media are public with the entry: once one of its translations is published and the site is
  // open. Before that (or on a closed site) only people signed in to the panel, or a token with
  // content:read (a headless frontend previewing a draft), see them; such a file is theirs alone, and a
  // shared cache would otherwise keep it even though the request carried a token (RFC 9111 §3.5 lets
  // `public` override that).
  router.get('/media/*', (ctx) => {
    const trusted = () => deps.signedInToPanel(ctx) || readerToken(ctx);
    const entryId = ctx.params['*']!.split('/').slice(0, -1).join('/');
    const entry = isEntryId(entryId) ? deps.content.entryOncePerTurn(entryId) : undefined;
    const published = entry !== undefined && [...entry.translations.values()].some((t) => t.status === 'published');
    if (!deps.content.site().closed && published) return serveMedia(ctx, caching.media, cacheTagHeaders(deps.sharedCache, [SITE_TAG, entryTag(entryId)]));
    if (!trusted()) return sendJson(ctx.res, 404, { message: 'No such file.' });
    return serveMedia(ctx, SIGNED_IN_ONLY);
  });
  const readerToken = (ctx: RequestContext): boolean => {
    const token = bearerToken(ctx.req.headers.authorization);
    return token !== undefined && deps.auth.verify(token)?.scopes.has('content:read') === true;
  };
  registerFeedRoutes(router, deps, caching);
  // Rendered pages with their tags, kept while the content is unchanged (the store's generation moves with
  // every change on disk and when a scheduled time passes); the same bytes for everyone who may see them.
  const rendered = new GenerationCache<PreparedAnswer>(RENDERED_PAGES_KEPT, { maxBytes: RENDERED_PAGE_BYTES, sizeOf: (page) => page.body.bytes.length + 400 });
  const page = (ctx: RequestContext) => {
    if (ctx.pathname.startsWith('/svc/')) return sendJson(ctx.res, 404, { message: 'Nothing is at this address.' });
    const site = deps.content.site();
    // D13: a closed site shows its pages only to people signed in to the panel. Neither the redirect nor
    // what a signed-in person is shown instead (the page, or a 404 with the site's navigation) may be stored
    // by a shared cache.
    if (site.closed && !deps.signedInToPanel(ctx)) {
      return redirect(ctx.res, `/svc/panel/sign-in?next=${encodeURIComponent(ctx.url.pathname)}`, 303, { 'cache-control': 'no-store' });
    }
    const pageHeaders = site.closed ? CLOSED_PAGE_ANSWER : OPEN_PAGE_ANSWER;
    const notFoundHeaders = site.closed ? CLOSED_PAGE_HEADERS : OPEN_NOT_FOUND_HEADERS;
    // Made when the page is, after the entry was read again, so the banner matches the content shown; the
    // words are the theme's for the page's language, read once and kept (theme-words.ts).
    const context = (language: string): PageContext => ({
      store: deps.content, site, language, words: themeWords(deps.content.root, language, deps.log),
      extras: { headExtra: hooks.headExtra?.() ?? '', consent: consentBanner(deps.content) },
    });
    const notFound = (language: string) => sendHtml(ctx.res, 404, renderNotFoundPage(context(language)), notFoundHeaders);
    /**
     * Answers with the page kept under `key`, made by `make` (null: past the last page, 404) when missing;
     * `tags` names what it shows for a cache in front (an open site's pages only).
     */
    const answer = (key: string, servedPath: string, language: string, tags: () => string[], make: (page: PageContext) => string | null) => {
      const generation = deps.content.generation;
      let kept = rendered.get(generation, key);
      if (!kept || kept.headers['cache-control'] !== pageHeaders['cache-control']) {
        let body = kept?.body;
        if (!body) {
          const html = make(context(language));
          if (html === null) return notFound(language);
          body = taggedBody(html);
        }
        const headers = site.closed ? pageHeaders : { ...pageHeaders, ...cacheTagHeaders(deps.sharedCache, tags()) };
        rendered.set(generation, key, (kept = prepareAnswer(body, headers)));
      }
      hooks.pageServed?.(ctx.req, servedPath);
      return sendPrepared(ctx.res, kept);
    };
    let path = ctx.pathname;
    // Without the trailing slash, and with one leading slash only: `//evil.example/` must not become a
    // Location of `//evil.example`, which a browser reads as another host.
    if (path.length > 1 && path.endsWith('/')) return redirect(ctx.res, '/' + path.replace(/^\/+|\/+$/g, '') + ctx.url.search, 301);
    const homeLanguage = path === '/' ? site.defaultLanguage : Object.keys(site.languages).find((code) => code !== site.defaultLanguage && path === `/${code}`);
    if (homeLanguage) {
      const pageNumber = pageParameter(ctx);
      if (pageNumber === null) return notFound(homeLanguage);
      return answer(`home\u0000${homeLanguage}\u0000${pageNumber}`, path, homeLanguage, () => listPageTags('post', homeLanguage), (made) => renderHomePage(made, pageNumber));
    }
    try {
      path = decodeURIComponent(path);
    } catch {
      return sendJson(ctx.res, 400, { message: 'The address is not valid.' });
    }
    let target = deps.content.atPath(path);
    // Read the entry again from disk, so a change made a moment ago (by hand, by the stdio server) shows.
    if (target) {
      const fresh = deps.content.entryOncePerTurn(target.entry.id);
      target = fresh ? deps.content.atPath(path) : undefined;
    }
    if (!target || target.translation.status !== 'published') {
      // An entry's own address comes first; a type's list page (/recipes, /de/tag) takes only what is left.
      const listed = listedTypeAt(site, path);
      if (!listed) return notFound(Object.keys(site.languages).find((code) => path.startsWith(`/${code}/`)) ?? site.defaultLanguage);
      const pageNumber = pageParameter(ctx);
      if (pageNumber === null) return notFound(listed.language);
      return answer(`list\u0000${path}\u0000${pageNumber}`, path, listed.language, () => listPageTags(listed.type.key, listed.language), (made) => renderTypeListing(made, listed.type, pageNumber));
    }
    const { entry, translation } = target;
    // The ETag is of the page as sent: the entry's style, the beacon tag and the consent banner included.
    // Only a tag's page (its posts) and a page's (its child pages) have pages; elsewhere ?page means nothing.
    const listing = entry.type.key === 'tag' || entry.type.key === 'page';
    const number = listing ? pageParameter(ctx) : 1;
    if (number === null) return notFound(translation.language);
    const tags = () => entryPageTags(site, entry, translation.language, translation.tags);
    return answer(number === 1 ? path : `${path}\u0000${number}`, path, translation.language, tags, (made) => renderEntryPage(made, entry, translation, number));
  };
  router.get('/', page);
  router.get('/*', page);
}

/** The `?page` of a list (1 without one), or null when it is not a page number. */
function pageParameter(ctx: RequestContext): number | null {
  // Most addresses have no query: nothing to parse.
  if (ctx.req.url?.includes('?') !== true) return 1;
  const pageNumber = Number(ctx.url.searchParams.get('page') ?? '1');
  return Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : null;
}
