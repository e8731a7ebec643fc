// Images dropped or pasted into the text, or sent with the entry's upload form while the script runs: the
// same checks and the same saving as media_upload (content/write/upload-media.ts), answered in JSON so the
// page (and the text being typed) stays as it is. The Markdown uses the image's alt text where it has one.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { AppError } from '../../errors.js';
import { altTextOf, imageMarkdown } from '../../content/media-alt.js';
import { uploadMediaFiles } from '../../content/write/upload-media.js';
import { describeMedia } from '../../content/media-library.js';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES } from './entry-extras-handlers.js';
import type { EntryPage } from './entry-page.js';
import { filesOf, readJsonUploadPost, sendJsonAnswer, sendJsonError, sendJsonRefusal } from '../json-post.js';
import { panelActor } from '../panel-principal.js';
import { fill, words } from '../words/panel-words.js';

export const EDITOR_UPLOAD_PATH = '/svc/panel/editor/upload';

export function createEditorUpload(deps: PanelDeps, page: EntryPage) {
  return async (ctx: RequestContext): Promise<void> => {
    const read = await readJsonUploadPost(ctx, deps, 'content.write', MAX_UPLOAD_BYTES);
    if (!read) return;
    const { session, form } = read;
    const id = form.get('id');
    const entry = page.visibleEntry(typeof id === 'string' ? id : '', panelActor(session).principal);
    if (!entry) return sendJsonError(ctx, 404, words().entries.done.uploadGone);
    const files = filesOf(form, 'files');
    try {
      if (files.length > MAX_UPLOAD_FILES) throw new AppError('invalid_params', fill(words().entries.done.tooManyFiles, { max: MAX_UPLOAD_FILES }));
      const uploads = await Promise.all(files.map(async (file) => ({ name: file.name, bytes: Buffer.from(await file.arrayBuffer()) })));
      const results = uploadMediaFiles(page.context, panelActor(session), entry, uploads);
      const mediaRoot = `${deps.content.contentDir}/media`;
      sendJsonAnswer(ctx, {
        files: results.map((result) => {
          const name = result.file.slice(result.file.lastIndexOf('/') + 1);
          const item = describeMedia(deps.trustedFolders, mediaRoot, entry.id, name);
          const alt = altTextOf(deps.content.trustedFolders, deps.content.contentDir, result.file);
          return { id: entry.id, file: result.file, alt, markdown: imageMarkdown(result.file, alt), width: item?.width ?? null, height: item?.height ?? null, ...(result.waiting ? { waiting: true } : {}) };
        }),
        notes: results.flatMap((result) => (result.note ? [result.note] : [])),
      });
    } catch (error) {
      sendJsonRefusal(ctx, error);
    }
  };
}
