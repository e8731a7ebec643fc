import { formatSiteDate } from '../lib/time-zone.js';
import { renderMarkdown } from '../content/markdown.js';
import { escapeAttr, escapeHtml } from '../lib/html-escape.js';
import { resolveCover } from '../content/cover.js';
import { listEntries, queryEntries, type EntryRow } from '../content/query.js';
import type { ContentStore } from '../content/store.js';
import type { Entry, Translation } from '../content/types.js';
import { cleanCss } from '../lib/css/clean-css.js';
import { renderPage, type PageExtras } from './templates.js';
import { LruCache } from '../lib/lru.js';

export const PAGE_SIZE = 10;

// Bounded: a crawler walking a 10,000-entry site must not make every page stay in memory.
const renderedBodies = new LruCache<Translation, string>(500);
const cleanedStyles = new LruCache<string, string>(200);

function bodyHtml(translation: Translation): string {
  let html = renderedBodies.get(translation);
  if (html === undefined) {
    html = renderMarkdown(translation.body).html;
    renderedBodies.set(translation, html);
  }
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

type NavigationLinks = { path: string; title: string }[];
/** Per store: the content generation the links were made at, and the links per language. */
const navigationKept = new WeakMap<ContentStore, { generation: number; byLanguage: Map<string, NavigationLinks> }>();

/** Top-level published pages in a language, for the header navigation; made once per change of the content. */
export function navigation(store: ContentStore, language: string): NavigationLinks {
  const generation = store.generation;
  let kept = navigationKept.get(store);
  if (!kept || kept.generation !== generation) navigationKept.set(store, (kept = { generation, byLanguage: new Map() }));
  let links = kept.byLanguage.get(language);
  if (!links) {
    links = queryEntries(store, { type: 'page', language, status: 'published' })
      .filter(({ entry }) => entry.parentId === null)
      .sort((a, b) => a.translation.title.localeCompare(b.translation.title))
      .map(({ translation }) => ({ path: translation.path, title: translation.title }));
    kept.byLanguage.set(language, links);
  }
  return links;
}

function alternatesOf(entry: Entry): Record<string, string> {
  const alternates: Record<string, string> = {};
  for (const [language, translation] of entry.translations) if (translation.status === 'published') alternates[language] = translation.path;
  return alternates;
}

/**
 * The page of an entry; a tag's page lists its posts ten a page (`page`); null past the last page. `body` is
 * the text's HTML when the caller rendered it (a preview of unsaved text, kept out of the cache).
 */
export function renderEntryPage(store: ContentStore, entry: Entry, translation: Translation, extras: PageExtras, page = 1, body?: string): string | null {
  const site = store.site();
  const date = entry.type.key === 'post' ? `<p class="meta"><time datetime="${formatSiteDate(translation.dateMs, site.timezone)}">${formatSiteDate(translation.dateMs, site.timezone)}</time>${eventLine(translation)}</p>` : '';
  let extra = '';
  if (entry.type.key === 'tag') {
    const query = { type: 'post', language: translation.language, status: 'published' as const, tag: entry.slug };
    const { rows, total } = listEntries(store, query, { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    if (page > pages) return null;
    extra = entryList(rows, store) + pager(translation.path, page, pages);
  }
  const main = `<article class="entry entry-${escapeAttr(entry.type.key)}">\n<h1>${escapeHtml(translation.title)}</h1>\n${date}${coverFigure(store, translation)}${body ?? bodyHtml(translation)}${extra}</article>`;
  return renderPage({
    site, language: translation.language, title: translation.title, main, entryCss: entryCss(entry),
    alternates: alternatesOf(entry), nav: navigation(store, translation.language), ...extras,
    description: typeof translation.fields.excerpt === 'string' ? translation.fields.excerpt : site.description,
  });
}

/** The translation's cover above its text, at the width of the column (its width variants in srcset). */
function coverFigure(store: ContentStore, translation: Translation): string {
  const cover = resolveCover(store.contentDir, '', translation.fields.cover);
  if (!cover) return '';
  return `<figure class="cover"><img src="${escapeAttr(cover.url)}" srcset="${escapeAttr(cover.srcset)}" sizes="(max-width: 44rem) 100vw, 44rem" width="${cover.width}" height="${cover.height}" alt=""></figure>\n`;
}

function eventLine(translation: Translation): string {
  const start = translation.fields.start;
  const location = translation.fields.location;
  if (typeof start !== 'string') return '';
  return ` · ${escapeHtml(start)}${typeof location === 'string' ? ` · ${escapeHtml(location)}` : ''}`;
}

function entryList(rows: EntryRow[], store: ContentStore): string {
  const site = store.site();
  const items = rows.map(({ translation }) => {
    const cover = resolveCover(store.contentDir, '', translation.fields.cover);
    const image = cover ? `<a href="${escapeAttr(translation.path)}"><img src="${escapeAttr(cover.url)}" srcset="${escapeAttr(cover.srcset)}" sizes="(max-width: 44rem) 100vw, 44rem" width="${cover.width}" height="${cover.height}" alt="" loading="lazy"></a>` : '';
    const excerpt = typeof translation.fields.excerpt === 'string' ? `<p>${escapeHtml(translation.fields.excerpt)}</p>` : '';
    return `<li>${image}<p class="meta">${formatSiteDate(translation.dateMs, site.timezone)}</p><h2><a href="${escapeAttr(translation.path)}">${escapeHtml(translation.title)}</a></h2>${excerpt}</li>`;
  });
  return `<ul class="entry-list">${items.join('')}</ul>`;
}

/** The home page of a language: its published posts, newest first, ten a page. */
export function renderHomePage(store: ContentStore, language: string, page: number, extras: PageExtras): string | null {
  const site = store.site();
  const { rows, total } = listEntries(store, { type: 'post', language, status: 'published' }, { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (page > pages) return null;
  const home = language === site.defaultLanguage ? '/' : `/${language}`;
  const main = `<h1 class="visually-hidden">${escapeHtml(site.title)}</h1>${entryList(rows, store)}${pager(home, page, pages)}`;
  const alternates: Record<string, string> = {};
  for (const code of Object.keys(site.languages)) alternates[code] = code === site.defaultLanguage ? '/' : `/${code}`;
  return renderPage({ site, language, title: site.title, main, alternates, nav: navigation(store, language), ...extras });
}

/** Links to the page before and after, when there is more than one. */
function pager(path: string, page: number, pages: number): string {
  if (pages <= 1) return '';
  const at = (n: number) => escapeAttr(`${path}?page=${n}`);
  return `<nav class="pager">${page > 1 ? `<a href="${at(page - 1)}">←</a>` : '<span></span>'}<span>${page} / ${pages}</span>${page < pages ? `<a href="${at(page + 1)}">→</a>` : '<span></span>'}</nav>`;
}

export function renderNotFoundPage(store: ContentStore, language: string, extras: PageExtras): string {
  const site = store.site();
  return renderPage({ site, language, title: 'Not found', main: '<h1>Not found</h1><p>Nothing is at this address. <a href="/">Go to the home page</a>.</p>', nav: navigation(store, language), ...extras });
}
