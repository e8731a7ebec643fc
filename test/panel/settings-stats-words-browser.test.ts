// Issue 38 point 6 in a real browser (Debian's Chromium, driven by playwright-core fetched at test time):
// Settings, Site check, Webhooks and every Statistics page for a person who chose German on Your account,
// with data in them, in the light and the dark scheme: German on the page, no sideways scroll at 1440 px, and
// axe-core with no serious or critical violation (longer German words must still fit and contrast).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { violationsInBothSchemes, watchProblems } from '../helpers/browser.ts';
import { panelBrowserForFile, signedInPage } from '../helpers/panel-browser.ts';
import { seedStats } from '../../dist/cli/demo-traffic/seed.js';
import { SharedLinkStore } from '../../dist/stats/shared-links.js';

let session: unknown;
const pages: string[] = [];

const panel = panelBrowserForFile(async () => {
  seedStats(panel.site.deps.stats, panel.site.deps.content, { days: 100, pageviewsPerDay: 40, rawDays: 1, seed: 5 });
  panel.site.deps.stats.goals.add({ kind: 'page', name: 'Hallo gelesen', pattern: '/hello' });
  const endpoint = panel.site.deps.webhooks.create({ url: 'https://hooks.example.org/svc', events: ['entry.published'], drafts: true, filters: {} }).endpoint.id;
  const { token } = await new SharedLinkStore(panel.site.deps.trustedFolders, panel.site.deps.stats.dir, panel.site.deps.clock).create({ name: 'Vorstand', password: '', filters: ['country:DE'] });
  pages.push(
    '/svc/panel/settings', '/svc/panel/settings/types', '/svc/panel/settings/categories', '/svc/panel/settings/categories/journal',
    '/svc/panel/settings/navigation', '/svc/panel/settings/consent', '/svc/panel/settings/statistics', '/svc/panel/check',
    '/svc/panel/webhooks', `/svc/panel/webhooks/endpoint?id=${endpoint}`,
    '/svc/panel/stats?period=30d', '/svc/panel/stats?period=90d&group=week&filter=country%3ADE', '/svc/panel/stats?period=12m&show=countries',
    '/svc/panel/stats/goals', '/svc/panel/stats/funnel?step=%2Fhello&step=%2Fabout', '/svc/panel/stats/import', '/svc/panel/stats/shares',
    `/svc/panel/shared/${token}`,
  );
  // Signed in through the English form, then German chosen on the account: every page after is German.
  const context = await panel.browser.newContext();
  await signedInPage(context, panel.base, 'ann@example.org');
  session = await context.storageState();
  await context.close();
  const ann = panel.site.deps.auth.accounts.list().find((account) => account.email === 'ann@example.org')!;
  panel.site.deps.auth.accounts.setLanguage(ann.id, 'de');
});

test('Settings, Site check, Webhooks and Statistics in German, light and dark: no sideways scroll, no serious axe violation', { skip: panel.skip, timeout: 300_000 }, async () => {
  const context = await panel.browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: 'light', storageState: session });
  const page = await context.newPage();
  const problems = watchProblems(page);
  for (const path of pages) {
    const response = await page.goto(panel.base + path) as { status(): number } | null;
    assert.equal(response?.status(), 200, path);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'de', path);
    assert.equal(await page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth), true, `${path} scrolls sideways at 1440 px`);
    assert.deepEqual(await violationsInBothSchemes(page, panel.axeSource), [], path);
  }
  // The dashboard's cards are tabs in German too (the panel's script reads no words of its own here).
  await page.goto(`${panel.base}/svc/panel/stats?period=30d`);
  await page.getByRole('tab', { name: 'Einstiegsseiten' }).click();
  assert.match((await page.locator('.stats-card .card-part:not([hidden]) h2').first().textContent())!, /Einstiegsseiten/);
  assert.deepEqual(problems, []);
  await context.close();
});
