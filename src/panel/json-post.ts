// Posts the panel's script sends with fetch (the editor's save and autosave, uploads dropped into the text,
// the media library's alt text and replace): the same rules as the panel's forms (signed in, the CSRF
// token, the role's right, a size limit read only for someone signed in), answered in JSON so the page stays
// as it is. Every refusal is `{ error: sentence }` with the status, and changes nothing.
import type { RequestContext } from '../http/router.js';
import { readForm } from '../http/body.js';
import { refuseRestOfBody } from '../http/body-refusal.js';
import { readMultipartForm } from '../http/multipart.js';
import { sendJson } from '../http/respond.js';
import { AppError } from '../errors.js';
import type { Capability } from '../auth/principal.js';
import { checkCsrf } from './csrf.js';
import type { PanelSessionDeps } from './panel-deps.js';
import { currentPanelSession, type PanelSession } from './panel-session.js';
import { words } from './words/panel-words.js';
import { panelRefusalOf } from './rule-refusal-words.js';

/** Sends a refusal as `{ error }` (never cached: it may name a person's file). */
export function sendJsonError(ctx: RequestContext, status: number, sentence: string): void {
  sendJson(ctx.res, status, { error: sentence }, { 'cache-control': 'no-store' });
}

/** Sends an answer of the script's posts (never cached). */
export function sendJsonAnswer(ctx: RequestContext, body: unknown): void {
  sendJson(ctx.res, 200, body, { 'cache-control': 'no-store' });
}

/** The refusal for what a change threw: its sentence for an AppError; anything else is not ours to word. */
export function sendJsonRefusal(ctx: RequestContext, error: unknown): void {
  if (!(error instanceof AppError)) throw error;
  const { status, text } = panelRefusalOf(error);
  sendJsonError(ctx, status, text);
}

type Read<T> = { session: PanelSession; form: T } | null;

async function readPost<T>(ctx: RequestContext, deps: PanelSessionDeps, capability: Capability, read: () => Promise<T>, csrfOf: (form: T) => URLSearchParams): Promise<Read<T>> {
  const session = currentPanelSession(ctx, deps);
  if (!session || !session.capabilities.has(capability)) {
    refuseRestOfBody(ctx.req);
    sendJsonError(ctx, 403, session ? words().common.actionNotAllowed : words().common.signedOutKeepText);
    return null;
  }
  let form: T;
  try {
    form = await read();
    checkCsrf(ctx, csrfOf(form), session.csrf);
  } catch (error) {
    sendJsonRefusal(ctx, error);
    return null;
  }
  return { session, form };
}

/** A url-encoded post of at most `maxBytes`; null after the refusal was sent. */
export function readJsonFormPost(ctx: RequestContext, deps: PanelSessionDeps, capability: Capability, maxBytes: number): Promise<Read<URLSearchParams>> {
  return readPost(ctx, deps, capability, () => readForm(ctx.req, maxBytes), (form) => form);
}

/** A multipart post (files) of at most `maxBytes`; null after the refusal was sent. */
export function readJsonUploadPost(ctx: RequestContext, deps: PanelSessionDeps, capability: Capability, maxBytes: number): Promise<Read<FormData>> {
  return readPost(ctx, deps, capability, () => readMultipartForm(ctx.req, maxBytes), (form) => {
    const csrf = form.get('csrf');
    return new URLSearchParams(typeof csrf === 'string' ? { csrf } : {});
  });
}

/** The files of a multipart form (a browser sends one empty part when none was chosen). */
export function filesOf(form: FormData, field: string): File[] {
  return form.getAll(field).flatMap((part) => (typeof part !== 'string' && (part.name !== '' || part.size > 0) ? [part] : []));
}
