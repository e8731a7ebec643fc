// The panel's own pages in German over HTTP (Accept-Language: de): sign-in and its two-factor and lost-password
// pages, Your account in each two-factor state, the home with its blocks, the media library, the editor's
// toolbar and card forms, its script's words, and a preview link's refusal. Each page is German, says so in
// `lang`, and keeps no English word of its sections; dates and numbers are written the German way.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { startPanel, Jar, csrfOf, signIn, type PanelHarness } from '../helpers/panel-harness.ts';
import { englishLeft } from '../helpers/english-left.ts';
import { makePng } from '../helpers/images.ts';
import { hotp, totpStep, decodeBase32 } from '../../dist/auth/totp.js';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';

const GERMAN = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' };
const PASSWORD = 'correct horse battery';
let people: PanelHarness;
let served: ServedSite;
let site: TestSite;
let panel: PanelAddress;
let ann: Jar;

before(async () => {
  people = await startPanel({ site: { settings: { title: 'Demo Site' }, entries: {} } });
  site = await makeTestSite();
  mkdirSync(join(site.root, 'content/media/posts/hello'), { recursive: true });
  writeFileSync(join(site.root, 'content/media/posts/hello/alps.png'), makePng(8, 8));
  ({ panel } = served = await serveTestSite({ site }));
  ann = await served.signIn('ann@example.org');
});
after(async () => {
  await people.close();
  await served?.close();
});

async function german(h: PanelAddress, path: string, jar?: Jar, init: { method?: string; body?: URLSearchParams } = {}): Promise<{ status: number; text: string }> {
  const res = await fetch(h.url + path, { redirect: 'manual', ...init, headers: { ...GERMAN, ...(jar ? { cookie: jar.header() } : {}) } });
  jar?.take(res);
  return { status: res.status, text: await res.text() };
}

function assertGerman(text: string, sections: Parameters<typeof englishLeft>[1], what: string): void {
  assert.match(text, /<html lang="de"/, `${what} says it is German`);
  assert.deepEqual(englishLeft(text, sections), [], `${what} keeps English`);
}

test('sign-in, its lost-password page and the two-factor step are German', async () => {
  const jar = new Jar();
  const form = await german(people, '/svc/panel/sign-in', jar);
  assertGerman(form.text, ['common', 'signIn'], 'sign-in');
  assert.match(form.text, /<h1>Anmelden<\/h1>/);
  assert.match(form.text, /<label for="email">E-Mail<\/label>/);
  assert.match(form.text, /<button type="submit">Anmelden<\/button>/);
  const wrong = await german(people, '/svc/panel/sign-in', jar, { method: 'POST', body: new URLSearchParams({ csrf: csrfOf(form.text), email: 'nobody@example.org', password: 'wrong wrong wrong' }) });
  assert.equal(wrong.status, 401);
  assert.match(wrong.text, /Die E-Mail-Adresse oder das Passwort stimmt nicht\./);
  assertGerman(wrong.text, ['common', 'signIn'], 'a refused sign-in');

  const lost = await german(people, '/svc/panel/sign-in/lost');
  assertGerman(lost.text, ['common', 'signIn'], 'lost password');
  assert.match(lost.text, /Bitten Sie eine Administratorin oder einen Administrator von der Website um einen Link/);
  assert.match(lost.text, /<code>svc user password your@email<\/code>/);

  // A person with two-factor sign-in: the code step, and a wrong code.
  const account = await people.deps.auth.accounts.create({ name: 'Zoe', email: 'zoe@example.org', role: 'editor', password: PASSWORD });
  people.deps.auth.accounts.confirmTotp(account.id, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', hotp(decodeBase32('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')!, totpStep(people.clock.now)));
  const codeJar = new Jar();
  const start = await german(people, '/svc/panel/sign-in', codeJar);
  const step = await german(people, '/svc/panel/sign-in', codeJar, { method: 'POST', body: new URLSearchParams({ csrf: csrfOf(start.text), email: 'zoe@example.org', password: PASSWORD }) });
  assert.equal(step.status, 303);
  const code = await german(people, '/svc/panel/sign-in/code', codeJar);
  assertGerman(code.text, ['common', 'signIn'], 'the code step');
  assert.match(code.text, /<label for="code">Code aus Ihrer Authenticator-App<\/label>/);
  const refused = await german(people, '/svc/panel/sign-in/code', codeJar, { method: 'POST', body: new URLSearchParams({ csrf: csrfOf(code.text), code: '000000' }) });
  assert.equal(refused.status, 401);
  assert.match(refused.text, /Der Code stimmt nicht oder wurde schon verwendet\./);
});

test('Your account is German with two-factor off, being set up and on, and its refusals too', async () => {
  await people.deps.auth.accounts.create({ name: 'Uwe', email: 'uwe@example.org', role: 'author', password: PASSWORD });
  const jar = await signIn(people, 'uwe@example.org', PASSWORD);
  const off = await german(people, '/svc/panel/account', jar);
  assertGerman(off.text, ['common', 'account'], 'account, two-factor off');
  assert.match(off.text, /<h1>Ihr Konto<\/h1>/);
  assert.match(off.text, /Mindestens 10 Zeichen\./);
  const refused = await german(people, '/svc/panel/account/password', jar, { method: 'POST', body: new URLSearchParams({ csrf: csrfOf(off.text), current: '', password: 'x', repeat: 'y' }) });
  assert.match(refused.text, /role="alert">Geben Sie Ihr aktuelles Passwort ein\.<\/p>/);
  await german(people, '/svc/panel/account/two-factor/start', jar, { method: 'POST', body: new URLSearchParams({ csrf: csrfOf(off.text) }) });
  const setup = await german(people, '/svc/panel/account', jar);
  assertGerman(setup.text, ['common', 'account'], 'account, two-factor being set up');
  assert.match(setup.text, /<p class="muted">Geheimnis<\/p>/);
  assert.match(setup.text, /aria-label="QR-Code der Adresse für Ihre Authenticator-App"|<title>QR-Code der Adresse für Ihre Authenticator-App<\/title>/);
  const secret = /<pre class="secret">([A-Z2-7]+)<\/pre>/.exec(setup.text)![1]!;
  const on = await german(people, '/svc/panel/account/two-factor/confirm', jar, { method: 'POST', body: new URLSearchParams({ csrf: csrfOf(setup.text), code: hotp(decodeBase32(secret)!, totpStep(people.clock.now)) }) });
  assert.equal(on.status, 200);
  assertGerman(on.text, ['common', 'account'], 'account, two-factor just on');
  assert.match(on.text, /<h3>Ihre Wiederherstellungscodes<\/h3>/);
  const later = await german(people, '/svc/panel/account', jar);
  assert.match(later.text, /Sie haben 10 unbenutzte Wiederherstellungscodes\./);
  assertGerman(later.text, ['common', 'account'], 'account, two-factor on');
});

test('the home is German, its dates written day.month.year and its counts as German counts', async () => {
  const { text } = await german(panel, '/svc/panel/', ann);
  assertGerman(text, ['common', 'home'], 'home');
  assert.match(text, /<h1>Hallo, Ann Admin<\/h1>/);
  assert.match(text, /<h2 id="home-drafts">Entwürfe von Assistenten<\/h2>/);
  assert.match(text, /Keine Besuche vom 04\.03\.2026 bis zum 10\.03\.2026\.|<p class="muted">04\.03\.2026 bis 10\.03\.2026<\/p>/);
  assert.match(text, /<p>\d+ (Eintrag|Einträge)\.<\/p>|Nichts wartet auf Freigabe\./);
});

test('the media library is German, with its replace form and counted files', async () => {
  const { text } = await german(panel, '/svc/panel/media', ann);
  assertGerman(text, ['common', 'media'], 'media library');
  assert.match(text, /<h1>Medien<\/h1>/);
  assert.match(text, /<summary>alps\.png ersetzen …<\/summary>/);
  assert.match(text, /<label class="inline" for="replace-\d+">Ein neues PNG-Bild unter derselben Adresse<\/label>/);
  assert.match(text, /<p class="muted">\d+ Datei(en)?\.<\/p>/);
  const none = await german(panel, '/svc/panel/media?q=nothing-like-this', ann);
  assert.match(none.text, /Keine Datei passt zu „nothing-like-this“\./);
  assertGerman(none.text, ['common', 'media'], 'an empty search');
});

test('the editor\'s toolbar and card forms are German, and its script carries the German words for a German page', async () => {
  const { text } = await german(panel, '/svc/panel/entries/posts/hello', ann);
  const toolbar = /<div class="toolbar"[\s\S]*?<\/div>/.exec(text)![0];
  assert.match(toolbar, /aria-label="Formatierung"/);
  assert.match(toolbar, /<button type="button" class="tool tool-bold" data-md="bold" aria-label="Fett" title="Fett \(Strg\+B\)" aria-keyshortcuts="Control\+B">F<\/button>/);
  assert.deepEqual(englishLeft(toolbar, ['editor']), []);
  const dialogs = [...text.matchAll(/<dialog class="card-form"[\s\S]*?<\/dialog>/g)].map((m) => m[0]).join('');
  assert.ok(dialogs.length > 0, 'the site offers cards');
  assert.match(dialogs, /<button type="submit" value="insert">Einfügen<\/button><button type="button" class="secondary" data-dialog-cancel>Abbrechen<\/button>/);
  assert.deepEqual(englishLeft(dialogs, ['editor']), []);
  const script = await (await fetch(`${panel.url}/svc/panel/editor.js`)).text();
  assert.match(script, /"savingDraft":"Der Entwurf wird gespeichert …"/);
  assert.match(script, /"savingDraft":"Saving the draft…"/);
  assert.match(script, /document\.documentElement\.lang/);
  const panelScript = await (await fetch(`${panel.url}/svc/panel/panel.js`)).text();
  assert.match(panelScript, /"copied":"Kopiert"/);
});

test('a preview link that does not open says so in the browser\'s language', async () => {
  const { status, text } = await german(panel, '/svc/panel/preview-link/not-a-real-token');
  assert.equal(status, 404);
  assert.match(text, /<html lang="de">/);
  assert.match(text, /<h1>Vorschau-Link<\/h1><p>Dieser Vorschau-Link funktioniert nicht: Er stammt nicht von dieser Website\./);
  const english = await (await fetch(`${panel.url}/svc/panel/preview-link/not-a-real-token`)).text();
  assert.match(english, /<html lang="en">[\s\S]*This preview link does not work/);
});

test('the colour switch is German and a chosen scheme reaches a German page too', async () => {
  const res = await fetch(`${panel.url}/svc/panel/account`, { headers: { ...GERMAN, cookie: `${ann.header()}; svc_scheme=dark` } });
  const text = await res.text();
  assert.match(text, /^<!doctype html>\n<html lang="de" data-scheme="dark">/);
  assert.match(text, /<label for="scheme-choice">Farben<\/label><select id="scheme-choice" name="scheme"><option value="system">Wie das System<\/option><option value="light">Hell<\/option><option value="dark" selected>Dunkel<\/option><\/select><button type="submit" class="link">Übernehmen<\/button>/);
  assert.deepEqual(englishLeft(text, ['common', 'account']), []);
});
