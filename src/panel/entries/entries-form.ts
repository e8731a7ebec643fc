// Reading a form of the entry page: bodies may be long, so more than the panel's usual 64 KB, and a
// megabyte is read only for someone signed in.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { readForm } from '../../http/body.js';
import { AppError } from '../../errors.js';
import { sendPanelMessage } from '../layout.js';
import { csrfMatches, currentPanelSession, type PanelSession } from '../panel-session.js';
import { refuseRestOfBody } from '../../http/body-refusal.js';
import { fill, words } from '../words/panel-words.js';

/** A Markdown body plus title and fields; well above any page a person writes by hand. */
export const MAX_ENTRY_FORM_BYTES = 1024 * 1024;

/**
 * Like requirePanelPost (signed in, CSRF token, content.write) with a larger body limit. Null means the
 * answer (403, or 413 with a sentence) was sent.
 */
export async function readEntryPost(ctx: RequestContext, deps: PanelDeps): Promise<{ session: PanelSession; form: URLSearchParams } | null> {
  // The session first: a megabyte is read only for someone signed in.
  const session = currentPanelSession(ctx, deps);
  if (!session) {
    refuseRestOfBody(ctx.req);
    sendPanelMessage(ctx, 403, words().common.signedOut, words().common.signedOutText);
    return null;
  }
  let form: URLSearchParams;
  try {
    form = await readForm(ctx.req, MAX_ENTRY_FORM_BYTES);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // The size as a plain number: "1024 KB", as the limit is known.
    if (error.kind === 'too_large') sendPanelMessage(ctx, error.status, words().entries.done.tooLong, fill(words().entries.done.tooLongText, { size: String(MAX_ENTRY_FORM_BYTES / 1024) }), session);
    else sendPanelMessage(ctx, error.status, words().common.notSaved, error.message, session);
    return null;
  }
  if (!csrfMatches(ctx, form, session.csrf, session)) return null;
  if (!session.capabilities.has('content.write')) {
    sendPanelMessage(ctx, 403, words().common.notAllowed, words().common.actionNotAllowed, session);
    return null;
  }
  return { session, form };
}
