// The media library's body: a search form (a plain GET form), one item per picture (its width variants
// inside) with its entry, where it is used, its alt text, Replace and Delete for people who may change the
// entry, and page links.
import type { MediaItem } from '../../content/media-library.js';
import type { MediaUse } from '../../content/media-uses.js';
import { csrfField } from '../csrf.js';
import { esc, escText } from '../html.js';
import { fill, plural, words } from '../words/panel-words.js';
import { entryPageHref, ENTRIES_PATH } from '../entries/entries-list-view.js';
import { UPLOAD_ACCEPT, altForm, renderMediaFacts } from '../entries/entry-media-view.js';
import { EDITOR_STYLES_TAG } from '../editor/editor-styles.js';

export const MEDIA_REPLACE_PATH = '/svc/panel/media/replace';

export interface LibraryFile {
  item: MediaItem;
  entryTitle: string;
  uses: MediaUse[];
  /** Uses in entries this person may not see: counted, not named. */
  hiddenUses: number;
  /** May this person change the entry's media (alt text, replace, delete)? */
  edit: boolean;
}

export interface MediaLibraryView {
  csrf: string;
  query: string;
  files: LibraryFile[];
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

function usesLine(uses: MediaUse[], hidden: number): string {
  const w = words().media;
  const unseen = hidden > 0 ? plural(w.hiddenUses, hidden) : '';
  if (uses.length === 0) return `<p class="uses muted">${esc(unseen ? fill(w.usedOnlyIn, { unseen }) : w.notUsed)}</p>`;
  // The list holds links: the words around it are escaped, the links built here.
  const shown = uses.slice(0, 6).map((use) => `<a href="${esc(entryPageHref(use.entry))}${use.language ? `#lang-${esc(use.language)}` : ''}">${esc(use.title)}</a>${use.language ? ` (${esc(use.language)})` : ''}: ${esc(use.where)}`);
  const more = [...(uses.length > 6 ? [esc(fill(w.moreUses, { count: uses.length - 6 }))] : []), ...(unseen ? [esc(unseen)] : [])];
  return `<p class="uses">${fill(esc(w.usedIn), { uses: shown.join('; '), more: more.length > 0 ? fill(esc(w.andMore), { list: more.join(esc(w.and)) }) : '' })}</p>`;
}

/** Replace keeps the address: every text and cover showing the picture shows the new one. */
function replaceForm(csrf: string, query: string, file: LibraryFile, n: number): string {
  const w = words().media;
  const { item } = file;
  if (item.width === null) return '';
  return `<details><summary>${esc(fill(w.replaceSummary, { name: item.name }))}</summary><form method="post" action="${MEDIA_REPLACE_PATH}" enctype="multipart/form-data" class="inline-form">${csrfField(csrf)}`
    + `<input type="hidden" name="id" value="${esc(item.entryId)}"><input type="hidden" name="file" value="${esc(item.name)}"><input type="hidden" name="back" value="library">${query ? `<input type="hidden" name="q" value="${esc(query)}">` : ''}`
    + `<label class="inline" for="replace-${n}">${esc(fill(w.replaceLabel, { format: item.name.slice(item.name.lastIndexOf('.') + 1).toUpperCase() }))}</label><input type="file" id="replace-${n}" name="replacement" accept="${UPLOAD_ACCEPT}" required>`
    + `<button type="submit" class="secondary small">${esc(w.replace)}</button><p class="muted">${esc(item.variants.length > 0 ? w.oldAndWidthsGo : w.oldGoes)}</p></form></details>`;
}

function deleteLink(item: MediaItem): string {
  return `<a class="small" href="${ENTRIES_PATH}/delete?${esc(new URLSearchParams({ id: item.entryId, file: item.name }).toString())}">${esc(fill(words().media.delete, { name: item.name }))}</a>`;
}

export function renderMediaLibrary(view: MediaLibraryView): string {
  const w = words().media;
  const search = `<form class="card search" method="get" action="/svc/panel/media" role="search"><label for="media-q">${esc(w.searchLabel)}</label><input type="search" id="media-q" name="q" value="${esc(view.query)}"><button type="submit">${esc(w.search)}</button></form>`;
  const entryLine = (file: LibraryFile) => fill(esc(w.entry), { link: `<a href="${esc(entryPageHref(file.item.entryId))}#media">${esc(file.entryTitle)}</a>`, id: esc(file.item.entryId) });
  const list = view.files.length === 0
    ? `<p class="muted">${view.query ? esc(fill(w.noMatch, { query: view.query })) : escText(w.empty)}</p>`
    : `<ul class="media-list">${view.files.map((file, n) => `<li>${renderMediaFacts(file.item, `lib-${n}`,
      `<p class="muted">${entryLine(file)}</p>${usesLine(file.uses, file.hiddenUses)}`
      + (file.edit ? `${altForm(view.csrf, file.item, `lib-alt-${n}`, { to: 'library', query: view.query })}${replaceForm(view.csrf, view.query, file, n)}${deleteLink(file.item)}` : ''))}</li>`).join('')}</ul>`;
  const previous = view.page > 1 ? `<a href="${esc(pageHref(view.query, view.page - 1))}" rel="prev">${esc(w.previous)}</a>` : '';
  const next = view.page < view.pages ? `<a href="${esc(pageHref(view.query, view.page + 1))}" rel="next">${esc(w.next)}</a>` : '';
  const pages = view.pages > 1 ? `${esc(fill(w.pageOf, { page: view.page, pages: view.pages }))} ${[previous, next].filter(Boolean).join(' · ')}` : '.';
  const pager = `<p class="muted">${esc(plural(w.files, view.total))}${pages}</p>`;
  return `${EDITOR_STYLES_TAG}<h1>${esc(w.title)}</h1>${search}${list}${pager}`;
}
