import { publicCacheControl, type SharedCachePolicy } from '../http/shared-cache.js';

/**
 * Who may keep a copy of a public answer (DESIGN section 6: a CDN or reverse proxy caches the public pages
 * by ETag and Cache-Control, forgets them by cache tag when the change feed says they changed). On an open
 * site a page, feed or sitemap is the same bytes for everyone (signed in or not: the website never shows
 * drafts or anything of the person asking), so shared caches may keep it. On a closed site the same address
 * answers a signed-in person with the page and everyone else with a redirect (D13): the page is that
 * person's alone, so no shared cache may store it, and not even their browser (as in the panel) lest it
 * outlive their session; it carries no cache tags. If-None-Match is still answered, but only after the
 * sign-in check, so a 304 never confirms a page to someone who may not see it.
 */
export const SIGNED_IN_ONLY = 'private, no-store';

/**
 * The headers of a 404 that is no page (a media file, a feed, the sitemap, an llms file, often there only for
 * who asks): kept by no cache, so none goes on answering 404 once the file is published or the site opened
 * (a shared cache keeps an answer without Cache-Control for its own default time: Varnish 120 s). The 404
 * pages themselves are public and purged with the `missing` tag (routes.ts).
 */
export const UNCACHED_NOT_FOUND = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } as const;

/** Cache-Control of the public answers, by what they are: browsers keep a page a minute, a feed five. */
export interface PublicCaching { page: string; feed: string; media: string }

export function publicCaching(policy: SharedCachePolicy): PublicCaching {
  return { page: publicCacheControl(policy, 60), feed: publicCacheControl(policy, 300), media: publicCacheControl(policy, 3600) };
}
