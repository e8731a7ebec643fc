// The panel on the screen it is on, in a real browser (Debian's Chromium, driven by playwright-core fetched at
// test time): the Content list's search (full text: a word only in a body, with the role rules) and filters
// as one types (the address following), bulk publish from the list, the colour scheme (the system's, and the
// person's choice kept without a flash), the Assistants page's client tabs and the loopback warning, and on
// every panel page, in English and in German (the browser asking for it): no sideways scroll at 390 and
// 1440 px, the editor beside its preview at 1440, and axe-core with no serious or critical violation in the
// light and the dark scheme.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seriousViolations as axeViolations, violationsInBothSchemes, watchProblems, type Browser, type BrowserContext, type Page } from '../helpers/browser.ts';
import { panelBrowserForFile, signInOnPage, signedInPage } from '../helpers/panel-browser.ts';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';
import { waitFor } from '../helpers/wait-for.ts';

/** Every panel page an admin reaches (the top bar's pages, plus a new entry, an entry, its history and the lost-password help). */
const PANEL_PAGES = [
  '/svc/panel/', '/svc/panel/entries', '/svc/panel/entries?type=post&q=news&sort=title', '/svc/panel/entries/new?type=post', '/svc/panel/entries/posts/hello',
  '/svc/panel/revisions?id=posts%2Fhello', '/svc/panel/media', '/svc/panel/assistants', '/svc/panel/approvals', '/svc/panel/trash',
  '/svc/panel/history', '/svc/panel/stats', '/svc/panel/team', '/svc/panel/settings', '/svc/panel/check', '/svc/panel/webhooks', '/svc/panel/account',
  '/svc/panel/sign-in/lost',
];

const panel = panelBrowserForFile();

/** Signed in as Ann; `beforeSignIn` sees the sign-in page first. The form is found by its fields, in any language. */
async function signedIn(options: Parameters<Browser['newContext']>[0] = {}, beforeSignIn?: (page: Page) => Promise<void>): Promise<{ context: BrowserContext; page: Page }> {
  const context = await panel.browser.newContext(options);
  const page = await context.newPage();
  await signInOnPage(page, panel.base, 'ann@example.org', undefined, beforeSignIn);
  return { context, page };
}

/** The panel in each language it speaks, chosen as a browser chooses it (Accept-Language). */
const LANGUAGES = [{ lang: 'en', locale: 'en-US' }, { lang: 'de', locale: 'de-DE' }] as const;

const seriousViolations = (page: Page) => axeViolations(page, panel.axeSource);

/** The full-text index built (the list searches titles until it is). */
async function searchReady(): Promise<void> {
  panel.site.deps.content.search.start();
  await waitFor(() => assert.equal(panel.site.deps.content.search.state().state, 'ready'));
}

const names = (page: Page) => page.evaluate(() => [...document.querySelectorAll('#entries-results a.name')].map((a) => a.textContent));
const fileOf = (id: string) => parseFrontMatter(readFileSync(join(panel.site.root, 'content', id, 'en.md'), 'utf8'));

test('the Content list finds an entry by a word only in its body as one types, with the role rules', { skip: panel.skip, timeout: 120_000 }, async () => {
  await searchReady();
  const { context, page } = await signedIn();
  const problems = watchProblems(page);
  await page.goto(`${panel.base}/svc/panel/entries`);
  // "Secret plans." is Bob's draft's body; its title is "Bob draft".
  await page.getByLabel('Search', { exact: true }).pressSequentially('plans');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('q') === 'plans');
  await page.waitForFunction(() => document.querySelectorAll('#entries-results a.name').length === 1);
  assert.deepEqual(await names(page), ['Bob draft']);
  assert.equal(await page.locator('#entries-status').textContent(), '1 entry.');
  await page.getByLabel('Search', { exact: true }).fill('plans zebra');
  await page.waitForFunction(() => document.querySelectorAll('#entries-results a.name').length === 0);
  assert.match(await page.locator('#entries-results').textContent() ?? '', /No posts to show matching “plans zebra”\./);
  assert.deepEqual(problems, []);
  await context.close();
  // A contributor finds their own draft by its body, never another person's.
  const carl = await panel.browser.newContext();
  const carlsPage = await signedInPage(carl, panel.base, 'carl@example.org');
  await carlsPage.goto(`${panel.base}/svc/panel/entries`);
  await carlsPage.getByLabel('Search', { exact: true }).pressSequentially('writes');
  await carlsPage.waitForFunction(() => new URL(location.href).searchParams.get('q') === 'writes');
  await carlsPage.waitForFunction(() => document.querySelectorAll('#entries-results a.name').length === 1);
  assert.deepEqual(await names(carlsPage), ['Carl draft']);
  await carlsPage.getByLabel('Search', { exact: true }).fill('plans');
  await carlsPage.waitForFunction(() => new URL(location.href).searchParams.get('q') === 'plans');
  await carlsPage.waitForFunction(() => document.querySelectorAll('#entries-results a.name').length === 0);
  await carl.close();
});

test('the Content list searches as one types and filters as one chooses, the address following; bulk publish acts on the chosen', { skip: panel.skip, timeout: 180_000 }, async () => {
  const { context, page } = await signedIn({ viewport: { width: 1440, height: 900 } });
  const problems = watchProblems(page);
  await searchReady();
  await page.goto(`${panel.base}/svc/panel/entries`);
  assert.equal(await page.getByRole('button', { name: 'Apply' }).isVisible(), false, 'the script applies the filters itself');
  await page.getByLabel('Search', { exact: true }).pressSequentially('news');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('q') === 'news');
  await page.waitForFunction(() => document.querySelectorAll('#entries-results a.name').length === 3);
  // Two titles and a tag (full text), newest first.
  assert.deepEqual(await names(page), ['Later news', 'Hello Alps', 'Old news']);
  await page.getByLabel('Status').selectOption('published');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('status') === 'published');
  await page.waitForFunction(() => document.querySelectorAll('#entries-results a.name').length === 2);
  assert.deepEqual(await names(page), ['Hello Alps', 'Old news']);
  assert.equal(await page.locator('#entries-status').textContent(), '2 entries.');
  // The address holds every choice: opened again, it shows the same.
  await page.goto(page.url());
  assert.deepEqual(await names(page), ['Hello Alps', 'Old news']);
  assert.equal(await page.getByLabel('Search', { exact: true }).inputValue(), 'news');

  // Two drafts chosen, one with "Choose all" undone around it, then published in one go.
  await page.goto(`${panel.base}/svc/panel/entries?status=draft`);
  await page.getByLabel('Choose all on this page').click();
  assert.equal(await page.locator('input.pick:checked').count(), 2);
  await page.getByLabel('Choose all on this page').click();
  await page.getByLabel('Choose Bob draft').click();
  await page.getByLabel('Choose Carl draft').click();
  await page.getByRole('button', { name: 'Publish the chosen (en)', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/svc/panel/entries/bulk');
  assert.equal(await page.locator('.notice.ok').textContent(), 'Done for all 2 chosen entries.');
  assert.equal(await page.locator('li.bulk-done').count(), 2);
  assert.deepEqual([fileOf('posts/bobs-draft').fields.status, fileOf('posts/carls-draft').fields.status], ['published', 'published']);
  await page.getByRole('link', { name: 'Back to the list' }).click();
  await page.waitForURL((url) => url.pathname === '/svc/panel/entries' && url.searchParams.get('status') === 'draft');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the panel follows the system\'s colour scheme, and a chosen one is kept and arrives with the page', { skip: panel.skip, timeout: 120_000 }, async () => {
  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const { context, page } = await signedIn({ colorScheme: 'dark' });
  await page.goto(`${panel.base}/svc/panel/entries`);
  assert.equal(await background(page), 'rgb(17, 21, 28)', 'dark, as the system');
  assert.equal(await page.locator('link[rel=icon]').evaluate((link) => (link as HTMLLinkElement).href), `${panel.base}/svc/panel/favicon.svg`);
  await page.getByLabel('Colours').selectOption('light');
  await page.waitForFunction(() => document.documentElement.dataset.scheme === 'light');
  assert.equal(new URL(page.url()).pathname, '/svc/panel/entries', 'back on the page the switch was on');
  assert.equal(await background(page), 'rgb(244, 245, 247)');
  // Chosen on the server's side: the HTML as sent carries it, so no script paints the other scheme first.
  const sent = await page.evaluate(() => fetch('/svc/panel/account').then((response) => response.text()));
  assert.match(sent, /^<!doctype html>\n<html lang="en" data-scheme="light">/);
  assert.match(sent, /<option value="light" selected>Light<\/option>/);
  await page.getByLabel('Colours').selectOption('system');
  await page.waitForFunction(() => document.documentElement.dataset.scheme === undefined);
  assert.equal(await background(page), 'rgb(17, 21, 28)');
  await context.close();
});

test('the Assistants page shows one ARIA tab per client and warns that a connector cannot reach a loopback address', { skip: panel.skip, timeout: 120_000 }, async () => {
  const { context, page } = await signedIn();
  await page.goto(`${panel.base}/svc/panel/assistants`);
  await page.getByLabel('Name').fill('Tabs');
  await page.getByRole('button', { name: 'Create token' }).click();
  await page.locator('[role=tablist]').waitFor();
  const tabs = await page.evaluate(() => [...document.querySelectorAll('[role=tab]')].map((tab) => [tab.textContent, tab.getAttribute('aria-selected')]));
  assert.deepEqual(tabs, [['Claude Desktop', 'true'], ['Claude Code', 'false'], ['Cursor', 'false'], ['VS Code', 'false'], ['ChatGPT', 'false'], ['Any client', 'false']]);
  assert.match((await page.locator('[role=tabpanel]:not([hidden])').textContent())!, /cannot reach http:\/\/127\.0\.0\.1:8080\/svc\/mcp: 127\.0\.0\.1 is a loopback address/);
  await page.getByRole('tab', { name: 'Claude Desktop' }).press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Claude Code');
  assert.match((await page.locator('[role=tabpanel]:not([hidden])').textContent())!, /claude mcp add/);
  assert.equal(await page.locator('[role=tabpanel]:not([hidden])').count(), 1);
  await page.getByRole('tab', { name: 'Claude Code' }).press('End');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Any client');
  await page.getByRole('tab', { name: 'ChatGPT' }).click();
  assert.match((await page.locator('[role=tabpanel]:not([hidden])').textContent())!, /ChatGPT connects from its maker's servers/);
  assert.deepEqual(await seriousViolations(page), []);
  await context.close();
});

for (const { lang, locale } of LANGUAGES) {
  test(`every panel page at 1440 px in ${lang}: no sideways scroll, no serious axe violation in the light and the dark scheme; the editor beside its preview`, { skip: panel.skip, timeout: 300_000 }, async () => {
    const { context, page } = await signedIn({ viewport: { width: 1440, height: 900 }, colorScheme: 'light', locale }, async (signIn) => {
      assert.equal(await signIn.evaluate(() => document.documentElement.lang), lang, 'sign-in');
      assert.deepEqual(await violationsInBothSchemes(signIn, panel.axeSource), [], `sign-in (${lang})`);
    });
    for (const path of PANEL_PAGES) {
      const response = await page.goto(panel.base + path) as { status(): number } | null;
      assert.equal(response?.status(), 200, path);
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang, `${path} is in ${lang}`);
      assert.equal(await page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth), true, `${path} scrolls sideways at 1440 px (${lang})`);
      assert.deepEqual(await violationsInBothSchemes(page, panel.axeSource), [], `${path} (${lang})`);
    }
    await page.goto(`${panel.base}/svc/panel/entries/posts/hello`);
    // The live preview is on by default where there is room; asked for where it is not shown yet.
    const previewWidth = () => page.evaluate(() => document.querySelector('.preview-pane iframe')?.getBoundingClientRect().width ?? 0);
    if ((await previewWidth()) === 0) await page.locator('button[data-live-preview]').first().click();
    const boxes = await page.evaluate(() => {
      const text = document.querySelector('textarea[data-body]')!.getBoundingClientRect();
      const preview = document.querySelector('.preview-pane iframe')!.getBoundingClientRect();
      return { textRight: text.right, previewLeft: preview.left, textTop: text.top, previewBottom: preview.bottom, previewWidth: preview.width };
    });
    assert.ok(boxes.previewLeft >= boxes.textRight && boxes.previewBottom > boxes.textTop && boxes.previewWidth > 400, `side by side: ${JSON.stringify(boxes)}`);
    await context.close();
  });
}

for (const { lang, locale } of LANGUAGES) {
  // German words are longer than English ones: both are laid out on a phone.
  test(`every panel page at 390 px in ${lang} has one column and no sideways scroll`, { skip: panel.skip, timeout: 180_000 }, async () => {
    const { context, page } = await signedIn({ viewport: { width: 390, height: 844 }, locale });
    for (const path of PANEL_PAGES) {
      await page.goto(panel.base + path);
      const widths = await page.evaluate(() => [document.scrollingElement!.scrollWidth, innerWidth, [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > innerWidth + 1).slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${el.className}`).join(' ')]);
      assert.ok(Number(widths[0]) <= Number(widths[1]), `${path} scrolls sideways at 390 px (${lang}): ${JSON.stringify(widths)}`);
    }
    await context.close();
  });
}
