import { escapeAttr, escapeHtml } from '../lib/html-escape.js';
import { pathPrefixOf } from '../content/path-prefix.js';
import type { ContentType, SiteConfig } from '../content/types.js';
import { entryList, listPage, pagedPath, pager } from './entry-list.js';
import { navigation } from './navigation.js';
import type { PageContext } from './page-context.js';
import { renderPage } from './templates.js';

/** The address of a list in a language: `/<prefix>` in the default language, `/<lang>/<prefix>` in the others. */
function inLanguage(site: SiteConfig, language: string, prefix: string): string {
  const languagePart = language === site.defaultLanguage ? '' : `/${language}`;
  return prefix === '' ? languagePart || '/' : `${languagePart}${prefix}`;
}

/** The same list in every language of the site (each language has its lists, empty or not). */
export function everyLanguage(site: SiteConfig, prefix: string): Record<string, string> {
  const alternates: Record<string, string> = {};
  for (const code of Object.keys(site.languages)) alternates[code] = inLanguage(site, code, prefix);
  return alternates;
}

/** The home page of a language: its published posts, newest first, ten a page; null past the last page. */
export function renderHomePage(page: PageContext, pageNumber: number): string | null {
  const { store, site, language } = page;
  const found = listPage(page, { type: 'post' }, pageNumber);
  if (found === null) return null;
  const home = inLanguage(site, language, '');
  const main = `<h1 class="visually-hidden">${escapeHtml(site.title)}</h1>${entryList(page, found.rows, { dated: true })}${pager(page, home, pageNumber, found.pages)}`;
  return renderPage({
    site, language, words: page.words, main, nav: navigation(store, language), ...page.extras,
    meta: { canonical: pagedPath(home, pageNumber), alternates: everyLanguage(site, ''), title: site.title, description: site.description },
  });
}

/**
 * The types with a list page of their own, at the prefix of their addresses (D3): tags at `/tag`, a custom
 * type at `/<folder>`. Posts are listed on the home page, pages by their parent and in the navigation.
 */
export function listedTypes(site: SiteConfig): ContentType[] {
  return site.types.filter((type) => type.key !== 'post' && type.key !== 'page');
}

/** The listed type whose list is at this address, and the language of the address. */
export function listedTypeAt(site: SiteConfig, path: string): { type: ContentType; language: string } | undefined {
  let language = site.defaultLanguage;
  let rest = path;
  const second = path.indexOf('/', 1);
  if (second > 0) {
    const code = path.slice(1, second);
    if (code === site.defaultLanguage || !Object.hasOwn(site.languages, code)) return undefined;
    language = code;
    rest = path.slice(second);
  }
  const type = listedTypes(site).find((candidate) => pathPrefixOf(candidate) === rest);
  return type ? { type, language } : undefined;
}

/** The list page of a type in a language: its published entries, newest first, ten a page; null past the last. */
export function renderTypeListing(page: PageContext, type: ContentType, pageNumber: number): string | null {
  const { store, site, language, words } = page;
  const found = listPage(page, { type: type.key }, pageNumber);
  if (found === null) return null;
  const prefix = pathPrefixOf(type);
  const path = inLanguage(site, language, prefix);
  const title = words.types[type.key] ?? (type.key === 'tag' ? words.text.tags_title : type.label);
  const main = `<h1>${escapeHtml(title)}</h1>${entryList(page, found.rows, { dated: type.key !== 'tag' })}${pager(page, path, pageNumber, found.pages)}`;
  return renderPage({
    site, language, words, main: `<section class="listing listing-${escapeAttr(type.key)}">${main}</section>`, nav: navigation(store, language), ...page.extras,
    meta: { canonical: pagedPath(path, pageNumber), alternates: everyLanguage(site, prefix), title, description: site.description },
  });
}

/** The page for an address with nothing at it, in the language its address is in; never indexed. */
export function renderNotFoundPage(page: PageContext): string {
  const { store, site, language, words } = page;
  const home = inLanguage(site, language, '');
  const main = `<h1>${escapeHtml(words.text.not_found_title)}</h1><p>${escapeHtml(words.text.not_found_text)} <a href="${escapeAttr(home)}">${escapeHtml(words.text.not_found_home)}</a>.</p>`;
  return renderPage({
    site, language, words, main, nav: navigation(store, language), ...page.extras,
    meta: { canonical: null, title: words.text.not_found_title, description: site.description },
  });
}
