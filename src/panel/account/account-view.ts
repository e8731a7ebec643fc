import { PASSWORD_MIN } from '../../auth/account-store.js';
import { encodeQr } from '../../lib/qr/qr-encode.js';
import { qrSvg } from '../../lib/qr/qr-svg.js';
import { esc } from '../html.js';
import { csrfField } from '../csrf.js';
import { fill, plural, words } from '../words/panel-words.js';
import { renderLanguageForm } from './language-view.js';

export interface AccountView {
  csrf: string;
  name: string;
  email: string;
  role: string;
  twoFactorOn: boolean;
  /** A two-factor secret being set up in this session (not active yet): shown with its otpauth:// address. */
  pending?: { secret: string; uri: string } | undefined;
  /** Unused recovery codes the account has (two-factor on). */
  recoveryLeft: number;
  /** Recovery codes just made: shown on this one answer and never again. */
  newRecoveryCodes?: string[] | undefined;
  /** The panel language chosen on this page ('' follows the browser). */
  language: string;
}

/** Name and email; a new email needs the current password (it is what signs in). */
function profileForm(view: AccountView): string {
  const w = words().account.profile;
  return `<h2 id="profile">${esc(w.heading)}</h2>
<form class="card" method="post" action="/svc/panel/account/profile">
${csrfField(view.csrf)}
<label for="profile-name">${esc(w.name)}</label>
<input id="profile-name" name="name" type="text" autocomplete="name" maxlength="100" value="${esc(view.name)}" required>
<label for="profile-email">${esc(w.email)} <span class="muted">${esc(w.emailNote)}</span></label>
<input id="profile-email" name="email" type="email" autocomplete="email" value="${esc(view.email)}" required>
<label for="profile-current">${esc(w.current)} <span class="muted">${esc(w.currentNote)}</span></label>
<input id="profile-current" name="current" type="password" autocomplete="current-password">
<button type="submit">${esc(w.save)}</button>
</form>`;
}

function passwordForm(view: AccountView): string {
  const w = words().account.password;
  return `<h2 id="password">${esc(w.heading)}</h2>
<form class="card" method="post" action="/svc/panel/account/password">
${csrfField(view.csrf)}
<label for="current-password">${esc(w.current)}</label>
<input id="current-password" name="current" type="password" autocomplete="current-password" required>
<label for="new-password">${esc(w.new)}</label>
<input id="new-password" name="password" type="password" autocomplete="new-password" minlength="${PASSWORD_MIN}" required aria-describedby="password-rule">
<p class="muted" id="password-rule">${esc(fill(w.rule, { count: PASSWORD_MIN }))}</p>
<label for="repeat-password">${esc(w.repeat)}</label>
<input id="repeat-password" name="repeat" type="password" autocomplete="new-password" minlength="${PASSWORD_MIN}" required>
<button type="submit">${esc(w.change)}</button>
<p class="muted">${esc(w.note)}</p>
</form>`;
}

function newCodes(codes: string[]): string {
  const w = words().account.twoFactor;
  return `<div class="card" id="recovery-codes">
<h3>${esc(w.codesHeading)}</h3>
<p><strong>${esc(w.writeDown)}</strong> ${esc(w.writeDownMore)}</p>
<ol class="codes">${codes.map((code) => `<li>${esc(code)}</li>`).join('')}</ol>
</div>`;
}

function twoFactorOn(view: AccountView): string {
  const w = words().account.twoFactor;
  const left = view.recoveryLeft;
  return `${view.newRecoveryCodes ? newCodes(view.newRecoveryCodes) : ''}<div class="card">
<p><strong>${esc(w.isOn)}</strong> ${esc(w.isOnMore)}</p>
<p>${left === 0 ? `<strong>${esc(w.noCodesLeft)}</strong> ${esc(w.noCodesLeftMore)}` : esc(plural(w.codesLeft, left))}</p>
<form method="post" action="/svc/panel/account/two-factor/recovery-codes">
${csrfField(view.csrf)}
<label for="codes-password">${esc(w.current)}</label>
<input id="codes-password" name="current" type="password" autocomplete="current-password" required>
<button class="secondary" type="submit">${esc(w.newCodes)}</button>
<p class="muted">${esc(w.newCodesNote)}</p>
</form>
</div>
<div class="card">
<form method="post" action="/svc/panel/account/two-factor/off">
${csrfField(view.csrf)}
<label for="off-password">${esc(w.current)}</label>
<input id="off-password" name="current" type="password" autocomplete="current-password" required>
<button class="secondary" type="submit">${esc(w.turnOff)}</button>
</form>
</div>`;
}

/** The address as a QR code; none (the address and secret still shown) for one longer than a QR code holds. */
function qrOf(uri: string): string {
  try {
    return qrSvg(encodeQr(uri), words().account.twoFactor.qr);
  } catch (error) {
    if (error instanceof RangeError) return '';
    throw error;
  }
}

function twoFactorSetup(view: AccountView, pending: NonNullable<AccountView['pending']>): string {
  const w = words().account.twoFactor;
  const qr = qrOf(pending.uri);
  return `<div class="card">
<p>${esc(w.step1)}</p>
<div class="qr">${qr}<div>
<p class="muted">${esc(w.secret)}</p>
<pre class="secret">${esc(pending.secret)}</pre>
<p class="muted">${esc(w.address)} (<a href="${esc(pending.uri)}">${esc(w.openInApp)}</a>)</p>
<pre>${esc(pending.uri)}</pre>
</div></div>
<form method="post" action="/svc/panel/account/two-factor/confirm">
${csrfField(view.csrf)}
<label for="code">${esc(w.step2)}</label>
<input id="code" name="code" type="text" inputmode="numeric" pattern="[0-9 ]{6,7}" maxlength="7" autocomplete="one-time-code" required>
<button type="submit">${esc(w.turnOn)}</button>
</form>
<p class="muted">${esc(w.setupNote)}</p>
</div>`;
}

function twoFactorOff(view: AccountView): string {
  const w = words().account.twoFactor;
  return `<form class="card" method="post" action="/svc/panel/account/two-factor/start">
${csrfField(view.csrf)}
<p><strong>${esc(w.isOff)}</strong> ${esc(w.isOffMore)}</p>
<button type="submit">${esc(w.setUp)}</button>
</form>`;
}

/** The "Your account" page body: who you are, name and email, the panel's language, the password and two-factor sign-in. */
export function renderAccount(view: AccountView): string {
  const w = words().account;
  const twoFactor = view.twoFactorOn ? twoFactorOn(view) : view.pending ? twoFactorSetup(view, view.pending) : twoFactorOff(view);
  return `<h1>${esc(w.title)}</h1>
<div class="card"><dl class="facts"><dt>${esc(w.name)}</dt><dd>${esc(view.name)}</dd><dt>${esc(w.email)}</dt><dd>${esc(view.email)}</dd><dt>${esc(w.role)}</dt><dd>${esc(view.role)}</dd></dl></div>
${profileForm(view)}
${renderLanguageForm(view.csrf, view.language)}
${passwordForm(view)}
<h2 id="two-factor">${esc(w.twoFactor.heading)}</h2>
${twoFactor}`;
}
