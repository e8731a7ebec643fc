// A test site served over HTTP and Debian's Chromium launched beside it, for the panel's browser tests: made in
// a file's `before` and closed in its `after` by one call per file (panelBrowserForFile); people are signed
// in through the real form.
import { before, after } from 'node:test';
import { PASSWORD, type TestSite } from './test-site.ts';
import type { HttpHarness } from './mcp-http.ts';
import { serveTestSite } from './served-site.ts';
import { findChromium, loadBrowserTools, NO_CHROMIUM, type Browser, type Page } from './browser.ts';

export interface PanelBrowser { site: TestSite; http: HttpHarness; base: string; browser: Browser; axeSource: string }

async function openPanelBrowser(chromiumPath: string): Promise<PanelBrowser> {
  const tools = loadBrowserTools();
  const served = await serveTestSite();
  try {
    const browser = await tools.chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
    return { site: served.site, http: served.http, base: served.base, browser, axeSource: tools.axeSource };
  } catch (error) {
    // A browser that never started leaves no server and no site behind.
    await served.close();
    throw error;
  }
}

async function closePanelBrowser(opened: Partial<PanelBrowser>): Promise<void> {
  await opened.browser?.close();
  await opened.http?.close();
  opened.site?.cleanup();
}

/**
 * The panel browser the tests of one file share: opened in the file's `before`, `prepare` then making the
 * site ready (accounts, statistics, kept versions), and closed in its `after`. Its fields are there from the
 * first test on. Where Debian's Chromium is missing nothing is opened, and `skip` is the reason each test
 * gives (`{ skip: panel.skip }`); else it is false.
 */
export function panelBrowserForFile(prepare?: () => Promise<void> | void): PanelBrowser & { skip: string | false } {
  const chromiumPath = findChromium();
  const panel = { skip: chromiumPath ? false : NO_CHROMIUM } as PanelBrowser & { skip: string | false };
  before(async () => {
    if (!chromiumPath) return;
    Object.assign(panel, await openPanelBrowser(chromiumPath));
    await prepare?.();
  });
  after(() => closePanelBrowser(panel));
  return panel;
}

/**
 * Signs `email` in through the panel's sign-in form on `page` (served at `base`), and waits for the panel's
 * home. `onSignInPage` sees the sign-in page first (its language, its accessibility).
 */
export async function signInOnPage(page: Page, base: string, email: string, password = PASSWORD, onSignInPage?: (page: Page) => Promise<void>): Promise<void> {
  await page.goto(`${base}/svc/panel/sign-in`);
  await onSignInPage?.(page);
  // Found by their fields, not their words: the page is in the browser's language.
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('form[action="/svc/panel/sign-in"] button[type=submit]').click();
  await page.waitForURL((url) => url.pathname === '/svc/panel/');
}

/** A new page of `context`, signed in as `email` (signInOnPage). */
export async function signedInPage(context: { newPage(): Promise<Page> }, base: string, email: string): Promise<Page> {
  const page = await context.newPage();
  await signInOnPage(page, base, email);
  return page;
}
