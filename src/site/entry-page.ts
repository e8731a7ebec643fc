import { renderMarkdown } from '../content/markdown.js';
import { escapeAttr, escapeHtml } from '../lib/html-escape.js';
import { parseSiteTime } from '../lib/time-zone.js';
import { resolveCover } from '../content/cover.js';
import { altTextOf } from '../content/media-alt.js';
import { isSlug } from '../content/entries/entry-id.js';
import type { Entry, SiteConfig, Translation } from '../content/entries/types.js';
import { cleanCss } from '../lib/css/clean-css.js';
import { LruCache } from '../lib/lru.js';
import { entryList, listPage, pagedPath, pager } from './entry-list.js';
import { navigation } from './navigation.js';
import type { PageContext } from './page-context.js';
import { timeElement } from './page-dates.js';
import type { SiteWords } from './site-words.js';
import { renderPage } from './templates.js';
import { videoNoteHtml } from './video-placeholder.js';
import { twinPath } from './markdown-twin.js';

// Bounded: a crawler walking a 10,000-entry site must not make every page stay in memory. Keyed by the
// translation (one language) and its words, so a body is drawn once for the language it is shown in.
const renderedBodies = new LruCache<Translation, { words: SiteWords; html: string }>(500);
const cleanedStyles = new LruCache<string, string>(200);

function bodyHtml(translation: Translation, words: SiteWords): string {
  const kept = renderedBodies.get(translation);
  if (kept !== undefined && kept.words === words) return kept.html;
  const html = renderMarkdown(translation.body, { videoNote: (address) => videoNoteHtml(address, words) }).html;
  renderedBodies.set(translation, { words, html });
  return html;
}

/**
 * An entry's style.css as served: cleaned again on the way out (files may have been edited by hand) and
 * media references made site-absolute, since the page's own address may be /de/...
 */
function entryCss(entry: Entry): string {
  if (!entry.style.trim()) return '';
  let css = cleanedStyles.get(entry.style);
  if (css === undefined) {
    try {
      css = cleanCss(entry.style).css.replaceAll('url(media/', 'url(/media/').replaceAll('url("media/', 'url("/media/').replaceAll("url('media/", "url('/media/");
    } catch {
      css = '';
    }
    cleanedStyles.set(entry.style, css);
  }
  return css;
}

/** The entry's published translations by language, in the order site.yaml names the languages. */
function alternatesOf(entry: Entry, site: SiteConfig): Record<string, string> {
  const alternates: Record<string, string> = {};
  for (const language of Object.keys(site.languages)) {
    const translation = entry.translations.get(language);
    if (translation?.status === 'published') alternates[language] = translation.path;
  }
  return alternates;
}

/**
 * The page of an entry. A tag's page lists its posts and a page lists its child pages, ten a page
 * (`pageNumber`); null past the last page. `body` is the text's HTML when the caller drew it (the panel's
 * preview of unsaved text, kept out of the cache of drawn bodies).
 */
export function renderEntryPage(page: PageContext, entry: Entry, translation: Translation, pageNumber = 1, body?: string): string | null {
  const { store, site, words } = page;
  let listing = '';
  if (entry.type.key === 'tag' || entry.type.key === 'page') {
    const query = entry.type.key === 'tag' ? { type: 'post', tag: entry.slug } : { type: 'page', parent: entry.id };
    const found = listPage(page, query, pageNumber);
    if (found === null) return null;
    // Child pages sit under the section's own heading, one level below it.
    const list = entryList(page, found.rows, entry.type.key === 'tag' ? { dated: true } : { dated: false, heading: 'h3' }) + pager(page, translation.path, pageNumber, found.pages);
    // A page without child pages says nothing about them; a tag says it has no posts yet.
    if (entry.type.key === 'tag') listing = list;
    else if (found.rows.length > 0) listing = `<section class="subpages" aria-labelledby="subpages-title"><h2 id="subpages-title">${escapeHtml(words.text.subpages)}</h2>${list}</section>`;
  } else if (pageNumber !== 1) {
    return null;
  }
  const isPost = entry.type.key === 'post';
  const meta = isPost ? `<p class="meta">${timeElement(translation.dateMs, words.text.locale, site.timezone)}${eventLine(page, translation)}</p>` : '';
  const tags = isPost ? tagLinks(page, translation) : '';
  const cover = resolveCover(store.trustedFolders, store.contentDir, site.url, translation.fields.cover);
  const main = `<article class="entry entry-${escapeAttr(entry.type.key)}">\n<h1>${escapeHtml(translation.title)}</h1>\n${meta}${coverFigure(page, translation)}${body ?? bodyHtml(translation, words)}${tags}${listing}</article>`;
  const excerpt = translation.fields.excerpt;
  return renderPage({
    site, language: page.language, words, main, entryCss: entryCss(entry), nav: navigation(store, page.language), ...page.extras, embeds: translation.embeds,
    meta: {
      canonical: pagedPath(translation.path, pageNumber),
      alternates: alternatesOf(entry, site),
      title: translation.title,
      description: typeof excerpt === 'string' && excerpt.trim() !== '' ? excerpt : site.description,
      kind: isPost ? 'article' : 'website',
      image: cover ? { cover, alt: altTextOf(store.trustedFolders, store.contentDir, String(translation.fields.cover)) || translation.title } : null,
      published: isPost ? translation.dateMs : null,
      // A draft's preview has no twin: its address answers nothing until the text is published.
      markdown: translation.status === 'published' ? twinPath(translation.path, pageNumber) : null,
    },
  });
}

/** The translation's cover above its text, at the column's width (its width variants in srcset). */
function coverFigure(page: PageContext, translation: Translation): string {
  const cover = resolveCover(page.store.trustedFolders, page.store.contentDir, '', translation.fields.cover);
  if (!cover) return '';
  // The alt text the panel keeps for the picture; without one the cover is decoration beside the title.
  const alt = altTextOf(page.store.trustedFolders, page.store.contentDir, String(translation.fields.cover));
  return `<figure class="entry-cover"><img src="${escapeAttr(cover.url)}" srcset="${escapeAttr(cover.srcset)}" sizes="(max-width: 44rem) 100vw, 44rem" width="${cover.width}" height="${cover.height}" alt="${escapeAttr(alt)}"></figure>\n`;
}

/** An event's start (written for the page's language, in the site's zone) and place. */
function eventLine(page: PageContext, translation: Translation): string {
  const location = translation.fields.location;
  const start = translation.start === null ? null : parseSiteTime(translation.start, page.site.timezone);
  if (start === null) return '';
  return ` · ${timeElement(start, page.words.text.locale, page.site.timezone, 'dateTime')}${typeof location === 'string' ? ` · ${escapeHtml(location)}` : ''}`;
}

/** The post's tags that have a published page in this language, by their titles there. */
function tagLinks(page: PageContext, translation: Translation): string {
  const links: string[] = [];
  const folder = page.site.types.find((type) => type.key === 'tag')?.folder;
  for (const slug of translation.tags) {
    const tag = folder !== undefined && isSlug(slug) ? page.store.indexed(`${folder}/${slug}`)?.translations.get(page.language) : undefined;
    if (tag && tag.status === 'published') links.push(`<a href="${escapeAttr(tag.path)}" rel="tag">${escapeHtml(tag.title)}</a>`);
  }
  return links.length > 0 ? `<p class="tags">${escapeHtml(page.words.text.tagged)} ${links.join(', ')}</p>` : '';
}
