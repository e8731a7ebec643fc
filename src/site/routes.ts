import type { IncomingMessage } from 'node:http';
import type { SiteDeps } from './site-deps.js';
import type { Router, RequestContext } from '../http/router.js';
import { sendBody, sendHtml, sendJson, redirect } from '../http/respond.js';
import { renderAtomFeed, renderRobots, renderSitemap } from './feeds.js';
import { mediaHandler } from './media-files.js';
import { isEntryId } from '../content/entry-id.js';
import { bearerToken } from '../auth/principal.js';
import { PathIndex } from './path-index.js';
import { renderEntryPage, renderHomePage, renderNotFoundPage } from './pages.js';
import type { PageExtras } from './templates.js';
import { consentBanner } from '../stats/consent-banner.js';
import { consentBannerHtml } from './consent-banner-html.js';

/** What other areas add to public pages (statistics: the beacon tag, and counting AI crawlers). */
export interface SiteHooks {
  /** Trusted HTML for the end of <head>. */
  headExtra?: () => string;
  /** Called for every public page answered with 200 (after the page is chosen, before it is sent). */
  pageServed?: (req: IncomingMessage, path: string) => void;
}

const HTML_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
};

/**
 * The public website: media files, home pages per language, and one page per published translation at the
 * address D3 gives it. Registered last: its catch-all takes whatever no other route took.
 */
export function registerSiteRoutes(router: Router, deps: SiteDeps, hooks: SiteHooks = {}): void {
  const index = new PathIndex(deps.content);
  const serveMedia = mediaHandler(deps.content.contentDir);
  // An entry's media are public with the entry: once one of its translations is published and the site is
  // open. Before that (or on a closed site) only people signed in to the panel, or a token with
  // content:read (a headless frontend previewing a draft), see them.
  router.get('/media/*', (ctx) => {
    const trusted = () => deps.signedInToPanel(ctx) || readerToken(ctx);
    const entryId = ctx.params['*']!.split('/').slice(0, -1).join('/');
    const entry = isEntryId(entryId) ? deps.content.entry(entryId) : undefined;
    const published = entry !== undefined && [...entry.translations.values()].some((t) => t.status === 'published');
    if ((deps.content.site().closed || !published) && !trusted()) return sendJson(ctx.res, 404, { message: 'No such file.' });
    return serveMedia(ctx);
  });
  const readerToken = (ctx: RequestContext): boolean => {
    const token = bearerToken(ctx.req.headers.authorization);
    return token !== undefined && deps.auth.verify(token)?.scopes.has('content:read') === true;
  };
  const cached = (type: string) => ({ 'content-type': type, 'cache-control': 'public, max-age=300', 'x-content-type-options': 'nosniff' });
  const open = (ctx: RequestContext) => !deps.content.site().closed || deps.signedInToPanel(ctx);
  router.get('/robots.txt', (ctx) => sendBody(ctx.res, 200, renderRobots(deps.content), cached('text/plain; charset=utf-8')));
  router.get('/sitemap.xml', (ctx) => {
    if (!open(ctx)) return sendJson(ctx.res, 404, { message: 'Nothing is at this address.' });
    sendBody(ctx.res, 200, renderSitemap(deps.content), cached('application/xml; charset=utf-8'));
  });
  router.get('/feed.xml', (ctx) => {
    if (!open(ctx)) return sendJson(ctx.res, 404, { message: 'Nothing is at this address.' });
    sendBody(ctx.res, 200, renderAtomFeed(deps.content, deps.content.site().defaultLanguage), cached('application/atom+xml; charset=utf-8'));
  });
  router.get('/:language/feed.xml', (ctx) => {
    const language = ctx.params.language!;
    const site = deps.content.site();
    if (!open(ctx) || !Object.hasOwn(site.languages, language) || language === site.defaultLanguage) return sendJson(ctx.res, 404, { message: 'Nothing is at this address.' });
    sendBody(ctx.res, 200, renderAtomFeed(deps.content, language), cached('application/atom+xml; charset=utf-8'));
  });
  const page = (ctx: RequestContext) => {
    if (ctx.url.pathname.startsWith('/svc/')) return sendJson(ctx.res, 404, { message: 'Nothing is at this address.' });
    const site = deps.content.site();
    // D13: a closed site shows its pages only to people signed in to the panel.
    if (site.closed && !deps.signedInToPanel(ctx)) {
      return redirect(ctx.res, `/svc/panel/sign-in?next=${encodeURIComponent(ctx.url.pathname)}`, 303);
    }
    // Built when the page is, after the entry was read again, so the banner matches the content shown.
    const extras = (): PageExtras => ({ headExtra: hooks.headExtra?.() ?? '', bodyEnd: consentBannerHtml(consentBanner(deps.content)) });
    let path = ctx.url.pathname;
    if (path.length > 1 && path.endsWith('/')) return redirect(ctx.res, path.replace(/\/+$/, '') + ctx.url.search, 301);
    const homeLanguage = path === '/' ? site.defaultLanguage : Object.keys(site.languages).find((code) => code !== site.defaultLanguage && path === `/${code}`);
    const cacheHeaders = { ...HTML_HEADERS, 'cache-control': 'public, max-age=60' };
    if (homeLanguage) {
      const pageNumber = Number(ctx.url.searchParams.get('page') ?? '1');
      const html = Number.isInteger(pageNumber) && pageNumber >= 1 ? renderHomePage(deps.content, homeLanguage, pageNumber, extras()) : null;
      if (html === null) return sendHtml(ctx.res, 404, renderNotFoundPage(deps.content, homeLanguage, extras()), HTML_HEADERS);
      hooks.pageServed?.(ctx.req, path);
      return sendHtml(ctx.res, 200, html, cacheHeaders);
    }
    try {
      path = decodeURIComponent(path);
    } catch {
      return sendJson(ctx.res, 400, { message: 'The address is not valid.' });
    }
    let target = index.find(path);
    // Read the entry again from disk, so a change made a moment ago (by hand, by the stdio server) shows.
    if (target) {
      const fresh = deps.content.entry(target.entry.id);
      target = fresh ? index.find(path) : undefined;
    }
    if (!target || target.translation.status !== 'published') {
      const language = Object.keys(site.languages).find((code) => path.startsWith(`/${code}/`)) ?? site.defaultLanguage;
      return sendHtml(ctx.res, 404, renderNotFoundPage(deps.content, language, extras()), HTML_HEADERS);
    }
    hooks.pageServed?.(ctx.req, path);
    sendHtml(ctx.res, 200, renderEntryPage(deps.content, target.entry, target.translation, extras()), cacheHeaders);
  };
  router.get('/', page);
  router.get('/*', page);
}
