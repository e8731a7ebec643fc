// Reading a form of the entry page: bodies may be long, so more than the panel's usual 64 KB, and a
// megabyte is read only for someone signed in.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { readForm } from '../../http/body.js';
import { AppError } from '../../errors.js';
import { sendPanelMessage } from '../layout.js';
import { csrfMatches, currentPanelSession, type PanelSession } from '../panel-session.js';
import { refuseRestOfBody } from '../../http/body-refusal.js';

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
    sendPanelMessage(ctx, 403, 'Signed out', 'You are not signed in any more. Sign in and try again.');
    return null;
  }
  let form: URLSearchParams;
  try {
    form = await readForm(ctx.req, MAX_ENTRY_FORM_BYTES);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.kind === 'too_large') sendPanelMessage(ctx, error.status, 'Too long', `The text is longer than ${MAX_ENTRY_FORM_BYTES / 1024} KB; nothing was saved. Shorten it and try again.`, session);
    else sendPanelMessage(ctx, error.status, 'Not saved', error.message, session);
    return null;
  }
  if (!csrfMatches(ctx, form, session.csrf, session)) return null;
  if (!session.capabilities.has('content.write')) {
    sendPanelMessage(ctx, 403, 'Not allowed', 'Your role does not allow this.', session);
    return null;
  }
  return { session, form };
}
