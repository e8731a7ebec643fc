// The editor in a real browser (Debian's Chromium, driven by playwright-core fetched at test time): the
// toolbar and a card's small form insert Markdown; text typed while an image uploads is kept (the page never
// reloads); an image dropped into the text lands at the cursor and asks for its alt text; Ctrl+S saves
// without leaving the page; a draft autosaves; a published text typed and then closed is offered back when
// the page opens again; the media library's alt text, Replace and Delete. axe-core checks the pages touched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seriousViolations, watchProblems, type Page } from '../helpers/browser.ts';
import { panelBrowserForFile, signedInPage } from '../helpers/panel-browser.ts';
import { makePng } from '../helpers/images.ts';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';

const panel = panelBrowserForFile();

async function waitUntil(check: () => boolean | Promise<boolean>, what = 'the condition'): Promise<void> {
  const until = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const bodyFile = (id: string, language = 'en') => parseFrontMatter(readFileSync(join(panel.site.root, 'content', id, `${language}.md`), 'utf8')).body;

/** Drops image files on an element, as a browser does when files are dragged from the desktop. */
async function dropImages(page: Page, selector: string, files: Array<[string, Buffer]>): Promise<void> {
  await page.evaluate(([target, list]: [string, Array<[string, string]>]) => {
    const transfer = new DataTransfer();
    for (const [name, base64] of list) transfer.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type: 'image/png' }));
    document.querySelector(target)!.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, [selector, files.map(([name, bytes]) => [name, bytes.toString('base64')])]);
}

test('the toolbar and its shortcuts write Markdown, and a card\'s small form inserts the card at the cursor', { skip: panel.skip, timeout: 120_000 }, async () => {
  const context = await panel.browser.newContext();
  const page = await signedInPage(context, panel.base, 'carl@example.org');
  const problems = watchProblems(page);
  await page.goto(`${panel.base}/svc/panel/entries/posts/carls-draft`);
  const body = page.locator('#body-en');
  const toolbar = page.locator('[data-toolbar="body-en"]');
  assert.equal(await toolbar.isVisible(), true);
  assert.equal(await toolbar.locator('button[data-md="bold"]').evaluate((button: HTMLButtonElement) => [button.title, button.getAttribute('aria-keyshortcuts')].join(' | ')), 'Bold (Ctrl+B) | Control+B');

  await body.fill('Alps in spring');
  await body.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(0, 4));
  await toolbar.getByRole('button', { name: 'Bold', exact: true }).click();
  assert.equal(await body.inputValue(), '**Alps** in spring');
  await body.press('Control+b');
  assert.equal(await body.inputValue(), 'Alps in spring', 'pressed again, bold comes off');
  await body.press('Control+Shift+H');
  assert.equal(await body.inputValue(), '## Alps in spring');
  await body.press('End');
  await body.pressSequentially('\nfirst\nsecond');
  await body.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(area.value.indexOf('first'), area.value.length));
  await toolbar.getByRole('button', { name: 'List', exact: true }).click();
  assert.equal(await body.inputValue(), '## Alps in spring\n- first\n- second');
  await body.press('Control+z');
  assert.equal(await body.inputValue(), '## Alps in spring\nfirst\nsecond', 'Undo takes a toolbar change back');
  await body.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(area.value.indexOf('second'), area.value.length));
  await body.press('Control+k');
  assert.equal(await body.inputValue(), '## Alps in spring\nfirst\n[second](https://)');

  // The callout's small form: its tone, its title and its text, inserted where the cursor was.
  await body.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(area.value.indexOf('\nfirst'), area.value.indexOf('\nfirst')));
  await toolbar.getByRole('button', { name: 'Callout', exact: true }).click();
  const dialog = page.locator('#cardform-en-callout');
  await dialog.waitFor({ state: 'visible' });
  await dialog.locator('#cardform-en-callout-value').fill('tip');
  await dialog.getByLabel('Title').fill('Say "when"');
  await dialog.getByLabel(/Text inside the card/).fill('Pack **warm** clothes.');
  await dialog.getByRole('button', { name: 'Insert', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  // The card goes in on the dialog's close event, which the browser fires a task after the dialog is hidden.
  await page.waitForFunction(() => (document.getElementById('body-en') as HTMLTextAreaElement).value.includes(':::'));
  assert.equal(await body.inputValue(), `## Alps in spring\n\n::: callout tip title='Say "when"'\nPack **warm** clothes.\n:::\n\nfirst\n[second](https://)`);
  // A required setting left empty keeps the form open.
  await toolbar.getByRole('button', { name: 'Button', exact: true }).click();
  await page.locator('#cardform-en-button').getByRole('button', { name: 'Insert', exact: true }).click();
  assert.equal(await page.locator('#cardform-en-button').isVisible(), true);
  await page.locator('#cardform-en-button').getByRole('button', { name: 'Cancel' }).click();
  assert.doesNotMatch(await body.inputValue(), /::: button/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('text typed while images upload is kept, a dropped image lands at the cursor with its alt text, and the page never reloads', { skip: panel.skip, timeout: 120_000 }, async () => {
  const context = await panel.browser.newContext();
  const page = await signedInPage(context, panel.base, 'carl@example.org');
  const problems = watchProblems(page);
  await page.goto(`${panel.base}/svc/panel/entries/posts/carls-draft`);
  await page.evaluate(() => { (window as unknown as { stayed: boolean }).stayed = true; });
  const body = page.locator('#body-en');
  await body.fill('First line.\n\nLast line.');
  await body.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(12, 12));
  // Dropped into the text, and typing goes on at once, while the upload runs.
  await dropImages(page, '#body-en', [['Glacier View.png', makePng(400, 300)]]);
  await body.press('Control+End');
  await body.pressSequentially(' Typed while uploading.');
  await waitUntil(async () => /!\[glacier view\]\(media\/posts\/carls-draft\/glacier-view\.png\)/.test(await body.inputValue()), 'the Markdown of the upload');
  assert.equal(await body.inputValue(), 'First line.\n\n![glacier view](media/posts/carls-draft/glacier-view.png)\n\nLast line. Typed while uploading.');
  assert.ok(existsSync(join(panel.site.root, 'content/media/posts/carls-draft/glacier-view.png')));
  // The alt text asked for after the upload goes into the Markdown and is kept for the image.
  const asker = page.getByLabel(/Uploaded glacier-view\.png\. Alt text/);
  await asker.fill('The glacier from the hut');
  await page.locator('.alt-asker button').first().click();
  await waitUntil(async () => (await body.inputValue()).includes('![The glacier from the hut](media/posts/carls-draft/glacier-view.png)'), 'the alt text in the Markdown');
  assert.equal(readFileSync(join(panel.site.root, 'content/media/posts/carls-draft/.alt.yaml'), 'utf8'), 'glacier-view.png: The glacier from the hut\n');
  // The upload form below sends its files the same way; the media list and the cover choices follow.
  await page.locator('#upload-files').setInputFiles({ name: 'hut.png', mimeType: 'image/png', buffer: makePng(30, 20) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await waitUntil(async () => (await page.locator('#media img[src$="/hut.png"]').count()) > 0, 'the media list to show hut.png');
  assert.equal(await page.locator('#cover-en option[value="media/posts/carls-draft/hut.png"]').count(), 1);
  // A refused file says why, and the text stays.
  await dropImages(page, '#body-en', [['broken.png', Buffer.from('not an image')]]);
  await waitUntil(async () => (await page.locator('ul.uploads li.error').count()) > 0, 'the refusal');
  assert.match((await page.locator('ul.uploads li.error').textContent())!, /Not uploaded: The file is not an image of an accepted type/);
  assert.equal(await body.inputValue(), 'First line.\n\n![The glacier from the hut](media/posts/carls-draft/glacier-view.png)\n\nLast line. Typed while uploading.');
  assert.equal(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), true, 'the page was never reloaded');
  assert.deepEqual(problems.filter((line) => !/422/.test(line)), []);
  await context.close();
});

test('Ctrl+S saves without leaving the page, a draft autosaves, and a closed page\'s text is offered back', { skip: panel.skip, timeout: 120_000 }, async () => {
  const context = await panel.browser.newContext();
  const page = await signedInPage(context, panel.base, 'ann@example.org');
  const problems = watchProblems(page);
  // Ctrl+S on a published text.
  await page.goto(`${panel.base}/svc/panel/entries/posts/hike-day`);
  await page.evaluate(() => { (window as unknown as { stayed: boolean }).stayed = true; });
  const body = page.locator('#body-en');
  await body.fill('Saved with the keyboard.');
  await body.press('Control+s');
  await waitUntil(async () => /Saved at/.test((await page.locator('#lang-en .editor-status').textContent()) ?? ''), 'the saved status');
  assert.equal(bodyFile('posts/hike-day'), 'Saved with the keyboard.\n');
  await body.pressSequentially(' And once more.');
  await body.press('Control+s');
  await waitUntil(() => bodyFile('posts/hike-day') === 'Saved with the keyboard. And once more.\n', 'the second save (with the new version)');
  assert.equal(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), true);

  // A draft saves itself a moment after the typing stops.
  await page.goto(`${panel.base}/svc/panel/entries/posts/bobs-draft`);
  await page.locator('#body-en').fill('Autosaved plans.');
  await waitUntil(() => bodyFile('posts/bobs-draft') === 'Autosaved plans.\n', 'the autosave');
  await waitUntil(async () => /Draft saved at/.test((await page.locator('#lang-en .editor-status').textContent()) ?? ''), 'the autosave status');

  // A published text typed and then the tab closed: nothing saved, but the browser kept it.
  await page.goto(`${panel.base}/svc/panel/entries/posts/old-news`);
  await page.locator('#body-en').fill('Typed, never saved.');
  // The copy is kept as one types (a crash leaves it too), not only when the page closes.
  await waitUntil(async () => (await page.evaluate(() => localStorage.getItem('svc-editor:posts/old-news:en') ?? '')).includes('Typed, never saved.'), 'the kept copy');
  await page.close({ runBeforeUnload: false });
  assert.equal(bodyFile('posts/old-news'), 'Old.\n');
  const again = await context.newPage();
  await again.goto(`${panel.base}/svc/panel/entries/posts/old-news`);
  await again.getByRole('button', { name: 'Restore the unsaved text' }).click();
  assert.equal(await again.locator('#body-en').inputValue(), 'Typed, never saved.');
  await again.locator('#body-en').press('Control+s');
  await waitUntil(() => bodyFile('posts/old-news') === 'Typed, never saved.\n', 'the restored text saved');
  // Saved: the kept copy is gone (no copy written late by the typing before), so the next visit offers nothing.
  await new Promise((resolve) => setTimeout(resolve, 600));
  await again.goto(`${panel.base}/svc/panel/entries/posts/old-news`);
  assert.equal(await again.getByRole('button', { name: 'Restore the unsaved text' }).count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the media library describes, replaces and deletes a picture, and the pages touched pass axe', { skip: panel.skip, timeout: 120_000 }, async () => {
  const dir = join(panel.site.root, 'content/media/posts/hello');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'summit.png'), makePng(120, 60));
  writeFileSync(join(dir, 'summit-60w.png'), makePng(60, 30));
  const context = await panel.browser.newContext();
  const page = await signedInPage(context, panel.base, 'ann@example.org');
  await page.goto(`${panel.base}/svc/panel/media?q=summit`);
  assert.equal(await page.locator('.media-list > li').count(), 1, 'one item for the picture and its variant');
  await page.getByLabel('Alt text').fill('The summit cross');
  await page.getByRole('button', { name: 'Save the alt text' }).click();
  await page.waitForFunction(() => /The alt text was saved\./.test(document.querySelector('.notice.ok')?.textContent ?? ''));
  assert.equal(await page.getByLabel('Alt text').inputValue(), 'The summit cross');

  await page.locator('summary:text("Replace summit.png")').click();
  await page.locator('input[name="replacement"]').setInputFiles({ name: 'new-summit.png', mimeType: 'image/png', buffer: makePng(240, 120, [200, 30, 30]) });
  await page.getByRole('button', { name: 'Replace', exact: true }).click();
  await page.waitForFunction(() => /The image was replaced/.test(document.querySelector('.notice.ok')?.textContent ?? ''));
  assert.deepEqual(readFileSync(join(dir, 'summit.png')), makePng(240, 120, [200, 30, 30]));
  assert.match((await page.locator('.media-list').textContent())!, /240 × 120 pixels/);
  assert.deepEqual(await seriousViolations(page, panel.axeSource), []);

  await page.getByRole('link', { name: 'Delete summit.png…' }).click();
  await page.getByRole('button', { name: /Move to the trash/ }).click();
  await page.waitForFunction(() => /moved to the trash/.test(document.querySelector('.notice.ok')?.textContent ?? ''));
  assert.equal(existsSync(join(dir, 'summit.png')), false);
  await page.goto(`${panel.base}/svc/panel/trash`);
  assert.match((await page.locator('main').textContent())!, /summit\.png/);

  for (const path of ['/svc/panel/entries/posts/hello', '/svc/panel/entries/posts/carls-draft']) {
    await page.goto(`${panel.base}${path}`);
    assert.deepEqual(await seriousViolations(page, panel.axeSource), [], path);
  }
  // A card's form, open.
  await page.locator('[data-toolbar="body-en"]').getByRole('button', { name: 'Image', exact: true }).first().waitFor();
  await page.locator('[data-toolbar="body-en"] button[data-card-open="cardform-en-image"]').click();
  assert.deepEqual(await seriousViolations(page, panel.axeSource), [], 'the image card\'s form');
  await context.close();
});

test('without the script the toolbar stays hidden and the plain forms (alt text included) still work', { skip: panel.skip, timeout: 120_000 }, async () => {
  const context = await panel.browser.newContext({ javaScriptEnabled: false });
  const page = await signedInPage(context, panel.base, 'carl@example.org');
  await page.goto(`${panel.base}/svc/panel/entries/posts/carls-draft`);
  assert.equal(await page.locator('[data-toolbar]').first().isVisible(), false);
  assert.equal(await page.locator('dialog.card-form').first().isVisible(), false);
  await page.locator('#media .alt-form input[name="alt"]').first().fill('Hut in the snow');
  await page.locator('#media .alt-form button').first().click();
  await page.waitForFunction(() => /The alt text was saved\./.test(document.querySelector('.notice.ok')?.textContent ?? ''));
  await page.locator('#body-en').fill('Plain save.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForFunction(() => /was saved\./.test(document.querySelector('.notice.ok')?.textContent ?? ''));
  assert.equal(bodyFile('posts/carls-draft'), 'Plain save.\n');
  await context.close();
});
