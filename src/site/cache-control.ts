/**
 * Who may keep a copy of a public answer (DESIGN section 6: a CDN or reverse proxy caches the public pages
 * by ETag and Cache-Control). On an open site a page, feed or sitemap is the same bytes for everyone (signed
 * in or not: the website never shows drafts or anything of the person asking), so shared caches may keep it.
 * On a closed site the same address answers a signed-in person with the page and everyone else with a
 * redirect (D13): the page is that person's alone, so no shared cache may store it, and not even their
 * browser (as in the panel) lest it outlive their session. If-None-Match is still answered, but only after
 * the sign-in check, so a 304 never confirms a page to someone who may not see it.
 */
export const SIGNED_IN_ONLY = 'private, no-store';
export const PAGE_MAX_AGE = 'public, max-age=60';
export const FEED_MAX_AGE = 'public, max-age=300';
export const MEDIA_MAX_AGE = 'public, max-age=3600';
