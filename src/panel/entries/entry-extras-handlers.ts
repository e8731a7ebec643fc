// The parts of the entry page beside a translation's text: its CSS (style-entry's cleaner, showing what was
// removed), uploading images (a multipart form; media_upload's checks) and making one a cover.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { readMultipartForm } from '../../http/multipart.js';
import { AppError } from '../../errors.js';
import { styleEntry } from '../../content/write/style-entry.js';
import { refuseUnless, updateEntry } from '../../content/write/update-entry.js';
import { canEditEntry } from '../../content/content-rights.js';
import { uploadMediaFiles } from '../../content/write/upload-media.js';
import { sendPanelMessage } from '../layout.js';
import { panelActor } from '../panel-principal.js';
import { csrfMatches, currentPanelSession } from '../panel-session.js';
import { readEntryPost } from './entries-form.js';
import type { EntryPage } from './entry-page.js';
import { refuseRestOfBody } from '../../http/body-refusal.js';
import { filesOf } from '../json-post.js';
import { fill, words } from '../words/panel-words.js';

/** Ten files of 10 MB would be 100 MB in memory at once; a few full-size images per upload is plenty. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** More files than anyone picks by hand; each is a write and a history line. */
export const MAX_UPLOAD_FILES = 20;

export function createEntryExtrasHandlers(deps: PanelDeps, page: EntryPage) {
  const { context } = page;

  return {
    /** Replaces style.css with the cleaned CSS; the page says what the cleaner removed. */
    async style(ctx: RequestContext): Promise<void> {
      const read = await readEntryPost(ctx, deps);
      if (!read) return;
      const { session, form } = read;
      const entry = page.visibleEntry(form.get('id') ?? '', panelActor(session).principal);
      if (!entry) return page.sendNoEntry(ctx, session);
      const css = (form.get('css') ?? '').replace(/\r\n?/g, '\n');
      const version = form.get('style_version') ?? '';
      try {
        const result = styleEntry(context, panelActor(session), entry, css, version);
        const fresh = page.visibleEntry(entry.id, panelActor(session).principal) ?? entry;
        const w = words().entries.done;
        const text = result.removed ? result.note
          : result.cleaned ? fill(w.cssCleaned, { problems: result.problems.join(' ') }) : w.cssSaved;
        page.sendEntry(ctx, 200, session, fresh, { kind: result.cleaned ? 'warn' : 'ok', text });
      } catch (error) {
        page.refused(ctx, session, entry, error, { style: { css, version } });
      }
    },

    /** Images from the upload form, all checked before any is saved (upload-media.ts). */
    async upload(ctx: RequestContext): Promise<void> {
      // The session first: 25 MB are read only for someone signed in who may write.
      const session = currentPanelSession(ctx, deps);
      if (!session) {
        refuseRestOfBody(ctx.req);
        return sendPanelMessage(ctx, 403, words().common.signedOut, words().common.signedOutText);
      }
      if (!session.capabilities.has('content.write')) {
        refuseRestOfBody(ctx.req);
        return sendPanelMessage(ctx, 403, words().common.notAllowed, words().common.actionNotAllowed, session);
      }
      let form: FormData;
      try {
        form = await readMultipartForm(ctx.req, MAX_UPLOAD_BYTES);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const text = error.kind === 'too_large' ? fill(words().entries.done.uploadTooLarge, { size: MAX_UPLOAD_BYTES / 1024 / 1024 }) : error.message;
        return sendPanelMessage(ctx, error.status, words().entries.done.uploadRefused, text, session);
      }
      const csrf = form.get('csrf');
      if (!csrfMatches(ctx, new URLSearchParams(typeof csrf === 'string' ? { csrf } : {}), session.csrf, session)) return;
      const id = form.get('id');
      const entry = page.visibleEntry(typeof id === 'string' ? id : '', panelActor(session).principal);
      if (!entry) return page.sendNoEntry(ctx, session);
      const files = filesOf(form, 'files');
      try {
        if (files.length > MAX_UPLOAD_FILES) throw new AppError('invalid_params', fill(words().entries.done.tooManyFiles, { max: MAX_UPLOAD_FILES }));
        const uploads = await Promise.all(files.map(async (file) => ({ name: file.name, bytes: Buffer.from(await file.arrayBuffer()) })));
        const results = uploadMediaFiles(context, panelActor(session), entry, uploads);
        const notes = results.flatMap((result) => (result.note ? [result.note] : []));
        const names = results.map((result) => result.file.slice(result.file.lastIndexOf('/') + 1)).join(', ');
        const fresh = page.visibleEntry(entry.id, panelActor(session).principal) ?? entry;
        page.sendEntry(ctx, 200, session, fresh, { kind: 'ok', text: [fill(words().entries.done.uploaded, { names }), ...notes].join(' ') });
      } catch (error) {
        page.refused(ctx, session, entry, error);
      }
    },

    /** Makes one of the entry's images a translation's cover (one revision and history line, as a save). */
    async cover(ctx: RequestContext): Promise<void> {
      const read = await readEntryPost(ctx, deps);
      if (!read) return;
      const { session, form } = read;
      const found = page.postedTranslation(ctx, session, form);
      if (!found) return;
      const { entry, translation } = found;
      const file = form.get('file') ?? '';
      try {
        refuseUnless(canEditEntry(panelActor(session).principal, entry, translation));
        if (!page.imagesOf(entry).includes(file)) throw new AppError('invalid_params', words().entries.done.coverNotImage);
        if (page.snapshotOf(translation).fields.cover === file) return page.done(ctx, entry.id, translation.language, 'unchanged');
        updateEntry(context, panelActor(session), { entry, language: translation.language, fields: { cover: file } });
        page.done(ctx, entry.id, translation.language, 'cover');
      } catch (error) {
        page.refused(ctx, session, entry, error);
      }
    },
  };
}
