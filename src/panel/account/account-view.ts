import { PASSWORD_MIN } from '../../auth/account-store.js';
import { encodeQr } from '../../lib/qr/qr-encode.js';
import { qrSvg } from '../../lib/qr/qr-svg.js';
import { esc } from '../html.js';
import { csrfField } from '../csrf.js';

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
}

/** Name and email; a new email needs the current password (it is what signs in). */
function profileForm(view: AccountView): string {
  return `<h2 id="profile">Name and email</h2>
<form class="card" method="post" action="/svc/panel/account/profile">
${csrfField(view.csrf)}
<label for="profile-name">Name</label>
<input id="profile-name" name="name" type="text" autocomplete="name" maxlength="100" value="${esc(view.name)}" required>
<label for="profile-email">Email <span class="muted">(you sign in with it)</span></label>
<input id="profile-email" name="email" type="email" autocomplete="email" value="${esc(view.email)}" required>
<label for="profile-current">Current password <span class="muted">(needed to change the email)</span></label>
<input id="profile-current" name="current" type="password" autocomplete="current-password">
<button type="submit">Save name and email</button>
</form>`;
}

function passwordForm(view: AccountView): string {
  return `<h2 id="password">Password</h2>
<form class="card" method="post" action="/svc/panel/account/password">
${csrfField(view.csrf)}
<label for="current-password">Current password</label>
<input id="current-password" name="current" type="password" autocomplete="current-password" required>
<label for="new-password">New password</label>
<input id="new-password" name="password" type="password" autocomplete="new-password" minlength="${PASSWORD_MIN}" required aria-describedby="password-rule">
<p class="muted" id="password-rule">At least ${PASSWORD_MIN} characters.</p>
<label for="repeat-password">New password again</label>
<input id="repeat-password" name="repeat" type="password" autocomplete="new-password" minlength="${PASSWORD_MIN}" required>
<button type="submit">Change password</button>
<p class="muted">You stay signed in here; everywhere else you are signed out. Tokens for assistants keep working.</p>
</form>`;
}

function newCodes(codes: string[]): string {
  return `<div class="card" id="recovery-codes">
<h3>Your recovery codes</h3>
<p><strong>Write these down or print them now: they are shown only this once.</strong> If you lose the phone with the authenticator app, type one of them where the sign-in asks for a code. Each code works once.</p>
<ol class="codes">${codes.map((code) => `<li>${esc(code)}</li>`).join('')}</ol>
</div>`;
}

function twoFactorOn(view: AccountView): string {
  const left = view.recoveryLeft;
  return `${view.newRecoveryCodes ? newCodes(view.newRecoveryCodes) : ''}<div class="card">
<p><strong>Two-factor sign-in is on.</strong> Signing in asks for a code from your authenticator app.</p>
<p>${left === 0 ? '<strong>You have no recovery codes left.</strong> Make new ones so that losing your phone does not lock you out.' : `You have ${left} unused recovery code${left === 1 ? '' : 's'}.`}</p>
<form method="post" action="/svc/panel/account/two-factor/recovery-codes">
${csrfField(view.csrf)}
<label for="codes-password">Current password</label>
<input id="codes-password" name="current" type="password" autocomplete="current-password" required>
<button class="secondary" type="submit">Make new recovery codes</button>
<p class="muted">New codes replace the old ones: the old ones stop working at once.</p>
</form>
</div>
<div class="card">
<form method="post" action="/svc/panel/account/two-factor/off">
${csrfField(view.csrf)}
<label for="off-password">Current password</label>
<input id="off-password" name="current" type="password" autocomplete="current-password" required>
<button class="secondary" type="submit">Turn two-factor sign-in off</button>
</form>
</div>`;
}

/** The address as a QR code; none (the address and secret still shown) for one longer than a QR code holds. */
function qrOf(uri: string): string {
  try {
    return qrSvg(encodeQr(uri), 'QR code of the address for your authenticator app');
  } catch (error) {
    if (error instanceof RangeError) return '';
    throw error;
  }
}

function twoFactorSetup(view: AccountView, pending: NonNullable<AccountView['pending']>): string {
  const qr = qrOf(pending.uri);
  return `<div class="card">
<p>1. Add this key to an authenticator app: scan the QR code with it, or open the address below on this phone, or type the secret by hand.</p>
<div class="qr">${qr}<div>
<p class="muted">Secret</p>
<pre class="secret">${esc(pending.secret)}</pre>
<p class="muted">Address (<a href="${esc(pending.uri)}">open in an authenticator app</a>)</p>
<pre>${esc(pending.uri)}</pre>
</div></div>
<form method="post" action="/svc/panel/account/two-factor/confirm">
${csrfField(view.csrf)}
<label for="code">2. The 6-digit code the app shows now</label>
<input id="code" name="code" type="text" inputmode="numeric" pattern="[0-9 ]{6,7}" maxlength="7" autocomplete="one-time-code" required>
<button type="submit">Turn two-factor sign-in on</button>
</form>
<p class="muted">Two-factor sign-in stays off until a code is right. The key is kept for 10 minutes. When it is on, you get ten recovery codes, and you are signed out everywhere else.</p>
</div>`;
}

function twoFactorOff(view: AccountView): string {
  return `<form class="card" method="post" action="/svc/panel/account/two-factor/start">
${csrfField(view.csrf)}
<p><strong>Two-factor sign-in is off.</strong> With it on, signing in also asks for a code from an authenticator app on your phone.</p>
<button type="submit">Set up two-factor sign-in</button>
</form>`;
}

/** The "Your account" page body: who you are, the password form and two-factor sign-in. */
export function renderAccount(view: AccountView): string {
  const twoFactor = view.twoFactorOn ? twoFactorOn(view) : view.pending ? twoFactorSetup(view, view.pending) : twoFactorOff(view);
  return `<h1>Your account</h1>
<div class="card"><dl class="facts"><dt>Name</dt><dd>${esc(view.name)}</dd><dt>Email</dt><dd>${esc(view.email)}</dd><dt>Role</dt><dd>${esc(view.role)}</dd></dl></div>
${profileForm(view)}
${passwordForm(view)}
<h2 id="two-factor">Two-factor sign-in</h2>
${twoFactor}`;
}
