// HTML of the Trash page: what was deleted, by whom and when, when it goes for good; Restore per item, and
// for admins Delete for good and Empty the trash.
import { TRASH_KEEP_DAYS, type TrashItem } from '../../content/trash/trash-items.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { siteTimeOf } from '../site-time.js';
import { fill, plural, words } from '../words/panel-words.js';

export const TRASH_PATH = '/svc/panel/trash';
export const TRASH_PER_PAGE = 50;

export interface TrashRow {
  item: TrashItem;
  deletedByName: string;
  /** ISO 8601 of when it goes for good. */
  expires: string;
  /** Why this person may not restore it, or null. */
  restoreRefusal: string | null;
}

export interface TrashView {
  csrf: string;
  timeZone: string;
  rows: TrashRow[];
  total: number;
  page: number;
  pages: number;
  /** Whether this person may delete for good (admins). */
  purge: boolean;
}

function whatOf(item: TrashItem): string {
  const w = words().trash;
  if (item.kind === 'entry') return `<span class="name">${esc(item.title)}</span><br><span class="muted">${esc(fill(w.entryWithMedia, { entry: item.entry }))}</span>`;
  if (item.kind === 'translation') return `<span class="name">${esc(item.title)}</span><br><span class="muted">${esc(fill(w.translationOf, { entry: item.entry, language: item.language ?? '' }))}</span>`;
  return `<span class="name">${esc(item.file)}</span><br><span class="muted">${esc(fill(w.mediaFileOf, { entry: item.entry }))}</span>`;
}

function actionsOf(view: TrashView, row: TrashRow): string {
  const w = words().trash;
  const item = `<input type="hidden" name="item" value="${esc(row.item.id)}">`;
  const restore = row.restoreRefusal
    ? `<span class="muted">${esc(row.restoreRefusal)}</span>`
    : `<form method="post" action="${TRASH_PATH}/restore">${csrfField(view.csrf)}${item}<button type="submit" class="small">${esc(w.restore)}</button></form>`;
  const purge = view.purge ? `<form method="post" action="${TRASH_PATH}/purge">${csrfField(view.csrf)}${item}<button type="submit" class="danger small">${esc(w.deleteForGood)}</button></form>` : '';
  return restore + purge;
}

function pager(view: TrashView): string {
  if (view.pages <= 1) return '';
  const w = words().trash;
  const link = (page: number, label: string, rel: string) => `<a href="${TRASH_PATH}?page=${page}" rel="${rel}">${esc(label)}</a>`;
  return `<p class="muted">${esc(fill(w.pageOf, { page: view.page, pages: view.pages }))} ${[view.page > 1 ? link(view.page - 1, w.newer, 'prev') : '', view.page < view.pages ? link(view.page + 1, w.older, 'next') : ''].filter(Boolean).join(' · ')}</p>`;
}

export function renderTrash(view: TrashView): string {
  const w = words().trash;
  const intro = `<p>${esc(fill(w.intro, { days: TRASH_KEEP_DAYS }))}</p>`;
  if (view.total === 0) return `<h1>${esc(w.title)}</h1><section class="card">${intro}<p class="muted">${esc(w.isEmpty)}</p></section>`;
  const rows = view.rows.map((row) => `<tr><td>${whatOf(row.item)}</td><td>${esc(row.deletedByName)}</td><td>${esc(siteTimeOf(row.item.deletedAt, view.timeZone))}</td><td>${esc(siteTimeOf(row.expires, view.timeZone))}</td><td class="actions">${actionsOf(view, row)}</td></tr>`).join('');
  const empty = view.purge
    ? `<section class="card"><h2>${esc(w.emptyHeading)}</h2><form method="post" action="${TRASH_PATH}/empty">${csrfField(view.csrf)}<label class="check"><input type="checkbox" name="confirm" value="yes" required> ${esc(plural(w.emptyConfirm, view.total))}</label><button type="submit" class="danger">${esc(w.emptyButton)}</button></form></section>`
    : '';
  return `<h1>${esc(w.title)}</h1><section class="card">${intro}<p class="muted">${esc(plural(w.items, view.total))} ${esc(fill(w.timesIn, { zone: view.timeZone }))}</p>`
    + `<table class="stats"><caption class="muted">${esc(w.caption)}</caption><thead><tr><th scope="col">${esc(w.what)}</th><th scope="col">${esc(w.deletedBy)}</th><th scope="col">${esc(w.deletedAt)}</th><th scope="col">${esc(w.deletedForGoodOn)}</th><th scope="col">${esc(w.actions)}</th></tr></thead><tbody>${rows}</tbody></table>${pager(view)}</section>${empty}`;
}
