// The panel's words: the language chosen per request (Your account's choice, else the browser's
// Accept-Language, else English), hostile headers that choose nothing, and the German words complete and
// different from the English where a page shows them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ENGLISH_PANEL_WORDS } from '../../dist/panel/words/en.js';
import { GERMAN_PANEL_WORDS } from '../../dist/panel/words/de.js';
import { browserLanguage } from '../../dist/panel/panel-language.js';
import { fill, formatNumber, inPanelLanguage, plural, words } from '../../dist/panel/words/panel-words.js';
import { startPanel, signIn, get, type PanelHarness } from '../helpers/panel-harness.ts';

test('the browser language is the first the panel speaks, by q-value, then order', () => {
  assert.equal(browserLanguage(undefined), 'en');
  assert.equal(browserLanguage('de-AT,de;q=0.9,en;q=0.8'), 'de');
  assert.equal(browserLanguage('fr-CH, fr;q=0.9, de;q=0.7, en;q=0.8'), 'en');
  assert.equal(browserLanguage('en;q=0.5, de;q=0.6'), 'de');
  assert.equal(browserLanguage('DE'), 'de');
  assert.equal(browserLanguage(['fr', 'de;q=0.1']), 'de');
});

test('hostile Accept-Language headers choose English and never an object key', () => {
  for (const header of ['constructor', '__proto__', 'toString;q=1', 'de;q=2', 'de;q=-1', 'de;q=NaN', ';;;,,,', `${'x,'.repeat(5000)}de`]) {
    assert.equal(browserLanguage(header), 'en', header.slice(0, 40));
  }
  inPanelLanguage('constructor', () => assert.equal(words().locale, 'en'));
  inPanelLanguage('__proto__', () => assert.equal(words().locale, 'en'));
});

test('every German word is there and is a word (the compiler checks the keys; this checks the values)', () => {
  const walk = (english: unknown, german: unknown, path: string): void => {
    if (typeof english === 'string') {
      assert.equal(typeof german, 'string', path);
      assert.ok((german as string).trim().length > 0, `${path} is empty`);
      // The same `{name}` marks, or a value would go missing in one language.
      const marks = (text: string) => [...text.matchAll(/\{([a-zA-Z]+)\}/g)].map((m) => m[1]).sort().join(',');
      assert.equal(marks(german as string), marks(english), `${path} fills in other values`);
      return;
    }
    for (const key of Object.keys(english as object)) walk((english as Record<string, unknown>)[key], (german as Record<string, unknown>)[key], `${path}.${key}`);
    assert.deepEqual(Object.keys(german as object).sort(), Object.keys(english as object).sort(), `${path} has other words`);
  };
  walk(ENGLISH_PANEL_WORDS, GERMAN_PANEL_WORDS, 'words');
});

test('numbers, counted words and filled words follow the language', () => {
  inPanelLanguage('de', () => {
    assert.equal(formatNumber(1234567), '1.234.567');
    assert.equal(fill('{count} Einträge', { count: 12345 }), '12.345 Einträge');
    assert.equal(plural({ one: '{count} Eintrag', other: '{count} Einträge' }, 1), '1 Eintrag');
    assert.equal(plural({ one: '{count} Eintrag', other: '{count} Einträge' }, 2), '2 Einträge');
  });
  assert.equal(formatNumber(1234567), '1,234,567');
  assert.equal(fill('{missing} stays', {}), '{missing} stays');
});

test('a panel page is drawn in the chosen language: the account over the browser', async (t) => {
  const panel: PanelHarness = await startPanel();
  t.after(() => panel.close());
  await panel.deps.auth.accounts.create({ name: 'Uta', email: 'uta@example.org', role: 'admin', password: 'correct horse battery' });
  const jar = await signIn(panel, 'uta@example.org', 'correct horse battery');
  const english = await get(panel, '/svc/panel/account', jar);
  assert.match(english.text, /<html lang="en">/);
  assert.match(english.text, />Sign out</);
  const german = await fetch(`${panel.url}/svc/panel/account`, { headers: { cookie: jar.header(), 'accept-language': 'de-DE,de;q=0.9' } });
  const germanText = await german.text();
  assert.match(germanText, /<html lang="de">/);
  assert.match(germanText, />Abmelden</);
  const account = panel.deps.auth.accounts.list().find((a) => a.email === 'uta@example.org')!;
  panel.deps.auth.accounts.setLanguage(account.id, 'en');
  const chosen = await (await fetch(`${panel.url}/svc/panel/account`, { headers: { cookie: jar.header(), 'accept-language': 'de' } })).text();
  assert.match(chosen, /<html lang="en">/, 'the account\'s choice wins over the browser');
});
