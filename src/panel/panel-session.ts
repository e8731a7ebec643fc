import type { PanelSessionDeps } from './panel-deps.js';
import type { RequestContext } from '../http/router.js';
import { redirect } from '../http/respond.js';
import { readForm } from '../http/body.js';
import { isAppError } from '../errors.js';
import type { Capability } from '../auth/principal.js';
import type { Account } from '../auth/account-reader.js';
import { SESSION_HOURS, TWO_FACTOR_MINUTES, type SessionRecord } from '../auth/session-store.js';
import { readCookies, serializeCookie } from './cookies.js';
import { appendSetCookie, checkCsrf } from './csrf.js';
import { signInLocation } from './safe-next.js';
import { sendPanelMessage } from './layout.js';
import { siteHeaderOf, type SiteHeader } from './site-header.js';
import { words } from './words/panel-words.js';

export const SESSION_COOKIE = 'svc_session';

/** A signed-in person on a panel request: their account, role rights right now, and the session's CSRF token. */
export interface PanelSession {
  /** The cookie value; only ever compared or sent back in Set-Cookie. */
  id: string;
  record: SessionRecord;
  account: Account;
  name: string;
  capabilities: ReadonlySet<Capability>;
  csrf: string;
  /** The site's name and public address for the top bar (read when a page is drawn, not for every check). */
  readonly site: SiteHeader | null;
}

export function isSecure(deps: PanelSessionDeps): boolean {
  return deps.config.baseUrl.startsWith('https://');
}

/** The session record behind the request's cookie, in any stage, or undefined. */
export function sessionFromCookie(ctx: RequestContext, deps: PanelSessionDeps): { id: string; record: SessionRecord } | undefined {
  const id = readCookies(ctx.req).get(SESSION_COOKIE);
  if (!id) return undefined;
  const record = deps.auth.sessions.get(id);
  return record ? { id, record } : undefined;
}

/** The signed-in person, or null (no cookie, unknown or expired session, two-factor step pending, account removed). */
export function currentPanelSession(ctx: RequestContext, deps: PanelSessionDeps): PanelSession | null {
  const found = sessionFromCookie(ctx, deps);
  if (!found || found.record.stage !== 'signed_in') return null;
  const account = deps.auth.accounts.get(found.record.account);
  if (!account) return null;
  return {
    id: found.id, record: found.record, account, name: account.name, capabilities: deps.auth.capabilitiesOf(account), csrf: found.record.csrf,
    get site() { return siteHeaderOf(deps); },
  };
}

/**
 * For GET pages: the signed-in person, or null after answering for you — a redirect to sign-in that comes
 * back to this address (same-origin), or 403 when the role lacks `capability`.
 * Use: `const session = requirePanelSession(ctx, deps, 'assistants.use'); if (!session) return;`
 */
export function requirePanelSession(ctx: RequestContext, deps: PanelSessionDeps, capability?: Capability): PanelSession | null {
  const session = currentPanelSession(ctx, deps);
  if (!session) {
    redirect(ctx.res, signInLocation(ctx.url.pathname + ctx.url.search), 303, { 'cache-control': 'no-store' });
    return null;
  }
  if (capability && !session.capabilities.has(capability)) {
    sendPanelMessage(ctx, 403, words().common.notAllowed, words().common.pageNotAllowed, session);
    return null;
  }
  return session;
}

/**
 * For POST handlers: reads the form, then requires a signed-in session (403 without one: a form cannot be
 * carried through sign-in), its CSRF token in the form (403 otherwise) and `capability`. Null means the
 * answer was sent.
 */
export async function requirePanelPost(ctx: RequestContext, deps: PanelSessionDeps, capability?: Capability): Promise<{ session: PanelSession; form: URLSearchParams } | null> {
  const form = await readPanelForm(ctx, deps);
  if (!form) return null;
  const session = currentPanelSession(ctx, deps);
  if (!session) {
    sendPanelMessage(ctx, 403, words().common.signedOut, words().common.signedOutText);
    return null;
  }
  if (!csrfMatches(ctx, form, session.csrf)) return null;
  if (capability && !session.capabilities.has(capability)) {
    sendPanelMessage(ctx, 403, words().common.notAllowed, words().common.actionNotAllowed, session);
    return null;
  }
  return { session, form };
}

/**
 * Reads a panel form (at most `maxBytes`); a form that is not UTF-8, or too large, is answered with a panel
 * page saying why (nothing is done) and gives null.
 */
export async function readPanelForm(ctx: RequestContext, deps: PanelSessionDeps, maxBytes?: number): Promise<URLSearchParams | null> {
  try {
    return await readForm(ctx.req, maxBytes);
  } catch (error) {
    if (!isAppError(error)) throw error;
    sendPanelMessage(ctx, error.status, words().common.notSaved, error.message, currentPanelSession(ctx, deps));
    return null;
  }
}

/** Checks a form's CSRF token; on a mismatch answers 403 with a panel page and returns false. */
export function csrfMatches(ctx: RequestContext, form: URLSearchParams, expected: string | undefined, viewer?: PanelSession | null): boolean {
  try {
    checkCsrf(ctx, form, expected);
    return true;
  } catch (error) {
    sendPanelMessage(ctx, 403, words().common.formExpired, (error as Error).message, viewer ?? null);
    return false;
  }
}

/** Starts a new session (always a new id, so a planted cookie never becomes signed in) and sets its cookie. */
export function startSession(ctx: RequestContext, deps: PanelSessionDeps, accountId: string, stage: SessionRecord['stage'], next?: string): SessionRecord {
  const old = readCookies(ctx.req).get(SESSION_COOKIE);
  if (old) deps.auth.sessions.remove(old);
  const { id, record } = deps.auth.sessions.create(accountId, stage, next);
  const maxAge = stage === 'signed_in' ? SESSION_HOURS * 3600 : TWO_FACTOR_MINUTES * 60;
  appendSetCookie(ctx, serializeCookie(SESSION_COOKIE, id, { secure: isSecure(deps), maxAgeSeconds: maxAge }));
  return record;
}

/** Ends the request's session, if any, and clears its cookie. */
export function endSession(ctx: RequestContext, deps: PanelSessionDeps): void {
  const id = readCookies(ctx.req).get(SESSION_COOKIE);
  if (id) deps.auth.sessions.remove(id);
  appendSetCookie(ctx, serializeCookie(SESSION_COOKIE, '', { secure: isSecure(deps), maxAgeSeconds: 0 }));
}
