// The posted side of the entry page: reading a form (bodies may be long, so more than the panel's usual
// 64 KB), and turning the edit form into the changes update-entry takes — only what really changed, so a
// save without changes writes no revision.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { readForm } from '../../http/body.js';
import { AppError } from '../../errors.js';
import type { Translation } from '../../content/types.js';
import type { EditValues } from './entries-entry-view.js';
import { sendPanelMessage } from '../layout.js';
import { csrfMatches, currentPanelSession, type PanelSession } from '../panel-session.js';

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
    ctx.req.resume();
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

/** Browsers send textarea lines ending in CR LF; files keep LF. */
function normalizeBody(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** The edit form's values as sent. */
export function editValuesOf(form: URLSearchParams): EditValues {
  return {
    title: (form.get('title') ?? '').trim(),
    body: normalizeBody(form.get('body') ?? ''),
    excerpt: (form.get('excerpt') ?? '').trim(),
    tags: form.get('tags') ?? '',
  };
}

/** The edit form's values for a translation as it is on disk. */
export function editValuesFrom(translation: Translation): EditValues {
  const excerpt = translation.fields.excerpt;
  return {
    title: translation.title,
    body: translation.body,
    excerpt: typeof excerpt === 'string' ? excerpt : '',
    tags: translation.tags.join(', '),
  };
}

export function parseTags(text: string): string[] {
  return text.split(',').map((tag) => tag.trim()).filter((tag) => tag !== '');
}

export interface EditChanges {
  title?: string;
  body?: string;
  /** Fields to set; null removes one (update-entry's convention). */
  fields: Record<string, unknown>;
}

/** What differs between the translation and the sent form; empty when nothing does. */
export function changesOf(translation: Translation, sent: EditValues): EditChanges {
  const changes: EditChanges = { fields: {} };
  if (sent.title !== translation.title) changes.title = sent.title;
  // Trailing blank lines are not a change worth a revision.
  if (sent.body.trimEnd() !== translation.body.trimEnd()) changes.body = sent.body;
  const current = editValuesFrom(translation);
  if (sent.excerpt !== current.excerpt) changes.fields.excerpt = sent.excerpt === '' ? null : sent.excerpt;
  const tags = parseTags(sent.tags);
  if (JSON.stringify(tags) !== JSON.stringify(translation.tags)) changes.fields.tags = tags.length === 0 ? null : tags;
  return changes;
}

export function isEmptyChange(changes: EditChanges): boolean {
  return changes.title === undefined && changes.body === undefined && Object.keys(changes.fields).length === 0;
}
