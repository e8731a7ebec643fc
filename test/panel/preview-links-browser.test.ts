// Share preview in a real browser (Debian's Chromium, playwright-core fetched at test time): an editor makes a
// link on an entry's page, copies it from the page it is shown on, and someone who is not signed in opens it
// and sees the draft with the preview bar on top; revoked, it says it no longer works. axe-core checks the
// entry page's section, the page of the new link and the preview itself: no serious or critical violation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { seriousViolations, watchProblems } from '../helpers/browser.ts';
import { panelBrowserForFile, signInOnPage } from '../helpers/panel-browser.ts';

const panel = panelBrowserForFile();

test('an editor shares a draft; a visitor who is not signed in reads it under the preview bar until it is revoked', { skip: panel.skip, timeout: 120_000 }, async () => {
  const editor = await panel.browser.newContext();
  const page = await editor.newPage();
  const problems = watchProblems(page);
  await signInOnPage(page, panel.base, 'bob@example.org');

  await page.goto(`${panel.base}/svc/panel/entries/posts/bobs-draft`);
  assert.equal(await page.getByRole('heading', { name: 'Share preview' }).isVisible(), true);
  await page.getByLabel('What the link shows').selectOption('en:latest');
  await page.getByLabel('Works for').selectOption('1');
  await page.getByRole('button', { name: 'Make a preview link' }).click();
  await page.getByLabel('Preview link', { exact: true }).waitFor();
  const address = await page.getByLabel('Preview link', { exact: true }).inputValue();
  assert.match(address, /\/svc\/panel\/preview-link\/[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
  const path = new URL(address).pathname;

  const visitor = await panel.browser.newContext();
  const preview = await visitor.newPage();
  await preview.goto(panel.base + path);
  const bar = preview.locator('.svc-share-bar');
  assert.equal(await bar.isVisible(), true);
  assert.match((await bar.textContent())!, /Preview, not the published page: the latest saved text \(draft\), shared by Bob Editor\..*works until 2026-03-10 14:00 \(Europe\/Berlin\)/);
  assert.equal(await preview.getByRole('heading', { name: 'Bob draft', exact: true }).isVisible(), true);
  assert.match((await preview.locator('main').textContent())!, /Secret plans\./);

  // The accessibility check, in a context of its own with the editor's session: the entry page, a new link's
  // page and the preview.
  const checker = await panel.browser.newContext({ storageState: await editor.storageState() });
  const checked = await checker.newPage();
  await checked.goto(`${panel.base}/svc/panel/entries/posts/bobs-draft`);
  assert.deepEqual(await seriousViolations(checked, panel.axeSource), [], 'the entry page');
  await checked.getByRole('button', { name: 'Make a preview link' }).click();
  await checked.getByLabel('Preview link', { exact: true }).waitFor();
  assert.deepEqual(await seriousViolations(checked, panel.axeSource), [], 'the new link\'s page');
  await checked.goto(panel.base + path);
  assert.deepEqual(await seriousViolations(checked, panel.axeSource), [], 'the preview');
  await checker.close();

  // Back on the entry page, the link is listed; Revoke ends it for the visitor at once.
  await page.getByRole('link', { name: 'Back to Bob draft' }).click();
  // Two links are open (the visitor's, and the one made for the accessibility check): both revoked.
  for (let open = 2; open > 0; open--) {
    assert.equal(await page.getByRole('button', { name: /^Revoke the link made by Bob Editor/ }).count(), open);
    await page.getByRole('button', { name: /^Revoke the link made by Bob Editor/ }).first().click();
    await page.waitForFunction((left: number) => document.querySelectorAll('button[aria-label^="Revoke the link"]').length === left && /has one preview link less/.test(document.querySelector('.notice.ok')?.textContent ?? ''), open - 1);
  }
  assert.match((await page.locator('#share').textContent())!, /No open preview links\./);
  const gone = await preview.goto(panel.base + path) as { status(): number };
  assert.equal(gone.status(), 410);
  assert.match((await preview.locator('main').textContent())!, /no longer works/);
  assert.deepEqual(problems, []);
  await visitor.close();
  await editor.close();
});
