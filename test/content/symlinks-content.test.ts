// No symbolic link below content/ is followed for reading, writing or listing: a linked type folder, entry
// folder, translation file, style.css, media folder or media file answers as an unknown id does, is warned
// about once, and nothing outside the site is read or written. Each attack here worked before: the link
// pointed at a folder outside the site, and the tools read and rewrote what was there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { makePng } from '../helpers/images.ts';
import { fileContents } from '../helpers/folder-contents.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';

const SECRET = 'TOP SECRET outside the site';
const warnings: string[] = [];

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let outside: string;
let base: string;

before(async () => {
  site = await makeTestSite();
  // The site's link warnings (lib/trusted-folders.ts), which go to the process log otherwise.
  site.deps.trustedFolders.warnTo((line) => warnings.push(line));
  ({ http, base } = served = await serveTestSite({ site }));
  outside = mkdtempSync(join(tmpdir(), 'svc-outside-'));
  writeFileSync(join(outside, 'en.md'), `---\ntitle: ${SECRET}\nstatus: published\npublished: 2026-01-01 10:00\n---\n${SECRET}\n`);
  writeFileSync(join(outside, 'de.md'), `---\ntitle: ${SECRET}\nstatus: draft\n---\n${SECRET}\n`);
  writeFileSync(join(outside, 'style.css'), `main p { content: "${SECRET}"; }\n`);
  writeFileSync(join(outside, 'secret.txt'), SECRET);
  mkdirSync(join(outside, 'strudel'));
  writeFileSync(join(outside, 'strudel', 'en.md'), `---\ntitle: ${SECRET}\nstatus: published\npublished: 2026-01-01 10:00\n---\n${SECRET}\n`);
});
after(async () => {
  await served.close();
  rmSync(outside, { recursive: true, force: true });
});

/** Every file below the outside folder with its text: compared before and after each attack. */
function outsideFiles(): Record<string, string> {
  return fileContents(outside);
}

/** Runs `attack` and checks it left the outside folder as it was and produced exactly one warning about `link`. */
async function attempt(link: string, attack: () => Promise<void>): Promise<void> {
  const before = outsideFiles();
  const warned = warnings.length;
  await attack();
  assert.deepEqual(outsideFiles(), before, 'nothing outside the site changed');
  const about = warnings.slice(warned).filter((line) => line.includes(link));
  assert.deepEqual(about, [`svc: skipping ${link}: it is a symbolic link, and links below content/ and the data folder are never followed`]);
  assert.equal(warnings.length, warned + 1, 'one warning and no other');
}

const unknown = (id: string) => ({
  content: [{ type: 'text', text: `There is no entry with the id "${id}". Call content_list to see the entries' ids.` }],
  isError: true,
});

async function tool(name: string, args: Record<string, unknown>): Promise<any> {
  return callTool(site, http.url, site.tokens.admin!, name, args);
}

test('an entry folder that is a link is no entry: read, update, style, upload, the API and the page answer as unknown', async () => {
  symlinkSync(outside, join(site.root, 'content', 'posts', 'linked'));
  await attempt('content/posts/linked', async () => {
    assert.deepEqual(await tool('content_read', { id: 'posts/linked' }), unknown('posts/linked'));
    assert.deepEqual(await tool('content_update', { id: 'posts/linked', body: 'overwritten' }), unknown('posts/linked'));
    assert.deepEqual(await tool('content_style', { id: 'posts/linked', css: 'main p { color: red; }' }), unknown('posts/linked'));
    assert.deepEqual(await tool('media_upload', { id: 'posts/linked', name: 'x.png', data: makePng(2, 2).toString('base64') }), unknown('posts/linked'));
    const list = await tool('content_list', { limit: 100 });
    assert.ok(!list.structuredContent.entries.some((row: any) => row.id === 'posts/linked'));
    const api = await fetch(`${base}/svc/api/v1/entry?id=posts/linked`, { headers: { authorization: `Bearer ${site.tokens.admin}` } });
    assert.equal(api.status, 404);
    assert.ok(!(await api.text()).includes(SECRET));
    const page = await fetch(`${base}/linked`);
    assert.equal(page.status, 404);
    assert.ok(!(await page.text()).includes(SECRET));
  });
});

test('a type folder that is a link has no entries, and nothing is created through it', async () => {
  const recipes = join(site.root, 'content', 'recipes');
  renameSync(recipes, join(site.root, 'recipes-aside'));
  symlinkSync(outside, recipes);
  await attempt('content/recipes', async () => {
    const list = await tool('content_list', { type: 'recipe' });
    assert.equal(list.structuredContent.count, 0);
    assert.deepEqual(await tool('content_read', { id: 'recipes/strudel' }), unknown('recipes/strudel'));
    assert.deepEqual(await tool('content_update', { id: 'recipes/strudel', title: 'Mine now' }), unknown('recipes/strudel'));
    const created = await tool('content_create', { type: 'recipe', title: 'Planted', body: 'planted' });
    assert.equal(created.isError, true);
    const api = await fetch(`${base}/svc/api/v1/entries?type=recipe`);
    assert.deepEqual((await api.json()).meta, { page: 1, pages: 1, total: 0 });
  });
});

test('a translation file that is a link is no translation: not read, not replaced, and the update answers as unknown', async () => {
  const file = join(site.root, 'content', 'posts', 'old-news', 'de.md');
  symlinkSync(join(outside, 'de.md'), file);
  await attempt('content/posts/old-news/de.md', async () => {
    const read = await tool('content_read', { id: 'posts/old-news', language: 'de' });
    assert.equal(read.structuredContent.requested_language_missing, true);
    assert.ok(!JSON.stringify(read).includes(SECRET));
    assert.deepEqual(await tool('content_update', { id: 'posts/old-news', language: 'de', title: 'Alte Neuigkeiten', body: 'overwritten' }), unknown('posts/old-news'));
    const api = await fetch(`${base}/svc/api/v1/entry?id=posts/old-news&language=de`, { headers: { authorization: `Bearer ${site.tokens.admin}` } });
    assert.ok(!(await api.text()).includes(SECRET));
  });
  assert.equal(readFileSync(join(site.root, 'content', 'posts', 'old-news', 'en.md'), 'utf8').includes('overwritten'), false);
});

test('a style.css that is a link is not read as the entry\'s style, and content_style does not write through it', async () => {
  const file = join(site.root, 'content', 'posts', 'bobs-draft', 'style.css');
  symlinkSync(join(outside, 'style.css'), file);
  await attempt('content/posts/bobs-draft/style.css', async () => {
    const read = await tool('content_read', { id: 'posts/bobs-draft' });
    assert.equal(read.structuredContent.style, '');
    assert.deepEqual(await tool('content_style', { id: 'posts/bobs-draft', css: 'main p { color: red; }' }), unknown('posts/bobs-draft'));
  });
});

test('a media folder that is a link lists nothing, takes no upload, and serves nothing', async () => {
  const folder = join(site.root, 'content', 'media', 'posts', 'later');
  mkdirSync(join(site.root, 'content', 'media', 'posts'), { recursive: true });
  symlinkSync(outside, folder);
  await attempt('content/media/posts/later', async () => {
    const read = await tool('content_read', { id: 'posts/later' });
    assert.deepEqual(read.structuredContent.files, []);
    assert.deepEqual(await tool('media_upload', { id: 'posts/later', name: 'x.png', data: makePng(2, 2).toString('base64') }), unknown('posts/later'));
    const served = await fetch(`${base}/media/posts/later/secret.txt`);
    assert.equal(served.status, 404);
    assert.ok(!(await served.text()).includes(SECRET));
  });
});

test('a media file that is a link is not served at /media/ and not listed', async () => {
  symlinkSync(join(outside, 'secret.txt'), join(site.root, 'content', 'media', 'posts', 'hello', 'h.txt'));
  await attempt('content/media/posts/hello/h.txt', async () => {
    const served = await fetch(`${base}/media/posts/hello/h.txt`);
    assert.equal(served.status, 404);
    assert.deepEqual(await served.json(), { message: 'No such file.' });
    const read = await tool('content_read', { id: 'posts/hello' });
    assert.ok(!read.structuredContent.files.includes('media/posts/hello/h.txt'));
    // The entry's real files are served as before.
    assert.equal((await fetch(`${base}/media/posts/hello/photo.png`)).status, 200);
  });
});
