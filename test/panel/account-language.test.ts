// The panel language on Your account, over HTTP: the choice lists the browser's language and every language
// the panel speaks (each in its own language), saving one turns the whole panel to it whatever the browser
// asks, the browser's language again follows Accept-Language, and a bad value, a missing or wrong CSRF token
// or no session change nothing.
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPanel, addPerson, passSignInWindow, get, post, csrfOf, type Jar, type PanelHarness } from '../helpers/panel-harness.ts';

let h: PanelHarness;
const PASSWORD = 'correct horse battery';
const PAGE = '/svc/panel/account';
const LANGUAGE = '/svc/panel/account/language';

before(async () => { h = await startPanel(); });
after(() => h.close());
beforeEach(() => passSignInWindow(h));

const newPerson = () => addPerson(h, 'Lang', 'author', PASSWORD);

/** A panel page as a browser asking for `acceptLanguage` gets it. */
async function page(jar: Jar, path: string, acceptLanguage: string): Promise<{ status: number; text: string }> {
  const res = await fetch(h.url + path, { redirect: 'manual', headers: { cookie: jar.header(), 'accept-language': acceptLanguage } });
  return { status: res.status, text: await res.text() };
}

const languageOf = (id: string) => h.deps.auth.accounts.get(id)!.language;
const accountFile = (id: string) => readFileSync(join(h.dir, 'data', 'accounts', `${id}.yaml`), 'utf8');

test('the choice lists the browser\'s language, English and Deutsch (each in its own language), the browser\'s chosen at first', async () => {
  const { jar } = await newPerson();
  const { text } = await get(h, PAGE, jar);
  const select = /<select id="panel-language" name="language"[^>]*>(.*?)<\/select>/s.exec(text);
  assert.ok(select, 'the page has the language choice');
  assert.match(text, /<h2 id="language">Panel language<\/h2>/);
  assert.match(text, /<label for="panel-language">Language of the panel<\/label>/);
  assert.equal(select[1], '<option value="" selected>The browser\'s language</option><option value="en" lang="en">English</option><option value="de" lang="de">Deutsch</option>');
  const german = await page(jar, PAGE, 'de');
  assert.match(german.text, /<option value="" selected>Die Sprache des Browsers<\/option><option value="en" lang="en">English<\/option><option value="de" lang="de">Deutsch<\/option>/);
});

test('choosing Deutsch turns the panel German whatever the browser asks; the browser\'s language follows it again', async () => {
  const { id, jar } = await newPerson();
  const form = await get(h, PAGE, jar);
  const saved = await post(h, LANGUAGE, { csrf: csrfOf(form.text), language: 'de' }, jar);
  assert.equal(saved.res.status, 303);
  assert.equal(saved.res.headers.get('location'), `${PAGE}?done=language`);
  assert.equal(languageOf(id), 'de');
  assert.match(accountFile(id), /^language: de$/m, 'kept in the account file');
  const after = await page(jar, `${PAGE}?done=language`, 'en-US,en;q=0.9');
  assert.match(after.text, /<html lang="de">/);
  assert.match(after.text, /role="status">Die Sprache der Verwaltung wurde gespeichert\.<\/p>/);
  assert.match(after.text, /<option value="de" lang="de" selected>Deutsch<\/option>/);
  assert.match((await page(jar, '/svc/panel/', 'en')).text, /<h1>Hallo, Lang \d+<\/h1>/);

  const back = await post(h, LANGUAGE, { csrf: csrfOf(after.text), language: '' }, jar);
  assert.equal(back.res.status, 303);
  assert.equal(languageOf(id), '');
  assert.doesNotMatch(accountFile(id), /^language:/m, 'the browser\'s language is the absence of a choice');
  assert.match((await page(jar, PAGE, 'en')).text, /<html lang="en">[\s\S]*<option value="" selected>The browser's language/);
  assert.match((await page(jar, PAGE, 'de-AT')).text, /<html lang="de">/);
});

test('a language the panel does not speak changes nothing and says why, in the page\'s language', async () => {
  const { id, jar } = await newPerson();
  h.deps.auth.accounts.setLanguage(id, 'en');
  const form = await get(h, PAGE, jar);
  for (const bad of ['fr', 'DE', 'de-DE', '__proto__', 'constructor', ' de', 'x'.repeat(5000)]) {
    const { res, text } = await post(h, LANGUAGE, { csrf: csrfOf(form.text), language: bad }, jar);
    assert.equal(res.status, 422, bad.slice(0, 20));
    assert.match(text, /role="alert">The panel does not speak “[^”]{0,24}”\. Choose one of the languages listed; nothing was changed\.<\/p>/);
    assert.equal(languageOf(id), 'en', `${bad.slice(0, 20)} changed nothing`);
  }
  // Two values: the first is read, and it is as bad as any.
  const two = await post(h, LANGUAGE, { csrf: csrfOf(form.text), language: ['fr', 'de'] }, jar);
  assert.equal(two.res.status, 422);
  assert.equal(languageOf(id), 'en');
  h.deps.auth.accounts.setLanguage(id, 'de');
  const german = await post(h, LANGUAGE, { csrf: csrfOf(form.text), language: 'fr' }, jar);
  assert.match(german.text, /Die Verwaltung spricht „fr“ nicht\./);
  assert.equal(languageOf(id), 'de');
});

test('without the CSRF token, from another site or signed out, the language is not changed', async () => {
  const { id, jar } = await newPerson();
  const form = await get(h, PAGE, jar);
  const csrf = csrfOf(form.text);
  assert.equal((await post(h, LANGUAGE, { language: 'de' }, jar)).res.status, 403);
  assert.equal((await post(h, LANGUAGE, { csrf: 'x'.repeat(32), language: 'de' }, jar)).res.status, 403);
  assert.equal((await post(h, LANGUAGE, { csrf, language: 'de' }, jar, { 'sec-fetch-site': 'cross-site' })).res.status, 403);
  assert.equal((await post(h, LANGUAGE, { csrf, language: 'de' })).res.status, 403);
  assert.equal(languageOf(id), '');
});
