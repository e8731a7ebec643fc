// The German panel in a real browser (Debian's Chromium, driven by playwright-core fetched at test time): a
// person whose browser speaks English picks Deutsch on Your account, and the home, the content list, an
// entry's page with the editor, the media library and Your account come in German, the editor's script
// included (its status line, the text kept after a closed tab, with times and dates written the German way);
// a browser that asks for German gets German sign-in and pages before any choice. Words of the areas other
// parts of the panel draw are not relied on: `lang="de"` and the top bar are.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { watchProblems, type Page } from '../helpers/browser.ts';
import { panelBrowserForFile, signInOnPage } from '../helpers/panel-browser.ts';
import { englishLeft } from '../helpers/english-left.ts';
import { waitFor } from '../helpers/wait-for.ts';

const panel = panelBrowserForFile();

const html = (page: Page) => page.evaluate(() => document.documentElement.outerHTML);
const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const text = async (page: Page, selector: string) => ((await page.locator(selector).first().textContent()) ?? '').trim();

test('a person picks Deutsch on Your account and the panel comes in German, the editor\'s script included', { skip: panel.skip, timeout: 180_000 }, async () => {
  const context = await panel.browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await signInOnPage(page, panel.base, 'ann@example.org');
  assert.equal(await lang(page), 'en', 'English first: the browser asks for it');

  await page.goto(`${panel.base}/svc/panel/account`);
  await page.getByLabel('Language of the panel').selectOption('de');
  await page.getByRole('button', { name: 'Save the language' }).click();
  await page.waitForURL((url) => url.searchParams.get('done') === 'language');
  assert.equal(await lang(page), 'de');
  assert.equal(await text(page, 'h1'), 'Ihr Konto');
  assert.equal(await text(page, '.notice'), 'Die Sprache der Verwaltung wurde gespeichert.');
  assert.equal(await page.locator('#panel-language').inputValue(), 'de');
  assert.deepEqual(englishLeft(await html(page), ['common', 'account']), []);

  await page.goto(`${panel.base}/svc/panel/`);
  assert.equal(await lang(page), 'de');
  assert.equal(await text(page, 'h1'), 'Hallo, Ann Admin');
  assert.equal(await text(page, 'nav a[href="/svc/panel/entries"]'), 'Inhalte');
  // The statistics glance names its days as German writes them.
  assert.match(await text(page, '#home-stats + p'), /^(Keine Besuche vom \d\d\.\d\d\.\d{4} bis zum \d\d\.\d\d\.\d{4}\.|\d\d\.\d\d\.\d{4} bis \d\d\.\d\d\.\d{4})$/);
  assert.deepEqual(englishLeft(await html(page), ['common', 'home']), []);

  // The content list belongs to another part of the panel: German by its language and its top bar.
  await page.goto(`${panel.base}/svc/panel/entries`);
  assert.equal(await lang(page), 'de');
  assert.equal(await text(page, 'nav a[aria-current="page"]'), 'Inhalte');
  assert.deepEqual(englishLeft(await html(page), ['common']), []);

  await page.goto(`${panel.base}/svc/panel/media`);
  assert.equal(await lang(page), 'de');
  assert.equal(await text(page, 'h1'), 'Medien');
  assert.equal(await page.getByLabel('Nach Dateiname oder Eintrag suchen').count(), 1);
  assert.deepEqual(englishLeft(await html(page), ['common', 'media']), []);

  // An entry's page: the toolbar (shown by the script) and what the script says.
  await page.goto(`${panel.base}/svc/panel/entries/posts/hike-day`);
  assert.equal(await lang(page), 'de');
  const toolbar = page.locator('[data-toolbar="body-en"]');
  await toolbar.waitFor({ state: 'visible' });
  assert.equal(await toolbar.getAttribute('aria-label'), 'Formatierung');
  assert.equal(await toolbar.locator('button[data-md="bold"]').getAttribute('title'), 'Fett (Strg+B)');
  const body = page.locator('#body-en');
  await body.fill('Mit der Tastatur gespeichert.');
  await body.press('Control+s');
  await waitFor(async () => assert.match(await text(page, '#lang-en .editor-status'), /^Gespeichert um \d\d:\d\d\.$/), 20_000);
  // A bold button pressed on an empty selection writes the German placeholder.
  await body.fill('');
  await toolbar.getByRole('button', { name: 'Fett', exact: true }).click();
  assert.equal(await body.inputValue(), '**fetter Text**');
  assert.deepEqual(englishLeft(await text(page, '#lang-en .editor-status'), ['editor']), []);

  // Typed, the tab closed unsaved: the kept copy is offered back in German, its time as German writes it.
  await page.goto(`${panel.base}/svc/panel/entries/posts/old-news`);
  await page.locator('#body-en').fill('Getippt, nie gespeichert.');
  await waitFor(async () => assert.match(await page.evaluate(() => localStorage.getItem('svc-editor:posts/old-news:en') ?? ''), /Getippt/), 20_000);
  await page.close({ runBeforeUnload: false });
  const again = await context.newPage();
  await again.goto(`${panel.base}/svc/panel/entries/posts/old-news`);
  const offer = again.locator('.recover p');
  await offer.waitFor({ state: 'visible' });
  assert.match((await offer.textContent()) ?? '', /^Dieser Browser hat nicht gespeicherten Text dieser Übersetzung aufbewahrt \(von \d{1,2}\.\d{1,2}\.\d{4}, \d\d:\d\d:\d\d\)/);
  await again.getByRole('button', { name: 'Verwerfen' }).click();
  await again.goto(`${panel.base}/svc/panel/account`);
  assert.equal(await lang(again), 'de');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a browser that asks for German gets German sign-in and a German panel before any choice', { skip: panel.skip, timeout: 120_000 }, async () => {
  const context = await panel.browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(`${panel.base}/svc/panel/sign-in`);
  assert.equal(await lang(page), 'de');
  await page.getByLabel('E-Mail').fill('bob@example.org');
  await page.getByLabel('Passwort').fill('correct horse battery');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => url.pathname === '/svc/panel/');
  assert.equal(await text(page, 'h1'), 'Hallo, Bob Editor');
  await page.goto(`${panel.base}/svc/panel/account`);
  assert.equal(await page.locator('#panel-language').inputValue(), '', 'no choice made: the browser\'s language');
  assert.equal(await text(page, 'h1'), 'Ihr Konto');
  // The colour switch too (a plain form on this page, which loads no script), and the chosen scheme arrives
  // with the German page.
  await page.getByLabel('Farben').selectOption('dark');
  await page.getByRole('button', { name: 'Übernehmen' }).click();
  await page.waitForFunction(() => document.documentElement.dataset.scheme === 'dark');
  assert.equal(await lang(page), 'de');
  await context.close();
});
