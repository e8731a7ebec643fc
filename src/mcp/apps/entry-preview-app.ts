// The entry preview view: linked from content_read, content_create, content_update, content_style and
// media_upload. The tool's answer names, in `_meta["svc/preview"]`, the address of the entry's page as a
// self-contained document (preview-document.ts); the view reads it through the host (resources/read, under
// the token's own rights) and draws it in a frame without scripts, as the public page would look.
import { buildAppDocument } from './app-document.js';

export const PREVIEW_META_KEY = 'svc/preview';

const SCRIPT = String.raw`
async function render(result) {
  const preview = result._meta && result._meta['svc/preview'];
  if (!preview || typeof preview.uri !== 'string') { APP.append(el('p', { class: 'muted' }, text('noPreview'))); return; }
  const status = preview.status === 'published' ? text('statusPublished') : preview.status === 'scheduled' ? text('statusScheduled') : text('statusDraft');
  APP.append(
    el('h1', {}, text('previewOf') + ' ' + preview.title),
    el('p', {}, el('span', { class: 'badge', 'data-status': preview.status }, status), el('span', { class: 'badge' }, text('language') + ': ' + preview.language), el('span', { class: 'muted' }, preview.id)),
  );
  let html;
  try {
    html = await readResource(preview.uri);
  } catch (error) {
    APP.append(el('p', { class: 'problem', role: 'alert' }, text('previewRefused') + ' ' + (error && error.message || error)));
    return;
  }
  // No scripts, no forms, no navigation away: the page is only looked at.
  const frame = el('iframe', { class: 'page', sandbox: '', title: text('previewOf') + ' ' + preview.title });
  frame.srcdoc = html;
  APP.append(frame);
}
`;

export const entryPreviewApp = buildAppDocument({ name: 'preview', title: 'Preview', script: SCRIPT });
