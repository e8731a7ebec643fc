// The media library's changes (and the entry page's alt text fields): an image's alt text, and replacing
// an image at its address. Plain forms that work without the script (answered with a redirect back and a
// fixed sentence); the script sends the alt text with fetch and `Accept: application/json` instead, so a
// text being typed on the entry page stays (json-post.ts). People only: the panel's session and CSRF rules.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext, Router } from '../../http/router.js';
import { redirect } from '../../http/respond.js';
import { AppError } from '../../errors.js';
import { readMultipartForm } from '../../http/multipart.js';
import { refuseRestOfBody } from '../../http/body-refusal.js';
import { canSeeTranslation } from '../../content/content-rights.js';
import { isEntryId } from '../../content/entries/entry-id.js';
import { replaceMedia, setMediaAlt } from '../../content/write/media-edit.js';
import type { WriteContext } from '../../content/write/write-context.js';
import type { PanelSession } from '../panel-session.js';
import { csrfMatches, currentPanelSession, requirePanelPost } from '../panel-session.js';
import { panelActor } from '../panel-principal.js';
import { sendPanelMessage } from '../layout.js';
import { filesOf, readJsonFormPost, sendJsonAnswer, sendJsonError, sendJsonRefusal } from '../json-post.js';
import { entryPageHref } from '../entries/entries-list-view.js';
import { MAX_UPLOAD_BYTES } from '../entries/entry-extras-handlers.js';
import { MEDIA_ALT_PATH } from '../entries/entry-media-view.js';
import { MEDIA_REPLACE_PATH } from './media-library-view.js';
import { fill, words } from '../words/panel-words.js';

const LIBRARY = '/svc/panel/media';

function wantsJson(ctx: RequestContext): boolean {
  return /application\/json/.test(ctx.req.headers.accept ?? '');
}

/** Where a plain form goes back to: the entry page, or the library page it came from (its search kept). */
function backTo(form: { get(name: string): unknown }, id: string, done: string): string {
  if (form.get('back') === 'entry') return `${entryPageHref(id)}?done=${done}#media`;
  const query = form.get('q');
  const params = new URLSearchParams({ done });
  if (typeof query === 'string' && query !== '') params.set('q', query.slice(0, 100));
  return `${LIBRARY}?${params.toString()}`;
}

export function registerMediaActions(router: Router, deps: PanelDeps): void {
  const context: WriteContext = { store: deps.content, dataDir: deps.config.dataDir, clock: deps.clock };
  /** The entry id if this person may see the entry (else the refusal says so, as for one that is not there). */
  const visible = (session: PanelSession, id: unknown): string | null => {
    const entry = typeof id === 'string' && isEntryId(id) ? deps.content.entry(id) : undefined;
    const principal = panelActor(session).principal;
    return entry && [...entry.translations.values()].some((t) => canSeeTranslation(principal, entry, t)) ? entry.id : null;
  };

  router.post(MEDIA_ALT_PATH, async (ctx) => {
    const json = wantsJson(ctx);
    const read = json ? await readJsonFormPost(ctx, deps, 'content.write', 16 * 1024) : await requirePanelPost(ctx, deps, 'content.write');
    if (!read) return;
    const { session, form } = read;
    const id = visible(session, form.get('id'));
    const refuse = (status: number, text: string) => (json ? sendJsonError(ctx, status, text) : sendPanelMessage(ctx, status, words().media.altNotSaved, text, session));
    if (!id) return refuse(404, words().media.noEntry);
    try {
      const alt = setMediaAlt(context, panelActor(session), id, form.get('file') ?? '', form.get('alt') ?? '');
      if (json) return sendJsonAnswer(ctx, { alt });
      redirect(ctx.res, backTo(form, id, 'alt-saved'), 303, { 'cache-control': 'no-store' });
    } catch (error) {
      if (json) return sendJsonRefusal(ctx, error);
      if (!(error instanceof AppError)) throw error;
      refuse(error.status, error.message);
    }
  });

  router.post(MEDIA_REPLACE_PATH, async (ctx) => {
    // The session first: 25 MB are read only for someone signed in who may write.
    const session = currentPanelSession(ctx, deps);
    if (!session || !session.capabilities.has('content.write')) {
      refuseRestOfBody(ctx.req);
      const w = words().common;
      return sendPanelMessage(ctx, 403, session ? w.notAllowed : w.signedOut, session ? w.actionNotAllowed : w.signedOutText, session);
    }
    const refuse = (status: number, text: string) => sendPanelMessage(ctx, status, words().media.notReplaced, text, session);
    let form: FormData;
    try {
      form = await readMultipartForm(ctx.req, MAX_UPLOAD_BYTES);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return refuse(error.status, error.kind === 'too_large' ? fill(words().media.tooLarge, { size: MAX_UPLOAD_BYTES / 1024 / 1024 }) : error.message);
    }
    const csrf = form.get('csrf');
    if (!csrfMatches(ctx, new URLSearchParams(typeof csrf === 'string' ? { csrf } : {}), session.csrf, session)) return;
    const id = visible(session, form.get('id'));
    if (!id) return refuse(404, words().media.noEntry);
    const [file, ...more] = filesOf(form, 'replacement');
    const name = form.get('file');
    try {
      if (!file || more.length > 0) throw new AppError('invalid_params', words().media.chooseOne);
      replaceMedia(context, panelActor(session), id, typeof name === 'string' ? name : '', { name: file.name, bytes: Buffer.from(await file.arrayBuffer()) });
      redirect(ctx.res, backTo(form, id, 'replaced'), 303, { 'cache-control': 'no-store' });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refuse(error.status, error.message);
    }
  });
}
