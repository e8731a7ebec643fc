import type { PanelSessionDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { redirect } from '../../http/respond.js';
import { esc, escText } from '../html.js';
import { appendHistory } from '../../content/history.js';
import { renderPage, sendPanelPage } from '../layout.js';
import { anonymousCsrfToken, checkAnonymousCsrf, csrfField } from '../csrf.js';
import { safeNext } from '../safe-next.js';
import { SignInThrottle, tooManyAttemptsSentence } from '../sign-in-throttle.js';
import { csrfMatches, currentPanelSession, endSession, isSecure, readPanelForm, sessionFromCookie, startSession } from '../panel-session.js';
import { fill, words } from '../words/panel-words.js';
import { fileStorage } from '../../content/storage/file-storage.js';

const HOME = '/svc/panel/';
/** The sign-in forms hold an address, a password or a code, and a CSRF token. */
const SIGN_IN_FORM_BYTES = 16 * 1024;

function signInForm(csrf: string, next: string | null, email = '', siteTitle = ''): string {
  const w = words().signIn;
  return `<h1>${siteTitle ? esc(fill(w.headingTo, { site: siteTitle })) : esc(w.heading)}</h1>
<form class="card narrow" method="post" action="/svc/panel/sign-in">
${csrfField(csrf)}${next ? `<input type="hidden" name="next" value="${esc(next)}">` : ''}
<label for="email">${esc(w.email)}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${esc(email)}" autofocus>
<label for="password">${esc(w.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${esc(w.submit)}</button>
<p class="muted"><a href="${LOST_PATH}">${esc(w.lostLink)}</a></p>
</form>`;
}

export const LOST_PATH = '/svc/panel/sign-in/lost';

/** Words with `{mark}`s filled by HTML built here (the commands shown as code); the words themselves escaped. */
function withCode(text: string, code: Record<string, string>): string {
  return fill(escText(text), Object.fromEntries(Object.entries(code).map(([mark, command]) => [mark, `<code>${esc(command)}</code>`])));
}

/** What a person who lost their password (or two-factor device) does: there is no mail, so an admin helps. */
function lostPage(siteTitle: string): string {
  const w = words().signIn.lost;
  return `<div class="narrow"><h1>${esc(w.title)}</h1><div class="card"><p>${escText(fill(w.askAdmin, { site: siteTitle || w.theSite }))}</p>`
    + `<p>${withCode(w.onlyAdmin, { password: 'svc user password your@email', twoFactor: 'svc user 2fa your@email --off' })}</p>`
    + `<p><a href="/svc/panel/sign-in">${esc(w.back)}</a></p></div></div>`;
}

function codeForm(csrf: string): string {
  const w = words().signIn.code;
  return `<h1>${esc(w.title)}</h1>
<form class="card narrow" method="post" action="/svc/panel/sign-in/code">
${csrfField(csrf)}
<label for="code">${esc(w.label)}</label>
<input id="code" name="code" type="text" maxlength="24" autocomplete="one-time-code" autocapitalize="none" spellcheck="false" required autofocus aria-describedby="code-help">
<p class="muted" id="code-help">${withCode(w.help, { pattern: 'xxxx-xxxx-xxxx-xxxx' })}</p>
<button type="submit">${esc(w.submit)}</button>
</form>
<p class="muted narrow">${withCode(w.noCodesLeft, { command: 'user 2fa', off: '--off' })}</p>`;
}

/** The sentence for a wrong two-factor code, at sign-in and when turning two-factor sign-in on. */
export function wrongCode(): string {
  return words().signIn.wrongCode;
}

/** The sign-in, two-factor and sign-out handlers; `throttle` is shared with the account page. */
export function createSignInHandlers(deps: PanelSessionDeps, throttle = new SignInThrottle(deps.clock), siteTitle: () => string = () => '') {
  /** The site's name on the sign-in pages; a site.yaml that cannot be read leaves it out rather than failing the sign-in. */
  const title = () => { try { return siteTitle(); } catch { return ''; } };
  function tooMany(ctx: RequestContext, wait: number, body: string): void {
    sendPanelPage(ctx, 429, renderPage({ title: words().signIn.title, body, notice: { kind: 'error', text: tooManyAttemptsSentence(wait) } }), { 'retry-after': String(wait) });
  }

  /** A recovery code in place of the app's code: spent, and recorded in the history with how many are left. */
  function spendRecoveryCode(accountId: string, code: string): boolean {
    const left = deps.auth.accounts.consumeRecoveryCode(accountId, code);
    if (left === null) return false;
    appendHistory(deps.config.dataDir, {
      time: new Date(deps.clock()).toISOString(), person: accountId, action: 'recovery_code_used', entry: null, language: null, via: 'panel', token: null,
      detail: `${left} recovery code${left === 1 ? '' : 's'} left`,
    }, fileStorage(deps.trustedFolders));
    return true;
  }

  return {
    showSignIn(ctx: RequestContext): void {
      const next = safeNext(ctx.url.searchParams.get('next'));
      if (currentPanelSession(ctx, deps)) return redirect(ctx.res, next ?? HOME, 303, { 'cache-control': 'no-store' });
      const csrf = anonymousCsrfToken(ctx, isSecure(deps));
      sendPanelPage(ctx, 200, renderPage({ title: words().signIn.title, body: signInForm(csrf, next, '', title()) }));
    },

    async signIn(ctx: RequestContext): Promise<void> {
      const form = await readPanelForm(ctx, deps, SIGN_IN_FORM_BYTES);
      if (!form) return;
      try {
        checkAnonymousCsrf(ctx, form);
      } catch (error) {
        const csrf = anonymousCsrfToken(ctx, isSecure(deps));
        return sendPanelPage(ctx, 403, renderPage({ title: words().signIn.title, body: signInForm(csrf, safeNext(form.get('next')), '', title()), notice: { kind: 'error', text: (error as Error).message } }));
      }
      const email = (form.get('email') ?? '').slice(0, 320);
      const password = (form.get('password') ?? '').slice(0, 1024);
      const next = safeNext(form.get('next'));
      const csrf = anonymousCsrfToken(ctx, isSecure(deps));
      const wait = throttle.take(ctx.ip, email);
      if (wait > 0) return tooMany(ctx, wait, signInForm(csrf, next, email, title()));
      const account = email && password ? await deps.auth.checkPassword(email, password) : undefined;
      if (!account) {
        return sendPanelPage(ctx, 401, renderPage({ title: words().signIn.title, body: signInForm(csrf, next, email, title()), notice: { kind: 'error', text: words().signIn.badPassword } }));
      }
      throttle.succeeded(ctx.ip, email);
      if (account.totp) {
        startSession(ctx, deps, account.id, 'two_factor', next ?? undefined);
        return redirect(ctx.res, '/svc/panel/sign-in/code', 303, { 'cache-control': 'no-store' });
      }
      startSession(ctx, deps, account.id, 'signed_in');
      redirect(ctx.res, next ?? HOME, 303, { 'cache-control': 'no-store' });
    },

    showCode(ctx: RequestContext): void {
      const pending = sessionFromCookie(ctx, deps);
      if (!pending || pending.record.stage !== 'two_factor') return redirect(ctx.res, '/svc/panel/sign-in', 303, { 'cache-control': 'no-store' });
      sendPanelPage(ctx, 200, renderPage({ title: words().signIn.code.title, body: codeForm(pending.record.csrf) }));
    },

    async checkCode(ctx: RequestContext): Promise<void> {
      const form = await readPanelForm(ctx, deps, SIGN_IN_FORM_BYTES);
      if (!form) return;
      const pending = sessionFromCookie(ctx, deps);
      if (!pending || pending.record.stage !== 'two_factor') {
        return sendPanelPage(ctx, 403, renderPage({ title: words().signIn.title, body: `<p><a href="/svc/panel/sign-in">${esc(words().signIn.signInAgain)}</a></p>`, notice: { kind: 'error', text: words().signIn.expired } }));
      }
      if (!csrfMatches(ctx, form, pending.record.csrf)) return;
      const account = deps.auth.accounts.get(pending.record.account);
      const wait = throttle.take(ctx.ip, account?.email ?? pending.record.account);
      if (wait > 0) return tooMany(ctx, wait, codeForm(pending.record.csrf));
      const code = (form.get('code') ?? '').slice(0, 64);
      if (!account || !(deps.auth.accounts.consumeTotp(account.id, code) || spendRecoveryCode(account.id, code))) {
        return sendPanelPage(ctx, 401, renderPage({ title: words().signIn.code.title, body: codeForm(pending.record.csrf), notice: { kind: 'error', text: wrongCode() } }));
      }
      throttle.succeeded(ctx.ip, account.email);
      startSession(ctx, deps, account.id, 'signed_in');
      redirect(ctx.res, safeNext(pending.record.next) ?? HOME, 303, { 'cache-control': 'no-store' });
    },

    showLost(ctx: RequestContext): void {
      sendPanelPage(ctx, 200, renderPage({ title: words().signIn.lost.title, body: lostPage(title()) }));
    },

    async signOut(ctx: RequestContext): Promise<void> {
      const form = await readPanelForm(ctx, deps, SIGN_IN_FORM_BYTES);
      if (!form) return;
      const found = sessionFromCookie(ctx, deps);
      if (found && !csrfMatches(ctx, form, found.record.csrf)) return;
      endSession(ctx, deps);
      redirect(ctx.res, '/svc/panel/sign-in', 303, { 'cache-control': 'no-store' });
    },
  };
}
