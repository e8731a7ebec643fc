// A test site served over HTTP and Debian's Chromium launched beside it, for the panel's browser tests: made in
// a file's `before`, closed in its `after` (either may see a half-made one when a start failed).
import { makeTestSite, type TestSite } from './test-site.js';
import { startHttp, type HttpHarness } from './mcp-http.js';
import { loadBrowserTools, type Browser } from './browser.js';

export interface PanelBrowser { site: TestSite; http: HttpHarness; base: string; browser: Browser; axeSource: string }

export async function openPanelBrowser(chromiumPath: string): Promise<PanelBrowser> {
  const tools = loadBrowserTools();
  const site = await makeTestSite();
  const http = await startHttp(site);
  const browser = await tools.chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  return { site, http, base: http.url.replace('/svc/mcp', ''), browser, axeSource: tools.axeSource };
}

export async function closePanelBrowser(opened: Partial<PanelBrowser>): Promise<void> {
  await opened.browser?.close();
  await opened.http?.close();
  opened.site?.cleanup();
}
