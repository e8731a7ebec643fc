// HTML of "Move to the trash?": what is about to go (entries with their translations and media, one
// translation, or one media file), where the media going with it is still used, what cannot go and why;
// and the one button. The form carries the version of every text shown (the stale-form rule).
import type { MediaUse } from '../../content/media-uses.js';
import { TRASH_KEEP_DAYS } from '../../content/trash/trash-items.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { ENTRIES_PATH, entryPageHref, statusLabel } from './entries-list-view.js';
import { fill, plural, words } from '../words/panel-words.js';

export const DELETE_PATH = `${ENTRIES_PATH}/delete`;

export interface DeleteTarget {
  id: string;
  title: string;
  /** The translations going (all of the entry's, or the one asked for); none for a media file. */
  translations: Array<{ language: string; status: string; review: string | null; version: string }>;
  /** The media file asked for, or the number of files going with the entry. */
  file: string | null;
  mediaCount: number;
  /** Where what goes is still used by other entries (or, for a file, by any). */
  uses: Array<{ reference: string; use: MediaUse }>;
  /** Why this person may not delete it, or null. */
  refusal: string | null;
}

export interface DeleteView {
  csrf: string;
  language: string | null;
  targets: DeleteTarget[];
}

function useLine(reference: string, use: MediaUse): string {
  const where = use.language ? `${esc(use.title)} (${esc(use.entry)}, ${esc(use.language)}): ${esc(use.where)}` : `${esc(use.title)} (${esc(use.entry)}): ${esc(use.where)}`;
  // {reference} and {place} are markup built here (code, a link); the word around them is escaped first.
  return `<li>${fill(esc(words().entries.delete.usedIn), { reference: `<code>${esc(reference)}</code>`, place: `<a href="${esc(entryPageHref(use.entry))}">${where}</a>` })}</li>`;
}

function renderTarget(target: DeleteTarget, language: string | null): string {
  const w = words().entries.delete;
  const link = `<a href="${esc(entryPageHref(target.id))}">${esc(target.title)}</a>`;
  const id = ` <span class="muted">(${esc(target.id)})</span>`;
  // The file's name and the entry's link are markup, filled into the escaped word.
  const what = target.file
    ? fill(esc(w.file), { file: `<code>${esc(target.file)}</code>`, entry: link })
    : language
      ? fill(esc(w.translation), { language: esc(language), entry: link }) + id
      : link + id;
  const translations = target.file ? '' : `<div>${target.translations.map((t) => `<span class="tag">${esc(t.language)}: ${esc(statusLabel(t.status, t.review))}</span>`).join('')}</div>`;
  const media = !target.file && !language && target.mediaCount > 0 ? `<div class="muted">${esc(plural(w.withMedia, target.mediaCount))}</div>` : '';
  const uses = target.uses.length === 0 ? ''
    : `<div class="notice warn"><p>${esc(w.stillUsed)}</p><ul>${target.uses.map(({ reference, use }) => useLine(reference, use)).join('')}</ul></div>`;
  const refusal = target.refusal ? `<p class="notice error" role="alert">${esc(target.refusal)}</p>` : '';
  return `<li><div class="row">${what}</div>${translations}${media}${uses}${refusal}</li>`;
}

function hiddenFields(view: DeleteView): string {
  const fields: string[] = [];
  if (view.language) fields.push(`<input type="hidden" name="language" value="${esc(view.language)}">`);
  for (const target of view.targets) {
    if (target.refusal) continue;
    fields.push(`<input type="hidden" name="id" value="${esc(target.id)}">`);
    if (target.file) fields.push(`<input type="hidden" name="file" value="${esc(target.file)}">`);
    for (const t of target.translations) fields.push(`<input type="hidden" name="seen" value="${esc(`${target.id} ${t.language} ${t.version}`)}">`);
  }
  return fields.join('');
}

export function renderDeletePage(view: DeleteView): string {
  const w = words().entries.delete;
  const going = view.targets.filter((target) => !target.refusal);
  const anyUse = going.some((target) => target.uses.length > 0);
  const button = going.length === 0
    ? `<p>${esc(w.nothingYours)}</p>`
    : `<form method="post" action="${DELETE_PATH}">${csrfField(view.csrf)}${hiddenFields(view)}<button type="submit" class="danger">${esc(anyUse ? w.moveAnyway : w.move)}</button> <a href="${ENTRIES_PATH}">${esc(w.cancel)}</a></form>`;
  // {trash} is a link to the Trash page, filled into the escaped word.
  const intro = fill(esc(w.intro), { trash: `<a href="/svc/panel/trash">${esc(words().common.nav.trash)}</a>`, days: TRASH_KEEP_DAYS });
  return `<h1>${esc(w.title)}</h1><section class="card"><p>${intro}</p>`
    + `<ul class="list">${view.targets.map((target) => renderTarget(target, view.language)).join('')}</ul>${button}</section>`;
}
