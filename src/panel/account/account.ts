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
import { WRONG_CODE } from '../sign-in/sign-in.js';
import { tooManyAttemptsSentence, type SignInThrottle } from '../sign-in-throttle.js';
import { requirePanelPost, requirePanelSession, startSession, type PanelSession } from '../panel-session.js';

const PAGE = '/svc/panel/account';

/** What a finished change says on the page it leads back to (`?done=`). */
const DONE = {
  profile: 'Your name and email were saved.',
  password: 'Your password was changed. You are signed out everywhere else.',
  'two-factor-off': 'Two-factor sign-in is off.',
  'two-factor-on': 'Two-factor sign-in is on. You are signed out everywhere else. From now on, signing in asks for a code from your app.',
  'recovery-codes': 'Your new recovery codes are below; the old ones no longer work.',
} as const satisfies Record<string, string>;

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
    pending: secret ? { secret, uri: otpauthUri(secret, totpIssuer(deps.config.root), session.account.email) } : undefined,
    recoveryLeft: session.account.recoveryCodes.length,
    newRecoveryCodes,
  });
  sendPanelPage(ctx, status, renderPage({ title: 'Your account', viewer: session, active: 'account', body, notice }), headers);
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
 * "Your account" for everyone signed in: change the password, turn two-factor sign-in on (a new secret that
 * becomes active only with a right code) or off (with the password). Password checks share the sign-in
 * throttle.
 */
export function createAccountHandlers(deps: PanelSessionDeps, throttle: SignInThrottle) {
  /** Takes one attempt for a password check; false after answering 429. */
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
      send(ctx, deps, 200, session, Object.hasOwn(DONE, key) ? { kind: 'ok', text: DONE[key as keyof typeof DONE] } : null);
    },

    async changeProfile(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps);
      if (!posted) return;
      const { session, form } = posted;
      try {
        const email = (form.get('email') ?? '').slice(0, 400);
        if (email.trim().toLowerCase() !== session.account.email) {
          const current = (form.get('current') ?? '').slice(0, 1024);
          if (!current) throw new AppError('invalid_params', 'Enter your current password to change your email address.');
          if (!mayCheckPassword(ctx, session)) return;
          if (!(await deps.auth.isCurrentPassword(session.account.id, current))) throw new AppError('unauthorized', 'The current password is not right.');
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
        if (!current) throw new AppError('invalid_params', 'Enter your current password.');
        if (password !== (form.get('repeat') ?? '')) throw new AppError('invalid_params', 'The new password and its repetition are not the same.');
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
      if (session.account.totp) return send(ctx, deps, 409, session, { kind: 'error', text: 'Two-factor sign-in is on already.' });
      const expires = new Date(deps.clock() + PENDING_TOTP_MINUTES * 60_000).toISOString();
      deps.auth.sessions.setPendingTotp(session.id, { secret: generateTotpSecret(), expires });
      redirect(ctx.res, `${PAGE}#two-factor`, 303, { 'cache-control': 'no-store' });
    },

    async confirmTwoFactor(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps);
      if (!posted) return;
      const { session, form } = posted;
      if (session.account.totp) return send(ctx, deps, 409, session, { kind: 'error', text: 'Two-factor sign-in is on already.' });
      // The secret comes from this session's record on the server, never from the form.
      const secret = livePending(session.record, deps.clock());
      if (!secret) return send(ctx, deps, 409, session, { kind: 'error', text: 'The setup of two-factor sign-in has expired. Start it again.' });
      const codes = deps.auth.accounts.confirmTotp(session.account.id, secret, (form.get('code') ?? '').slice(0, 16));
      if (!codes) return send(ctx, deps, 401, session, { kind: 'error', text: WRONG_CODE });
      // Whoever else was signed in to this account signed in without the second factor: they are signed out.
      deps.auth.sessions.removeAccount(session.account.id);
      const fresh = startSession(ctx, deps, session.account.id, 'signed_in');
      // The codes are shown in this answer only (never in an address or a later page), so no redirect.
      send(ctx, deps, 200, withRecord(deps, session, fresh), { kind: 'ok', text: DONE['two-factor-on'] }, {}, codes);
    },

    async renewRecoveryCodes(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps);
      if (!posted) return;
      const { session, form } = posted;
      if (!session.account.totp) return send(ctx, deps, 409, session, { kind: 'error', text: 'Recovery codes come with two-factor sign-in, which is off.' });
      const current = (form.get('current') ?? '').slice(0, 1024);
      if (!current) return send(ctx, deps, 422, session, { kind: 'error', text: 'Enter your current password.' });
      if (!mayCheckPassword(ctx, session)) return;
      if (!(await deps.auth.isCurrentPassword(session.account.id, current))) {
        return send(ctx, deps, 401, session, { kind: 'error', text: 'The current password is not right.' });
      }
      const codes = deps.auth.accounts.renewRecoveryCodes(session.account.id);
      if (!codes) return send(ctx, deps, 409, session, { kind: 'error', text: 'Recovery codes come with two-factor sign-in, which is off.' });
      appendHistory(deps.config.dataDir, { time: new Date(deps.clock()).toISOString(), person: session.account.id, action: 'recovery_codes_renewed', entry: null, language: null, via: 'panel', token: null });
      send(ctx, deps, 200, withRecord(deps, session, undefined), { kind: 'ok', text: DONE['recovery-codes'] }, {}, codes);
    },

    async turnTwoFactorOff(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps);
      if (!posted) return;
      const { session, form } = posted;
      if (!session.account.totp) return send(ctx, deps, 409, session, { kind: 'error', text: 'Two-factor sign-in is off already.' });
      const current = (form.get('current') ?? '').slice(0, 1024);
      if (!current) return send(ctx, deps, 422, session, { kind: 'error', text: 'Enter your current password.' });
      if (!mayCheckPassword(ctx, session)) return;
      if (!(await deps.auth.isCurrentPassword(session.account.id, current))) {
        return send(ctx, deps, 401, session, { kind: 'error', text: 'The current password is not right.' });
      }
      deps.auth.accounts.disableTotp(session.account.id);
      done(ctx, 'two-factor-off');
    },
  };
}
