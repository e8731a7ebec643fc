import type { IncomingMessage } from 'node:http';
import type { SiteDeps } from './site-deps.js';
import type { Router, RequestContext } from '../http/router.js';
import { sendHtml, sendJson, redirect } from '../http/respond.js';
import { sendTagged, taggedBody, type TaggedBody } from '../http/etag.js';
import { GenerationCache } from '../lib/generation-cache.js';
import { registerFeedRoutes } from './feed-routes.js';
import { MEDIA_MAX_AGE, PAGE_MAX_AGE, SIGNED_IN_ONLY } from './cache-control.js';
import { mediaHandler } from './media-files.js';
import { isEntryId } from '../content/entry-id.js';
import { bearerToken } from '../auth/principal.js';
import { renderEntryPage, renderHomePage, renderNotFoundPage } from './pages.js';
import type { PageExtras } from './templates.js';
import { consentBanner } from '../stats/consent-banner.js';
import { consentBannerHtml } from './consent-banner-html.js';

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
  const serveMedia = mediaHandler(deps.content.contentDir);
  // An entry's media are public with the entry: once one of its translations is published and the site is
  // open. Before that (or on a closed site) only people signed in to the panel, or a token with
  // content:read (a headless frontend previewing a draft), see them; such a file is theirs alone, and a
  // shared cache would otherwise keep it even though the request carried a token (RFC 9111 §3.5 lets
  // `public` override that).
  router.get('/media/*', (ctx) => {
    const trusted = () => deps.signedInToPanel(ctx) || readerToken(ctx);
    const entryId = ctx.params['*']!.split('/').slice(0, -1).join('/');
    const entry = isEntryId(entryId) ? deps.content.entry(entryId) : undefined;
    const published = entry !== undefined && [...entry.translations.values()].some((t) => t.status === 'published');
    if (!deps.content.site().closed && published) return serveMedia(ctx, MEDIA_MAX_AGE);
    if (!trusted()) return sendJson(ctx.res, 404, { message: 'No such file.' });
    return serveMedia(ctx, SIGNED_IN_ONLY);
  });
  const readerToken = (ctx: RequestContext): boolean => {
    const token = bearerToken(ctx.req.headers.authorization);
    return token !== undefined && deps.auth.verify(token)?.scopes.has('content:read') === true;
  };
  registerFeedRoutes(router, deps);
  // Rendered pages with their tags, kept while the content is unchanged (the store's generation moves with
  // every change on disk and when a scheduled time passes); the same bytes for everyone who may see them.
  const rendered = new GenerationCache<TaggedBody>(RENDERED_PAGES_KEPT);
  const page = (ctx: RequestContext) => {
    if (ctx.url.pathname.startsWith('/svc/')) return sendJson(ctx.res, 404, { message: 'Nothing is at this address.' });
    const site = deps.content.site();
    // D13: a closed site shows its pages only to people signed in to the panel. Neither the redirect nor
    // what a signed-in person is shown instead (the page, or a 404 with the site's navigation) may be stored
    // by a shared cache.
    if (site.closed && !deps.signedInToPanel(ctx)) {
      return redirect(ctx.res, `/svc/panel/sign-in?next=${encodeURIComponent(ctx.url.pathname)}`, 303, { 'cache-control': 'no-store' });
    }
    const pageHeaders = { ...HTML_HEADERS, 'cache-control': site.closed ? SIGNED_IN_ONLY : PAGE_MAX_AGE };
    const notFoundHeaders = site.closed ? pageHeaders : HTML_HEADERS;
    // Built when the page is, after the entry was read again, so the banner matches the content shown.
    const extras = (): PageExtras => ({ headExtra: hooks.headExtra?.() ?? '', bodyEnd: consentBannerHtml(consentBanner(deps.content)) });
    let path = ctx.url.pathname;
    // Without the trailing slash, and with one leading slash only: `//evil.example/` must not become a
    // Location of `//evil.example`, which a browser reads as another host.
    if (path.length > 1 && path.endsWith('/')) return redirect(ctx.res, '/' + path.replace(/^\/+|\/+$/g, '') + ctx.url.search, 301);
    const homeLanguage = path === '/' ? site.defaultLanguage : Object.keys(site.languages).find((code) => code !== site.defaultLanguage && path === `/${code}`);
    if (homeLanguage) {
      const pageNumber = Number(ctx.url.searchParams.get('page') ?? '1');
      const key = `home\u0000${homeLanguage}\u0000${pageNumber}`;
      const generation = deps.content.generation;
      let kept = rendered.get(generation, key);
      if (!kept) {
        const html = Number.isInteger(pageNumber) && pageNumber >= 1 ? renderHomePage(deps.content, homeLanguage, pageNumber, extras()) : null;
        if (html === null) return sendHtml(ctx.res, 404, renderNotFoundPage(deps.content, homeLanguage, extras()), notFoundHeaders);
        rendered.set(generation, key, (kept = taggedBody(html)));
      }
      hooks.pageServed?.(ctx.req, path);
      return sendTagged(ctx.res, kept, { 'content-type': HTML, ...pageHeaders });
    }
    try {
      path = decodeURIComponent(path);
    } catch {
      return sendJson(ctx.res, 400, { message: 'The address is not valid.' });
    }
    let target = deps.content.atPath(path);
    // Read the entry again from disk, so a change made a moment ago (by hand, by the stdio server) shows.
    if (target) {
      const fresh = deps.content.entry(target.entry.id);
      target = fresh ? deps.content.atPath(path) : undefined;
    }
    if (!target || target.translation.status !== 'published') {
      const language = Object.keys(site.languages).find((code) => path.startsWith(`/${code}/`)) ?? site.defaultLanguage;
      return sendHtml(ctx.res, 404, renderNotFoundPage(deps.content, language, extras()), notFoundHeaders);
    }
    // The ETag is of the page as sent: the entry's style, the beacon tag and the consent banner included.
    // Only a tag's page has pages (its posts, ten a page); elsewhere ?page means nothing.
    const pageNumber = target.entry.type.key === 'tag' ? Number(ctx.url.searchParams.get('page') ?? '1') : 1;
    const generation = deps.content.generation;
    const key = pageNumber === 1 ? path : `${path}\u0000${pageNumber}`;
    let kept = rendered.get(generation, key);
    if (!kept) {
      const html = Number.isInteger(pageNumber) && pageNumber >= 1 ? renderEntryPage(deps.content, target.entry, target.translation, extras(), pageNumber) : null;
      if (html === null) return sendHtml(ctx.res, 404, renderNotFoundPage(deps.content, target.translation.language, extras()), notFoundHeaders);
      rendered.set(generation, key, (kept = taggedBody(html)));
    }
    hooks.pageServed?.(ctx.req, path);
    sendTagged(ctx.res, kept, { 'content-type': HTML, ...pageHeaders });
  };
  router.get('/', page);
  router.get('/*', page);
}
