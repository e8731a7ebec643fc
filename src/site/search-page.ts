// The public search page (issue 35): /search?q= in the default language, /<lang>/search?q= in the others,
// drawn by the theme like every page, in the page's language. It finds what anyone may see (published
// translations of that language), best first, ten a page, each with its snippet (matched words in <mark>).
// Search pages are never indexed by search engines (robots noindex) and name no canonical address.
import { escapeAttr, escapeHtml } from '../lib/html-escape.js';
import { MAX_QUERY_CHARS, snippetHtml, type SearchAnswer } from '../content/search/site-search.js';
import type { SiteConfig } from '../content/entries/types.js';
import { listInEveryLanguage, listInLanguage } from './list-addresses.js';
import { pager } from './entry-list.js';
import { navigation } from './navigation.js';
import type { PageContext } from './page-context.js';
import { fillWords } from './site-words.js';
import { renderPage } from './templates.js';

/** Results a page. */
export const SEARCH_PAGE_SIZE = 10;
const PREFIX = '/search';

/** The language whose search page `path` is, or null when it is none. */
export function searchPageLanguage(site: SiteConfig, path: string): string | null {
  if (path === PREFIX) return site.defaultLanguage;
  const code = path.slice(1, -PREFIX.length);
  return path.endsWith(PREFIX) && code !== site.defaultLanguage && Object.hasOwn(site.languages, code) ? code : null;
}

/** What the page was asked: the words (null: none given), and the page of results. */
export interface SearchAsked { text: string | null; page: number; tooLong: boolean }

/** Pages of `total` results: one at least, where "nothing found" is said. */
function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
}

/** The address of a page of results. */
function resultsPath(base: string, text: string, page: number): string {
  return `${base}?q=${encodeURIComponent(text)}${page > 1 ? `&page=${page}` : ''}`;
}

/**
 * The page: the form, then what was found (or why nothing was looked for). `answer` is null when nothing was
 * searched. Null past the last page of results, which is a 404 as past the end of every list of the site.
 */
export function renderSearchPage(page: PageContext, asked: SearchAsked, answer: SearchAnswer | null): string | null {
  const { store, site, language, words } = page;
  const base = listInLanguage(site, language, PREFIX);
  const text = asked.text ?? '';
  const form = `<form role="search" method="get" action="${escapeAttr(base)}" class="search-form"><label for="search-q">${escapeHtml(words.text.search_label)}</label> `
    + `<input type="search" id="search-q" name="q" value="${escapeAttr(text.slice(0, MAX_QUERY_CHARS))}" maxlength="${MAX_QUERY_CHARS}" autocomplete="off"> `
    + `<button type="submit">${escapeHtml(words.text.search_button)}</button></form>`;
  const say = (sentence: string, role = 'status') => `<p role="${role}" class="search-note">${escapeHtml(sentence)}</p>`;
  if (answer !== null && answer.ready && answer.words.length > 0 && asked.page > pageCount(answer.total)) return null;
  let found = '';
  if (asked.tooLong) found = say(fillWords(words.text.search_too_long, { max: MAX_QUERY_CHARS }), 'alert');
  else if (answer !== null && !answer.ready) found = say(answer.unavailable !== undefined ? words.text.search_unavailable : fillWords(words.text.search_building, { percent: answer.percent }));
  else if (answer !== null && asked.text !== null) {
    if (answer.words.length === 0) found = say(words.text.search_no_words);
    else if (answer.rows.length === 0) found = say(fillWords(words.text.search_none, { query: text }));
    else {
      const heading = answer.total === 1 ? fillWords(words.text.search_one_result, { query: text }) : fillWords(words.text.search_results, { total: answer.total.toLocaleString(words.text.locale), query: text });
      const items = answer.rows.map(({ translation, snippet }) => `<li><h2><a href="${escapeAttr(translation.path)}">${escapeHtml(translation.title)}</a></h2><p>${snippetHtml(snippet)}</p></li>`);
      found = `<p role="status" class="search-note">${escapeHtml(heading)}</p><ol class="entry-list search-results">${items.join('')}</ol>${pager(page, (n) => resultsPath(base, text, n), asked.page, pageCount(answer.total))}`;
    }
  }
  return renderPage({
    site, language, words, main: `<section class="search"><h1>${escapeHtml(words.text.search_title)}</h1>${form}${found}</section>`, nav: navigation(store, language), ...page.extras,
    meta: { canonical: null, alternates: listInEveryLanguage(site, PREFIX), title: text === '' ? words.text.search_title : `${words.text.search_title}: ${text}`, description: site.description },
  });
}
