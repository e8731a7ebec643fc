import { escapeAttr, escapeHtml } from '../lib/html-escape.js';
import { pathPrefixOf } from '../content/entries/path-prefix.js';
import type { ContentType } from '../content/entries/types.js';
import { listInEveryLanguage, listInLanguage } from './list-addresses.js';
import { entryList, listPage, pagedPath, pager } from './entry-list.js';
import { navigation } from './navigation.js';
import type { PageContext } from './page-context.js';
import { renderPage } from './templates.js';

/** The home page of a language: its published posts, newest first, ten a page; null past the last page. */
export function renderHomePage(page: PageContext, pageNumber: number): string | null {
  const { store, site, language } = page;
  const found = listPage(page, { type: 'post' }, pageNumber);
  if (found === null) return null;
  const home = listInLanguage(site, language, '');
  const main = `<h1 class="visually-hidden">${escapeHtml(site.title)}</h1>${entryList(page, found.rows, { dated: true })}${pager(page, home, pageNumber, found.pages)}`;
  return renderPage({
    site, language, words: page.words, main, nav: navigation(store, language), ...page.extras,
    meta: { canonical: pagedPath(home, pageNumber), alternates: listInEveryLanguage(site, ''), title: site.title, description: site.description },
  });
}

/** The list page of a type in a language: its published entries, newest first, ten a page; null past the last. */
export function renderTypeListing(page: PageContext, type: ContentType, pageNumber: number): string | null {
  const { store, site, language, words } = page;
  const found = listPage(page, { type: type.key }, pageNumber);
  if (found === null) return null;
  const prefix = pathPrefixOf(type);
  const path = listInLanguage(site, language, prefix);
  const title = words.types[type.key] ?? (type.key === 'tag' ? words.text.tags_title : type.label);
  const main = `<h1>${escapeHtml(title)}</h1>${entryList(page, found.rows, { dated: type.key !== 'tag' })}${pager(page, path, pageNumber, found.pages)}`;
  return renderPage({
    site, language, words, main: `<section class="listing listing-${escapeAttr(type.key)}">${main}</section>`, nav: navigation(store, language), ...page.extras,
    meta: { canonical: pagedPath(path, pageNumber), alternates: listInEveryLanguage(site, prefix), title, description: site.description },
  });
}

/** The page for an address with nothing at it, in the language its address is in; never indexed. */
export function renderNotFoundPage(page: PageContext): string {
  const { store, site, language, words } = page;
  const home = listInLanguage(site, language, '');
  const main = `<h1>${escapeHtml(words.text.not_found_title)}</h1><p>${escapeHtml(words.text.not_found_text)} <a href="${escapeAttr(home)}">${escapeHtml(words.text.not_found_home)}</a>.</p>`;
  return renderPage({
    site, language, words, main, nav: navigation(store, language), ...page.extras,
    meta: { canonical: null, title: words.text.not_found_title, description: site.description },
  });
}
