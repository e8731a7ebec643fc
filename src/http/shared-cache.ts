// What a shared cache in front (Varnish, nginx, a CDN) is told about a public answer: how long it may keep
// it and which cache tags name what it shows (DESIGN.md section 6, content/cache-tags.ts for the names).
// Browsers keep a public answer a short while (max-age); a shared cache keeps it long (s-maxage) when the
// change feed purges it on every change, and may answer with it while it fetches a fresh one or while the
// origin is down (RFC 5861).

/** The response header the tags go out in: Varnish's xkey vmod, Fastly, Cloudflare; null: none. */
export type CacheTagHeader = 'xkey' | 'surrogate-key' | 'cache-tag';
export const CACHE_TAG_HEADERS: readonly CacheTagHeader[] = ['xkey', 'surrogate-key', 'cache-tag'];

export interface SharedCachePolicy {
  tagHeader: CacheTagHeader | null;
  /** Seconds a shared cache keeps a public answer (s-maxage). */
  sharedSeconds: number;
}

/** Without purges: a shared cache keeps an answer as long as a browser does. */
export const NO_SHARED_CACHE: SharedCachePolicy = { tagHeader: null, sharedSeconds: 60 };
/** With purges on every change: a day. */
export const PURGED_SHARED_SECONDS = 86_400;
/** A cache may serve a kept answer this long after it went stale while it fetches a new one... */
const REVALIDATE_SECONDS = 60;
/** ...and this long while the origin answers errors or not at all. */
const IF_ERROR_SECONDS = 86_400;
/** Fastly takes up to 16 KB of keys; Cloudflare 16 KB of tags in all. Past that, the site-wide tag alone. */
const TAG_HEADER_BYTES = 16_000;

/** Cache-Control of a public answer that browsers keep `browserSeconds`. */
export function publicCacheControl(policy: SharedCachePolicy, browserSeconds: number): string {
  const shared = Math.max(policy.sharedSeconds, browserSeconds);
  return `public, max-age=${browserSeconds}, s-maxage=${shared}, stale-while-revalidate=${REVALIDATE_SECONDS}, stale-if-error=${IF_ERROR_SECONDS}`;
}

/** The tag header for an answer showing `tags` (the first is the site-wide one), or nothing when tags are off. */
export function cacheTagHeaders(policy: SharedCachePolicy, tags: readonly string[]): Record<string, string> {
  if (policy.tagHeader === null || tags.length === 0) return {};
  const unique = [...new Set(tags)];
  let value = unique.join(policy.tagHeader === 'cache-tag' ? ',' : ' ');
  if (value.length > TAG_HEADER_BYTES) value = unique[0]!;
  return { [policy.tagHeader]: value };
}
