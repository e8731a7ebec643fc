// The panel in a real browser (Debian's Chromium, driven by playwright-core fetched at test time), for what
// needs the script: a person signs in, makes a post, uploads an image (and drops another), makes it the
// cover, inserts a callout card, is asked before leaving with unsaved text, watches the live preview follow
// the typing, edits the text and presses Publish; the public page then shows the edited text, the cover and
// the card. An assistant's draft waits for approval (real MCP over HTTP in approval mode); an editor opens it
// from the list, sees the diff and the preview, sends it back with a note; the assistant updates it and asks
// again; the editor publishes it. axe-core checks the entry, media, preview, approvals, revisions and home
// pages: no serious or critical violation.
// Everything else about the panel is tested over HTTP, without a browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { callTool } from '../helpers/mcp-http.ts';
import { seriousViolations as axeViolations, watchProblems, type Page } from '../helpers/browser.ts';
import { panelBrowserForFile, signInOnPage, signedInPage } from '../helpers/panel-browser.ts';
import { makePng } from '../helpers/images.ts';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';

const panel = panelBrowserForFile();

const seriousViolations = (page: Page) => axeViolations(page, panel.axeSource);

test('a person writes, illustrates, previews and publishes a post in the browser, and the public page shows it', { skip: panel.skip, timeout: 180_000 }, async () => {
  const context = await panel.browser.newContext();
  const page = await context.newPage();
  const problems = watchProblems(page);

  await signInOnPage(page, panel.base, 'ann@example.org');

  // A new post from the Content list's New entry button.
  await page.goto(`${panel.base}/svc/panel/entries?type=post`);
  await page.getByRole('link', { name: 'New entry' }).click();
  await page.waitForURL((url) => url.pathname === '/svc/panel/entries/new');
  await page.getByLabel('Title', { exact: true }).fill('Browser post');
  await page.getByRole('button', { name: 'Create a draft' }).click();
  await page.waitForURL((url) => url.pathname === '/svc/panel/entries/posts/browser-post');

  // Upload an image with the form, and drop a second one on it.
  await page.locator('#upload-files').setInputFiles({ name: 'mountain.png', mimeType: 'image/png', buffer: makePng(120, 80) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  // Sent in the background (the page, and anything typed, stays); the media list follows.
  await page.locator('#media img[src$="/mountain.png"]').first().waitFor();
  assert.equal(await page.locator('.drop-hint').isVisible(), true, 'the script shows the drop hint');
  await page.evaluate((base64: string) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
    document.querySelector('form[data-dropzone]')!.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, makePng(10, 10).toString('base64'));
  await page.locator('#media img[src$="/dropped.png"]').first().waitFor();

  // Make the first image the cover.
  await page.locator('li:has(img[src$="/mountain.png"]) button:text("Set as cover")').click();
  await page.waitForFunction(() => /has a new cover/.test(document.querySelector('.notice.ok')?.textContent ?? ''));
  assert.equal(await page.locator('#cover-en').inputValue(), 'media/posts/browser-post/mountain.png');

  // Type, and try to leave: the page asks first; staying keeps the text.
  const body = page.locator('#body-en');
  await body.fill('Hello from the browser.');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.dismiss();
  });
  await page.getByRole('link', { name: 'All content' }).click({ noWaitAfter: true });
  await waitUntil(() => dialogs.length > 0);
  assert.deepEqual(dialogs, ['beforeunload']);
  assert.equal(new URL(page.url()).pathname, '/svc/panel/entries/posts/browser-post');
  assert.equal(await body.inputValue(), 'Hello from the browser.');

  // Insert a callout card from the cards helper at the cursor.
  await page.locator('details.cards summary').click();
  await page.getByRole('button', { name: 'Insert Callout at the cursor' }).click();
  assert.match(await body.inputValue(), /^Hello from the browser\.\n\n::: callout tip title="Title"\nText in \*\*Markdown\*\*\.\n:::\n$/);

  // The live preview beside the text follows the typing.
  // On from the start (the editor's script), beside the text.
  await waitUntil(async () => (await page.getByRole('button', { name: 'Live preview' }).evaluate((button: HTMLButtonElement) => button.getAttribute('aria-pressed'))) === 'true');
  const previewText = () => page.evaluate(() => (document.querySelector('iframe[name="preview-en"]') as HTMLIFrameElement).contentDocument?.querySelector('main')?.textContent ?? '');
  await waitUntil(async () => /Hello from the browser\./.test(await previewText()));
  await body.press('End');
  await body.pressSequentially('Typed later.');
  await waitUntil(async () => /Typed later\./.test(await previewText()));
  assert.equal(await page.evaluate(() => !!(document.querySelector('iframe[name="preview-en"]') as HTMLIFrameElement).contentDocument?.querySelector('.card-callout')), true);

  // Edit the text once more and press Publish: what is on the screen is published.
  await body.fill(`${await body.inputValue()}\n\nThe last word.`);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.waitForFunction(() => /is published\./.test(document.querySelector('.notice.ok')?.textContent ?? ''));
  assert.deepEqual(dialogs, ['beforeunload'], 'leaving through the form asks nothing');
  const file = parseFrontMatter(readFileSync(join(panel.site.root, 'content/posts/browser-post/en.md'), 'utf8'));
  assert.deepEqual([file.fields.status, file.fields.cover], ['published', 'media/posts/browser-post/mountain.png']);
  assert.match(file.body, /The last word\./);

  const visitor = await (await panel.browser.newContext()).newPage();
  await visitor.goto(`${panel.base}/browser-post`);
  const main = (await visitor.locator('main').textContent())!;
  assert.match(main, /Hello from the browser\./);
  assert.match(main, /The last word\./);
  assert.equal(await visitor.locator('.card-callout').isVisible(), true);
  // The cover is there and loaded (its srcset scales the natural size to the column, so the file is checked).
  await visitor.waitForFunction(() => (document.querySelector('figure.entry-cover img') as HTMLImageElement | null)?.complete === true);
  assert.deepEqual(await visitor.evaluate(() => {
    const image = document.querySelector('figure.entry-cover img') as HTMLImageElement;
    return [new URL(image.currentSrc).pathname, image.naturalHeight > 0];
  }), ['/media/posts/browser-post/mountain.png', true]);
  await visitor.close();

  assert.deepEqual(problems, [], 'no script error and no CSP refusal');
  await context.close();
});

test('the entry, media and preview pages have no serious or critical accessibility violation (axe-core)', { skip: panel.skip, timeout: 180_000 }, async () => {
  const context = await panel.browser.newContext();
  const page = await context.newPage();
  await signInOnPage(page, panel.base, 'ann@example.org');
  const found: Record<string, string[]> = {};
  for (const path of ['/svc/panel/entries/posts/hike-day', '/svc/panel/entries/posts/hello', '/svc/panel/media', '/svc/panel/preview/posts/hello?language=de', '/svc/panel/entries?type=post']) {
    await page.goto(`${panel.base}${path}`);
    found[path] = await seriousViolations(page);
  }
  assert.deepEqual(found, Object.fromEntries(Object.keys(found).map((path) => [path, []])));
  await context.close();
});

test('without the script the page shows none of its controls, and a plain form saves what was typed', { skip: panel.skip, timeout: 180_000 }, async () => {
  const context = await panel.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInOnPage(page, panel.base, 'bob@example.org');
  await page.goto(`${panel.base}/svc/panel/entries/posts/hello`);
  for (const selector of ['button[data-live-preview]', 'button[data-copy]', 'button[data-insert]', '.drop-hint']) {
    assert.ok(await page.locator(selector).count() > 0, selector);
    assert.equal(await page.locator(selector).first().isVisible(), false, selector);
  }
  // Without the script every category's fields are there to fill in.
  assert.equal(await page.locator('#lang-en fieldset[data-category="events"]').isVisible(), true);
  await page.goto(`${panel.base}/svc/panel/entries/posts/carls-draft`);
  await page.locator('#body-en').fill('Saved without a script.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForFunction(() => /was saved\./.test(document.querySelector('.notice.ok')?.textContent ?? ''));
  assert.equal(parseFrontMatter(readFileSync(join(panel.site.root, 'content/posts/carls-draft/en.md'), 'utf8')).body, 'Saved without a script.\n');
  await context.close();
});

test('an assistant\'s draft waits for approval; the editor reviews it with its diff and preview, sends it back, and publishes the update', { skip: panel.skip, timeout: 180_000 }, async () => {
  const token = panel.site.deps.auth.createToken({ ownerId: 'ava', name: 'Ava laptop', scopes: ['content:read', 'content:write', 'content:publish'], expiresInDays: 30 }).token;
  const mcp = async (name: string, args: unknown) => (await callTool(panel.site, panel.http.url, token, name, args)).structuredContent;
  // Public once (approval mode off), then taken back to a draft and rewritten by the assistant.
  const { id } = await mcp('content_create', { title: 'Lake trail', body: 'Walk to the lake.' });
  assert.equal((await mcp('content_publish', { id })).status, 'published');

  const context = await panel.browser.newContext();
  const page = await signedInPage(context, panel.base, 'ann@example.org');
  const problems = watchProblems(page);
  await page.goto(`${panel.base}/svc/panel/approvals`);
  await page.getByRole('button', { name: 'Turn approval mode on' }).click();
  await page.waitForFunction(() => /Approval mode is on now\./.test(document.querySelector('.notice.ok')?.textContent ?? ''));
  await mcp('content_unpublish', { id });
  await mcp('content_update', { id, body: 'Walk to the blue lake.' });
  assert.equal((await mcp('content_publish', { id })).status, 'waiting_for_approval');

  // The editor (a browser of their own) finds it on the home page and opens it from the list.
  const editorContext = await panel.browser.newContext();
  const editor = await signedInPage(editorContext, panel.base, 'bob@example.org');
  const editorProblems = watchProblems(editor);
  assert.match((await editor.locator('section[aria-labelledby="home-approvals"]').textContent())!, /Lake trail/);
  await editor.getByRole('link', { name: 'Open Waiting for approval' }).click();
  await editor.waitForURL((url) => url.pathname === '/svc/panel/approvals');
  const row = editor.locator('section:has(h2 a:text("Lake trail"))');
  assert.match((await row.locator('dl.facts').textContent())!, /Ava Author, through assistant \(token “Ava laptop”\)/);
  assert.equal(await row.locator('pre.diff ins').first().textContent(), 'blue ');
  await row.getByRole('link', { name: 'Lake trail' }).click();
  await editor.waitForURL((url) => url.pathname === `/svc/panel/entries/${id}`);
  await editor.goto(`${panel.base}/svc/panel/approvals`);
  await row.getByRole('link', { name: 'Preview' }).click();
  await editor.waitForURL((url) => url.pathname === `/svc/panel/preview/${id}`);
  assert.match((await editor.locator('main').first().textContent())!, /Walk to the blue lake\./);
  await editor.goto(`${panel.base}/svc/panel/approvals`);

  // Sent back with a note: still a draft, and the entry page shows the note.
  await row.getByLabel(/Note for sending it back/).fill('Say how long the walk is.');
  await row.getByRole('button', { name: 'Send back' }).click();
  await editor.waitForFunction(() => /was sent back/.test(document.querySelector('.notice.ok')?.textContent ?? ''));
  assert.equal(await editor.locator('section:has(h2 a:text("Lake trail"))').count(), 0);
  await editor.goto(`${panel.base}/svc/panel/entries/${id}`);
  assert.match((await editor.locator('.sent-back').textContent())!, /Sent back by Bob Editor at .*:Say how long the walk is\./);
  const file = () => parseFrontMatter(readFileSync(join(panel.site.root, 'content', id, 'en.md'), 'utf8'));
  assert.deepEqual([file().fields.status, file().fields.review], ['draft', undefined]);

  // The assistant answers and asks again; the editor publishes it now.
  await mcp('content_update', { id, body: 'Walk to the blue lake: two hours.' });
  assert.equal((await mcp('content_publish', { id })).status, 'waiting_for_approval');
  await editor.goto(`${panel.base}/svc/panel/approvals`);
  assert.match((await row.locator('pre.diff').textContent())!, /two hours/);
  await row.getByRole('button', { name: 'Publish now' }).click();
  await editor.waitForFunction(() => /was published\./.test(document.querySelector('.notice.ok')?.textContent ?? ''));
  assert.deepEqual([file().fields.status, file().fields.review], ['published', undefined]);
  const visitor = await (await panel.browser.newContext()).newPage();
  await visitor.goto(`${panel.base}/lake-trail`);
  assert.match((await visitor.locator('main').textContent())!, /Walk to the blue lake: two hours\./);
  await visitor.close();

  assert.deepEqual([...problems, ...editorProblems], [], 'no script error and no CSP refusal');
  await editorContext.close();
  await context.close();
});

test('the approvals, revisions, webhooks and home pages have no serious or critical accessibility violation (axe-core)', { skip: panel.skip, timeout: 180_000 }, async () => {
  // Something waiting, with a diff: an earlier public text rewritten by an assistant.
  const token = panel.site.deps.auth.createToken({ ownerId: 'ann', name: 'Ann axe', scopes: ['content:write', 'content:publish'], expiresInDays: 30 }).token;
  await callTool(panel.site, panel.http.url, token, 'content_unpublish', { id: 'posts/hike-day' });
  await callTool(panel.site, panel.http.url, token, 'content_update', { id: 'posts/hike-day', body: 'We walk far.' });
  await callTool(panel.site, panel.http.url, token, 'content_publish', { id: 'posts/hike-day' });
  const context = await panel.browser.newContext();
  const page = await signedInPage(context, panel.base, 'ann@example.org');
  const found: Record<string, string[]> = {};
  // A webhook endpoint, for its page and the list's.
  const { endpoint } = panel.site.deps.webhooks.create({ url: 'https://hooks.example.org/svc', events: ['entry.published'], filters: {}, drafts: false });
  for (const path of ['/svc/panel/', '/svc/panel/approvals', '/svc/panel/revisions?id=posts%2Fhike-day', '/svc/panel/history?via=mcp', '/svc/panel/webhooks', `/svc/panel/webhooks/endpoint?id=${endpoint.id}`]) {
    await page.goto(`${panel.base}${path}`);
    found[path] = await seriousViolations(page);
  }
  // A comparison page of one kept version.
  await page.goto(`${panel.base}/svc/panel/revisions?id=posts%2Fhike-day`);
  await page.getByRole('link', { name: /Compare the version kept at/ }).first().click();
  await page.waitForURL((url) => url.pathname === '/svc/panel/revisions/diff');
  found['/svc/panel/revisions/diff'] = await seriousViolations(page);
  assert.deepEqual(found, Object.fromEntries(Object.keys(found).map((path) => [path, []])));
  await context.close();
});

/** Waits for a condition the browser brings about (no time is asserted: the test's own timeout bounds it). */
async function waitUntil(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}
