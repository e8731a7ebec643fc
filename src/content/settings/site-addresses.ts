// The site's own top-level addresses, which no entry, type folder or language may take: what svc answers
// at itself, and the language codes and type folders, which are the site's too but change with the settings.
// A slug (write/slug-rules.ts), a type's folder (write/save-content-types.ts), a language added in the
// settings (write/save-settings.ts) and `svc check` (check/) ask here.
import type { SiteConfig } from '../entries/types.js';

/** Folders that are never content types. */
export const RESERVED_FOLDERS = new Set(['media', 'svc', 'tag']);

/**
 * The top-level names the site answers at itself (site/routes.ts and the routes it registers first), each
 * with why, said when a slug is refused for one (write/slug-rules.ts): an entry at the root there would
 * hide that address, or be hidden by it. Names with a dot (robots.txt, feed.xml, sitemap.xml, llms.txt) are
 * never slugs; language codes and type folders are the site's too, but change with the settings.
 */
export const SITE_ADDRESSES: ReadonlyMap<string, string> = new Map([
  ['media', 'the entries\' images are served at /media/…'],
  ['svc', 'the panel, the Content API and the MCP server are at /svc/…'],
  ['tag', 'the tags are listed at /tag and shown at /tag/…'],
  ['stats', 'svc keeps it for its statistics'],
  ['search', 'the site\'s search page is at /search (and /<language>/search)'],
  ['llms', 'the lists for assistants are at /llms/<language>/<type>.txt'],
]);

/**
 * Why `code` cannot be a language of `site`: its home page, `/<code>`, would be one of the site's own
 * addresses or a type's list, hiding it (or being hidden by it); null when it can. An entry already at that
 * address is the caller's to ask the index about.
 */
export function languageCodeProblem(site: SiteConfig, code: string): string | null {
  const own = SITE_ADDRESSES.get(code);
  if (own !== undefined) return `/${code} is an address of the site itself: ${own}`;
  const type = site.types.find((other) => other.folder === code);
  return type ? `/${code} lists the ${type.label} (the folder of the type ${type.key})` : null;
}
