// The posts the editor's script sends without leaving the page, through the real server: saving (Ctrl+S)
// and autosaving a draft, uploading images dropped into the text, an image's alt text and replacing an
// image from the media library. Each is tried with bad input (wrong type, too large, path tricks, no CSRF
// token, another site, no right) and must change nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { Jar, csrfOf, get, post, versionOf } from '../helpers/panel-harness.ts';
import { editForm } from '../helpers/panel-forms.ts';
import { makeGif, makeJpeg, makePng } from '../helpers/images.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';
import { readHistory } from '../../dist/content/history.js';

let served: ServedSite;
let site: TestSite;
let panel: PanelAddress;
const jars: Record<string, Jar> = {};
const JSON_ACCEPT = { accept: 'application/json' };

before(async () => {
  ({ site, panel } = served = await serveTestSite());
  for (const key of ['ann', 'carl'] as const) jars[key] = await served.signIn(`${key}@example.org`);
});
after(() => served?.close());

const fileOf = (id: string, language = 'en') => readFileSync(join(site.root, 'content', id, `${language}.md`), 'utf8');
const mediaFiles = (id: string) => {
  const dir = join(site.root, 'content/media', id);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};
/** Everything under content/ and the trash, to show a refused request wrote nothing. */
function snapshot(): string {
  const walk = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const path = join(dir, item.name);
    return item.isDirectory() ? walk(path) : [`${path}:${readFileSync(path).toString('base64').length}`];
  }) : []);
  return [...walk(join(site.root, 'content')), ...walk(join(site.root, 'data/trash'))].sort().join('\n');
}

async function entryPage(who: string, id: string) {
  return (await get(panel, `/svc/panel/entries/${id}`, jars[who])).text;
}

async function upload(who: string | null, path: string, fields: Record<string, string>, files: Array<[string, string, Buffer | string]>, headers: Record<string, string> = JSON_ACCEPT) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [field, name, bytes] of files) form.append(field, new Blob([bytes]), name);
  const res = await fetch(`${panel.url}${path}`, { method: 'POST', body: form, redirect: 'manual', headers: { ...headers, ...(who ? { cookie: jars[who]!.header() } : {}) } });
  return { res, text: await res.text() };
}

test('Ctrl+S saves the form without a reload and answers the new version; autosave saves drafts only', async () => {
  const id = 'posts/carls-draft';
  const html = await entryPage('carl', id);
  const form = { ...editForm(html), body: 'Saved by the editor.' };
  const saved = await post(panel, '/svc/panel/editor/save', form, jars.carl, JSON_ACCEPT);
  assert.equal(saved.res.status, 200);
  const answer = JSON.parse(saved.text) as { saved: boolean; version: string };
  assert.equal(answer.saved, true);
  assert.equal(parseFrontMatter(fileOf(id)).body, 'Saved by the editor.\n');
  assert.equal(answer.version, versionOf(await entryPage('carl', id)));
  // Again with the new version: an autosave of the draft; then nothing changed, nothing saved.
  const auto = await post(panel, '/svc/panel/editor/save', { ...form, version: answer.version, body: 'Autosaved.', autosave: '1' }, jars.carl, JSON_ACCEPT);
  assert.equal(JSON.parse(auto.text).saved, true);
  const version = JSON.parse(auto.text).version as string;
  const same = await post(panel, '/svc/panel/editor/save', { ...form, version, body: 'Autosaved.', autosave: '1' }, jars.carl, JSON_ACCEPT);
  assert.deepEqual(JSON.parse(same.text), { saved: false, version });
  // The old version is refused (someone saved since), and says so.
  const stale = await post(panel, '/svc/panel/editor/save', { ...form, body: 'From an old page.' }, jars.carl, JSON_ACCEPT);
  assert.equal(stale.res.status, 409);
  assert.match(JSON.parse(stale.text).error, /changed/i);
  assert.equal(parseFrontMatter(fileOf(id)).body, 'Autosaved.\n');
  // The rules of writing answer in the panel's words, and as bad input (422): a 900 KB title, two lines, a
  // category the site lacks (MCP's not_found naming site_info is not the panel's answer).
  for (const [changes, sentence] of [
    [{ title: 'T'.repeat(900_000) }, 'The title is 900,000 characters long; a title has at most 300.'],
    [{ title: 'Two\nlines' }, 'The title must be one line: take out its line breaks.'],
    [{ category: 'zzz' }, 'The site has no category "zzz". Choose one of its categories (journal, events).'],
  ] as const) {
    const bad = await post(panel, '/svc/panel/editor/save', { ...form, version, ...changes }, jars.carl, JSON_ACCEPT);
    assert.equal(bad.res.status, 422, sentence);
    assert.equal(JSON.parse(bad.text).error, sentence);
  }
  assert.equal(parseFrontMatter(fileOf(id)).body, 'Autosaved.\n');
  // A published text is never autosaved: it would change the public page.
  const published = editForm(await entryPage('ann', 'posts/hello'));
  const before = fileOf('posts/hello');
  const refused = await post(panel, '/svc/panel/editor/save', { ...published, body: 'Half typed', autosave: '1' }, jars.ann, JSON_ACCEPT);
  assert.equal(refused.res.status, 409);
  assert.match(JSON.parse(refused.text).error, /not saved automatically/);
  assert.equal(fileOf('posts/hello'), before);
  // Ctrl+S on it saves, as the Save button does.
  const explicit = await post(panel, '/svc/panel/editor/save', { ...published, body: 'Saved on purpose.' }, jars.ann, JSON_ACCEPT);
  assert.equal(JSON.parse(explicit.text).saved, true);
  assert.equal(parseFrontMatter(fileOf('posts/hello')).body, 'Saved on purpose.\n');
});

test('a save without the CSRF token, from another site, signed out, without the right or for a hidden entry changes nothing', async () => {
  const form = { ...editForm(await entryPage('carl', 'posts/carls-draft')), body: 'Should not land.' };
  const { csrf, ...noToken } = form;
  const state = snapshot();
  const cases: Array<[Promise<{ res: Response; text: string }>, number, RegExp]> = [
    [post(panel, '/svc/panel/editor/save', noToken, jars.carl, JSON_ACCEPT), 403, /did not come from this site/],
    [post(panel, '/svc/panel/editor/save', { ...form, csrf: `${csrf}x` }, jars.carl, JSON_ACCEPT), 403, /did not come from this site/],
    [post(panel, '/svc/panel/editor/save', form, jars.carl, { ...JSON_ACCEPT, 'sec-fetch-site': 'cross-site' }), 403, /did not come from this site/],
    [post(panel, '/svc/panel/editor/save', form, jars.carl, { ...JSON_ACCEPT, origin: 'https://evil.example' }), 403, /did not come from this site/],
    [post(panel, '/svc/panel/editor/save', form, new Jar(), JSON_ACCEPT), 403, /not signed in/],
    [post(panel, '/svc/panel/editor/save', { ...form, id: 'posts/hike-day' }, jars.carl, JSON_ACCEPT), 403, /may only change your own entries/],
    [post(panel, '/svc/panel/editor/save', { ...form, id: 'posts/bobs-draft' }, jars.carl, JSON_ACCEPT), 404, /does not exist/],
    [post(panel, '/svc/panel/editor/save', { ...form, id: '../../data' }, jars.carl, JSON_ACCEPT), 404, /does not exist/],
    [post(panel, '/svc/panel/editor/save', { ...form, body: 'x'.repeat(1_000_001) }, jars.carl, JSON_ACCEPT), 422, /longer than 1000000 characters/],
  ];
  for (const [request, status, sentence] of cases) {
    const { res, text } = await request;
    assert.equal(res.status, status, text);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    assert.match(JSON.parse(text).error, sentence);
  }
  assert.equal(snapshot(), state);
});

test('images dropped into the text are uploaded with media_upload\'s checks and answered with their Markdown', async () => {
  const id = 'posts/carls-draft';
  const csrf = csrfOf(await entryPage('carl', id));
  const good = await upload('carl', '/svc/panel/editor/upload', { csrf, id }, [['files', '../../Mountain View.PNG', makePng(40, 30)]]);
  assert.equal(good.res.status, 200, good.text);
  assert.deepEqual(JSON.parse(good.text), {
    files: [{ id, file: `media/${id}/mountain-view.png`, alt: '', markdown: `![mountain view](media/${id}/mountain-view.png)`, width: 40, height: 30 }], notes: [],
  });
  assert.deepEqual(readFileSync(join(site.root, 'content/media', id, 'mountain-view.png')), makePng(40, 30));
  assert.ok(readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: id }).some((line) => line.action === 'media_upload' && line.detail === 'mountain-view.png' && line.via === 'panel'));

  const state = snapshot();
  const png: Array<[string, string, Buffer]> = [['files', 'x.png', makePng(2, 2)]];
  const cases: Array<[Awaited<ReturnType<typeof upload>>, number, RegExp]> = [
    [await upload('carl', '/svc/panel/editor/upload', { csrf, id }, [['files', 'notes.png', 'just text']]), 422, /not an image of an accepted type/],
    [await upload('carl', '/svc/panel/editor/upload', { csrf, id }, [['files', 'drawing.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>']]), 422, /extension "\.svg"/],
    [await upload('carl', '/svc/panel/editor/upload', { csrf, id }, [['files', 'cut.jpg', makeJpeg().subarray(0, 30)]]), 422, /incomplete/],
    [await upload('carl', '/svc/panel/editor/upload', { csrf, id }, [['files', 'good.gif', makeGif()], ['files', 'bad.png', 'text']]), 422, /bad\.png.*Nothing was uploaded/],
    [await upload('carl', '/svc/panel/editor/upload', { csrf, id }, [['files', 'huge.png', Buffer.alloc(26 * 1024 * 1024)]]), 413, /larger/],
    [await upload('carl', '/svc/panel/editor/upload', { id }, png), 403, /did not come from this site/],
    [await upload(null, '/svc/panel/editor/upload', { csrf, id }, png), 403, /not signed in/],
    [await upload('carl', '/svc/panel/editor/upload', { csrf, id: 'posts/hike-day' }, png), 403, /may only change your own entries/],
    [await upload('carl', '/svc/panel/editor/upload', { csrf, id: '../../data/trash' }, png), 404, /does not exist/],
    [await upload('carl', '/svc/panel/editor/upload', { csrf, id }, []), 422, /Choose at least one image/],
  ];
  for (const [{ res, text }, status, sentence] of cases) {
    assert.equal(res.status, status, text);
    assert.match(JSON.parse(text).error, sentence);
  }
  const urlencoded = await post(panel, '/svc/panel/editor/upload', { csrf, id }, jars.carl, JSON_ACCEPT);
  assert.equal(urlencoded.res.status, 415);
  assert.equal(snapshot(), state);
});

test('an image\'s alt text is kept beside it, used by the Markdown and the cover, and bad input changes nothing', async () => {
  const id = 'posts/hello';
  const html = await entryPage('ann', id);
  const csrf = csrfOf(html);
  mkdirSync(join(site.root, 'content/media', id), { recursive: true });
  writeFileSync(join(site.root, 'content/media', id, 'lake.png'), makePng(64, 32));
  const set = await post(panel, '/svc/panel/media/alt', { csrf, id, file: 'lake.png', alt: '  A green [lake]\nbelow the peaks ' }, jars.ann, JSON_ACCEPT);
  assert.equal(set.res.status, 200, set.text);
  assert.deepEqual(JSON.parse(set.text), { alt: 'A green lake below the peaks' });
  assert.equal(readFileSync(join(site.root, 'content/media', id, '.alt.yaml'), 'utf8'), 'lake.png: A green lake below the peaks\n');
  // The entry page's Markdown for it, and the library, use the alt text; the dot file is listed nowhere.
  const page = await entryPage('ann', id);
  assert.match(page, /<code id="md-\d+" class="snippet">!\[A green lake below the peaks\]\(media\/posts\/hello\/lake\.png\)<\/code>/);
  assert.doesNotMatch(page, /alt\.yaml/);
  assert.doesNotMatch((await get(panel, '/svc/panel/media', jars.ann)).text, /alt\.yaml/);
  // The cover on the public page.
  const form = editForm(page);
  await post(panel, '/svc/panel/entries/save', { ...form, cover: `media/${id}/lake.png` }, jars.ann);
  const publicPage = await (await fetch(`${panel.url}/hello`)).text();
  assert.match(publicPage, /<figure class="entry-cover"><img src="\/media\/posts\/hello\/lake\.png"[^>]* alt="A green lake below the peaks"><\/figure>/);
  assert.equal((await fetch(`${panel.url}/media/posts/hello/.alt.yaml`)).status, 404);

  // Without the script: a plain form, answered with a redirect back.
  const plain = await post(panel, '/svc/panel/media/alt', { csrf, id, file: 'lake.png', alt: 'The lake', back: 'library', q: 'lake' }, jars.ann);
  assert.equal(plain.res.status, 303);
  assert.equal(plain.res.headers.get('location'), '/svc/panel/media?done=alt-saved&q=lake');
  assert.match((await get(panel, '/svc/panel/media?done=alt-saved&q=lake', jars.ann)).text, /<p class="notice ok" role="status">The alt text was saved\.<\/p>/);

  const state = snapshot();
  const cases: Array<[Record<string, string>, Jar, Record<string, string>, number, RegExp]> = [
    [{ csrf, id, file: '../../site.yaml', alt: 'x' }, jars.ann!, {}, 404, /has no image named/],
    [{ csrf, id, file: 'photo.png/../../../site.yaml', alt: 'x' }, jars.ann!, {}, 404, /has no image named/],
    [{ csrf, id, file: '.alt.yaml', alt: 'x' }, jars.ann!, {}, 404, /has no image named/],
    [{ csrf, id, file: 'missing.png', alt: 'x' }, jars.ann!, {}, 404, /has no image named/],
    [{ csrf, id, file: 'lake.png', alt: 'x'.repeat(301) }, jars.ann!, {}, 422, /at most 300/],
    [{ id, file: 'lake.png', alt: 'x' }, jars.ann!, {}, 403, /did not come from this site/],
    [{ csrf, id, file: 'lake.png', alt: 'x' }, jars.ann!, { 'sec-fetch-site': 'cross-site' }, 403, /did not come from this site/],
    [{ csrf, id: '../../data', file: 'lake.png', alt: 'x' }, jars.ann!, {}, 404, /does not exist/],
    [{ csrf: csrfOf(await entryPage('carl', 'posts/carls-draft')), id, file: 'lake.png', alt: 'x' }, jars.carl!, {}, 403, /may only change your own entries/],
  ];
  for (const [fields, jar, headers, status, sentence] of cases) {
    const { res, text } = await post(panel, '/svc/panel/media/alt', fields, jar, { ...JSON_ACCEPT, ...headers });
    assert.equal(res.status, status, text);
    assert.match(JSON.parse(text).error, sentence);
  }
  assert.equal(snapshot(), state);
});

test('the media library shows one item per picture with its variants, where it is used, and replaces keeping the address', async () => {
  const id = 'posts/hello';
  const dir = join(site.root, 'content/media', id);
  writeFileSync(join(dir, 'peak.png'), makePng(200, 100, [200, 10, 10]));
  writeFileSync(join(dir, 'peak-100w.png'), makePng(100, 50, [200, 10, 10]));
  const library = await get(panel, '/svc/panel/media?q=peak', jars.ann);
  const names = [...library.text.matchAll(/<span class="name">([^<]+)<\/span>/g)].map((match) => match[1]);
  assert.deepEqual(names, ['peak.png']);
  assert.match(library.text, /<p class="variants muted">Also at one width: 100 px \(\d+ bytes\)<\/p>/);
  assert.match(library.text, /Not used in any text, card or cover\./);
  assert.match((await get(panel, '/svc/panel/media?q=lake', jars.ann)).text, /Used in <a href="\/svc\/panel\/entries\/posts\/hello#lang-en">Hello Alps<\/a> \(en\): the cover\./);

  const csrf = csrfOf(library.text);
  const state = snapshot();
  const refusals: Array<[Record<string, string>, Array<[string, string, Buffer | string]>, Jar | null, number, RegExp]> = [
    [{ csrf, id, file: 'peak.png' }, [['replacement', 'new.jpg', makeJpeg()]], jars.ann!, 422, /only a PNG image can take its place/],
    [{ csrf, id, file: 'peak.png' }, [['replacement', 'new.png', 'not an image']], jars.ann!, 422, /not an image of an accepted type/],
    [{ csrf, id, file: 'peak.png' }, [], jars.ann!, 422, /Choose one image/],
    [{ csrf, id, file: '../../../site.yaml' }, [['replacement', 'new.png', makePng(3, 3)]], jars.ann!, 404, /has no image named/],
    [{ csrf, id: '../..', file: 'peak.png' }, [['replacement', 'new.png', makePng(3, 3)]], jars.ann!, 404, /does not exist/],
    [{ id, file: 'peak.png' }, [['replacement', 'new.png', makePng(3, 3)]], jars.ann!, 403, /did not come from this site/],
    [{ csrf, id, file: 'peak.png' }, [['replacement', 'new.png', makePng(3, 3)]], null, 403, /not signed in/],
    [{ csrf, id, file: 'peak.png' }, [['replacement', 'huge.png', Buffer.alloc(26 * 1024 * 1024)]], jars.ann!, 413, /larger than 25 MB/],
  ];
  for (const [fields, files, jar, status, sentence] of refusals) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const [field, name, bytes] of files) form.append(field, new Blob([bytes]), name);
    const res = await fetch(`${panel.url}/svc/panel/media/replace`, { method: 'POST', body: form, redirect: 'manual', headers: jar ? { cookie: jar.header() } : {} });
    const text = await res.text();
    assert.equal(res.status, status, text);
    assert.match(text.replaceAll('&quot;', '"'), sentence);
  }
  assert.equal(snapshot(), state);

  const { res } = await upload('ann', '/svc/panel/media/replace', { csrf, id, file: 'peak.png', back: 'library' }, [['replacement', 'whatever.png', makePng(300, 150, [10, 10, 200])]], {});
  assert.equal(res.status, 303);
  assert.equal(res.headers.get('location'), '/svc/panel/media?done=replaced');
  assert.deepEqual(readFileSync(join(dir, 'peak.png')), makePng(300, 150, [10, 10, 200]));
  // The old picture and its variant are in the trash, restorable; the variant showed the old picture.
  assert.equal(existsSync(join(dir, 'peak-100w.png')), false);
  const trash = (await get(panel, '/svc/panel/trash', jars.ann)).text;
  assert.match(trash, /peak\.png/);
  assert.match(trash, /peak-100w\.png/);
  assert.ok(readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: id }).some((line) => line.action === 'media_replace' && line.detail?.startsWith('peak.png')));
  assert.deepEqual(mediaFiles(id).filter((name) => name.startsWith('peak')), ['peak.png']);
});
