// An upload is one picture of its own, whatever its name. Width variants (`<stem>-<width>w.<ext>` beside
// `<stem>.<ext>`) are made by hand; the library shows them inside their picture, and deleting or replacing
// the picture takes them along (content/media-variants.ts). So an upload is never saved under a name that
// would be taken for another file's variant, nor take another file for its own: in either order, through
// media_upload and the panel's upload form alike (real server, real files), and beside images that wait for
// approval. Both answers keep the specification's shape with the name chosen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { makePng } from '../helpers/images.ts';
import { chooseFreeName } from '../../dist/content/media.js';
import { groupVariants, groupsWithAny } from '../../dist/content/media-variants.js';
import { fileStorage } from '../../dist/content/storage/file-storage.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
let ann: Jar;

before(async () => {
  ({ site, http, panel } = served = await serveTestSite());
  ann = await served.signIn('ann@example.org');
});
after(() => served.close());

const PHOTO = makePng(40, 30, [10, 120, 200]);
/** The repro's second upload: a real 2x2 PNG whose name looks like a 100 px variant. */
const SMALL = makePng(2, 2, [200, 40, 10]);
const folder = (id: string) => join(site.root, 'content/media', id);
const files = (id: string) => (existsSync(folder(id)) ? readdirSync(folder(id)).filter((name) => !name.startsWith('.')).sort() : []);

async function mediaUpload(id: string, name: string, bytes: Buffer): Promise<any> {
  const result = await callTool(site, http.url, site.tokens.admin!, 'media_upload', { id, name, data: bytes.toString('base64') });
  assert.equal(result.isError, undefined, result.content?.[0]?.text);
  return result.structuredContent;
}

/** The panel's upload form as a browser posts it (several files at once). */
async function panelUpload(id: string, uploads: Array<[string, Buffer]>): Promise<string> {
  const csrf = csrfOf((await get(panel, `/svc/panel/entries/${id}`, ann)).text);
  const form = new FormData();
  form.append('csrf', csrf);
  form.append('id', id);
  for (const [name, bytes] of uploads) form.append('files', new Blob([bytes]), name);
  const res = await fetch(`${panel.url}/svc/panel/entries/upload`, { method: 'POST', body: form, redirect: 'manual', headers: { cookie: ann.header() } });
  const text = await res.text();
  assert.equal(res.status, 200, text);
  return /<p class="notice ok" role="status">([^<]*)<\/p>/.exec(text)?.[1] ?? text;
}

/** The media library's items for a search: each picture's name and whether it lists variants. */
async function library(query: string): Promise<{ names: string[]; variants: number }> {
  const { text } = await get(panel, `/svc/panel/media?q=${encodeURIComponent(query)}`, ann);
  return { names: [...text.matchAll(/<span class="name">([^<]+)<\/span>/g)].map((match) => match[1]!).sort(), variants: [...text.matchAll(/class="variants muted"/g)].length };
}

/** Deletes one picture in the panel as a person does: the question page, then its form. */
async function panelDelete(id: string, file: string): Promise<void> {
  const asked = await get(panel, `/svc/panel/entries/delete?id=${encodeURIComponent(id)}&file=${encodeURIComponent(file)}`, ann);
  assert.equal(asked.res.status, 200, asked.text);
  const form = /<form method="post" action="\/svc\/panel\/entries\/delete">(.*?)<\/form>/s.exec(asked.text);
  assert.ok(form, 'the page offers no delete button');
  const fields: Record<string, string[]> = {};
  for (const [, name, value] of form[1]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) (fields[name!] ??= []).push(value!.replaceAll('&amp;', '&'));
  assert.equal((await post(panel, '/svc/panel/entries/delete', fields, ann)).res.status, 303);
}

test('media_upload: photo.png, then photo-100w.png, are two pictures; deleting the first leaves the second', async () => {
  const id = 'posts/carls-draft';
  assert.deepEqual(await mediaUpload(id, 'photo.png', PHOTO), { id, file: `media/${id}/photo.png`, markdown: `![photo](media/${id}/photo.png)` });
  assert.deepEqual(await mediaUpload(id, 'photo-100w.png', SMALL), { id, file: `media/${id}/photo-100w-2.png`, markdown: `![photo 100w 2](media/${id}/photo-100w-2.png)` });
  assert.deepEqual(readFileSync(join(folder(id), 'photo-100w-2.png')), SMALL);
  assert.deepEqual(await library('carls-draft'), { names: ['photo-100w-2.png', 'photo.png'], variants: 0 });
  await panelDelete(id, 'photo.png');
  assert.deepEqual(files(id), ['photo-100w-2.png']);
});

test('media_upload: photo-100w.png first keeps its name, and photo.png after it takes no variant', async () => {
  const id = 'posts/bobs-draft';
  assert.equal((await mediaUpload(id, 'photo-100w.png', SMALL)).file, `media/${id}/photo-100w.png`);
  assert.deepEqual(await mediaUpload(id, 'photo.png', PHOTO), { id, file: `media/${id}/photo-2.png`, markdown: `![photo 2](media/${id}/photo-2.png)` });
  assert.deepEqual(await library('bobs-draft'), { names: ['photo-100w.png', 'photo-2.png'], variants: 0 });
  await panelDelete(id, 'photo-2.png');
  assert.deepEqual(files(id), ['photo-100w.png']);
});

test('the panel\'s upload form, in one batch and one file at a time, in both orders', async () => {
  const id = 'posts/old-news';
  assert.equal(await panelUpload(id, [['photo.png', PHOTO], ['photo-100w.png', SMALL]]), 'Uploaded photo.png, photo-100w-2.png.');
  assert.equal(await panelUpload(id, [['photo-100w.png', SMALL]]), 'Uploaded photo-100w-3.png.');
  assert.equal(await panelUpload(id, [['view-480w.png', SMALL]]), 'Uploaded view-480w.png.');
  assert.equal(await panelUpload(id, [['view.png', PHOTO]]), 'Uploaded view-2.png.');
  assert.deepEqual(await library('old-news'), { names: ['photo-100w-2.png', 'photo-100w-3.png', 'photo.png', 'view-2.png', 'view-480w.png'], variants: 0 });
  await panelDelete(id, 'photo.png');
  await panelDelete(id, 'view-2.png');
  assert.deepEqual(files(id), ['photo-100w-2.png', 'photo-100w-3.png', 'view-480w.png']);
});

test('variants made by hand still group, and an upload beside them is a picture of its own', async () => {
  const id = 'pages/about';
  const dir = folder(id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'peak.png'), makePng(200, 100));
  writeFileSync(join(dir, 'peak-100w.png'), makePng(100, 50));
  assert.equal((await mediaUpload(id, 'peak-50w.png', SMALL)).file, `media/${id}/peak-50w-2.png`);
  assert.equal((await mediaUpload(id, 'Peak.png', PHOTO)).file, `media/${id}/peak-2.png`);
  assert.deepEqual(await library('about'), { names: ['peak-2.png', 'peak-50w-2.png', 'peak.png'], variants: 1 });
  await panelDelete(id, 'peak.png');
  assert.deepEqual(files(id).filter((name) => name.startsWith('peak')), ['peak-2.png', 'peak-50w-2.png']);
});

test('an image waiting for approval counts: neither it nor a later upload hides the other once it is published', async () => {
  const page = await get(panel, '/svc/panel/approvals', ann);
  assert.equal((await post(panel, '/svc/panel/approvals/live', { csrf: csrfOf(page.text), mode: 'on' }, ann)).res.status, 303);
  const id = 'posts/hike-day';
  const waiting = await mediaUpload(id, 'ridge-100w.png', SMALL);
  assert.deepEqual([waiting.file, waiting.waiting_for_approval], [`media/${id}/ridge-100w.png`, true]);
  assert.equal(await panelUpload(id, [['ridge.png', PHOTO]]), 'Uploaded ridge-2.png.');
  const held = await mediaUpload(id, 'ridge-2-60w.png', SMALL);
  assert.deepEqual([held.file, held.waiting_for_approval], [`media/${id}/ridge-2-60w-2.png`, true]);
  assert.ok(existsSync(join(site.root, 'data/pending', id, '_media', 'ridge-2-60w-2.png')));
});

test('a name is free only when it groups with no file beside it, read as strictly as any reader reads variants', () => {
  const dir = makeTempFolder('svc-media-free-');
  const storage = fileStorage(new TrustedFolders([dir]));
  const beside = ['photo.png', 'map-2w.png', 'Shot.png'];
  assert.equal(chooseFreeName(dir, 'photo-100w.png', storage, beside), 'photo-100w-2.png');
  // cover.ts's srcset reads any whole number there (`0100`, `1e3`), so those names are not free either.
  assert.equal(chooseFreeName(dir, 'photo-0100w.png', storage, beside), 'photo-0100w-2.png');
  assert.equal(chooseFreeName(dir, 'photo-1e3w.png', storage, beside), 'photo-1e3w-2.png');
  assert.equal(chooseFreeName(dir, 'map.png', storage, beside), 'map-2.png');
  // Another extension, another case, or no number: no variant, the name is kept.
  assert.equal(chooseFreeName(dir, 'photo-100w.jpg', storage, beside), 'photo-100w.jpg');
  assert.equal(chooseFreeName(dir, 'shot-100w.png', storage, beside), 'shot-100w.png');
  assert.equal(chooseFreeName(dir, 'photo-w.png', storage, beside), 'photo-w.png');
  assert.equal(chooseFreeName(dir, 'photo-wide.png', storage, beside), 'photo-wide.png');
  assert.equal(groupsWithAny('photo.png', ['photo-2.png', 'photo-100w-2.png']), false);
  // What grouping itself reads is unchanged: hand-made variants stay inside their picture.
  assert.deepEqual(groupVariants(['photo.png', 'photo-100w.png']), [{ name: 'photo.png', variants: ['photo-100w.png'] }]);
});
