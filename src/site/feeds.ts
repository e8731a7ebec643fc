import { formatIsoWithOffset } from '../lib/time-zone.js';
import { renderMarkdown } from '../content/markdown.js';
import { escapeAttr, escapeHtml } from '../lib/html-escape.js';
import { listEntries } from '../content/query.js';
import type { ContentStore } from '../content/store.js';
import { pathPrefixOf } from '../content/path-prefix.js';
import { everyLanguage, listedTypes } from './listing-pages.js';

const FEED_SIZE = 20;

/** An Atom feed of a language's newest published posts, with their full rendered text. */
export function renderAtomFeed(store: ContentStore, language: string): string {
  const site = store.site();
  const { rows } = listEntries(store, { type: 'post', language, status: 'published' }, { limit: FEED_SIZE });
  const home = site.url + (language === site.defaultLanguage ? '/' : `/${language}`);
  const self = site.url + (language === site.defaultLanguage ? '/feed.xml' : `/${language}/feed.xml`);
  const updated = rows[0] ? rows[0].translation.dateMs : 0;
  const items = rows.map(({ entry, translation }) => {
    const html = renderMarkdown(translation.body).html.replaceAll('src="/media/', `src="${site.url}/media/`).replaceAll('href="/', `href="${site.url}/`);
    const summary = typeof translation.fields.excerpt === 'string' ? `<summary>${escapeHtml(translation.fields.excerpt)}</summary>` : '';
    return `<entry><title>${escapeHtml(translation.title)}</title><link href="${escapeAttr(site.url + translation.path)}"/><id>${escapeHtml(`${site.url}/${entry.id}/${language}`)}</id><updated>${formatIsoWithOffset(translation.dateMs, site.timezone)}</updated>${summary}<content type="html">${escapeHtml(html)}</content></entry>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeAttr(language)}"><title>${escapeHtml(site.title)}</title><subtitle>${escapeHtml(site.description)}</subtitle><link href="${escapeAttr(home)}"/><link rel="self" href="${escapeAttr(self)}"/><id>${escapeHtml(home)}</id><updated>${formatIsoWithOffset(updated, site.timezone)}</updated>
${items.join('\n')}
</feed>
`;
}

/** Every published page of the site and every list page (home, tags, custom types), with their other languages as alternates. */
export function renderSitemap(store: ContentStore): string {
  const site = store.site();
  const urls: string[] = [];
  for (const prefix of ['', ...listedTypes(site).map(pathPrefixOf)]) {
    const addresses = Object.values(everyLanguage(site, prefix));
    const alternates = addresses.length > 1
      ? Object.entries(everyLanguage(site, prefix)).map(([code, path]) => `<xhtml:link rel="alternate" hreflang="${escapeAttr(code)}" href="${escapeAttr(site.url + path)}"/>`).join('')
      : '';
    for (const path of addresses) urls.push(`<url><loc>${escapeHtml(site.url + path)}</loc>${alternates}</url>`);
  }
  for (const entry of store.entries()) {
    const published = [...entry.translations.values()].filter((translation) => translation.status === 'published');
    for (const translation of published) {
      const alternates = published.length > 1
        ? published.map((other) => `<xhtml:link rel="alternate" hreflang="${escapeAttr(other.language)}" href="${escapeAttr(site.url + other.path)}"/>`).join('')
        : '';
      urls.push(`<url><loc>${escapeHtml(site.url + translation.path)}</loc><lastmod>${formatIsoWithOffset(translation.mtimeMs, site.timezone)}</lastmod>${alternates}</url>`);
    }
  }
  return `<?xml version="1.0" encoding="utf-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
}

export function renderRobots(store: ContentStore): string {
  const site = store.site();
  if (site.closed) return 'User-agent: *\nDisallow: /\n';
  return `User-agent: *\nDisallow: /svc/\nAllow: /svc/api/\n\nSitemap: ${site.url}/sitemap.xml\n`;
}
