// The pages a one-time link opens, before sign-in: joining the team (name and password; the email and role
// are the invitation's) and a reset (a new password; or, for two-factor, the person's password, after which
// two-factor sign-in is off until they set it up again on Your account). A link that was used, withdrawn,
// expired, whose role was removed or whose person was removed does nothing and says so.
import type { PanelSessionDeps } from '../panel-deps.js';
import type { RequestContext, Router } from '../../http/router.js';
import { AppError } from '../../errors.js';
import { checkNewPassword } from '../../auth/account-store.js';
import type { OneTimeLink } from '../../auth/one-time-links.js';
import { appendHistory } from '../../content/history.js';
import { anonymousCsrfToken, checkAnonymousCsrf, csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { renderPage, sendPanelPage } from '../layout.js';
import { isSecure, readPanelForm } from '../panel-session.js';
import type { SignInThrottle } from '../sign-in-throttle.js';

export const JOIN_PATH = '/svc/panel/join';
export const RESET_PATH = '/svc/panel/reset';
const FORM_BYTES = 8 * 1024;

export function registerLinkPages(router: Router, deps: PanelSessionDeps, throttle: SignInThrottle): void {
  const auth = deps.auth;
  const page = (ctx: RequestContext, status: number, title: string, body: string, error?: string) =>
    sendPanelPage(ctx, status, renderPage({ title, body: `<div class="narrow"><h1>${esc(title)}</h1>${body}</div>`, notice: error ? { kind: 'error', text: error } : null }));
  const gone = (ctx: RequestContext, message: string) => page(ctx, 404, 'This link does not work', `<div class="card"><p>${esc(message)}</p><p><a href="/svc/panel/sign-in">Sign in</a></p></div>`);

  const joinForm = (csrf: string, link: Extract<OneTimeLink, { kind: 'invite' }>, secret: string, name = '') =>
    `<form class="card" method="post" action="${JOIN_PATH}">${csrfField(csrf)}<input type="hidden" name="link" value="${esc(secret)}"><p>You are invited to join as <strong>${esc(link.role)}</strong> with the email address <strong>${esc(link.email)}</strong>.</p>`
    + `<label for="join-name">Your name</label><input type="text" id="join-name" name="name" value="${esc(name)}" required maxlength="100" autocomplete="name">`
    + `<label for="join-password">A password <span class="muted">(at least 10 characters)</span></label><input type="password" id="join-password" name="password" required minlength="10" autocomplete="new-password">`
    + '<button type="submit">Join</button></form>';

  const resetForm = (csrf: string, link: Extract<OneTimeLink, { kind: 'reset' }>, secret: string, name: string) => link.what === 'password'
    ? `<form class="card" method="post" action="${RESET_PATH}">${csrfField(csrf)}<input type="hidden" name="link" value="${esc(secret)}"><p>A new password for ${esc(name)}. You are signed out everywhere else after this.</p><label for="reset-password">New password <span class="muted">(at least 10 characters)</span></label><input type="password" id="reset-password" name="password" required minlength="10" autocomplete="new-password"><button type="submit">Set the password</button></form>`
    : `<form class="card" method="post" action="${RESET_PATH}">${csrfField(csrf)}<input type="hidden" name="link" value="${esc(secret)}"><p>This turns two-factor sign-in off for ${esc(name)}, who then signs in with the password alone and sets two-factor up again on Your account. Your password confirms it is you.</p><label for="reset-current">Your password</label><input type="password" id="reset-current" name="password" required autocomplete="current-password"><button type="submit">Turn two-factor sign-in off</button></form>`;

  router.get(JOIN_PATH, (ctx: RequestContext) => {
    const secret = ctx.url.searchParams.get('link') ?? '';
    const link = auth.links.peek(secret);
    if (!link || link.kind !== 'invite') return gone(ctx, 'This invitation was used already, withdrawn, or is older than 7 days. Ask an admin of the site for a new one.');
    page(ctx, 200, 'Join the team', joinForm(anonymousCsrfToken(ctx, isSecure(deps)), link, secret));
  });

  router.post(JOIN_PATH, async (ctx: RequestContext) => {
    const form = await readPanelForm(ctx, deps, FORM_BYTES);
    if (!form) return;
    const secret = form.get('link') ?? '';
    const name = (form.get('name') ?? '').slice(0, 200);
    try {
      checkAnonymousCsrf(ctx, form);
      const password = form.get('password') ?? '';
      checkNewPassword(password);
      const account = await auth.links.take(secret, async (link) => {
        if (link.kind !== 'invite') throw new AppError('not_found', 'This is not an invitation link.');
        if (!auth.roles.exists(link.role)) throw new AppError('conflict', `The role ${link.role} this invitation was for does not exist any more; ask an admin of the site for a new invitation.`);
        return auth.accounts.create({ name, email: link.email, role: link.role, password });
      });
      appendHistory(deps.config.dataDir, { time: new Date(deps.clock()).toISOString(), person: account.id, action: 'team_joined', entry: null, language: null, via: 'panel', token: null, detail: `joined as ${account.role}` });
      page(ctx, 201, 'Welcome', `<div class="card"><p>Your account is ready, ${esc(account.name)}. Sign in with ${esc(account.email)} and your new password.</p><p><a href="/svc/panel/sign-in">Sign in</a></p></div>`);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const link = auth.links.peek(secret);
      if (!link || link.kind !== 'invite') return gone(ctx, error.message);
      page(ctx, error.status, 'Join the team', joinForm(anonymousCsrfToken(ctx, isSecure(deps)), link, secret, name), error.message);
    }
  });

  router.get(RESET_PATH, (ctx: RequestContext) => {
    const secret = ctx.url.searchParams.get('link') ?? '';
    const link = auth.links.peek(secret);
    const account = link?.kind === 'reset' ? auth.accounts.get(link.account) : undefined;
    if (!link || link.kind !== 'reset' || !account) return gone(ctx, 'This reset link was used already, withdrawn, is older than 7 days, or its person is no longer on the team. Ask an admin of the site for a new one.');
    page(ctx, 200, link.what === 'password' ? 'Choose a new password' : 'Reset two-factor sign-in', resetForm(anonymousCsrfToken(ctx, isSecure(deps)), link, secret, account.name));
  });

  router.post(RESET_PATH, async (ctx: RequestContext) => {
    const form = await readPanelForm(ctx, deps, FORM_BYTES);
    if (!form) return;
    const secret = form.get('link') ?? '';
    try {
      checkAnonymousCsrf(ctx, form);
      const password = (form.get('password') ?? '').slice(0, 1024);
      const peeked = auth.links.peek(secret);
      if (peeked?.kind === 'reset' && peeked.what === 'password') checkNewPassword(password);
      const done = await auth.links.take(secret, async (link) => {
        if (link.kind !== 'reset') throw new AppError('not_found', 'This is not a reset link.');
        const account = auth.accounts.get(link.account);
        if (!account) throw new AppError('not_found', 'The person this link was for is no longer on the team.');
        if (link.what === 'password') {
          await auth.accounts.setPassword(account.id, password);
        } else {
          // The password guesses count with the sign-in's, so a link cannot be used to guess it.
          const wait = throttle.take(ctx.ip, account.email);
          if (wait > 0) throw new AppError('rate_limited', 'Too many attempts; wait a few minutes and try again.');
          if (!(await auth.checkPassword(account.email, password))) throw new AppError('forbidden', 'The password is not right.');
          auth.accounts.disableTotp(account.id);
        }
        auth.sessions.removeAccount(account.id);
        return { account, what: link.what };
      });
      appendHistory(deps.config.dataDir, { time: new Date(deps.clock()).toISOString(), person: done.account.id, action: 'team_reset_used', entry: null, language: null, via: 'panel', token: null, detail: done.what === 'password' ? 'password reset' : 'two-factor sign-in turned off' });
      page(ctx, 200, 'Done', `<div class="card"><p>${done.what === 'password' ? 'Your password was changed.' : 'Two-factor sign-in is off; set it up again on Your account after signing in.'} You are signed out everywhere.</p><p><a href="/svc/panel/sign-in">Sign in</a></p></div>`);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const link = auth.links.peek(secret);
      const account = link?.kind === 'reset' ? auth.accounts.get(link.account) : undefined;
      if (!link || link.kind !== 'reset' || !account) return gone(ctx, error.message);
      page(ctx, error.status, link.what === 'password' ? 'Choose a new password' : 'Reset two-factor sign-in', resetForm(anonymousCsrfToken(ctx, isSecure(deps)), link, secret, account.name), error.message);
    }
  });
}
