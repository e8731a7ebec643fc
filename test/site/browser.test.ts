// The public site and the statistics page in a real browser (Debian's Chromium, driven by playwright-core
// fetched at test time): the demo site's home, a post, its German translation and the panel's statistics
// page, each at 1280 and 390 px wide. Every page is screenshotted into a temp folder (a PNG of the width
// asked for) and checked with axe-core: no serious or critical violation, in the light scheme and (for
// contrast) the dark one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { findChromium, NO_CHROMIUM, seriousViolations as axeViolations, loadBrowserTools, violationsInBothSchemes, type Browser, type Page } from '../helpers/browser.ts';
import { seedStats } from '../../dist/cli/demo-traffic/seed.js';
import { waitFor } from '../helpers/wait-for.ts';
import { signInOnPage } from '../helpers/panel-browser.ts';

const chromiumPath = findChromium();
/** The demo's dates (upcoming events, a post scheduled for 2027) are relative to November 2026. */
const NOW = Date.parse('2026-11-21T12:00:00Z');
const PAGES = [
  { name: 'home', path: '/', lang: 'en' },
  { name: 'post', path: '/a-weekend-in-bolzano', lang: 'en' },
  { name: 'german-post', path: '/de/ein-wochenende-in-bozen', lang: 'de' },
  { name: 'search', path: '/search?q=bolzano', lang: 'en' },
  { name: 'german-search', path: '/de/search?q=bozen', lang: 'de' },
  { name: 'statistics', path: '/svc/panel/stats?period=30d', lang: 'en' },
];
const WIDTHS = [1280, 390];
let root: string;
let shots: string;
let server: TestServer;
let browser: Browser;
let axeSource: string;

before(async () => {
  if (!chromiumPath) return;
  const tools = loadBrowserTools();
  axeSource = tools.axeSource;
  root = mkdtempSync(join(tmpdir(), 'svc-site-browser-'));
  shots = mkdtempSync(join(tmpdir(), 'svc-screenshots-'));
  for (const dir of ['content', 'theme']) cpSync(fileURLToPath(new URL(`../../${dir}`, import.meta.url)), join(root, dir), { recursive: true });
  server = await startTestServer(root, { clock: () => NOW });
  await server.deps.auth.accounts.create({ name: 'Ann Admin', email: 'ann@example.org', role: 'admin', password: 'correct horse battery' });
  // Statistics to show: 40 days of generated traffic over the demo's pages.
  seedStats(server.deps.stats, server.deps.content, { days: 40, pageviewsPerDay: 60, rawDays: 1, seed: 3 });
  browser = await tools.chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  // The search pages show results, not that the index is being built.
  server.deps.content.search.start();
  await waitFor(() => assert.equal(server.deps.content.search.state().state, 'ready'));
});
after(async () => {
  await browser?.close();
  await server?.close();
  for (const dir of [root, shots]) if (dir) rmSync(dir, { recursive: true, force: true });
});

const seriousViolations = (page: Page) => axeViolations(page, axeSource);

/** Width and height from a PNG's header (after the 8-byte signature, the IHDR chunk). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  assert.ok(bytes.length > 1000, `a PNG of ${bytes.length} bytes is too small to show a page`);
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'not a PNG');
  assert.equal(bytes.subarray(12, 16).toString('latin1'), 'IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

for (const width of WIDTHS) {
  test(`at ${width} px the home page, a post, its German translation, search results in both languages and the statistics page are screenshotted and pass axe`, { skip: chromiumPath ? false : NO_CHROMIUM, timeout: 180_000 }, async () => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const failed: string[] = [];
    page.on('pageerror', (error) => failed.push(error.message));
    await signInOnPage(page, server.url, 'ann@example.org');
    for (const { name, path, lang } of PAGES) {
      const response = await page.goto(server.url + path) as { status(): number } | null;
      assert.equal(response?.status(), 200, path);
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang, path);
      // The page shows what it is about, not an error page.
      assert.ok(((await page.locator('h1').first().textContent()) ?? '').trim().length > 0, `${path} has a heading`);
      const file = join(shots, `${name}-${width}.png`);
      const returned = await page.screenshot({ path: file, fullPage: true });
      const size = pngSize(readFileSync(file));
      assert.equal(size.width, width, `${file} is ${size.width} px wide`);
      assert.ok(size.height >= 300, `${file} is ${size.height} px high`);
      assert.ok(returned.equals(readFileSync(file)));
      // The dark scheme swaps the theme's colours, whatever the width: checked for contrast at the first.
      const violations = width === WIDTHS[0] ? await violationsInBothSchemes(page, axeSource) : await seriousViolations(page);
      assert.deepEqual(violations, [], `${path} at ${width} px`);
    }
    assert.deepEqual(failed, []);
    await context.close();
  });
}

test('the consent banner opens only on a page that embeds a service, names it, pushes the text down instead of covering it, and the footer reopens it anywhere', { skip: chromiumPath ? false : NO_CHROMIUM, timeout: 120_000 }, async () => {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    assert.equal(await page.locator('#svc-consent').isVisible(), false, 'the home page embeds nothing: nothing asked');
    await page.getByRole('link', { name: 'Privacy settings' }).click();
    assert.equal(await page.locator('#svc-consent').isVisible(), true, 'the footer link opens the choices');
    assert.match((await page.locator('#svc-consent p').first().textContent())!, /^This site embeds content from YouTube\./);

    const fresh = await browser.newContext({ viewport: { width, height: 800 } });
    const post = await fresh.newPage();
    await post.goto(`${server.url}/the-road-over-the-stelvio`);
    const banner = post.locator('#svc-consent');
    assert.equal(await banner.isVisible(), true, 'a page with a video asks');
    assert.match((await post.locator('#svc-consent p').first().textContent())!, /^This page embeds content from YouTube\./);
    const layout = await post.evaluate(() => {
      const box = document.getElementById('svc-consent')!;
      return { position: getComputedStyle(box).position, bottom: box.getBoundingClientRect().bottom, mainTop: document.querySelector('main')!.getBoundingClientRect().top, headerTop: document.querySelector('header.site')!.getBoundingClientRect().top };
    });
    assert.notEqual(layout.position, 'fixed');
    assert.ok(layout.bottom <= layout.headerTop && layout.bottom <= layout.mainTop, `the banner sits above the page, not over it: ${JSON.stringify(layout)}`);
    assert.deepEqual(await seriousViolations(post), [], `the post with its banner at ${width} px`);
    await post.getByRole('button', { name: 'Only necessary' }).click();
    assert.equal(await banner.isVisible(), false);
    await post.reload();
    assert.equal(await post.locator('#svc-consent').isVisible(), false, 'the choice is kept');
    // The language switcher on an entry page links to its translation.
    assert.equal(await post.locator('nav.langs a[hreflang=de]').getAttribute('href'), '/de/ueber-das-stilfser-joch');
    await fresh.close();
    await context.close();
  }
});
