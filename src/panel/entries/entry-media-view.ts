// HTML of an entry's media on its page: the upload form (several files at once; with the script, dropped
// files too) and each file with a thumbnail, its size and dimensions, the Markdown to put in the text, and
// a way to make it a translation's cover.
import type { MediaItem } from '../../content/media-library.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import type { Decision } from './decision.js';
import { ENTRIES_PATH } from './entries-list-view.js';
import { MAX_ALT_LENGTH, imageMarkdown } from '../../content/media-alt.js';
import { fill, formatNumber, plural, words } from '../words/panel-words.js';

/** Where an image's alt text is sent (media/media-actions.ts). */
export const MEDIA_ALT_PATH = '/svc/panel/media/alt';

export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,image/avif,.jpg,.jpeg,.png,.gif,.webp,.avif';

export interface MediaView {
  csrf: string;
  id: string;
  items: MediaItem[];
  edit: Decision;
  /** Translations whose cover this person may set. */
  coverLanguages: Array<{ language: string; name: string }>;
}

/** `![alt](media/...)`: the image's alt text, or (without one) from the file name as media_upload answers it. */
export function markdownOf(item: Pick<MediaItem, 'alt' | 'reference'>): string {
  return imageMarkdown(item.reference, item.alt);
}

export function formatBytes(bytes: number): string {
  const w = words().entries.media;
  if (bytes < 1024) return fill(w.bytes, { count: bytes });
  if (bytes < 1024 * 1024) return fill(w.kilobytes, { count: Math.round(bytes / 1024) });
  return fill(w.megabytes, { count: formatNumber(bytes / 1024 / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }) });
}

/** "480w, 960w" and what they weigh: the picture's width variants (the cover's srcset uses them). */
function variantsLine(item: MediaItem): string {
  if (item.variants.length === 0) return '';
  const list = item.variants.map((variant) => `${variant.width ?? '?'} px (${formatBytes(variant.size)})`).join(', ');
  return `<p class="variants muted">${esc(plural(words().entries.media.alsoAt, item.variants.length, { list }))}</p>`;
}

/** The thumbnail and facts of one file (the media library shows the same), then `actions`. */
export function renderMediaFacts(item: MediaItem, markdownId: string, actions = ''): string {
  const thumbnail = item.width !== null && item.height !== null
    ? `<img class="thumb" src="/${esc(item.reference)}" alt="" width="${item.width}" height="${item.height}" loading="lazy">`
    : '<span class="thumb none" aria-hidden="true"></span>';
  const w = words().entries.media;
  const size = [formatBytes(item.size), ...(item.width !== null ? [fill(w.pixels, { width: String(item.width), height: String(item.height) })] : [])].join(' · ');
  return `${thumbnail}<div class="facts-of-file"><span class="name">${esc(item.name)}</span> <span class="muted">${esc(size)}</span>${variantsLine(item)}`
    + `<code id="${esc(markdownId)}" class="snippet">${esc(markdownOf(item))}</code>`
    + `<button type="button" class="secondary small" data-copy="${esc(markdownId)}" hidden>${esc(w.copy)}</button>${actions}</div>`;
}

/**
 * The image's alt text as a plain form (`back` says where it returns without the script); on the entry
 * page the editor's script sends it without leaving the page (data-json).
 */
export function altForm(csrf: string, item: MediaItem, fieldId: string, back: { to: 'entry' } | { to: 'library'; query: string }): string {
  if (item.width === null) return '';
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${esc(value)}">`;
  const w = words().entries.media;
  return `<form method="post" action="${MEDIA_ALT_PATH}" class="inline-form alt-form"${back.to === 'entry' ? ' data-json' : ''}>${csrfField(csrf)}${hidden('id', item.entryId)}${hidden('file', item.name)}`
    + `${hidden('back', back.to)}${back.to === 'library' && back.query ? hidden('q', back.query) : ''}`
    + `<label class="inline" for="${esc(fieldId)}">${esc(w.alt)}</label><input type="text" id="${esc(fieldId)}" name="alt" value="${esc(item.alt)}" maxlength="${MAX_ALT_LENGTH}" placeholder="${esc(w.altPlaceholder)}">`
    + `<button type="submit" class="secondary small">${esc(w.altSave)}</button></form>`;
}

function coverForm(view: MediaView, item: MediaItem): string {
  if (item.width === null || view.coverLanguages.length === 0) return '';
  const w = words().entries.media;
  const language = view.coverLanguages.length === 1
    ? `<input type="hidden" name="language" value="${esc(view.coverLanguages[0]!.language)}">`
    : `<label class="inline" for="cover-${esc(item.name)}">${esc(w.coverFor)}</label><select id="cover-${esc(item.name)}" name="language">${view.coverLanguages.map((l) => `<option value="${esc(l.language)}">${esc(l.name)} (${esc(l.language)})</option>`).join('')}</select>`;
  return `<form method="post" action="${ENTRIES_PATH}/cover" class="inline-form">${csrfField(view.csrf)}<input type="hidden" name="id" value="${esc(view.id)}"><input type="hidden" name="file" value="${esc(item.reference)}">${language}<button type="submit" class="secondary small">${esc(w.setCover)}</button></form>`;
}

/** To "Move to the trash?", which says where the file is still used. */
function deleteLink(view: MediaView, item: MediaItem): string {
  if (!view.edit.allowed) return '';
  return ` <a class="small" href="${ENTRIES_PATH}/delete?${esc(new URLSearchParams({ id: view.id, file: item.name }).toString())}">${esc(fill(words().entries.media.delete, { name: item.name }))}</a>`;
}

function uploadForm(view: MediaView): string {
  if (!view.edit.allowed) return `<p class="muted">${esc(view.edit.reason)}</p>`;
  const w = words().entries.media;
  return `<form method="post" action="${ENTRIES_PATH}/upload" enctype="multipart/form-data" class="upload" data-dropzone>${csrfField(view.csrf)}<input type="hidden" name="id" value="${esc(view.id)}">`
    + `<label for="upload-files">${esc(w.addImages)} <span class="muted">${esc(w.addHint)}</span></label>`
    + `<input type="file" id="upload-files" name="files" multiple accept="${UPLOAD_ACCEPT}">`
    + `<p class="muted drop-hint" hidden>${esc(w.drop)}</p><button type="submit">${esc(w.upload)}</button></form>`;
}

export function renderMediaSection(view: MediaView): string {
  const w = words().entries.media;
  const list = view.items.length === 0
    ? `<p class="muted">${esc(w.none)}</p>`
    : `<ul class="media-list">${view.items.map((item, n) => `<li>${renderMediaFacts(item, `md-${n}`,
      `${item.width !== null ? `<button type="button" class="secondary small" data-insert="md-${n}" hidden>${esc(w.insert)}</button>` : ''}${coverForm(view, item)}${deleteLink(view, item)}${view.edit.allowed ? altForm(view.csrf, item, `alt-${n}`, { to: 'entry' }) : ''}`)}</li>`).join('')}</ul>`;
  return `<section class="card" id="media"><h2>${esc(w.heading)}</h2>${uploadForm(view)}${list}<p class="muted"><a href="/svc/panel/media">${esc(w.all)}</a></p></section>`;
}
