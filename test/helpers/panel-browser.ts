// A test site served over HTTP and Debian's Chromium launched beside it, for the panel's browser tests: made in
// a file's `before`, closed in its `after` (either may see a half-made one when a start failed).
import { PASSWORD, type TestSite } from './test-site.ts';
import type { HttpHarness } from './mcp-http.ts';
import { serveTestSite } from './served-site.ts';
import { loadBrowserTools, type Browser, type Page } from './browser.ts';

export interface PanelBrowser { site: TestSite; http: HttpHarness; base: string; browser: Browser; axeSource: string }

export async function openPanelBrowser(chromiumPath: string): Promise<PanelBrowser> {
  const tools = loadBrowserTools();
  const { site, http, base } = await serveTestSite();
  const browser = await tools.chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  return { site, http, base, browser, axeSource: tools.axeSource };
}

export async function closePanelBrowser(opened: Partial<PanelBrowser>): Promise<void> {
  await opened.browser?.close();
  await opened.http?.close();
  opened.site?.cleanup();
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
