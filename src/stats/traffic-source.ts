// Sources, campaigns and clean paths: the rules of notes/stats.md in one place.

const MAX_PATH = 300;

/**
 * The page path alone: no query, no fragment, at most 300 characters. Anything that is not a path starting
 * with `/` gives null. A page is counted by its path, as Plausible counts its pathname: a query would split
 * one page into a row per link it was shared with (`?mc_cid=...`) and keep whatever secret a link carried
 * (`?token=...`) in the day log, the panel and MCP answers. The source and campaign parameters are read
 * from the raw path before (deriveSource).
 */
export function cleanPath(raw: string): string | null {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(raw, 'http://x');
  } catch {
    return null;
  }
  const path = url.pathname;
  return path.length > MAX_PATH ? path.slice(0, MAX_PATH) : path;
}

/** A referrer's host without `www.`, lower-case, or null for no or unreadable referrer. */
export function referrerHost(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'android-app:') return null;
    return url.hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

function tidy(value: string | null | undefined): string | null {
  const text = value?.trim().toLowerCase().slice(0, 100);
  return text ? text : null;
}

export interface SourceInfo {
  /** utm_source > source > ref > referrer host; null = direct. */
  source: string | null;
  campaign: string | null;
  /** The referring page on the site itself (for came-from / went-on-to), or null. */
  internalFrom: string | null;
}

/**
 * Where a page view came from. `ownHosts` are the site's host names (without www.): a referrer on them is
 * no source but an internal step from one page to another.
 */
export function deriveSource(rawPath: string, referrer: string | undefined, ownHosts: readonly string[]): SourceInfo {
  let params: URLSearchParams;
  try {
    params = new URL(rawPath, 'http://x').searchParams;
  } catch {
    params = new URLSearchParams();
  }
  // Names are matched ignoring case (`UTM_Source` is a tag too); the path keeps none of them (cleanPath).
  const named = (name: string) => {
    for (const [key, value] of params) if (key.toLowerCase() === name) return value;
    return null;
  };
  const campaign = tidy(named('utm_campaign'));
  const tagged = tidy(named('utm_source')) ?? tidy(named('source')) ?? tidy(named('ref'));
  const host = referrerHost(referrer);
  let internalFrom: string | null = null;
  if (host && ownHosts.includes(host)) {
    try {
      internalFrom = cleanPath(new URL(referrer!).pathname);
    } catch { /* unreadable: no internal step */ }
    return { source: tagged ? tagged.replace(/^www\./, '') : null, campaign, internalFrom };
  }
  return { source: tagged ? tagged.replace(/^www\./, '') : host, campaign, internalFrom };
}
