// Media in the panel through the real server: the upload form (multipart, several files at once) with every
// check media_upload makes, a body over the limit, a missing boundary, CSRF and the role rules; the entry
// page's list of files; and the media library with its search, showing only what the person may see.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { Jar, csrfOf, get } from '../helpers/panel-harness.ts';
import { makeGif, makeJpeg, makePng } from '../helpers/images.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { readHistory } from '../../dist/content/history.js';

let served: ServedSite;
let site: TestSite;
let panel: PanelAddress;
const jars: Record<string, Jar> = {};

before(async () => {
  site = await makeTestSite();
  mkdirSync(join(site.root, 'content/media/posts/bobs-draft'), { recursive: true });
  writeFileSync(join(site.root, 'content/media/posts/bobs-draft/secret-plan.png'), makePng(8, 8));
  ({ panel } = served = await serveTestSite({ site }));
  for (const key of ['ann', 'bob', 'carl'] as const) jars[key] = await served.signIn(`${key}@example.org`);
});
after(() => served.close());

const mediaFiles = (id: string) => {
  const dir = join(site.root, 'content/media', id);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

async function csrfFor(who: string, id: string): Promise<string> {
  return csrfOf((await get(panel, `/svc/panel/entries/${id}`, jars[who])).text);
}

/** Posts the upload form as a browser does (multipart/form-data built by fetch). */
async function upload(who: string | null, fields: Record<string, string>, files: Array<[string, Buffer | string]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, bytes] of files) form.append('files', new Blob([bytes]), name);
  const res = await fetch(`${panel.url}/svc/panel/entries/upload`, { method: 'POST', body: form, redirect: 'manual', headers: who ? { cookie: jars[who]!.header() } : {} });
  return { res, text: await res.text() };
}

test('the entry page has an upload form for several images, and lists the entry\'s files', async () => {
  const { text } = await get(panel, '/svc/panel/entries/posts/carls-draft', jars.carl);
  assert.match(text, /<form method="post" action="\/svc\/panel\/entries\/upload" enctype="multipart\/form-data" class="upload" data-dropzone><input type="hidden" name="csrf" value="[^"]+"><input type="hidden" name="id" value="posts\/carls-draft">/);
  assert.match(text, /<input type="file" id="upload-files" name="files" multiple accept="image\/jpeg,image\/png,image\/gif,image\/webp,image\/avif,[^"]*">/);
  assert.match(text, /<section class="card" id="media"><h2>Media<\/h2>.*<p class="muted">No files yet\.<\/p>/s);
});

test('uploading several images saves each under a safe, free name, records it in the history and lists it', async () => {
  const id = 'posts/carls-draft';
  const csrf = await csrfFor('carl', id);
  mkdirSync(join(site.root, 'content/media/posts/carls-draft'), { recursive: true });
  writeFileSync(join(site.root, 'content/media/posts/carls-draft/trail.png'), makePng(2, 2));
  site.clock.now += 60_000;
  const answer = await upload('carl', { csrf, id }, [['Trail.PNG', makePng(30, 20)], ['../../Ünïcode Fötö.gif', makeGif()], ['holiday.jpg', makePng(4, 4)]]);
  assert.equal(answer.res.status, 200);
  assert.match(answer.text, /<p class="notice ok" role="status">Uploaded trail-2\.png, unicode-foto\.gif, holiday\.png\. The file is a PNG image although its name ends in \.jpg; it was saved as \.png\.<\/p>/);
  assert.deepEqual(mediaFiles(id), ['holiday.png', 'trail-2.png', 'trail.png', 'unicode-foto.gif']);
  assert.deepEqual(readFileSync(join(site.root, 'content/media', id, 'trail-2.png')), makePng(30, 20));
  const lines = readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: id }).filter((line) => line.action === 'media_upload');
  assert.deepEqual(lines.map((line) => [line.detail, line.person, line.via]).sort(), [['holiday.png', 'carl', 'panel'], ['trail-2.png', 'carl', 'panel'], ['unicode-foto.gif', 'carl', 'panel']]);
  // The list: a thumbnail, the size and dimensions, the Markdown, a cover button.
  assert.match(answer.text, /<img class="thumb" src="\/media\/posts\/carls-draft\/trail-2\.png" alt="" width="30" height="20" loading="lazy"><div class="facts-of-file"><span class="name">trail-2\.png<\/span> <span class="muted">\d+ bytes · 30 × 20 pixels<\/span><code id="md-\d" class="snippet">!\[trail 2\]\(media\/posts\/carls-draft\/trail-2\.png\)<\/code>/);
  assert.match(answer.text, /name="file" value="media\/posts\/carls-draft\/unicode-foto\.gif"><input type="hidden" name="language" value="en"><button type="submit" class="secondary small">Set as cover<\/button>/);
  // The new images can be chosen as the cover at once.
  assert.match(answer.text, /<option value="media\/posts\/carls-draft\/holiday\.png">holiday\.png<\/option>/);
});

test('hostile files are refused with media_upload\'s sentences, and nothing of the upload is saved', async () => {
  const id = 'posts/carls-draft';
  const csrf = await csrfFor('carl', id);
  const before = mediaFiles(id);
  const bmp = Buffer.alloc(58);
  bmp.write('BM', 0, 'ascii'); bmp.writeUInt32LE(58, 2); bmp.writeUInt32LE(54, 10); bmp.writeUInt32LE(40, 14);
  bmp.writeInt32LE(1, 18); bmp.writeInt32LE(1, 22); bmp.writeUInt16LE(1, 26); bmp.writeUInt16LE(24, 28);
  const cases: Array<[Array<[string, Buffer | string]>, string]> = [
    [[['notes.png', 'hello, I am text\n']], 'The file is not an image of an accepted type (jpg, jpeg, png, gif, webp, avif); choose the image file itself.'],
    [[['a.png', bmp]], 'The file is a bmp, not an accepted image (jpg, jpeg, png, gif, webp, avif). Convert it first.'],
    [[['drawing.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>']], 'The file name has the extension &quot;.svg&quot;; only images are accepted: jpg, jpeg, png, gif, webp, avif. Give the name one of these extensions.'],
    [[['page.html', '<script>alert(1)</script>']], 'The file name has the extension &quot;.html&quot;; only images are accepted'],
    [[['cut.png', makePng(8, 8).subarray(0, 40)]], 'The image is incomplete: the PNG is cut off inside a chunk. Send the whole file.'],
    [[['cut.jpg', makeJpeg().subarray(0, makeJpeg().length - 2)]], 'The image is incomplete: the JPEG does not end with its end-of-image marker.'],
    [[['empty.png', Buffer.alloc(0)]], 'The file is empty; choose the image file itself.'],
    [[['huge.png', Buffer.alloc(10 * 1024 * 1024 + 1)]], 'The file is 10.0 MB; at most 10 MB are accepted. Upload a smaller image.'],
    [[['good.png', makePng(3, 3)], ['bad\u0000name.png', 'text']], '“badname.png”: The file is not an image of an accepted type'],
    [[], 'Choose at least one image to upload.'],
  ];
  for (const [files, sentence] of cases) {
    const answer = await upload('carl', { csrf, id }, files);
    assert.equal(answer.res.status, 422, sentence);
    assert.ok(answer.text.includes(`<p class="notice error" role="alert">${sentence}`), `${sentence}\n${answer.text.slice(answer.text.indexOf('notice'), answer.text.indexOf('notice') + 300)}`);
    assert.deepEqual(mediaFiles(id), before, sentence);
  }
});

test('a body over the limit, a missing boundary or another kind of form is refused before anything is read into files', async () => {
  const id = 'posts/carls-draft';
  const csrf = await csrfFor('carl', id);
  const before = mediaFiles(id);
  const tooBig = await upload('carl', { csrf, id }, [['a.png', Buffer.alloc(13 * 1024 * 1024)], ['b.png', Buffer.alloc(13 * 1024 * 1024)]]);
  assert.equal(tooBig.res.status, 413);
  assert.match(tooBig.text, /The upload is larger than 25 MB; nothing was uploaded\. Upload fewer or smaller images at once\./);
  const headers = { cookie: jars.carl!.header() };
  const noBoundary = await fetch(`${panel.url}/svc/panel/entries/upload`, { method: 'POST', headers: { ...headers, 'content-type': 'multipart/form-data' }, body: `csrf=${csrf}` });
  assert.equal(noBoundary.status, 400);
  assert.match(await noBoundary.text(), /The upload has no multipart boundary; send the form again from the page\./);
  const broken = await fetch(`${panel.url}/svc/panel/entries/upload`, { method: 'POST', headers: { ...headers, 'content-type': 'multipart/form-data; boundary=xyz' }, body: '--xyz\r\nContent-Disposition: form-data; name="csrf"\r\n\r\nabc' });
  assert.equal(broken.status, 400);
  assert.match(await broken.text(), /The upload could not be read as a multipart form/);
  const urlencoded = await fetch(`${panel.url}/svc/panel/entries/upload`, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: `csrf=${csrf}&id=${id}` });
  assert.equal(urlencoded.status, 415);
  assert.deepEqual(mediaFiles(id), before);
});

test('uploads need the session, its CSRF token and the right to change the entry', async () => {
  const before = mediaFiles('posts/hike-day');
  const carlCsrf = await csrfFor('carl', 'posts/carls-draft');
  const png: Array<[string, Buffer]> = [['x.png', makePng(2, 2)]];
  const signedOut = await upload(null, { csrf: carlCsrf, id: 'posts/carls-draft' }, png);
  assert.equal(signedOut.res.status, 403);
  assert.match(signedOut.text, /You are not signed in any more\./);
  const noToken = await upload('carl', { id: 'posts/carls-draft' }, png);
  assert.equal(noToken.res.status, 403);
  assert.match(noToken.text, /The form has expired or did not come from this site\./);
  const published = await upload('carl', { csrf: carlCsrf, id: 'posts/hike-day' }, png);
  assert.equal(published.res.status, 403);
  assert.match(published.text, /Your role \(contributor\) may only change your own entries; posts\/hike-day belongs to someone else\./);
  const hidden = await upload('carl', { csrf: carlCsrf, id: 'posts/bobs-draft' }, png);
  assert.equal(hidden.res.status, 404);
  const outside = await upload('carl', { csrf: carlCsrf, id: '../data' }, png);
  assert.equal(outside.res.status, 404);
  assert.deepEqual(mediaFiles('posts/hike-day'), before);
  assert.deepEqual(mediaFiles('posts/bobs-draft'), ['secret-plan.png']);
  // The form on a published entry is not shown to someone who may not change it.
  assert.doesNotMatch((await get(panel, '/svc/panel/entries/posts/hike-day', jars.carl)).text, /action="\/svc\/panel\/entries\/upload"/);
});

test('the media library lists every file the person may see, with its entry, and searches names and entries', async () => {
  const all = await get(panel, '/svc/panel/media', jars.ann);
  assert.equal(all.res.status, 200);
  assert.match(all.text, /<a href="\/svc\/panel\/media" aria-current="page">Media<\/a>/);
  const names = (html: string) => [...html.matchAll(/<span class="name">([^<]+)<\/span>/g)].map((match) => match[1]);
  // Entry by entry in id order (posts/bobs-draft, posts/carls-draft, posts/hello), then by name.
  assert.deepEqual(names(all.text), ['secret-plan.png', 'holiday.png', 'trail-2.png', 'trail.png', 'unicode-foto.gif', 'photo.png', 'view.jpg']);
  assert.match(all.text, /<p class="muted">Entry: <a href="\/svc\/panel\/entries\/posts\/bobs-draft#media">Bob draft<\/a> \(posts\/bobs-draft\)<\/p>/);
  assert.match(all.text, /7 files\./);
  // Files that are not readable images are listed without a thumbnail.
  assert.match(all.text, /<span class="thumb none" aria-hidden="true"><\/span><div class="facts-of-file"><span class="name">photo\.png<\/span>/);
  const search = await get(panel, '/svc/panel/media?q=TRAIL', jars.ann);
  assert.deepEqual(names(search.text), ['trail-2.png', 'trail.png']);
  const byEntry = await get(panel, '/svc/panel/media?q=bob+draft', jars.ann);
  assert.deepEqual(names(byEntry.text), ['secret-plan.png']);
  const none = await get(panel, '/svc/panel/media?q=%3Cscript%3E', jars.ann);
  assert.match(none.text, /No file matches “&lt;script&gt;”\./);
  // A contributor sees the media of published entries and their own, not of someone else's draft.
  assert.deepEqual(names((await get(panel, '/svc/panel/media', jars.carl)).text), ['holiday.png', 'trail-2.png', 'trail.png', 'unicode-foto.gif', 'photo.png', 'view.jpg']);
  assert.equal((await get(panel, '/svc/panel/media', new Jar())).res.status, 303);
});

test('symbolic links in the media folders are never listed, measured or offered as a cover', async () => {
  const outside = mkdtempSync(join(tmpdir(), 'svc-outside-'));
  try {
    writeFileSync(join(outside, 'secret.png'), makePng(5, 5));
    symlinkSync(join(outside, 'secret.png'), join(site.root, 'content/media/posts/carls-draft/linked.png'));
    mkdirSync(join(site.root, 'content/media/posts'), { recursive: true });
    symlinkSync(outside, join(site.root, 'content/media/posts/old-news'));
    const library = await get(panel, '/svc/panel/media?q=secret', jars.ann);
    assert.doesNotMatch(library.text, /secret\.png|linked\.png/);
    const entry = await get(panel, '/svc/panel/entries/posts/carls-draft', jars.carl);
    assert.doesNotMatch(entry.text, /linked\.png/);
    const csrf = csrfOf(entry.text);
    const cover = await fetch(`${panel.url}/svc/panel/entries/cover`, { method: 'POST', redirect: 'manual', headers: { cookie: jars.carl!.header(), 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ csrf, id: 'posts/carls-draft', language: 'en', file: 'media/posts/carls-draft/linked.png' }) });
    assert.equal(cover.status, 422);
  } finally {
    rmSync(join(site.root, 'content/media/posts/carls-draft/linked.png'), { force: true });
    rmSync(join(site.root, 'content/media/posts/old-news'), { force: true });
    rmSync(outside, { recursive: true, force: true });
  }
});
