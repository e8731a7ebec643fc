import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { startPanel, passSignInWindow, Jar, get, post, csrfOf, sendSignInForm, signIn, type PanelHarness } from '../helpers/panel-harness.ts';
import { hotp, totpStep, decodeBase32 } from '../../dist/auth/totp.js';

let h: PanelHarness;
const PASSWORD = 'correct horse battery';

before(async () => {
  h = await startPanel();
  await h.deps.auth.accounts.create({ name: 'Ada <Admin>', email: 'ada@example.org', role: 'admin', password: PASSWORD });
  await h.deps.auth.accounts.create({ name: 'Tom Two', email: 'tom@example.org', role: 'author', password: PASSWORD });
  h.deps.auth.accounts.enableTotp('tom');
});
after(() => h.close());
// Every test starts with full sign-in buckets: the fixed clock moves on past the throttle window.
beforeEach(() => passSignInWindow(h));

function sessionId(jar: Jar): string {
  return jar.cookies.get('svc_session') ?? '';
}

function codeFor(account: string, offsetSteps = 0): string {
  const secret = h.deps.auth.accounts.get(account)!.totp!.secret;
  return hotp(decodeBase32(secret)!, totpStep(h.clock.now) + offsetSteps);
}

test('the sign-in page is a form with a CSRF cookie, never cached, never framed, without script', async () => {
  const { res, text } = await get(h, '/svc/panel/sign-in');
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.equal(res.headers.get('cache-control'), 'private, no-store');
  assert.equal(res.headers.get('x-frame-options'), 'DENY');
  assert.match(res.headers.get('content-security-policy')!, /default-src 'none'; style-src 'self'/);
  assert.match(text, /<form class="card narrow" method="post" action="\/svc\/panel\/sign-in">/);
  assert.doesNotMatch(text, /<script/);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('svc_csrf='))!;
  assert.match(cookie, /^svc_csrf=[A-Za-z0-9_-]{32}; Path=\/svc\/panel; HttpOnly; SameSite=Lax; Max-Age=7200$/);
  assert.equal(cookie.split(';')[0]!.slice(9), csrfOf(text));
});

test('a sign-in post without the CSRF token, or with a wrong one, is refused with 403', async () => {
  const jar = new Jar();
  await get(h, '/svc/panel/sign-in', jar);
  const missing = await post(h, '/svc/panel/sign-in', { email: 'ada@example.org', password: PASSWORD }, jar);
  assert.equal(missing.res.status, 403);
  assert.match(missing.text, /The form has expired or did not come from this site\. Go back, reload the page and try again\./);
  const wrong = await post(h, '/svc/panel/sign-in', { csrf: 'x'.repeat(32), email: 'ada@example.org', password: PASSWORD }, jar);
  assert.equal(wrong.res.status, 403);
  const noCookie = await post(h, '/svc/panel/sign-in', { csrf: jar.cookies.get('svc_csrf')!, email: 'ada@example.org', password: PASSWORD });
  assert.equal(noCookie.res.status, 403);
  assert.equal(missing.res.headers.getSetCookie().some((c) => c.startsWith('svc_session=')), false);
});

test('signing in sets an HttpOnly, SameSite=Lax session cookie and stores only the hash of its id', async () => {
  const jar = new Jar();
  const { res } = await sendSignInForm(h, { email: 'ADA@example.org', password: PASSWORD }, jar);
  assert.equal(res.status, 303);
  assert.equal(res.headers.get('location'), '/svc/panel/');
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('svc_session='))!;
  assert.match(cookie, /^svc_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
  const id = sessionId(jar);
  const files = readdirSync(join(h.dir, 'data', 'sessions'));
  assert.ok(files.includes(`${createHash('sha256').update(id).digest('hex')}.json`));
  for (const file of files) assert.equal(readFileSync(join(h.dir, 'data', 'sessions', file), 'utf8').includes(id), false);
  const home = await get(h, '/svc/panel/', jar);
  assert.equal(home.res.status, 200);
  assert.match(home.text, /Hello, Ada &lt;Admin&gt;/);
  assert.doesNotMatch(home.text, /<Admin>/);
});

test('a wrong password and an unknown email get the same 401 answer', async () => {
  const jar = new Jar();
  const page = await get(h, '/svc/panel/sign-in', jar);
  const wrong = await post(h, '/svc/panel/sign-in', { csrf: csrfOf(page.text), email: 'ada@example.org', password: 'wrong horse battery' }, jar);
  const unknown = await post(h, '/svc/panel/sign-in', { csrf: csrfOf(page.text), email: 'nobody@example.org', password: PASSWORD }, jar);
  const empty = await post(h, '/svc/panel/sign-in', { csrf: csrfOf(page.text) }, jar);
  for (const answer of [wrong, unknown, empty]) {
    assert.equal(answer.res.status, 401);
    assert.match(answer.text, /The email address or the password is not right\./);
  }
  assert.equal(jar.cookies.has('svc_session'), false);
});

test('session fixation is impossible: signing in always issues a new session id and ends the old one', async () => {
  const first = await signIn(h, 'ada@example.org', PASSWORD);
  const oldId = sessionId(first);
  // The planted cookie rides along with the sign-in post, as it would in a browser it was planted in.
  for (const plantedId of [oldId, 'A'.repeat(43)]) {
    const jar = new Jar();
    const page = await get(h, '/svc/panel/sign-in', jar);
    jar.cookies.set('svc_session', plantedId);
    const { res } = await post(h, '/svc/panel/sign-in', { csrf: csrfOf(page.text), email: 'ada@example.org', password: PASSWORD }, jar);
    assert.equal(res.status, 303);
    assert.notEqual(sessionId(jar), plantedId);
    assert.match(sessionId(jar), /^[A-Za-z0-9_-]{43}$/);
    assert.equal((await get(h, '/svc/panel/', jar)).res.status, 200);
  }
  const stale = await get(h, '/svc/panel/', first);
  assert.equal(stale.res.status, 303);
  assert.equal(stale.res.headers.get('location'), '/svc/panel/sign-in');
});

test('failed sign-ins are throttled per address and email: the sixth attempt in the window gets 429', async () => {
  const jar = new Jar();
  const page = await get(h, '/svc/panel/sign-in', jar);
  const csrf = csrfOf(page.text);
  for (let i = 0; i < 5; i++) {
    const { res } = await post(h, '/svc/panel/sign-in', { csrf, email: 'ada@example.org', password: `wrong ${i} battery` }, jar);
    assert.equal(res.status, 401);
  }
  const blocked = await post(h, '/svc/panel/sign-in', { csrf, email: 'ada@example.org', password: PASSWORD }, jar);
  assert.equal(blocked.res.status, 429);
  assert.equal(blocked.res.headers.get('retry-after'), '180');
  assert.match(blocked.text, /Too many sign-in attempts\. Try again in 3 minutes\./);
  assert.equal(jar.cookies.has('svc_session'), false);
  // Another person's email from the same address is not blocked by Ada's bucket.
  const other = await post(h, '/svc/panel/sign-in', { csrf, email: 'tom@example.org', password: 'wrong horse battery' }, jar);
  assert.equal(other.res.status, 401);
  h.clock.now += 180_000;
  const later = await post(h, '/svc/panel/sign-in', { csrf, email: 'ada@example.org', password: PASSWORD }, jar);
  assert.equal(later.res.status, 303);
});

test('with two-factor sign-in the password alone opens nothing; the right code gives a new session', async () => {
  const jar = new Jar();
  const page = await get(h, '/svc/panel/sign-in?next=%2Fsvc%2Fpanel%2Fassistants', jar);
  const first = await post(h, '/svc/panel/sign-in', { csrf: csrfOf(page.text), email: 'tom@example.org', password: PASSWORD, next: '/svc/panel/assistants' }, jar);
  assert.equal(first.res.status, 303);
  assert.equal(first.res.headers.get('location'), '/svc/panel/sign-in/code');
  assert.match(first.res.headers.getSetCookie().find((c) => c.startsWith('svc_session='))!, /Max-Age=300/);
  const pendingId = sessionId(jar);
  const locked = await get(h, '/svc/panel/assistants', jar);
  assert.equal(locked.res.status, 303);
  assert.match(locked.res.headers.get('location')!, /^\/svc\/panel\/sign-in\?next=/);

  const form = await get(h, '/svc/panel/sign-in/code', jar);
  assert.equal(form.res.status, 200);
  assert.match(form.text, /autocomplete="one-time-code"/);
  const noCsrf = await post(h, '/svc/panel/sign-in/code', { code: codeFor('tom') }, jar);
  assert.equal(noCsrf.res.status, 403);
  const wrong = await post(h, '/svc/panel/sign-in/code', { csrf: csrfOf(form.text), code: codeFor('tom', 3) }, jar);
  assert.equal(wrong.res.status, 401);
  assert.match(wrong.text, /The code is not right, or it was used already\./);
  const right = await post(h, '/svc/panel/sign-in/code', { csrf: csrfOf(form.text), code: codeFor('tom') }, jar);
  assert.equal(right.res.status, 303);
  assert.equal(right.res.headers.get('location'), '/svc/panel/assistants');
  assert.notEqual(sessionId(jar), pendingId);
  assert.equal((await get(h, '/svc/panel/assistants', jar)).res.status, 200);
});

test('a two-factor code that was used once is refused the second time', async () => {
  const code = codeFor('tom', 1);
  const jar = new Jar();
  await sendSignInForm(h, { email: 'tom@example.org', password: PASSWORD }, jar);
  const form = await get(h, '/svc/panel/sign-in/code', jar);
  assert.equal((await post(h, '/svc/panel/sign-in/code', { csrf: csrfOf(form.text), code }, jar)).res.status, 303);

  const again = new Jar();
  await sendSignInForm(h, { email: 'tom@example.org', password: PASSWORD }, again);
  const form2 = await get(h, '/svc/panel/sign-in/code', again);
  const replay = await post(h, '/svc/panel/sign-in/code', { csrf: csrfOf(form2.text), code }, again);
  assert.equal(replay.res.status, 401);
  assert.equal((await get(h, '/svc/panel/', again)).res.status, 303);
});

test('the two-factor step expires after five minutes', async () => {
  const jar = new Jar();
  await sendSignInForm(h, { email: 'tom@example.org', password: PASSWORD }, jar);
  const form = await get(h, '/svc/panel/sign-in/code', jar);
  h.clock.now += 5 * 60_000;
  const late = await post(h, '/svc/panel/sign-in/code', { csrf: csrfOf(form.text), code: codeFor('tom') }, jar);
  assert.equal(late.res.status, 403);
  assert.match(late.text, /The sign-in has expired\. Sign in again\./);
});

test('next: a same-origin path is kept through sign-in; other addresses fall back to the panel', async () => {
  const bounce = await get(h, '/svc/panel/assistants?client_id=x&state=y');
  assert.equal(bounce.res.status, 303);
  assert.equal(bounce.res.headers.get('location'), '/svc/panel/sign-in?next=%2Fsvc%2Fpanel%2Fassistants%3Fclient_id%3Dx%26state%3Dy');
  const cases: Array<[string, string]> = [
    ['/svc/oauth/authorize?client_id=abc&code_challenge=xyz', '/svc/oauth/authorize?client_id=abc&code_challenge=xyz'],
    ['https://evil.example/', '/svc/panel/'],
    ['//evil.example/x', '/svc/panel/'],
    ['/\\evil.example', '/svc/panel/'],
    ['javascript:alert(1)', '/svc/panel/'],
    ['/ok\r\nx', '/svc/panel/'],
    // Paths that only normalise to `//host`: the check must judge what is sent back, not what came in.
    ['/.//evil.example', '/svc/panel/'],
    ['/svc/panel/../..//evil.example', '/svc/panel/'],
    ['/%2e//evil.example', '/svc/panel/'],
  ];
  for (const [next, expected] of cases) {
    h.clock.now += 4 * 60_000;
    const jar = new Jar();
    const { res } = await sendSignInForm(h, { email: 'ada@example.org', password: PASSWORD, next }, jar);
    assert.equal(res.headers.get('location'), expected, next);
  }
});

test('signed in, a next that normalises to another host sends people to the panel, never to //evil.example', async () => {
  h.clock.now += 4 * 60_000;
  const jar = await signIn(h, 'ada@example.org', PASSWORD);
  for (const next of ['/.//evil.example', '/svc/panel/../..//evil.example', '/%2e//evil.example']) {
    const { res } = await get(h, `/svc/panel/sign-in?next=${encodeURIComponent(next)}`, jar);
    assert.equal(res.status, 303, next);
    assert.equal(res.headers.get('location'), '/svc/panel/', next);
  }
});

test('signing out needs the CSRF token, then ends the session server-side and clears the cookie', async () => {
  const jar = await signIn(h, 'ada@example.org', PASSWORD);
  const id = sessionId(jar);
  const home = await get(h, '/svc/panel/', jar);
  const refused = await post(h, '/svc/panel/sign-out', {}, jar);
  assert.equal(refused.res.status, 403);
  assert.equal((await get(h, '/svc/panel/', jar)).res.status, 200);
  const out = await post(h, '/svc/panel/sign-out', { csrf: csrfOf(home.text) }, jar);
  assert.equal(out.res.status, 303);
  assert.equal(out.res.headers.get('location'), '/svc/panel/sign-in');
  assert.match(out.res.headers.getSetCookie().find((c) => c.startsWith('svc_session='))!, /^svc_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0$/);
  const replay = new Jar();
  replay.cookies.set('svc_session', id);
  assert.equal((await get(h, '/svc/panel/', replay)).res.status, 303);
});

test('a session ends after twelve hours and when its account is removed', async () => {
  const jar = await signIn(h, 'ada@example.org', PASSWORD);
  h.clock.now += 12 * 3_600_000 - 1;
  assert.equal((await get(h, '/svc/panel/', jar)).res.status, 200);
  h.clock.now += 1;
  assert.equal((await get(h, '/svc/panel/', jar)).res.status, 303);
  await h.deps.auth.accounts.create({ name: 'Brief', email: 'brief@example.org', role: 'author', password: PASSWORD });
  const brief = await signIn(h, 'brief@example.org', PASSWORD);
  assert.equal((await get(h, '/svc/panel/', brief)).res.status, 200);
  h.deps.auth.removeAccount('brief');
  assert.equal((await get(h, '/svc/panel/', brief)).res.status, 303);
});

test('no password, code or session id appears in the log', () => {
  assert.equal(h.logs.some((line) => line.includes(PASSWORD) || line.includes('svc_session')), false);
});

test('a way back as long as an address this server takes is kept: an OAuth request near its limits returns to its consent page', async () => {
  const { safeNext } = await import('../../dist/panel/safe-next.js');
  const authorize = `/svc/oauth/authorize?response_type=code&redirect_uri=${encodeURIComponent(`https://client.example/${'r'.repeat(1200)}`)}&state=${'s'.repeat(1024)}`;
  assert.ok(authorize.length > 2048 && authorize.length < 4096);
  assert.equal(safeNext(authorize), authorize);
  assert.equal(safeNext(`/${'x'.repeat(4096)}`), null, 'longer than any address the server takes');
});
