import { escapeAttr, escapeHtml } from '../lib/html-escape.js';
import { resolveCover } from '../content/cover.js';
import { listEntries, type EntryQuery, type EntryRow } from '../content/query.js';
import type { PageContext } from './page-context.js';
import { timeElement } from './page-dates.js';
import { fillWords } from './site-words.js';

export const PAGE_SIZE = 10;

/** One page of a list: its rows and how many pages there are; null past the last page. */
export function listPage(page: PageContext, query: Omit<EntryQuery, 'language' | 'status'>, pageNumber: number): { rows: EntryRow[]; pages: number } | null {
  const { rows, total } = listEntries(page.store, { ...query, language: page.language, status: 'published' }, { offset: (pageNumber - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return pageNumber > pages ? null : { rows, pages };
}

/**
 * Entries as a list of cards: cover, date (where `dated`), title, excerpt and a "read more" link. The cover
 * link is named by the cover's alt text (the entry's title), so it is never a link without a name.
 */
export function entryList(page: PageContext, rows: EntryRow[], options: { dated: boolean; heading?: 'h2' | 'h3' }): string {
  const heading = options.heading ?? 'h2';
  const { store, site, words } = page;
  if (rows.length === 0) return `<p class="empty">${escapeHtml(words.text.list_empty)}</p>`;
  const items = rows.map(({ translation }) => {
    const href = escapeAttr(translation.path);
    const title = escapeHtml(translation.title);
    const cover = resolveCover(store.trustedFolders, store.contentDir, '', translation.fields.cover);
    const image = cover ? `<a class="cover" href="${href}" tabindex="-1"><img src="${escapeAttr(cover.url)}" srcset="${escapeAttr(cover.srcset)}" sizes="(max-width: 44rem) 100vw, 44rem" width="${cover.width}" height="${cover.height}" alt="${escapeAttr(translation.title)}" loading="lazy"></a>` : '';
    const date = options.dated ? `<p class="meta">${timeElement(translation.dateMs, words.text.locale, site.timezone)}</p>` : '';
    const excerpt = typeof translation.fields.excerpt === 'string' ? `<p>${escapeHtml(translation.fields.excerpt)}</p>` : '';
    const more = `<p class="more"><a href="${href}">${escapeHtml(words.text.read_more)}<span class="visually-hidden">: ${title}</span></a></p>`;
    return `<li>${image}${date}<${heading}><a href="${href}">${title}</a></${heading}>${excerpt}${more}</li>`;
  });
  return `<ul class="entry-list">${items.join('')}</ul>`;
}

/** Links to the page before and after, when there is more than one, named in the page's language (`path`: the list's, or each page's address). */
export function pager(page: PageContext, path: string | ((pageNumber: number) => string), pageNumber: number, pages: number): string {
  if (pages <= 1) return '';
  const { words } = page;
  const at = (n: number) => escapeAttr(typeof path === 'string' ? pagedPath(path, n) : path(n));
  const previous = pageNumber > 1 ? `<a rel="prev" href="${at(pageNumber - 1)}"><span aria-hidden="true">← </span>${escapeHtml(words.text.pager_previous)}</a>` : '<span></span>';
  const next = pageNumber < pages ? `<a rel="next" href="${at(pageNumber + 1)}">${escapeHtml(words.text.pager_next)}<span aria-hidden="true"> →</span></a>` : '<span></span>';
  return `<nav class="pager" aria-label="${escapeAttr(words.text.pager_label)}">${previous}<span>${escapeHtml(fillWords(words.text.pager_position, { page: pageNumber, pages }))}</span>${next}</nav>`;
}

/** The address of a page of a list, as its canonical link names it (the first page without `?page`). */
export function pagedPath(path: string, pageNumber: number): string {
  return pageNumber === 1 ? path : `${path}?page=${pageNumber}`;
}
