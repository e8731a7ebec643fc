import type { IncomingMessage } from 'node:http';
import type { SiteDeps } from './site-deps.js';
import type { Router, RequestContext } from '../http/router.js';
import { sendHtml, sendJson, redirect } from '../http/respond.js';
import { answeredElsewhere, atCanonicalAddress } from '../http/canonical-address.js';
import { prepareAnswer, sendPrepared, taggedBody, type PreparedAnswer } from '../http/etag.js';
import { GenerationCache } from '../lib/generation-cache.js';
import { registerFeedRoutes } from './feed-routes.js';
import { publicCaching, SIGNED_IN_ONLY, UNCACHED_NOT_FOUND } from './cache-control.js';
import { cacheTagHeaders } from '../http/shared-cache.js';
import { entryPageTags, entryTag, listPageTags, NOT_FOUND_TAG, SITE_TAG } from '../content/cache-tags.js';
import { registerLlmsRoutes } from './llms-routes.js';
import { mediaHandler, NO_SUCH_FILE } from './media-files.js';
import { isEntryId } from '../content/entries/entry-id.js';
import { renderEntryPage } from './entry-page.js';
import { renderHomePage, renderNotFoundPage, renderTypeListing } from './listing-pages.js';
import { listedTypeAt } from './list-addresses.js';
import { pagedPath } from './entry-list.js';
import type { PageContext } from './page-context.js';
import { themeWords } from './theme-words.js';
import { consentBanner } from '../stats/consent-banner.js';
import { prefersMarkdown } from '../http/accept.js';
import { MARKDOWN, renderMarkdownTwin, twinPath } from './markdown-twin.js';
import { characterCount, MAX_QUERY_CHARS } from '../content/search/site-search.js';
import { canSeeTranslation, searcherOf, seesOthersUnpublished } from '../content/content-rights.js';
import { renderSearchPage, SEARCH_PAGE_SIZE, searchPageLanguage } from './search-page.js';

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
/** The public site's search finds what anyone may see, whoever asks. */
const ANYONE = searcherOf(null);
/**
 * A Markdown twin is text to read, never a page to run: besides its own type and nosniff, a browser that is
 * sent to it shows it in a sandbox with nothing to load, whatever HTML its text holds.
 */
const TWIN_HEADERS = { 'content-type': MARKDOWN, 'x-content-type-options': 'nosniff', 'content-security-policy': "sandbox; default-src 'none'" };

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
  const serveMedia = mediaHandler(deps.content.trustedFolders, deps.content.contentDir);
  // An entry's media are public with the entry: once one of its translations is published and the site is
  // open. Before that (or on a closed site) they are shown only to a viewer (site-deps.ts mediaViewer) who may
  // see the entry: any of a published one, a draft's own author and roles that see others' drafts, as
  // content_read decides; files of no entry only to the latter. Such a file is theirs alone, and a shared
  // cache would otherwise keep it even though the request carried a token (RFC 9111 §3.5 lets `public`
  // override that). A file has one address: `/media/x.png/` is sent there, `/media//x.png` is none.
  router.get('/media/*', atCanonicalAddress((ctx) => {
    const entryId = ctx.params['*']!.split('/').slice(0, -1).join('/');
    const entry = isEntryId(entryId) ? deps.content.entryOncePerTurn(entryId) : undefined;
    const translations = entry === undefined ? [] : [...entry.translations.values()];
    const published = translations.some((t) => t.status === 'published');
    if (!deps.content.site().closed && published) return serveMedia(ctx, caching.media, cacheTagHeaders(deps.sharedCache, [SITE_TAG, entryTag(entryId)]));
    const viewer = deps.mediaViewer(ctx);
    const sees = viewer !== null && (entry === undefined ? seesOthersUnpublished(viewer) : published || translations.some((t) => canSeeTranslation(viewer, entry, t)));
    if (!sees) return sendJson(ctx.res, 404, NO_SUCH_FILE, UNCACHED_NOT_FOUND);
    return serveMedia(ctx, SIGNED_IN_ONLY);
  }));
  registerFeedRoutes(router, deps, caching);
  registerLlmsRoutes(router, deps, caching);
  // Rendered pages with their tags, kept while the content is unchanged (the store's generation moves with
  // every change on disk and when a scheduled time passes); the same bytes for everyone who may see them.
  const rendered = new GenerationCache<PreparedAnswer>(RENDERED_PAGES_KEPT, { maxBytes: RENDERED_PAGE_BYTES, sizeOf: (page) => page.body.bytes.length + 400 });
  const page = (ctx: RequestContext) => {
    if (ctx.pathname.startsWith('/svc/')) return sendJson(ctx.res, 404, { message: 'Nothing is at this address.' }, UNCACHED_NOT_FOUND);
    const site = deps.content.site();
    // D13: a closed site shows its pages only to people signed in to the panel. Neither the redirect nor
    // what a signed-in person is shown instead (the page, or a 404 with the site's navigation) may be stored
    // by a shared cache.
    if (site.closed && !deps.signedInToPanel(ctx)) {
      // The query too (a search, a page of a list): the sign-in page checks it as every `next` (panel/safe-next.ts).
      return redirect(ctx.res, `/svc/panel/sign-in?next=${encodeURIComponent(ctx.url.pathname + ctx.url.search)}`, 303, { 'cache-control': 'no-store' });
    }
    const pageHeaders = site.closed ? CLOSED_PAGE_ANSWER : OPEN_PAGE_ANSWER;
    const notFoundHeaders = site.closed ? CLOSED_PAGE_HEADERS : OPEN_NOT_FOUND_HEADERS;
    // Made when the page is, after the entry was read again, so the banner matches the content shown; the
    // words are the theme's for the page's language, read once and kept (theme-words.ts).
    const context = (language: string): PageContext => ({
      store: deps.content, site, language, words: themeWords(deps.content.root, language, deps.log),
      extras: { headExtra: hooks.headExtra?.() ?? '', consent: consentBanner(deps.content) },
    });
    /** The language of an address that is no page: its language prefix, else the site's default. */
    const languageOf = (address: string) => Object.keys(site.languages).find((code) => address.startsWith(`/${code}/`)) ?? site.defaultLanguage;
    const notFound = (language: string) => sendHtml(ctx.res, 404, renderNotFoundPage(context(language)), notFoundHeaders);
    /**
     * Answers with the page kept under `key`, made by `make` (null: past the last page, 404) when missing;
     * `tags` names what it shows for a cache in front (an open site's pages only); `headers` adds to the
     * page's own (made only when the page is prepared, not for every request).
     */
    const answer = (key: string, servedPath: string, language: string, tags: () => string[], make: (page: PageContext) => string | null, headers?: () => Record<string, string>) => {
      const generation = deps.content.generation;
      let kept = rendered.get(generation, key);
      if (!kept || kept.headers['cache-control'] !== pageHeaders['cache-control']) {
        let body = kept?.body;
        if (!body) {
          const text = make(context(language));
          if (text === null) return notFound(language);
          body = taggedBody(text);
        }
        const tagged = site.closed ? pageHeaders : { ...pageHeaders, ...cacheTagHeaders(deps.sharedCache, tags()) };
        rendered.set(generation, key, (kept = prepareAnswer(body, headers ? { ...tagged, ...headers() } : tagged)));
      }
      hooks.pageServed?.(ctx.req, servedPath);
      return sendPrepared(ctx.res, kept);
    };
    /**
     * A page of search results: not kept with the rendered pages (there are as many as words), and while the
     * index is being built not kept anywhere. Any change to an entry may change it, as it may a 404's.
     */
    const search = (language: string, made: PageContext) => {
      const q = ctx.url.searchParams.get('q');
      const number = pageParameter(ctx);
      if (number === null) return notFound(language);
      const tooLong = q !== null && characterCount(q) > MAX_QUERY_CHARS;
      const asked = { text: q === null || q.trim() === '' ? null : q, page: number, tooLong };
      const found = asked.text === null || tooLong ? null : deps.content.search.search({
        text: asked.text, language, type: null, searcher: ANYONE, limit: SEARCH_PAGE_SIZE, offset: (number - 1) * SEARCH_PAGE_SIZE,
      });
      const headers = site.closed ? CLOSED_PAGE_HEADERS : found !== null && !found.ready ? { ...HTML_HEADERS, 'cache-control': 'no-store' } : OPEN_NOT_FOUND_HEADERS;
      const html = renderSearchPage(made, asked, found);
      if (html === null) return notFound(language);
      hooks.pageServed?.(ctx.req, ctx.pathname);
      return sendHtml(ctx.res, tooLong ? 422 : 200, html, headers);
    };
    let path = ctx.pathname;
    // One page, one address (http/canonical-address.ts): a trailing slash or an escaped letter is sent on to the
    // address without it, and an escaped slash or a doubled one is the 404 page; a canonical path holds no
    // escape, so it is looked up as it is.
    if (answeredElsewhere(ctx, () => notFound(languageOf(path)))) return;
    const homeLanguage = path === '/' ? site.defaultLanguage : Object.keys(site.languages).find((code) => code !== site.defaultLanguage && path === `/${code}`);
    if (homeLanguage) {
      const pageNumber = pageParameter(ctx);
      if (pageNumber === null) return notFound(homeLanguage);
      return answer(`home\u0000${homeLanguage}\u0000${pageNumber}`, path, homeLanguage, () => listPageTags('post', homeLanguage), (made) => renderHomePage(made, pageNumber));
    }
    // An entry's Markdown twin: at its address + .md, or at its address for a request that prefers Markdown.
    const byPath = path.endsWith('.md');
    const twinAsked = byPath || prefersMarkdown(ctx.req.headers.accept);
    if (byPath) {
      path = path.slice(0, -3);
      // Only an entry's page has a twin: not a list, not the home page, not a path that is no entry's.
      const twinOf = path === '' || path.endsWith('/') ? undefined : deps.content.atPath(path);
      if (twinOf === undefined) return notFound(languageOf(path));
    }
    let target = deps.content.atPath(path);
    // Read the entry again from disk, so a change made a moment ago (by hand, by the stdio server) shows.
    if (target) {
      const fresh = deps.content.entryOncePerTurn(target.entry.id);
      target = fresh ? deps.content.atPath(path) : undefined;
    }
    if (!target || target.translation.status !== 'published') {
      if (byPath) return notFound(languageOf(path));
      // The search page, where no entry took its address (an entry at /search comes first, as for lists).
      const searchLanguage = searchPageLanguage(site, path);
      if (searchLanguage !== null) return search(searchLanguage, context(searchLanguage));
      // An entry's own address comes first; a type's list page (/recipes, /de/tag) takes only what is left.
      const listed = listedTypeAt(site, path);
      if (!listed) return notFound(languageOf(path));
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
    const twin = site.url + twinPath(path, number);
    if (twinAsked) {
      // At its own .md address the twin is all there is; at the page's address it is one of two answers,
      // chosen by Accept, so a cache must key on Accept (Vary) and learn where the twin lives.
      const key = `${byPath ? 'md' : 'md-accept'}\u0000${path}\u0000${number}`;
      const twinHeaders = () => ({
        ...TWIN_HEADERS, link: `<${site.url}${pagedPath(path, number)}>; rel="canonical"`,
        ...(byPath ? {} : { vary: 'Accept', 'content-location': twinPath(path, number) }),
      });
      return answer(key, path, translation.language, tags, (made) => renderMarkdownTwin(made, entry, translation, number), twinHeaders);
    }
    const htmlHeaders = () => ({ vary: 'Accept', link: `<${twin}>; rel="alternate"; type="text/markdown"` });
    return answer(number === 1 ? path : `${path}\u0000${number}`, path, translation.language, tags, (made) => renderEntryPage(made, entry, translation, number), htmlHeaders);
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
