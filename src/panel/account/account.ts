import type { PanelSessionDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { redirect } from '../../http/respond.js';
import { AppError } from '../../errors.js';
import { checkNewPassword } from '../../auth/account-store.js';
import { PENDING_TOTP_MINUTES, type SessionRecord } from '../../auth/session-store.js';
import { generateTotpSecret, otpauthUri } from '../../auth/totp.js';
import { totpIssuer } from '../../auth/totp-issuer.js';
import { renderPage, sendPanelPage } from '../layout.js';
import { renderAccount } from './account-view.js';
import { appendHistory } from '../../content/history.js';
import { wrongCode } from '../sign-in/sign-in.js';
import { tooManyAttemptsSentence, type SignInThrottle } from '../sign-in-throttle.js';
import { requirePanelPost, requirePanelSession, startSession, type PanelSession } from '../panel-session.js';
import { fill, PANEL_LANGUAGES, words, type PanelWords } from '../words/panel-words.js';
import { fileStorage } from '../../content/storage/file-storage.js';

const PAGE = '/svc/panel/account';

/** What a finished change says on the page it leads back to (`?done=`), in the page's words. */
const DONE = {
  profile: (w) => w.profile,
  password: (w) => w.password,
  'two-factor-off': (w) => w.twoFactorOff,
  'two-factor-on': (w) => w.twoFactorOn,
  'recovery-codes': (w) => w.recoveryCodes,
  language: (w) => w.language,
} as const satisfies Record<string, (w: PanelWords['account']['done']) => string>;

/** The sentence of a finished change. */
function doneText(what: keyof typeof DONE): string {
  return DONE[what](words().account.done);
}

/** Longest part of a refused language code repeated in the sentence that refuses it. */
const MAX_SHOWN_LANGUAGE = 24;

type Notice = { kind: 'ok' | 'error' | 'warn'; text: string };

/** The pending two-factor secret of a session, while it has not expired. */
function livePending(record: SessionRecord, now: number): string | undefined {
  const pending = record.pendingTotp;
  return pending && Date.parse(pending.expires) > now ? pending.secret : undefined;
}

function send(ctx: RequestContext, deps: PanelSessionDeps, status: number, session: PanelSession, notice: Notice | null, headers: Record<string, string> = {}, newRecoveryCodes?: string[]): void {
  const secret = session.account.totp ? undefined : livePending(session.record, deps.clock());
  const body = renderAccount({
    csrf: session.csrf,
    name: session.account.name,
    email: session.account.email,
    role: session.account.role,
    twoFactorOn: session.account.totp !== null,
    pending: secret ? { secret, uri: otpauthUri(secret, totpIssuer(deps.trustedFolders, deps.config.root), session.account.email) } : undefined,
    recoveryLeft: session.account.recoveryCodes.length,
    newRecoveryCodes,
    language: session.account.language,
  });
  sendPanelPage(ctx, status, renderPage({ title: words().account.title, viewer: session, active: 'account', body, notice }), headers);
}

/** The session as it is after a change to the account (and, given one, in its new session record). */
function withRecord(deps: PanelSessionDeps, session: PanelSession, record: SessionRecord | undefined): PanelSession {
  const account = deps.auth.accounts.get(session.account.id) ?? session.account;
  return record ? { ...session, account, record, csrf: record.csrf } : { ...session, account };
}

function done(ctx: RequestContext, what: keyof typeof DONE): void {
  redirect(ctx.res, `${PAGE}?done=${what}`, 303, { 'cache-control': 'no-store' });
}

/**
 * "Your account" for everyone signed in: name and email, the panel's language, change the password, turn
 * two-factor sign-in on (a new secret that becomes active only with a right code) or off (with the password).
 * Password checks share the sign-in throttle.
 */
export function createAccountHandlers(deps: PanelSessionDeps, throttle: SignInThrottle) {
  /** Takes one attempt for a password check; false after answering 429. */
  /** Whether `current` is the person's password; a right one gives back the attempt mayCheckPassword took. */
  async function isRightPassword(ctx: RequestContext, session: PanelSession, current: string): Promise<boolean> {
    const right = await deps.auth.isCurrentPassword(session.account.id, current);
    // Only failed attempts count (README): renewing codes six times with the right password locked the person out.
    if (right) throttle.succeeded(ctx.ip, session.account.email);
    return right;
  }

  function mayCheckPassword(ctx: RequestContext, session: PanelSession): boolean {
    const wait = throttle.take(ctx.ip, session.account.email);
    if (wait === 0) return true;
    send(ctx, deps, 429, session, { kind: 'error', text: tooManyAttemptsSentence(wait) }, { 'retry-after': String(wait) });
    return false;
  }

  return {
    show(ctx: RequestContext): void {
      const session = requirePanelSession(ctx, deps);
      if (!session) return;
      const key = ctx.url.searchParams.get('done') ?? '';
      send(ctx, deps, 200, session, Object.hasOwn(DONE, key) ? { kind: 'ok', text: doneText(key as keyof typeof DONE) } : null);
    },

    /** The panel language: '' (the browser's) or one the panel speaks; anything else changes nothing. */
    async changeLanguage(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps);
      if (!posted) return;
      const { session, form } = posted;
      const language = form.get('language') ?? '';
      if (language !== '' && !Object.hasOwn(PANEL_LANGUAGES, language)) {
        return send(ctx, deps, 422, session, { kind: 'error', text: fill(words().account.language.unknown, { value: language.slice(0, MAX_SHOWN_LANGUAGE) }) });
      }
      deps.auth.accounts.setLanguage(session.account.id, language);
      done(ctx, 'language');
    },

    async changeProfile(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps);
      if (!posted) return;
      const { session, form } = posted;
      try {
        const email = (form.get('email') ?? '').slice(0, 400);
        if (email.trim().toLowerCase() !== session.account.email) {
          const current = (form.get('current') ?? '').slice(0, 1024);
          if (!current) throw new AppError('invalid_params', words().account.refused.currentForEmail);
          if (!mayCheckPassword(ctx, session)) return;
          if (!(await deps.auth.isCurrentPassword(session.account.id, current))) throw new AppError('unauthorized', words().account.refused.currentWrong);
          throttle.succeeded(ctx.ip, session.account.email);
        }
        deps.auth.accounts.setNameAndEmail(session.account.id, (form.get('name') ?? '').slice(0, 400), email);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return send(ctx, deps, error.status, session, { kind: 'error', text: error.message });
      }
      done(ctx, 'profile');
    },

    async changePassword(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps);
      if (!posted) return;
      const { session, form } = posted;
      const current = (form.get('current') ?? '').slice(0, 1024);
      const password = form.get('password') ?? '';
      try {
        if (!current) throw new AppError('invalid_params', words().account.refused.enterCurrent);
        if (password !== (form.get('repeat') ?? '')) throw new AppError('invalid_params', words().account.refused.notSame);
        checkNewPassword(password);
        if (!mayCheckPassword(ctx, session)) return;
        await deps.auth.changePassword(session.account.id, current, password);
        throttle.succeeded(ctx.ip, session.account.email);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return send(ctx, deps, error.status, session, { kind: 'error', text: error.message });
      }
      // Every session of the account has ended; this person goes on in a new one, with a new id and cookie.
      startSession(ctx, deps, session.account.id, 'signed_in');
      done(ctx, 'password');
    },

    async startTwoFactor(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps);
      if (!posted) return;
      const { session } = posted;
      if (session.account.totp) return send(ctx, deps, 409, session, { kind: 'error', text: words().account.refused.alreadyOn });
      const expires = new Date(deps.clock() + PENDING_TOTP_MINUTES * 60_000).toISOString();
      deps.auth.sessions.setPendingTotp(session.id, { secret: generateTotpSecret(), expires });
      redirect(ctx.res, `${PAGE}#two-factor`, 303, { 'cache-control': 'no-store' });
    },

    async confirmTwoFactor(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps);
      if (!posted) return;
      const { session, form } = posted;
      if (session.account.totp) return send(ctx, deps, 409, session, { kind: 'error', text: words().account.refused.alreadyOn });
      // The secret comes from this session's record on the server, never from the form.
      const secret = livePending(session.record, deps.clock());
      if (!secret) return send(ctx, deps, 409, session, { kind: 'error', text: words().account.refused.setupExpired });
      const codes = deps.auth.accounts.confirmTotp(session.account.id, secret, (form.get('code') ?? '').slice(0, 16));
      if (!codes) return send(ctx, deps, 401, session, { kind: 'error', text: wrongCode() });
      // Whoever else was signed in to this account signed in without the second factor: they are signed out.
      deps.auth.sessions.removeAccount(session.account.id);
      const fresh = startSession(ctx, deps, session.account.id, 'signed_in');
      // The codes are shown in this answer only (never in an address or a later page), so no redirect.
      send(ctx, deps, 200, withRecord(deps, session, fresh), { kind: 'ok', text: doneText('two-factor-on') }, {}, codes);
    },

    async renewRecoveryCodes(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps);
      if (!posted) return;
      const { session, form } = posted;
      if (!session.account.totp) return send(ctx, deps, 409, session, { kind: 'error', text: words().account.refused.codesNeedTwoFactor });
      const current = (form.get('current') ?? '').slice(0, 1024);
      if (!current) return send(ctx, deps, 422, session, { kind: 'error', text: words().account.refused.enterCurrent });
      if (!mayCheckPassword(ctx, session)) return;
      if (!(await isRightPassword(ctx, session, current))) {
        return send(ctx, deps, 401, session, { kind: 'error', text: words().account.refused.currentWrong });
      }
      const codes = deps.auth.accounts.renewRecoveryCodes(session.account.id);
      if (!codes) return send(ctx, deps, 409, session, { kind: 'error', text: words().account.refused.codesNeedTwoFactor });
      appendHistory(deps.config.dataDir, { time: new Date(deps.clock()).toISOString(), person: session.account.id, action: 'recovery_codes_renewed', entry: null, language: null, via: 'panel', token: null }, fileStorage(deps.trustedFolders));
      send(ctx, deps, 200, withRecord(deps, session, undefined), { kind: 'ok', text: doneText('recovery-codes') }, {}, codes);
    },

    async turnTwoFactorOff(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps);
      if (!posted) return;
      const { session, form } = posted;
      if (!session.account.totp) return send(ctx, deps, 409, session, { kind: 'error', text: words().account.refused.alreadyOff });
      const current = (form.get('current') ?? '').slice(0, 1024);
      if (!current) return send(ctx, deps, 422, session, { kind: 'error', text: words().account.refused.enterCurrent });
      if (!mayCheckPassword(ctx, session)) return;
      if (!(await isRightPassword(ctx, session, current))) {
        return send(ctx, deps, 401, session, { kind: 'error', text: words().account.refused.currentWrong });
      }
      deps.auth.accounts.disableTotp(session.account.id);
      done(ctx, 'two-factor-off');
    },
  };
}
