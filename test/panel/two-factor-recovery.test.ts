import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPanel, addPerson, passSignInWindow, Jar, get, post, csrfOf, sendSignInForm, signIn, type PanelHarness } from '../helpers/panel-harness.ts';
import { hotp, totpStep, decodeBase32, otpauthUri } from '../../dist/auth/totp.js';
import { encodeQr } from '../../dist/lib/qr/qr-encode.js';
import { qrSvg } from '../../dist/lib/qr/qr-svg.js';
import { readHistory } from '../../dist/content/history.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

// Two-factor setup with a QR code, recovery codes (shown once, kept as hashes, each good once, made anew),
// and the other sessions ending when two-factor goes on: all over real HTTP.

let h: PanelHarness;
const PASSWORD = 'correct horse battery';
const PAGE = '/svc/panel/account';
const CODE = /^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/;

before(async () => { h = await startPanel({ site: { settings: { title: 'Demo Site' }, entries: {} } }); });
after(() => h.close());
beforeEach(() => passSignInWindow(h));

const newPerson = () => addPerson(h, 'Someone', 'editor', PASSWORD);

async function submit(jar: Jar, action: string, fields: Record<string, string> = {}) {
  const page = await get(h, PAGE, jar);
  return post(h, action, { csrf: csrfOf(page.text), ...fields }, jar);
}

function codeAt(secret: string, offsetSteps = 0): string {
  return hotp(decodeBase32(secret)!, totpStep(h.clock.now) + offsetSteps);
}

function shownSecret(html: string): string {
  const match = /<pre class="secret">([A-Z2-7]{32})<\/pre>/.exec(html);
  if (!match) throw new Error('no secret on the page');
  return match[1]!;
}

function shownCodes(html: string): string[] {
  const list = /<ol class="codes">(.*?)<\/ol>/s.exec(html);
  return list ? [...list[1]!.matchAll(/<li>([^<]+)<\/li>/g)].map((m) => m[1]!) : [];
}

/** Turns two-factor on through the pages; returns the secret and the recovery codes shown. */
async function turnOn(person: { id: string; email: string; jar: Jar }): Promise<{ secret: string; codes: string[]; html: string }> {
  await submit(person.jar, `${PAGE}/two-factor/start`);
  const secret = shownSecret((await get(h, PAGE, person.jar)).text);
  const on = await submit(person.jar, `${PAGE}/two-factor/confirm`, { code: codeAt(secret) });
  assert.equal(on.res.status, 200);
  return { secret, codes: shownCodes(on.text), html: on.text };
}

/** Password, then the code step with `code`: the status of the code step. */
async function signInWithCode(email: string, code: string): Promise<{ status: number; jar: Jar; text: string }> {
  // Past the sign-in throttle's window, so each try starts with full buckets (the throttle has its own test).
  passSignInWindow(h);
  const jar = new Jar();
  const first = await sendSignInForm(h, { email, password: PASSWORD }, jar);
  assert.equal(first.res.headers.get('location'), '/svc/panel/sign-in/code');
  const form = await get(h, '/svc/panel/sign-in/code', jar);
  const answer = await post(h, '/svc/panel/sign-in/code', { csrf: csrfOf(form.text), code }, jar);
  return { status: answer.res.status, jar, text: answer.text };
}

test('the setup shows the otpauth address as an inline SVG QR code of our encoder, beside the secret, without script', async () => {
  const person = await newPerson();
  await submit(person.jar, `${PAGE}/two-factor/start`);
  const { res, text } = await get(h, PAGE, person.jar);
  const secret = shownSecret(text);
  const svg = qrSvg(encodeQr(otpauthUri(secret, 'Demo Site', person.email)), 'QR code of the address for your authenticator app');
  assert.ok(text.includes(`<div class="qr">${svg}<div>`), 'the QR code of exactly this address');
  assert.match(svg, /<path fill="#000" d="M4 4h7v1h-7z/); // the top-left finder's first row
  assert.doesNotMatch(text, /<script|<img/);
  assert.match(res.headers.get('content-security-policy')!, /default-src 'none'/);
});

test('turning two-factor on shows ten recovery codes once, keeps only their hashes, and ends the other sessions', async () => {
  const person = await newPerson();
  const other = await signIn(h, person.email, PASSWORD);
  const before = person.jar.cookies.get('svc_session');
  const { codes, html } = await turnOn(person);
  assert.equal(codes.length, 10);
  assert.equal(new Set(codes).size, 10);
  for (const code of codes) assert.match(code, CODE);
  assert.match(html, /shown only this once/);
  // This person goes on in a new session; the other browser is signed out.
  assert.notEqual(person.jar.cookies.get('svc_session'), before);
  assert.equal((await get(h, PAGE, person.jar)).res.status, 200);
  assert.equal((await get(h, PAGE, other)).res.status, 303);
  // Never again on a page, never in a file as written.
  const later = await get(h, PAGE, person.jar);
  assert.deepEqual(shownCodes(later.text), []);
  assert.match(later.text, /You have 10 unused recovery codes\./);
  const file = readFileSync(join(h.dir, 'data', 'accounts', `${person.id}.yaml`), 'utf8');
  for (const code of codes) {
    assert.equal(file.includes(code), false);
    assert.equal(file.includes(code.replaceAll('-', '')), false);
  }
  assert.equal(h.deps.auth.accounts.get(person.id)!.recoveryCodes.length, 10);
  for (const name of readdirSync(join(h.dir, 'data', 'sessions'))) {
    const session = readFileSync(join(h.dir, 'data', 'sessions', name), 'utf8');
    for (const code of codes) assert.equal(session.includes(code), false);
  }
  assert.equal(h.logs.some((line) => codes.some((code) => line.includes(code))), false);
});

test('a recovery code signs in at the code step once; the history records its use; typed loosely it still works', async () => {
  const person = await newPerson();
  const { codes } = await turnOn(person);
  const first = await signInWithCode(person.email, codes[0]!);
  assert.equal(first.status, 303);
  assert.equal((await get(h, PAGE, first.jar)).res.status, 200);
  assert.match((await get(h, PAGE, first.jar)).text, /You have 9 unused recovery codes\./);

  const again = await signInWithCode(person.email, codes[0]!);
  assert.equal(again.status, 401);
  assert.match(again.text, /The code is not right, or it was used already\./);

  // Upper case, no dashes, spaces around: the same code.
  const loose = await signInWithCode(person.email, ` ${codes[1]!.replaceAll('-', '').toUpperCase()} `);
  assert.equal(loose.status, 303);

  const used = readHistory(new TrustedFolders([join(h.dir, 'data')]), join(h.dir, 'data')).filter((r) => r.person === person.id && r.action === 'recovery_code_used');
  assert.deepEqual(used.map((r) => [r.via, r.entry, r.token, r.detail]), [['panel', null, null, '8 recovery codes left'], ['panel', null, null, '9 recovery codes left']]);
  assert.equal(JSON.stringify(used).includes(codes[0]!), false);
});

test('a wrong or malformed recovery code changes nothing and counts toward the throttle', async () => {
  const person = await newPerson();
  const { codes } = await turnOn(person);
  for (const typed of ['abcd-efgh-jkmn-pqrs', 'x'.repeat(64), codes[0]!.slice(0, 14), '../../etc', `${codes[0]!}a`]) {
    assert.equal((await signInWithCode(person.email, typed)).status, 401, typed);
  }
  assert.equal(h.deps.auth.accounts.get(person.id)!.recoveryCodes.length, 10);
  // One sign-in: the right password takes no attempt (only failed ones count), five wrong codes take all five; then even a right one waits.
  passSignInWindow(h);
  const jar = new Jar();
  await sendSignInForm(h, { email: person.email, password: PASSWORD }, jar);
  const form = await get(h, '/svc/panel/sign-in/code', jar);
  for (let i = 0; i < 5; i++) assert.equal((await post(h, '/svc/panel/sign-in/code', { csrf: csrfOf(form.text), code: `aaaa-bbbb-cccc-ddd${'efghk'[i]}` }, jar)).res.status, 401);
  const blocked = await post(h, '/svc/panel/sign-in/code', { csrf: csrfOf(form.text), code: codes[0]! }, jar);
  assert.equal(blocked.res.status, 429);
  assert.equal(h.deps.auth.accounts.get(person.id)!.recoveryCodes.length, 10, 'a refused try spends no code');
});

test('new recovery codes from the account page: the password is needed, the old codes stop working, the new ones work', async () => {
  const person = await newPerson();
  const { codes: old } = await turnOn(person);
  const wrong = await submit(person.jar, `${PAGE}/two-factor/recovery-codes`, { current: 'wrong horse battery' });
  assert.equal(wrong.res.status, 401);
  assert.match(wrong.text, /The current password is not right\./);
  assert.deepEqual(shownCodes(wrong.text), []);
  const none = await submit(person.jar, `${PAGE}/two-factor/recovery-codes`, {});
  assert.equal(none.res.status, 422);

  const renewed = await submit(person.jar, `${PAGE}/two-factor/recovery-codes`, { current: PASSWORD });
  assert.equal(renewed.res.status, 200);
  assert.match(renewed.text, /Your new recovery codes are below; the old ones no longer work\./);
  const fresh = shownCodes(renewed.text);
  assert.equal(fresh.length, 10);
  assert.equal(fresh.some((code) => old.includes(code)), false);

  assert.equal((await signInWithCode(person.email, old[0]!)).status, 401);
  assert.equal((await signInWithCode(person.email, fresh[0]!)).status, 303);
  const renewals = readHistory(new TrustedFolders([join(h.dir, 'data')]), join(h.dir, 'data')).filter((r) => r.person === person.id && r.action === 'recovery_codes_renewed');
  assert.equal(renewals.length, 1);
  assert.equal(renewals[0]!.via, 'panel');
});

test('without two-factor there are no recovery codes to make, and turning it off drops them', async () => {
  const person = await newPerson();
  const refused = await submit(person.jar, `${PAGE}/two-factor/recovery-codes`, { current: PASSWORD });
  assert.equal(refused.res.status, 409);
  assert.match(refused.text, /Recovery codes come with two-factor sign-in, which is off\./);
  const { codes } = await turnOn(person);
  assert.equal((await submit(person.jar, `${PAGE}/two-factor/off`, { current: PASSWORD })).res.status, 303);
  assert.deepEqual(h.deps.auth.accounts.get(person.id)!.recoveryCodes, []);
  // Two-factor back on: the codes of the first time are gone for good.
  const { secret } = await turnOn(person);
  assert.ok(secret);
  assert.equal((await signInWithCode(person.email, codes[0]!)).status, 401);
});

test('the recovery-code form needs a session and the CSRF token', async () => {
  const person = await newPerson();
  await turnOn(person);
  const anonymous = await post(h, `${PAGE}/two-factor/recovery-codes`, { csrf: 'x'.repeat(32), current: PASSWORD });
  assert.equal(anonymous.res.status, 403);
  const forged = await post(h, `${PAGE}/two-factor/recovery-codes`, { csrf: 'x'.repeat(32), current: PASSWORD }, person.jar);
  assert.equal(forged.res.status, 403);
  assert.deepEqual(shownCodes(forged.text), []);
  assert.equal(readHistory(new TrustedFolders([join(h.dir, 'data')]), join(h.dir, 'data')).some((r) => r.person === person.id && r.action === 'recovery_codes_renewed'), false);
});
