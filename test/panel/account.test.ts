import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { startPanel, addPerson, passSignInWindow, Jar, get, post, csrfOf, sendSignInForm, signIn, type PanelHarness } from '../helpers/panel-harness.ts';
import { hotp, totpStep, decodeBase32 } from '../../dist/auth/totp.js';

let h: PanelHarness;
const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'purple staple lantern';
const PAGE = '/svc/panel/account';

before(async () => { h = await startPanel({ site: { settings: { title: 'Demo Site' }, entries: {} } }); });
after(() => h.close());
// Every test starts with full sign-in buckets: the fixed clock moves on past the throttle window.
beforeEach(() => passSignInWindow(h));

/** A new author (their own throttle bucket), signed in. */
const newPerson = () => addPerson(h, 'Person', 'author', PASSWORD);

/** Posts one of the account page's forms with the page's CSRF token. */
async function submit(jar: Jar, action: string, fields: Record<string, string> = {}) {
  const page = await get(h, PAGE, jar);
  return post(h, action, { csrf: csrfOf(page.text), ...fields }, jar);
}

/** The sign-in form's first answer: 303 to the panel, 303 to the code step, or 401. */
async function tryPassword(email: string, password: string): Promise<{ status: number; location: string | null; jar: Jar }> {
  const jar = new Jar();
  const { res } = await sendSignInForm(h, { email, password }, jar);
  return { status: res.status, location: res.headers.get('location'), jar };
}

function sessionFilesOf(account: string): string[] {
  const dir = join(h.dir, 'data', 'sessions');
  return readdirSync(dir).filter((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')).account === account);
}

function codeAt(secret: string, offsetSteps = 0): string {
  return hotp(decodeBase32(secret)!, totpStep(h.clock.now) + offsetSteps);
}

function shownSecret(html: string): string {
  const match = /<pre class="secret">([A-Z2-7]{32})<\/pre>/.exec(html);
  if (!match) throw new Error('no secret on the page');
  return match[1]!;
}

test('without a session the page redirects to sign-in and coming back; its posts are refused', async () => {
  const page = await get(h, PAGE);
  assert.equal(page.res.status, 303);
  assert.equal(page.res.headers.get('location'), '/svc/panel/sign-in?next=%2Fsvc%2Fpanel%2Faccount');
  for (const action of ['/password', '/two-factor/start', '/two-factor/confirm', '/two-factor/off']) {
    const { res, text } = await post(h, PAGE + action, { csrf: 'x'.repeat(32), current: PASSWORD, password: NEW_PASSWORD, repeat: NEW_PASSWORD });
    assert.equal(res.status, 403, action);
    assert.match(text, /You are not signed in any more\. Sign in and try again\./);
  }
});

test('the page is linked in the navigation, never cached, and every form carries the CSRF token', async () => {
  const { jar } = await newPerson();
  const home = await get(h, '/svc/panel/', jar);
  assert.match(home.text, /<a href="\/svc\/panel\/account">Your account<\/a>/);
  const { res, text } = await get(h, PAGE, jar);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'private, no-store');
  assert.equal(res.headers.get('x-frame-options'), 'DENY');
  assert.match(text, /<a href="\/svc\/panel\/account" aria-current="page">Your account<\/a>/);
  assert.match(text, /<h1>Your account<\/h1>/);
  assert.match(text, /<dt>Email<\/dt><dd>person\d+@example\.org<\/dd>/);
  assert.match(text, /Two-factor sign-in is off\./);
  const forms = [...text.matchAll(/<form [^>]*method="post"[^>]*>\n?(.*?)<\/form>/gs)];
  assert.equal(forms.length, 6); // the colour switch, sign-out, name and email, panel language, password, two-factor setup
  for (const form of forms) assert.match(form[0], /name="csrf" value="[A-Za-z0-9_-]{32}"/);
  assert.doesNotMatch(text, /<script/);
});

test('a post without the CSRF token, or with a wrong one, is refused with 403 and changes nothing', async () => {
  const person = await newPerson();
  for (const csrf of [undefined, 'x'.repeat(32)]) {
    const fields: Record<string, string> = { current: PASSWORD, password: NEW_PASSWORD, repeat: NEW_PASSWORD, ...(csrf ? { csrf } : {}) };
    for (const action of ['/password', '/two-factor/start', '/two-factor/off']) {
      const { res, text } = await post(h, PAGE + action, fields, person.jar);
      assert.equal(res.status, 403, action);
      assert.match(text, /The form has expired or did not come from this site\. Go back, reload the page and try again\./);
    }
  }
  assert.equal((await get(h, PAGE, person.jar)).res.status, 200);
  assert.equal(h.deps.auth.accounts.get(person.id)!.totp, null);
  assert.equal(await h.deps.auth.isCurrentPassword(person.id, PASSWORD), true);
  assert.doesNotMatch((await get(h, PAGE, person.jar)).text, /class="secret"/);
});

test('changing the password: the new one signs in, the old one not; other sessions end; tokens keep working', async () => {
  const person = await newPerson();
  const other = await signIn(h, person.email, PASSWORD);
  const { token } = h.deps.auth.createToken({ ownerId: person.id, name: 'Laptop', scopes: ['content:read'], expiresInDays: 30 });
  const oldId = person.jar.cookies.get('svc_session')!;
  assert.equal(sessionFilesOf(person.id).length, 2);

  const { res } = await submit(person.jar, `${PAGE}/password`, { current: PASSWORD, password: NEW_PASSWORD, repeat: NEW_PASSWORD });
  assert.equal(res.status, 303);
  assert.equal(res.headers.get('location'), `${PAGE}?done=password`);
  assert.equal(res.headers.get('cache-control'), 'no-store');
  const newId = person.jar.cookies.get('svc_session')!;
  assert.match(res.headers.getSetCookie().find((c) => c.startsWith('svc_session='))!, /^svc_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
  assert.notEqual(newId, oldId);
  assert.deepEqual(sessionFilesOf(person.id), [`${createHash('sha256').update(newId).digest('hex')}.json`]);

  const after = await get(h, `${PAGE}?done=password`, person.jar);
  assert.equal(after.res.status, 200);
  assert.match(after.text, /Your password was changed\. You are signed out everywhere else\./);
  const replay = new Jar();
  replay.cookies.set('svc_session', oldId);
  assert.equal((await get(h, PAGE, replay)).res.status, 303);
  assert.equal((await get(h, PAGE, other)).res.status, 303);

  assert.ok(h.deps.auth.verify(token));
  assert.equal((await tryPassword(person.email, PASSWORD)).status, 401);
  assert.equal((await tryPassword(person.email, NEW_PASSWORD)).status, 303);
  assert.equal(readFileSync(join(h.dir, 'data', 'accounts', `${person.id}.yaml`), 'utf8').includes(NEW_PASSWORD), false);
});

test('a wrong current password is refused with a sentence and changes nothing', async () => {
  const person = await newPerson();
  const other = await signIn(h, person.email, PASSWORD);
  const id = person.jar.cookies.get('svc_session');
  const { res, text } = await submit(person.jar, `${PAGE}/password`, { current: 'wrong horse battery', password: NEW_PASSWORD, repeat: NEW_PASSWORD });
  assert.equal(res.status, 401);
  assert.match(text, /<p class="notice error" role="alert">The current password is not right\.<\/p>/);
  assert.equal(person.jar.cookies.get('svc_session'), id);
  assert.equal((await get(h, PAGE, other)).res.status, 200);
  assert.equal(await h.deps.auth.isCurrentPassword(person.id, PASSWORD), true);
});

test('a new password that does not match its repetition, or is too short, or no current one, is refused', async () => {
  const person = await newPerson();
  const cases: Array<[Record<string, string>, string]> = [
    [{ current: PASSWORD, password: NEW_PASSWORD, repeat: `${NEW_PASSWORD}!` }, 'The new password and its repetition are not the same.'],
    [{ current: PASSWORD, password: 'short one', repeat: 'short one' }, 'The password must have at least 10 characters.'],
    [{ current: PASSWORD, password: 'x'.repeat(1025), repeat: 'x'.repeat(1025) }, 'The password must have at most 1024 characters.'],
    [{ current: '', password: NEW_PASSWORD, repeat: NEW_PASSWORD }, 'Enter your current password.'],
  ];
  for (const [fields, sentence] of cases) {
    const { res, text } = await submit(person.jar, `${PAGE}/password`, fields);
    assert.equal(res.status, 422, sentence);
    assert.ok(text.includes(`<p class="notice error" role="alert">${sentence}</p>`), sentence);
  }
  assert.equal(await h.deps.auth.isCurrentPassword(person.id, PASSWORD), true);
  assert.equal(sessionFilesOf(person.id).length, 1);
});

test('wrong current passwords count toward the sign-in throttle of that address and email', async () => {
  const person = await newPerson(); // a sign-in that succeeds takes no attempt: five wrong ones are the limit
  for (let i = 0; i < 5; i++) {
    const { res } = await submit(person.jar, `${PAGE}/password`, { current: `wrong ${i} battery`, password: NEW_PASSWORD, repeat: NEW_PASSWORD });
    assert.equal(res.status, 401);
  }
  const blocked = await submit(person.jar, `${PAGE}/password`, { current: PASSWORD, password: NEW_PASSWORD, repeat: NEW_PASSWORD });
  assert.equal(blocked.res.status, 429);
  assert.equal(blocked.res.headers.get('retry-after'), '180');
  assert.match(blocked.text, /Too many sign-in attempts\. Try again in 3 minutes\./);
  assert.equal(await h.deps.auth.isCurrentPassword(person.id, PASSWORD), true);
  assert.equal((await tryPassword(person.email, PASSWORD)).status, 429);
  h.clock.now += 180_000;
  const later = await submit(person.jar, `${PAGE}/password`, { current: PASSWORD, password: NEW_PASSWORD, repeat: NEW_PASSWORD });
  assert.equal(later.res.status, 303);
});

test('two-factor on: a new secret is shown, stays inactive, and only a right code from it turns it on', async () => {
  const person = await newPerson();
  const start = await submit(person.jar, `${PAGE}/two-factor/start`);
  assert.equal(start.res.status, 303);
  assert.equal(start.res.headers.get('location'), `${PAGE}#two-factor`);
  const page = await get(h, PAGE, person.jar);
  const secret = shownSecret(page.text);
  const uri = `otpauth://totp/Demo%20Site%3A${person.email.replace('@', '%40')}?secret=${secret}&amp;issuer=Demo+Site&amp;algorithm=SHA1&amp;digits=6&amp;period=30`;
  assert.ok(page.text.includes(`<pre>${uri}</pre>`));
  assert.equal(h.deps.auth.accounts.get(person.id)!.totp, null);
  assert.equal(readFileSync(join(h.dir, 'data', 'accounts', `${person.id}.yaml`), 'utf8').includes(secret), false);
  assert.equal((await tryPassword(person.email, PASSWORD)).location, '/svc/panel/');

  const wrong = await submit(person.jar, `${PAGE}/two-factor/confirm`, { code: codeAt(secret, 3) });
  assert.equal(wrong.res.status, 401);
  assert.match(wrong.text, /The code is not right, or it was used already\. Wait for the next code and try again\./);
  assert.equal(shownSecret(wrong.text), secret);
  // A secret posted by the browser is never taken: a code of the attacker's own secret does nothing.
  const planted = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const forged = await submit(person.jar, `${PAGE}/two-factor/confirm`, { code: codeAt(planted), secret: planted });
  assert.equal(forged.res.status, 401);
  assert.equal(h.deps.auth.accounts.get(person.id)!.totp, null);

  const code = codeAt(secret);
  const right = await submit(person.jar, `${PAGE}/two-factor/confirm`, { code });
  assert.equal(right.res.status, 200);
  assert.equal(right.res.headers.get('cache-control'), 'private, no-store');
  assert.match(right.text, /Two-factor sign-in is on\. You are signed out everywhere else\. From now on, signing in asks for a code from your app\./);
  assert.equal(h.deps.auth.accounts.get(person.id)!.totp!.secret, secret);
  const on = await get(h, PAGE, person.jar);
  assert.match(on.text, /Two-factor sign-in is on\./);
  assert.doesNotMatch(on.text, /class="secret"/);
  for (const file of readdirSync(join(h.dir, 'data', 'sessions'))) {
    assert.equal(readFileSync(join(h.dir, 'data', 'sessions', file), 'utf8').includes(secret), false);
  }

  const signingIn = await tryPassword(person.email, PASSWORD);
  assert.equal(signingIn.location, '/svc/panel/sign-in/code');
  const form = await get(h, '/svc/panel/sign-in/code', signingIn.jar);
  // The code that turned it on is spent; the next one signs in.
  assert.equal((await post(h, '/svc/panel/sign-in/code', { csrf: csrfOf(form.text), code }, signingIn.jar)).res.status, 401);
  assert.equal((await post(h, '/svc/panel/sign-in/code', { csrf: csrfOf(form.text), code: codeAt(secret, 1) }, signingIn.jar)).res.status, 303);
});

test('a code accepted one step either side of now, the same as at sign-in', async () => {
  const person = await newPerson();
  await submit(person.jar, `${PAGE}/two-factor/start`);
  const secret = shownSecret((await get(h, PAGE, person.jar)).text);
  assert.equal((await submit(person.jar, `${PAGE}/two-factor/confirm`, { code: codeAt(secret, -2) })).res.status, 401);
  assert.equal((await submit(person.jar, `${PAGE}/two-factor/confirm`, { code: codeAt(secret, -1) })).res.status, 200);
});

test('the secret being set up belongs to its session and expires after ten minutes', async () => {
  const person = await newPerson();
  const other = await signIn(h, person.email, PASSWORD);
  await submit(person.jar, `${PAGE}/two-factor/start`);
  const secret = shownSecret((await get(h, PAGE, person.jar)).text);
  const elsewhere = await submit(other, `${PAGE}/two-factor/confirm`, { code: codeAt(secret) });
  assert.equal(elsewhere.res.status, 409);
  assert.match(elsewhere.text, /The setup of two-factor sign-in has expired\. Start it again\./);
  h.clock.now += 10 * 60_000;
  const late = await submit(person.jar, `${PAGE}/two-factor/confirm`, { code: codeAt(secret) });
  assert.equal(late.res.status, 409);
  assert.equal(h.deps.auth.accounts.get(person.id)!.totp, null);
  // Starting again gives a new secret.
  await submit(person.jar, `${PAGE}/two-factor/start`);
  assert.notEqual(shownSecret((await get(h, PAGE, person.jar)).text), secret);
});

test('two-factor off needs the current password', async () => {
  const person = await newPerson();
  await submit(person.jar, `${PAGE}/two-factor/start`);
  const secret = shownSecret((await get(h, PAGE, person.jar)).text);
  assert.equal((await submit(person.jar, `${PAGE}/two-factor/confirm`, { code: codeAt(secret) })).res.status, 200);
  const page = await get(h, PAGE, person.jar);
  assert.match(page.text, /Two-factor sign-in is on\./);
  assert.match(page.text, /action="\/svc\/panel\/account\/two-factor\/off"/);

  const none = await submit(person.jar, `${PAGE}/two-factor/off`, {});
  assert.equal(none.res.status, 422);
  assert.match(none.text, /Enter your current password\./);
  const wrong = await submit(person.jar, `${PAGE}/two-factor/off`, { current: 'wrong horse battery' });
  assert.equal(wrong.res.status, 401);
  assert.match(wrong.text, /The current password is not right\./);
  assert.ok(h.deps.auth.accounts.get(person.id)!.totp);

  const off = await submit(person.jar, `${PAGE}/two-factor/off`, { current: PASSWORD });
  assert.equal(off.res.status, 303);
  assert.equal(off.res.headers.get('location'), `${PAGE}?done=two-factor-off`);
  assert.equal(h.deps.auth.accounts.get(person.id)!.totp, null);
  assert.equal((await tryPassword(person.email, PASSWORD)).location, '/svc/panel/');
});

test('the right password takes no attempt of the throttle: codes renewed seven times, and the person still signs in', async () => {
  const person = await newPerson();
  await submit(person.jar, `${PAGE}/two-factor/start`);
  const secret = shownSecret((await get(h, PAGE, person.jar)).text);
  assert.equal((await submit(person.jar, `${PAGE}/two-factor/confirm`, { code: codeAt(secret) })).res.status, 200);
  // Six renewals used to answer 429 and lock the person out of signing in (README: only failed attempts count).
  for (let i = 0; i < 7; i++) assert.equal((await submit(person.jar, `${PAGE}/two-factor/recovery-codes`, { current: PASSWORD })).res.status, 200, `renewal ${i + 1}`);
  const off = await submit(person.jar, `${PAGE}/two-factor/off`, { current: PASSWORD });
  assert.equal(off.res.status, 303);
  assert.equal((await tryPassword(person.email, PASSWORD)).location, '/svc/panel/');
});

test('no password, secret or session id appears in the log', () => {
  assert.equal(h.logs.some((line) => line.includes(PASSWORD) || line.includes(NEW_PASSWORD) || line.includes('svc_session') || /[A-Z2-7]{32}/.test(line)), false);
});
