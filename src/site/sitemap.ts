// The sitemap, in pages: a site of any size answers each page at the cost of that page. Its URLs are read
// from the sorted lists (published, per type and language, newest first), so a page is a slice of them.
import { formatIsoWithOffset } from '../lib/time-zone.js';
import { escapeAttr, escapeHtml } from '../lib/html-escape.js';
import type { ContentStore } from '../content/store.js';
import type { IndexedRow } from '../content/list-engine/list-engine.js';
import { listInEveryLanguage, listPrefixes } from './list-addresses.js';

/** URLs per sitemap file: the protocol allows 50,000; fewer keep each answer small and quick. */
export const SITEMAP_URLS = 10_000;

/**
 * `/sitemap.xml` (page null) and `/sitemap.xml?page=<n>`. A site with at most `perPage` addresses gets them
 * all at `/sitemap.xml`; a larger one gets a sitemap index there, naming its pages. Null for a page that
 * does not exist.
 */
export function renderSitemap(store: ContentStore, page: number | null, perPage = SITEMAP_URLS): string | null {
  const site = store.site();
  // Each URL names its other languages, so a page holds fewer URLs where a site has many languages: a page
  // stays some 10 MB at most (50 languages and 300 types made a page of 46 MB; 1,500 languages, one string
  // too long for V8).
  const urlsPerPage = Math.max(1, Math.min(perPage, Math.floor(LINKS_PER_PAGE / Object.keys(site.languages).length)));
  // The lists first (home pages, /tag, /recipes... in every language, each naming the others), then entries.
  const homeGroups = listPrefixes(site).map((prefix) => Object.entries(listInEveryLanguage(site, prefix)));
  const homeCount = homeGroups.reduce((sum, addresses) => sum + addresses.length, 0);
  const lists = site.types.flatMap((type) => Object.keys(site.languages).map((code) => store.lists().list(type.key, code, 'published')));
  const total = homeCount + lists.reduce((sum, rows) => sum + rows.length, 0);
  const pages = Math.ceil(total / urlsPerPage);
  if (page === null && pages > 1) return sitemapIndex(site.url, pages);
  if (page !== null && (pages <= 1 || page > pages)) return null;
  const offset = page === null ? 0 : (page - 1) * urlsPerPage;
  const urls = listUrls(homeGroups, offset, urlsPerPage, site.url);
  let skip = Math.max(0, offset - homeCount);
  for (const rows of lists) {
    if (urls.length >= urlsPerPage) break;
    if (skip >= rows.length) { skip -= rows.length; continue; }
    for (const row of rows.slice(skip, skip + urlsPerPage - urls.length)) urls.push(urlOf(row, site.url, site.timezone));
    skip = 0;
  }
  return `<?xml version="1.0" encoding="utf-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
}

/** A URL and its alternates: at most some 100,000 of them on a page. */
const LINKS_PER_PAGE = 100_000;

/** The list pages' URLs from the `offset`th on, at most `count`: only those are written. */
function listUrls(groups: ReadonlyArray<ReadonlyArray<[string, string]>>, offset: number, count: number, base: string): string[] {
  const urls: string[] = [];
  let skip = offset;
  for (const addresses of groups) {
    if (urls.length >= count) break;
    if (skip >= addresses.length) { skip -= addresses.length; continue; }
    const alternates = addresses.length > 1
      ? addresses.map(([code, path]) => `<xhtml:link rel="alternate" hreflang="${escapeAttr(code)}" href="${escapeAttr(base + path)}"/>`).join('')
      : '';
    for (const [, path] of addresses.slice(skip, skip + count - urls.length)) urls.push(`<url><loc>${escapeHtml(base + path)}</loc>${alternates}</url>`);
    skip = 0;
  }
  return urls;
}

/** One published translation, with its entry's other published languages as alternates. */
function urlOf({ entry, translation }: IndexedRow, base: string, timeZone: string): string {
  const published = [...entry.translations.values()].filter((other) => other.status === 'published');
  const alternates = published.length > 1
    ? published.map((other) => `<xhtml:link rel="alternate" hreflang="${escapeAttr(other.language)}" href="${escapeAttr(base + other.path)}"/>`).join('')
    : '';
  return `<url><loc>${escapeHtml(base + translation.path)}</loc><lastmod>${formatIsoWithOffset(translation.mtimeMs, timeZone)}</lastmod>${alternates}</url>`;
}

function sitemapIndex(base: string, pages: number): string {
  const items = Array.from({ length: pages }, (_, n) => `<sitemap><loc>${escapeHtml(`${base}/sitemap.xml?page=${n + 1}`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="utf-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${items.join('\n')}
</sitemapindex>
`;
}
