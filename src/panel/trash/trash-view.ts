// HTML of the Trash page: what was deleted, by whom and when, when it goes for good; Restore per item, and
// for admins Delete for good and Empty the trash.
import { TRASH_KEEP_DAYS, type TrashItem } from '../../content/trash/trash-items.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { siteTimeOf } from '../site-time.js';

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
  if (item.kind === 'entry') return `<span class="name">${esc(item.title)}</span><br><span class="muted">${esc(item.entry)}, the entry with its media</span>`;
  if (item.kind === 'translation') return `<span class="name">${esc(item.title)}</span><br><span class="muted">${esc(item.entry)}, the ${esc(item.language)} translation</span>`;
  return `<span class="name">${esc(item.file)}</span><br><span class="muted">a media file of ${esc(item.entry)}</span>`;
}

function actionsOf(view: TrashView, row: TrashRow): string {
  const item = `<input type="hidden" name="item" value="${esc(row.item.id)}">`;
  const restore = row.restoreRefusal
    ? `<span class="muted">${esc(row.restoreRefusal)}</span>`
    : `<form method="post" action="${TRASH_PATH}/restore">${csrfField(view.csrf)}${item}<button type="submit" class="small">Restore</button></form>`;
  const purge = view.purge ? `<form method="post" action="${TRASH_PATH}/purge">${csrfField(view.csrf)}${item}<button type="submit" class="danger small">Delete for good</button></form>` : '';
  return restore + purge;
}

function pager(view: TrashView): string {
  if (view.pages <= 1) return '';
  const link = (page: number, label: string, rel: string) => `<a href="${TRASH_PATH}?page=${page}" rel="${rel}">${label}</a>`;
  return `<p class="muted">Page ${view.page} of ${view.pages}. ${[view.page > 1 ? link(view.page - 1, 'Newer', 'prev') : '', view.page < view.pages ? link(view.page + 1, 'Older', 'next') : ''].filter(Boolean).join(' · ')}</p>`;
}

export function renderTrash(view: TrashView): string {
  const intro = `<p>Deleted entries, translations and media files wait here for ${TRASH_KEEP_DAYS} days, then they are deleted for good on their own. Restoring puts one back at its address with its earlier versions and history.</p>`;
  if (view.total === 0) return `<h1>Trash</h1><section class="card">${intro}<p class="muted">The trash is empty.</p></section>`;
  const rows = view.rows.map((row) => `<tr><td>${whatOf(row.item)}</td><td>${esc(row.deletedByName)}</td><td>${esc(siteTimeOf(row.item.deletedAt, view.timeZone))}</td><td>${esc(siteTimeOf(row.expires, view.timeZone))}</td><td class="actions">${actionsOf(view, row)}</td></tr>`).join('');
  const empty = view.purge
    ? `<section class="card"><h2>Empty the trash</h2><form method="post" action="${TRASH_PATH}/empty">${csrfField(view.csrf)}<label class="check"><input type="checkbox" name="confirm" value="yes" required> Delete all ${view.total} ${view.total === 1 ? 'item' : 'items'} for good; they cannot be restored after this.</label><button type="submit" class="danger">Empty the trash</button></form></section>`
    : '';
  return `<h1>Trash</h1><section class="card">${intro}<p class="muted">${view.total} ${view.total === 1 ? 'item' : 'items'}. Times in ${esc(view.timeZone)}.</p>`
    + `<table class="stats"><caption class="muted">Deleted items, newest first</caption><thead><tr><th scope="col">What</th><th scope="col">Deleted by</th><th scope="col">Deleted at</th><th scope="col">Deleted for good on</th><th scope="col">Actions</th></tr></thead><tbody>${rows}</tbody></table>${pager(view)}</section>${empty}`;
}
