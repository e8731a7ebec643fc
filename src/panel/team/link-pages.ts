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
import { fill, words } from '../words/panel-words.js';
import { fileStorage } from '../../content/storage/file-storage.js';

export const JOIN_PATH = '/svc/panel/join';
export const RESET_PATH = '/svc/panel/reset';
const FORM_BYTES = 8 * 1024;

export function registerLinkPages(router: Router, deps: PanelSessionDeps, throttle: SignInThrottle): void {
  const auth = deps.auth;
  const page = (ctx: RequestContext, status: number, title: string, body: string, error?: string) =>
    sendPanelPage(ctx, status, renderPage({ title, body: `<div class="narrow"><h1>${esc(title)}</h1>${body}</div>`, notice: error ? { kind: 'error', text: error } : null }));
  const signInLink = () => `<p><a href="/svc/panel/sign-in">${esc(words().team.signIn)}</a></p>`;
  const gone = (ctx: RequestContext, message: string) => page(ctx, 404, words().team.linkGone, `<div class="card"><p>${esc(message)}</p>${signInLink()}</div>`);

  const joinForm = (csrf: string, link: Extract<OneTimeLink, { kind: 'invite' }>, secret: string, name = '') => {
    const w = words().team;
    // The role and the address are shown strong: filled into the escaped words as markup.
    return `<form class="card" method="post" action="${JOIN_PATH}">${csrfField(csrf)}<input type="hidden" name="link" value="${esc(secret)}"><p>${fill(esc(w.invitedAs), { role: `<strong>${esc(link.role)}</strong>`, email: `<strong>${esc(link.email)}</strong>` })}</p>`
      + `<label for="join-name">${esc(w.yourName)}</label><input type="text" id="join-name" name="name" value="${esc(name)}" required maxlength="100" autocomplete="name">`
      + `<label for="join-password">${esc(w.aPassword)} <span class="muted">${esc(w.passwordHint)}</span></label><input type="password" id="join-password" name="password" required minlength="10" autocomplete="new-password">`
      + `<button type="submit">${esc(w.join)}</button></form>`;
  };

  const resetForm = (csrf: string, link: Extract<OneTimeLink, { kind: 'reset' }>, secret: string, name: string) => {
    const w = words().team;
    return link.what === 'password'
      ? `<form class="card" method="post" action="${RESET_PATH}">${csrfField(csrf)}<input type="hidden" name="link" value="${esc(secret)}"><p>${esc(fill(w.newPasswordFor, { name }))}</p><label for="reset-password">${esc(w.newPassword)} <span class="muted">${esc(w.passwordHint)}</span></label><input type="password" id="reset-password" name="password" required minlength="10" autocomplete="new-password"><button type="submit">${esc(w.setPassword)}</button></form>`
      : `<form class="card" method="post" action="${RESET_PATH}">${csrfField(csrf)}<input type="hidden" name="link" value="${esc(secret)}"><p>${esc(fill(w.turnOffFor, { name }))}</p><label for="reset-current">${esc(w.yourPassword)}</label><input type="password" id="reset-current" name="password" required autocomplete="current-password"><button type="submit">${esc(w.turnOff)}</button></form>`;
  };
  const resetTitle = (link: Extract<OneTimeLink, { kind: 'reset' }>) => link.what === 'password' ? words().team.chooseNewPassword : words().team.resetTwoFactor;

  router.get(JOIN_PATH, (ctx: RequestContext) => {
    const secret = ctx.url.searchParams.get('link') ?? '';
    const link = auth.links.peek(secret);
    if (!link || link.kind !== 'invite') return gone(ctx, words().team.invitationGone);
    page(ctx, 200, words().team.joinTitle, joinForm(anonymousCsrfToken(ctx, isSecure(deps)), link, secret));
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
        if (link.kind !== 'invite') throw new AppError('not_found', words().team.notInvitation);
        if (!auth.roles.exists(link.role)) throw new AppError('conflict', fill(words().team.roleGone, { role: link.role }));
        return auth.accounts.create({ name, email: link.email, role: link.role, password });
      });
      appendHistory(deps.config.dataDir, { time: new Date(deps.clock()).toISOString(), person: account.id, action: 'team_joined', entry: null, language: null, via: 'panel', token: null, detail: `joined as ${account.role}` }, fileStorage(deps.trustedFolders));
      page(ctx, 201, words().team.welcome, `<div class="card"><p>${esc(fill(words().team.accountReady, { name: account.name, email: account.email }))}</p>${signInLink()}</div>`);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const link = auth.links.peek(secret);
      if (!link || link.kind !== 'invite') return gone(ctx, error.message);
      page(ctx, error.status, words().team.joinTitle, joinForm(anonymousCsrfToken(ctx, isSecure(deps)), link, secret, name), error.message);
    }
  });

  router.get(RESET_PATH, (ctx: RequestContext) => {
    const secret = ctx.url.searchParams.get('link') ?? '';
    const link = auth.links.peek(secret);
    const account = link?.kind === 'reset' ? auth.accounts.get(link.account) : undefined;
    if (!link || link.kind !== 'reset' || !account) return gone(ctx, words().team.resetGone);
    page(ctx, 200, resetTitle(link), resetForm(anonymousCsrfToken(ctx, isSecure(deps)), link, secret, account.name));
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
        if (link.kind !== 'reset') throw new AppError('not_found', words().team.notReset);
        const account = auth.accounts.get(link.account);
        if (!account) throw new AppError('not_found', words().team.personGone);
        if (link.what === 'password') {
          await auth.accounts.setPassword(account.id, password);
        } else {
          // The password guesses count with the sign-in's, so a link cannot be used to guess it.
          const wait = throttle.take(ctx.ip, account.email);
          if (wait > 0) throw new AppError('rate_limited', words().team.tooMany);
          if (!(await auth.checkPassword(account.email, password))) throw new AppError('forbidden', words().team.wrongPassword);
          throttle.succeeded(ctx.ip, account.email);
          auth.accounts.disableTotp(account.id);
        }
        auth.sessions.removeAccount(account.id);
        return { account, what: link.what };
      });
      appendHistory(deps.config.dataDir, { time: new Date(deps.clock()).toISOString(), person: done.account.id, action: 'team_reset_used', entry: null, language: null, via: 'panel', token: null, detail: done.what === 'password' ? 'password reset' : 'two-factor sign-in turned off' }, fileStorage(deps.trustedFolders));
      const w = words().team;
      page(ctx, 200, w.done, `<div class="card"><p>${esc(done.what === 'password' ? w.passwordChanged : w.twoFactorNowOff)} ${esc(w.signedOutEverywhere)}</p>${signInLink()}</div>`);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const link = auth.links.peek(secret);
      const account = link?.kind === 'reset' ? auth.accounts.get(link.account) : undefined;
      if (!link || link.kind !== 'reset' || !account) return gone(ctx, error.message);
      page(ctx, error.status, resetTitle(link), resetForm(anonymousCsrfToken(ctx, isSecure(deps)), link, secret, account.name), error.message);
    }
  });
}
