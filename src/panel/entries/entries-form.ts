// Reading a form of the entry page, and its size. What an assistant may write a person must be able to save
// (README: the edit form has every field a tool can set, judged by the same rules), so the limits are the
// spec's, in characters as MCP's schema counts them (UTF-16 units). The bytes a form may have follow from
// them: each input's largest allowed text in the widest URL encoding. Megabytes are read only for someone
// signed in.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { readForm } from '../../http/body.js';
import { AppError } from '../../errors.js';
import type { SiteConfig } from '../../content/entries/types.js';
import { MAX_BODY_LENGTH, MAX_TITLE_LENGTH } from '../../content/write/field-rules.js';
import { sendPanelMessage } from '../layout.js';
import { csrfMatches, currentPanelSession, requirePanelPost, type PanelSession } from '../panel-session.js';
import { refuseRestOfBody } from '../../http/body-refusal.js';
import { fieldInputName } from './category-fields.js';
import { fill, words } from '../words/panel-words.js';

/** A front matter text's most characters (an excerpt, a slug, a category field: content/write/field-rules.ts). */
const MAX_FIELD_CHARS = 10_000;
/** A list field (tags): at most 100 items of 200 characters (field-rules.ts). */
const MAX_TAGS = 100;
const MAX_TAG_CHARS = 200;
/**
 * The most bytes one UTF-16 unit takes in a URL-encoded form: a character of the Basic Multilingual Plane
 * is up to three UTF-8 bytes, each sent as %XX (a pair of surrogates, four bytes, is 6 a unit; a line break
 * sent as CR LF, 6).
 */
const WIDEST_BYTES = 9;
/** The form's small inputs: csrf, id, language, version, at, autosave and the buttons' names. */
const SMALL_INPUTS = 8 * 1024;

/** One input of at most `chars` characters: its name (ASCII, percent-encoded at worst), `=`, `&` and value. */
const inputBytes = (name: string, chars: number) => name.length * 3 + 2 + chars * WIDEST_BYTES;

const BODY_BYTES = inputBytes('body', MAX_BODY_LENGTH);
/** Every input of the edit form but the category fields: what any entry of any site sends. */
const COMMON_BYTES = SMALL_INPUTS + BODY_BYTES + inputBytes('title', MAX_TITLE_LENGTH)
  + ['excerpt', 'slug', 'cover', 'category'].reduce((sum, name) => sum + inputBytes(name, MAX_FIELD_CHARS), 0)
  // Tags ticked in the list, one input each, and typed ones, ", " between them.
  + MAX_TAGS * inputBytes('tag', MAX_TAG_CHARS) + inputBytes('tags', MAX_TAGS * (MAX_TAG_CHARS + 2));

/** A category field's inputs: every category's fields are in the form; a boolean sends a hidden `false` too. */
const fieldBytes = (name: string, type: string) => inputBytes(name, MAX_FIELD_CHARS) * (type === 'boolean' ? 2 : 1);

/** The largest entry form this site's limits allow: the common inputs and each of its categories' fields. */
export function entryFormBytes(site: SiteConfig): number {
  let bytes = COMMON_BYTES;
  for (const category of Object.values(site.categories)) {
    for (const [key, field] of Object.entries(category.fields)) bytes += fieldBytes(fieldInputName(category.key, key), field.type);
  }
  return bytes;
}

/** The sentence for a text over the spec's limit, in characters as the spec says it. */
function tooLongSentence(): string {
  return fill(words().settings.tooLong, { name: words().entries.edit.text, max: String(MAX_BODY_LENGTH) });
}

/**
 * A body over the spec's limit, refused as content_create and content_update refuse it (the rules that
 * write it judge titles and fields, not the body's length). Thrown inside a handler, so the page shows the
 * sentence with what was typed.
 */
export function refuseLongBody(body: string | undefined): void {
  if (body !== undefined && body.length > MAX_BODY_LENGTH) throw new AppError('invalid_params', tooLongSentence());
}

/**
 * Like requirePanelPost (signed in, CSRF token, content.write) with the entry form's body limit, or
 * `maxBytes`. Null means the answer (403, or 413 with a sentence) was sent.
 */
export async function readEntryPost(ctx: RequestContext, deps: PanelDeps, maxBytes?: number): Promise<{ session: PanelSession; form: URLSearchParams } | null> {
  // The session first: megabytes are read only for someone signed in.
  const session = currentPanelSession(ctx, deps);
  if (!session) {
    refuseRestOfBody(ctx.req);
    sendPanelMessage(ctx, 403, words().common.signedOut, words().common.signedOutText);
    return null;
  }
  let form: URLSearchParams;
  try {
    form = await readForm(ctx.req, maxBytes ?? entryFormBytes(deps.content.site()));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Past the most any allowed text takes, the body is over its limit (nothing else comes near): said in
    // the spec's characters. A form without a body says its bytes.
    if (error.kind === 'too_large' && maxBytes === undefined) sendPanelMessage(ctx, error.status, words().entries.done.tooLong, tooLongSentence(), session);
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

/**
 * The New entry form: no body, but every category's fields, each up to the spec's 10,000 characters, which
 * in a wide script pass the panel's usual 64 KB. The larger limit is for someone signed in; anyone else is
 * read and answered as requirePanelPost does.
 */
export function readNewEntryPost(ctx: RequestContext, deps: PanelDeps): Promise<{ session: PanelSession; form: URLSearchParams } | null> {
  if (!currentPanelSession(ctx, deps)) return requirePanelPost(ctx, deps, 'content.write');
  return readEntryPost(ctx, deps, entryFormBytes(deps.content.site()) - BODY_BYTES);
}
