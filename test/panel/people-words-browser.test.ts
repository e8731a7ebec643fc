// The pages about people and their changes in German, in a real browser (Debian's Chromium, playwright-core
// fetched at test time): German words are longer, so each page is checked at 390 and 1440 px for sideways
// scroll, and with axe-core for serious or critical violations (in the light scheme, and for contrast in the
// dark one); the Assistants page's client tabs work with their German names; the pages one-time links open
// speak the browser's German.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callTool } from '../helpers/mcp-http.ts';
import { seriousViolations as axeViolations, violationsInBothSchemes, type Browser, type BrowserContext, type Page } from '../helpers/browser.ts';
import { panelBrowserForFile, signInOnPage } from '../helpers/panel-browser.ts';

/** The pages of the approvals, assistants, history, trash, revisions, team and link-page folders. */
const PAGES = [
  '/svc/panel/approvals', '/svc/panel/assistants', '/svc/panel/history', '/svc/panel/trash', '/svc/panel/team',
  '/svc/panel/revisions?id=posts%2Fold-news',
];

const panel = panelBrowserForFile(async () => {
  const ann = panel.site.deps.auth.accounts.list().find((account) => account.email === 'ann@example.org')!;
  panel.site.deps.auth.accounts.setLanguage(ann.id, 'de');
  // A kept version to list and compare, and its change in the history.
  await callTool(panel.site, panel.http.url, panel.site.tokens.admin!, 'content_update', { id: 'posts/old-news', language: 'en', fields: { excerpt: 'A change.' } });
});

async function signedIn(options: Parameters<Browser['newContext']>[0]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await panel.browser.newContext(options);
  const page = await context.newPage();
  await signInOnPage(page, panel.base, 'ann@example.org');
  return { context, page };
}

const seriousViolations = (page: Page) => axeViolations(page, panel.axeSource);

/** Where a page is wider than the window: its width, the window's, and the first elements reaching past it. */
const overflow = (page: Page) => page.evaluate(() => {
  const wide = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > innerWidth + 1).slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
  return document.scrollingElement!.scrollWidth <= innerWidth ? '' : `${document.scrollingElement!.scrollWidth} > ${innerWidth}: ${wide.join(' ')}`;
});

test('the German pages at 1440 and 390 px: no sideways scroll, no serious axe violation in the light and the dark scheme', { skip: panel.skip, timeout: 300_000 }, async () => {
  for (const width of [1440, 390]) {
    const { context, page } = await signedIn({ viewport: { width, height: 900 }, colorScheme: 'light' });
    const pages = [...PAGES];
    // A comparison of the kept version with now, found on the revisions page.
    await page.goto(`${panel.base}/svc/panel/revisions?id=posts%2Fold-news`);
    pages.push((await page.locator('a[href*="/revisions/diff"]').first().getAttribute('href'))!);
    for (const path of pages) {
      const response = await page.goto(panel.base + path) as { status(): number } | null;
      assert.equal(response?.status(), 200, path);
      assert.equal(await page.getAttribute('html', 'lang'), 'de', path);
      assert.equal(await overflow(page), '', `${path} scrolls sideways at ${width} px`);
      assert.deepEqual(await violationsInBothSchemes(page, panel.axeSource), [], `${path} (${width} px)`);
    }
    await context.close();
  }
});

test('the German Assistants page: a new token, one tab per client, the loopback warning in German', { skip: panel.skip, timeout: 120_000 }, async () => {
  const { context, page } = await signedIn({ viewport: { width: 390, height: 900 } });
  await page.goto(`${panel.base}/svc/panel/assistants`);
  await page.getByLabel('Name').fill('Reiter');
  await page.getByRole('button', { name: 'Token erstellen' }).click();
  await page.locator('[role=tablist]').waitFor();
  const tabs = await page.evaluate(() => [...document.querySelectorAll('[role=tab]')].map((tab) => tab.textContent));
  assert.deepEqual(tabs, ['Claude Desktop', 'Claude Code', 'Cursor', 'VS Code', 'ChatGPT', 'Jeder Client']);
  assert.match((await page.locator('[role=tabpanel]:not([hidden])').textContent())!, /127\.0\.0\.1 ist eine Loopback-Adresse/);
  assert.equal(await overflow(page), '', 'the new token\'s page scrolls sideways at 390 px');
  assert.deepEqual(await seriousViolations(page), []);
  await context.close();
});

test('the pages a one-time link opens, before sign-in, in the browser\'s German: an invitation and a password reset', { skip: panel.skip, timeout: 120_000 }, async () => {
  const invite = panel.site.deps.auth.links.create({ kind: 'invite', email: 'dora@example.org', role: 'author', createdBy: 'ann' }).secret;
  const reset = panel.site.deps.auth.links.create({ kind: 'reset', account: 'bob', what: 'password', createdBy: 'ann' }).secret;
  for (const width of [390, 1440]) {
    const context = await panel.browser.newContext({ viewport: { width, height: 900 }, locale: 'de-DE' });
    const page = await context.newPage();
    for (const [path, heading] of [[`/svc/panel/join?link=${invite}`, 'Dem Team beitreten'], [`/svc/panel/reset?link=${reset}`, 'Neues Passwort wählen'], ['/svc/panel/join?link=used', 'Dieser Link funktioniert nicht']]) {
      await page.goto(panel.base + path);
      assert.equal(await page.getAttribute('html', 'lang'), 'de', path);
      assert.equal(await page.locator('h1').textContent(), heading);
      assert.equal(await overflow(page), '', `${path} scrolls sideways at ${width} px`);
      assert.deepEqual(await seriousViolations(page), [], `${path} (${width} px)`);
    }
    await context.close();
  }
});
