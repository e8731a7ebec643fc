// What a team does in the panel, in a real browser (Debian's Chromium, playwright-core fetched at test time):
// delete -> trash -> restore (a person moves a published post to the trash from its page, the public page is
// gone, the Trash page lists it, Restore brings it back at its address; bulk delete from the Content list);
// an assistant's change to a live post waits and an editor publishes it; an invitation accepted in a second
// browser and a reset link used; a settings change shown on the public site. axe-core checks each new page:
// no serious or critical violation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { callTool } from '../helpers/mcp-http.ts';
import { seriousViolations, watchProblems } from '../helpers/browser.ts';
import { panelBrowserForFile, signInOnPage } from '../helpers/panel-browser.ts';

const panel = panelBrowserForFile();

test('a post goes to the trash from its page and comes back with Restore; several go at once from the list', { skip: panel.skip, timeout: 180_000 }, async () => {
  const context = await panel.browser.newContext();
  const page = await context.newPage();
  const problems = watchProblems(page);
  const found: Record<string, string[]> = {};
  await signInOnPage(page, panel.base, 'bob@example.org');

  await page.goto(`${panel.base}/svc/panel/entries/posts/hike-day`);
  await page.getByRole('link', { name: 'Move to the trash…' }).click();
  await page.waitForURL((url) => url.pathname === '/svc/panel/entries/delete');
  assert.match((await page.locator('main').textContent())!, /Hike day/);
  found['Move to the trash?'] = await seriousViolations(page, panel.axeSource);
  await page.getByRole('button', { name: 'Move to the trash' }).click();
  await page.waitForURL((url) => url.pathname === '/svc/panel/trash');
  assert.match((await page.locator('.notice.ok').textContent())!, /Moved to the trash\./);
  assert.equal(existsSync(join(panel.site.root, 'content/posts/hike-day')), false);
  found.Trash = await seriousViolations(page, panel.axeSource);

  const visitor = await (await panel.browser.newContext()).newPage();
  assert.equal((await visitor.goto(`${panel.base}/hike-day`))!.status(), 404);

  await page.getByRole('row', { name: /Hike day/ }).getByRole('button', { name: 'Restore' }).click();
  await page.waitForFunction(() => /back at its address/.test(document.querySelector('.notice.ok')?.textContent ?? ''));
  // Another visitor: the first one's browser may keep the 404 for its max-age, as any public answer.
  const later = await (await panel.browser.newContext()).newPage();
  assert.equal((await later.goto(`${panel.base}/hike-day`))!.status(), 200);
  assert.match((await later.locator('main').textContent())!, /We walk\./);

  // Bulk: two chosen in the Content list.
  await page.goto(`${panel.base}/svc/panel/entries?type=post`);
  await page.getByRole('checkbox', { name: 'Choose Old news' }).check();
  await page.getByRole('checkbox', { name: 'Choose Bob draft' }).check();
  await page.getByRole('button', { name: 'Move the chosen entries to the trash…' }).click();
  await page.waitForURL((url) => url.pathname === '/svc/panel/entries/delete');
  await page.getByRole('button', { name: 'Move to the trash' }).click();
  await page.waitForFunction(() => /2 entries were moved to the trash/.test(document.querySelector('.notice.ok')?.textContent ?? ''));
  assert.equal(existsSync(join(panel.site.root, 'content/posts/old-news')), false);
  assert.equal(existsSync(join(panel.site.root, 'content/posts/bobs-draft')), false);

  assert.deepEqual(found, { 'Move to the trash?': [], Trash: [] });
  assert.deepEqual(problems, [], 'no script error and no failed request');
  await context.close();
});

test('an assistant\'s change to a live post waits, and an editor publishes it from Waiting for approval', { skip: panel.skip, timeout: 180_000 }, async () => {
  appendFileSync(join(panel.site.root, 'content', 'site.yaml'), 'approval_live: true\n');
  const answer = await callTool(panel.site, panel.http.url, panel.site.tokens.admin!, 'content_update', { id: 'posts/hello', language: 'en', body: 'Welcome to the proposed Alps.' });
  assert.equal(answer.structuredContent.waiting_for_approval, true);
  const visitor = await (await panel.browser.newContext()).newPage();
  await visitor.goto(`${panel.base}/hello`);
  assert.doesNotMatch((await visitor.locator('main').textContent())!, /proposed Alps/);

  const context = await panel.browser.newContext();
  const page = await context.newPage();
  const problems = watchProblems(page);
  await signInOnPage(page, panel.base, 'bob@example.org');
  await page.goto(`${panel.base}/svc/panel/approvals`);
  const row = page.locator('section', { has: page.getByRole('heading', { name: 'Hello Alps' }) }).filter({ hasText: 'the en text' });
  assert.match((await row.locator('details').textContent())!, /proposed/);
  const violations = await seriousViolations(page, panel.axeSource);
  await row.getByRole('button', { name: 'Publish the change' }).click();
  await page.waitForFunction(() => /has the change published/.test(document.querySelector('.notice.ok')?.textContent ?? ''));
  assert.match(readFileSync(join(panel.site.root, 'content/posts/hello/en.md'), 'utf8'), /Welcome to the proposed Alps\./);
  // A new visitor (the first may keep the page as long as the site's cache headers allow).
  const later = await (await panel.browser.newContext()).newPage();
  await later.goto(`${panel.base}/hello`);
  assert.match((await later.locator('main').textContent())!, /Welcome to the proposed Alps\./);
  assert.deepEqual(violations, []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('an admin invites a person, who joins in a second browser; a password reset link works there too', { skip: panel.skip, timeout: 180_000 }, async () => {
  const admin = await panel.browser.newContext();
  const page = await admin.newPage();
  const problems = watchProblems(page);
  const found: Record<string, string[]> = {};
  await signInOnPage(page, panel.base, 'ann@example.org');
  await page.goto(`${panel.base}/svc/panel/team`);
  found.Team = await seriousViolations(page, panel.axeSource);
  await page.getByLabel('Email').fill('fay@example.org');
  await page.getByLabel('Role', { exact: true }).selectOption('editor');
  await page.getByRole('button', { name: 'Make an invitation link' }).click();
  const invitation = (await page.locator('pre.secret').textContent())!.replace('http://127.0.0.1:8080', panel.base);

  const newcomer = await panel.browser.newContext();
  const joining = await newcomer.newPage();
  await joining.goto(invitation);
  found.Join = await seriousViolations(joining, panel.axeSource);
  await joining.getByLabel('Your name').fill('Fay Editor');
  await joining.getByLabel('A password').fill('fays long password');
  await joining.getByRole('button', { name: 'Join' }).click();
  await joining.waitForFunction(() => /Your account is ready/.test(document.querySelector('main')?.textContent ?? ''));
  await signInOnPage(joining, panel.base, 'fay@example.org', 'fays long password');

  await page.goto(`${panel.base}/svc/panel/team`);
  await page.locator('li', { hasText: 'fay@example.org' }).getByRole('button', { name: 'Password reset link' }).click();
  const reset = (await page.locator('pre.secret').textContent())!.replace('http://127.0.0.1:8080', panel.base);
  const other = await (await panel.browser.newContext()).newPage();
  await other.goto(reset);
  found.Reset = await seriousViolations(other, panel.axeSource);
  await other.getByLabel('New password').fill('fays newer password');
  await other.getByRole('button', { name: 'Set the password' }).click();
  await other.waitForFunction(() => /Your password was changed/.test(document.querySelector('main')?.textContent ?? ''));
  await signInOnPage(await (await panel.browser.newContext()).newPage(), panel.base, 'fay@example.org', 'fays newer password');

  assert.deepEqual(found, { Team: [], Join: [], Reset: [] });
  assert.deepEqual(problems, []);
  await admin.close();
  await newcomer.close();
});

test('an admin renames the site in Settings and the public site shows the new name', { skip: panel.skip, timeout: 180_000 }, async () => {
  const context = await panel.browser.newContext();
  const page = await context.newPage();
  const problems = watchProblems(page);
  await signInOnPage(page, panel.base, 'ann@example.org');
  await page.goto(`${panel.base}/svc/panel/settings`);
  const violations = await seriousViolations(page, panel.axeSource);
  await page.getByLabel('Title').fill('Alps and Lakes');
  await page.getByRole('button', { name: 'Save the settings' }).click();
  await page.waitForFunction(() => /The settings were saved\./.test(document.querySelector('.notice.ok')?.textContent ?? ''));
  const visitor = await (await panel.browser.newContext()).newPage();
  await visitor.goto(`${panel.base}/`);
  assert.match(await visitor.title(), /Alps and Lakes/);
  assert.deepEqual(violations, []);
  assert.deepEqual(problems, []);
  await context.close();
});
