// The Settings sections in a real browser (Debian's Chromium, playwright-core fetched at test time): an admin
// adds a content type, changes a category's field, gives English a menu of its own and follows it on the
// public site, and sees a bad link refused with the reason. axe-core finds no serious or critical violation
// on any section's page, nor on a refused form.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { seriousViolations, watchProblems } from '../helpers/browser.ts';
import { panelBrowserForFile, signInOnPage } from '../helpers/panel-browser.ts';
import { loadSiteConfig } from '../../dist/content/settings/site-config.js';

const panel = panelBrowserForFile();

test('an admin edits types, a category and the navigation, and follows the new menu on the site', { skip: panel.skip, timeout: 180_000 }, async () => {
  const context = await panel.browser.newContext();
  const page = await context.newPage();
  const problems = watchProblems(page);
  const found: Record<string, string[]> = {};
  const saved = async (section: string) => {
    await page.waitForURL((url) => url.searchParams.get('done') === 'saved');
    assert.match((await page.locator('p.notice.ok').textContent())!, /The settings were saved\./, section);
  };
  await signInOnPage(page, panel.base, 'ann@example.org');

  await page.goto(`${panel.base}/svc/panel/settings`);
  found.General = await seriousViolations(page, panel.axeSource);
  const sections = page.locator('nav.settings-sections');
  await sections.locator('a:text("Content types")').click();
  await page.waitForURL((url) => url.pathname === '/svc/panel/settings/types');
  found['Content types'] = await seriousViolations(page, panel.axeSource);
  await page.getByLabel('Label of recipe').fill('Dishes');
  await page.getByLabel(/^Name/).fill('event');
  await page.getByLabel(/^Folder/).fill('events');
  await page.locator('#t-new-label').fill('Events');
  await page.getByRole('button', { name: 'Save the content types' }).click();
  await saved('types');
  assert.deepEqual(loadSiteConfig(join(panel.site.root, 'content', 'site.yaml')).types.slice(3).map((type) => [type.key, type.label]), [['recipe', 'Dishes'], ['event', 'Events']]);

  await page.locator('nav.settings-sections a:text("Categories")').click();
  await page.waitForURL((url) => url.pathname === '/svc/panel/settings/categories');
  found.Categories = await seriousViolations(page, panel.axeSource);
  await page.getByRole('link', { name: 'Events' }).click();
  await page.waitForURL((url) => url.pathname === '/svc/panel/settings/categories/events');
  found['A category'] = await seriousViolations(page, panel.axeSource);
  await page.getByLabel('Label of level').fill('Difficulty');
  await page.getByLabel('Choices of level, one a line').fill('easy\nmedium\nhard');
  await page.getByRole('button', { name: 'Save the category' }).click();
  await saved('category');
  const level = loadSiteConfig(join(panel.site.root, 'content', 'site.yaml')).categories.events!.fields.level!;
  assert.deepEqual([level.label, level.options], ['Difficulty', ['easy', 'medium', 'hard']]);

  await page.locator('nav.settings-sections a:text("Navigation")').click();
  await page.waitForURL((url) => url.pathname === '/svc/panel/settings/navigation');
  found.Navigation = await seriousViolations(page, panel.axeSource);
  await page.locator('input[name="mode:en"][value="own"]').click();
  await page.getByLabel('Links of the English menu', { exact: false }).fill('Evil = javascript:alert(1)');
  await page.getByRole('button', { name: 'Save the navigation' }).click();
  assert.match((await page.locator('p.notice.error').textContent())!, /uses javascript:, which is not allowed/);
  found['A refused menu'] = await seriousViolations(page, panel.axeSource);
  await page.getByLabel('Links of the English menu', { exact: false }).fill('Our story = /about\nRecipes = /recipes');
  await page.getByRole('button', { name: 'Save the navigation' }).click();
  await saved('navigation');

  for (const [label, path] of [['Consent', 'consent'], ['Statistics', 'statistics']] as const) {
    await page.locator(`nav.settings-sections a:text("${label}")`).click();
    await page.waitForURL((url) => url.pathname === `/svc/panel/settings/${path}`);
    found[label] = await seriousViolations(page, panel.axeSource);
  }

  await page.goto(`${panel.base}/`);
  await page.locator('header.site nav a:text("Our story")').click();
  await page.waitForURL((url) => url.pathname === '/about');
  assert.match((await page.locator('main h1').first().textContent())!, /About/);

  assert.deepEqual(found, Object.fromEntries(Object.keys(found).map((key) => [key, []])));
  // The refused save answers 422 by design; nothing else may fail.
  assert.deepEqual(problems.filter((line) => !/^422 .*\/svc\/panel\/settings\/navigation$/.test(line) && !/status of 422/.test(line)), []);
  await context.close();
});
