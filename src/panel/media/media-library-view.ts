import type { MediaItem } from '../../content/media-library.js';
import { esc } from '../html.js';
import { entryPageHref } from '../entries/entries-list-view.js';
import { renderMediaFacts } from '../entries/entry-media-view.js';

export interface MediaLibraryView {
  query: string;
  files: Array<{ item: MediaItem; entryTitle: string }>;
  total: number;
  page: number;
  pages: number;
}

function pageHref(query: string, page: number): string {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return `/svc/panel/media${text ? `?${text}` : ''}`;
}

/** The media library's body: a search form (a plain GET form), the files with their entries, page links. */
export function renderMediaLibrary(view: MediaLibraryView): string {
  const search = `<form class="card search" method="get" action="/svc/panel/media" role="search"><label for="media-q">Search by file name or entry</label><input type="search" id="media-q" name="q" value="${esc(view.query)}"><button type="submit">Search</button></form>`;
  const list = view.files.length === 0
    ? `<p class="muted">${view.query ? `No file matches “${esc(view.query)}”.` : 'No media yet. Upload images on an entry\'s page.'}</p>`
    : `<ul class="media-list">${view.files.map(({ item, entryTitle }, n) => `<li>${renderMediaFacts(item, `lib-${n}`,
      `<p class="muted">Entry: <a href="${esc(entryPageHref(item.entryId))}#media">${esc(entryTitle)}</a> (${esc(item.entryId)})</p>`)}</li>`).join('')}</ul>`;
  const previous = view.page > 1 ? `<a href="${esc(pageHref(view.query, view.page - 1))}" rel="prev">Previous</a>` : '';
  const next = view.page < view.pages ? `<a href="${esc(pageHref(view.query, view.page + 1))}" rel="next">Next</a>` : '';
  const pager = `<p class="muted">${view.total} ${view.total === 1 ? 'file' : 'files'}${view.pages > 1 ? `, page ${view.page} of ${view.pages}. ${[previous, next].filter(Boolean).join(' · ')}` : '.'}</p>`;
  return `<h1>Media</h1>${search}${list}${pager}`;
}
