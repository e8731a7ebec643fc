import { formatIsoWithOffset } from '../lib/time-zone.js';
import { renderKept } from '../content/markdown.js';
import { escapeAttr, escapeHtml, xmlSafe } from '../lib/html-escape.js';
import { listEntries } from '../content/query.js';
import type { ContentStore } from '../content/store.js';

const FEED_SIZE = 20;

/** An Atom feed of a language's newest published posts, with their full rendered text. */
export function renderAtomFeed(store: ContentStore, language: string): string {
  const site = store.site();
  const { rows } = listEntries(store, { type: 'post', language, status: 'published' }, { limit: FEED_SIZE });
  const home = site.url + (language === site.defaultLanguage ? '/' : `/${language}`);
  const self = site.url + (language === site.defaultLanguage ? '/feed.xml' : `/${language}/feed.xml`);
  const updated = rows[0] ? rows[0].translation.dateMs : 0;
  const items = rows.map(({ entry, translation }) => {
    const html = renderKept(translation.body).html.replaceAll('src="/media/', `src="${site.url}/media/`).replaceAll('href="/', `href="${site.url}/`);
    const summary = typeof translation.fields.excerpt === 'string' ? `<summary>${escapeHtml(translation.fields.excerpt)}</summary>` : '';
    return `<entry><title>${escapeHtml(translation.title)}</title><link href="${escapeAttr(site.url + translation.path)}"/><id>${escapeHtml(`${site.url}/${entry.id}/${language}`)}</id><updated>${formatIsoWithOffset(translation.dateMs, site.timezone)}</updated>${summary}<content type="html">${escapeHtml(html)}</content></entry>`;
  });
  return xmlSafe(`<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeAttr(language)}"><title>${escapeHtml(site.title)}</title><subtitle>${escapeHtml(site.description)}</subtitle><link href="${escapeAttr(home)}"/><link rel="self" href="${escapeAttr(self)}"/><id>${escapeHtml(home)}</id><updated>${formatIsoWithOffset(updated, site.timezone)}</updated>
${items.join('\n')}
</feed>
`);
}

export function renderRobots(store: ContentStore): string {
  const site = store.site();
  if (site.closed) return 'User-agent: *\nDisallow: /\n';
  // llms.txt has no field of its own in robots.txt: sites name it in a comment, which crawlers pass over.
  const llms = site.llmsTxt ? `# llms.txt: ${site.url}/llms.txt\n# llms-full.txt: ${site.url}/llms-full.txt\n` : '';
  return `User-agent: *\nDisallow: /svc/\nAllow: /svc/api/\n\nSitemap: ${site.url}/sitemap.xml\n${llms}`;
}
