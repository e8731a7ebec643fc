// Bulk Publish and Unpublish act only on what the Content list showed: each row carries the version stamp of
// its listed translation, and a row whose file changed after the list was drawn (or that comes without its
// stamp) is left exactly as it is, while the other rows get the action; the results page says which rows were
// left alone and why, in the person's language. A row's stamp is kept while the index's time and size of its
// file hold, so a list page does not read every row's file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { csrfOf, get, post, seenOf, type Jar } from '../helpers/panel-harness.ts';
import { entry } from '../helpers/write-site.ts';
import { englishLeft } from '../helpers/english-left.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';
import { readHistory } from '../../dist/content/history.js';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';
import { versionOf } from '../../dist/content/write/version-stamp.js';
import { ListedFiles } from '../../dist/panel/entries/listed-files.js';

const LIST = '/svc/panel/entries';
const BULK = '/svc/panel/entries/bulk';
const GERMAN = { 'accept-language': 'de-DE,de;q=0.9' };
const CHANGED = 'It was changed after the list was shown, so the list did not show what it holds now; it was left as it is. Open the list again, look at it, and choose it again if you still mean to.';

let served: ServedSite;
let ann: Jar;

before(async () => {
  served = await serveTestSite();
  ann = await served.signIn('ann@example.org');
});
after(() => served.close());

const path = (id: string) => join(served.site.root, 'content', id, 'en.md');
const fileText = (id: string) => readFileSync(path(id), 'utf8');
const statusOf = (id: string) => parseFrontMatter(fileText(id)).fields.status;
const actions = (id: string) => readHistory(served.site.deps.trustedFolders, served.site.deps.config.dataDir, { entry: id }).map((line) => line.action);
/** The result row of one entry on the bulk results page. */
const rowOf = (html: string, id: string) => new RegExp(`<li class="bulk-[a-z]+" data-id="${id}">[^]*?</li>`).exec(html)?.[0] ?? '(no row)';
/** Someone changes the text by hand after the list was drawn. */
const changeByHand = (id: string, fields: Parameters<typeof entry>[0], body: string) => served.site.writeEntry(`content/${id}/en.md`, entry(fields, body));

test('the list carries each row\'s version stamp for someone offered Publish, and none for someone who is not', async () => {
  const page = await get(served.panel, LIST, ann);
  const seen = seenOf(page.text);
  assert.ok(seen.includes(`posts/bobs-draft en ${versionOf(fileText('posts/bobs-draft'))}`), seen.join('\n'));
  assert.ok(seen.includes(`posts/old-news en ${versionOf(fileText('posts/old-news'))}`));
  // One a row, of the listed language.
  assert.equal(seen.length, [...page.text.matchAll(/class="pick" name="id"/g)].length);
  const carl = await served.signIn('carl@example.org');
  assert.deepEqual(seenOf((await get(served.panel, LIST, carl)).text), []);
});

test('a bulk publish publishes the rows as listed and leaves a row changed since as it is, saying which and why', async () => {
  const page = await get(served.panel, LIST, ann);
  changeByHand('posts/bobs-draft', { title: 'Bob draft', status: 'draft', date: '2026-03-08 10:00', author: 'bob' }, 'Plans rewritten after the list was drawn.');
  const changed = fileText('posts/bobs-draft');
  const done = await post(served.panel, BULK, { csrf: csrfOf(page.text), action: 'publish', language: 'en', back: 'type=post', id: ['posts/bobs-draft', 'posts/carls-draft'], seen: seenOf(page.text) }, ann);
  assert.equal(done.res.status, 200);
  assert.match(done.text, /<p class="notice warn" role="status">Done for 1; 1 refused \(the reasons are below\)\. 1 entry was left as it is because the list did not show it as it is now \(see below\)\.<\/p>/);
  assert.match(rowOf(done.text, 'posts/carls-draft'), /class="bulk-done"[^]*<p>Published\.<\/p>/);
  assert.ok(rowOf(done.text, 'posts/bobs-draft').includes(`<li class="bulk-refused" data-id="posts/bobs-draft">`));
  assert.ok(rowOf(done.text, 'posts/bobs-draft').includes(`<strong>Refused:</strong> ${CHANGED}`.replaceAll("'", '&#39;')));
  // Nothing of it was written: the text as changed, still a draft, no publish in the history.
  assert.equal(fileText('posts/bobs-draft'), changed);
  assert.equal(statusOf('posts/bobs-draft'), 'draft');
  assert.ok(!actions('posts/bobs-draft').includes('publish'));
  assert.equal(statusOf('posts/carls-draft'), 'published');

  // From the list as it is now, it is published.
  const fresh = await get(served.panel, LIST, ann);
  const again = await post(served.panel, BULK, { csrf: csrfOf(fresh.text), action: 'publish', language: 'en', id: ['posts/bobs-draft'], seen: seenOf(fresh.text) }, ann);
  assert.match(again.text, /Done for all 1 chosen entry\./);
  assert.equal(statusOf('posts/bobs-draft'), 'published');
});

test('a bulk unpublish takes down the rows as listed and leaves a row changed since live', async () => {
  const page = await get(served.panel, LIST, ann);
  changeByHand('posts/old-news', { title: 'Old news', status: 'published', published: '2025-01-01 09:00', author: 'bob', tags: ['news'] }, 'Corrected after the list was drawn.');
  const changed = fileText('posts/old-news');
  const done = await post(served.panel, BULK, { csrf: csrfOf(page.text), action: 'unpublish', language: 'en', id: ['posts/old-news', 'posts/hike-day'], seen: seenOf(page.text) }, ann);
  assert.match(rowOf(done.text, 'posts/hike-day'), /class="bulk-done"[^]*Unpublished: it is a draft now\./);
  assert.match(rowOf(done.text, 'posts/old-news'), /class="bulk-refused"[^]*It was changed after the list was shown/);
  assert.equal(fileText('posts/old-news'), changed);
  assert.equal(statusOf('posts/old-news'), 'published');
  assert.equal(statusOf('posts/hike-day'), 'draft');
});

test('a bulk action without the list\'s stamps, or with another language\'s, acts on nothing and says why', async () => {
  const page = await get(served.panel, LIST, ann);
  const before = fileText('posts/later');
  const bare = await post(served.panel, BULK, { csrf: csrfOf(page.text), action: 'unpublish', language: 'en', id: ['posts/later'] }, ann);
  assert.match(bare.text, /Done for 0; 1 refused/);
  assert.match(rowOf(bare.text, 'posts/later'), /The form did not say which version of it the list showed, so it was left as it is\./);
  const otherLanguage = seenOf(page.text).map((line) => line.replace(' en ', ' de '));
  const mislabelled = await post(served.panel, BULK, { csrf: csrfOf(page.text), action: 'unpublish', language: 'en', id: ['posts/later'], seen: otherLanguage }, ann);
  assert.match(rowOf(mislabelled.text, 'posts/later'), /The form did not say which version/);
  assert.equal(fileText('posts/later'), before);
});

test('in German, the rows left alone are said in German', async () => {
  const page = await get(served.panel, LIST, ann);
  changeByHand('posts/later', { title: 'Later news', status: 'scheduled', published: '2099-12-01 09:00', author: 'bob' }, 'Soon, and changed.');
  const done = await post(served.panel, BULK, { csrf: csrfOf(page.text), action: 'unpublish', language: 'en', id: ['posts/later', 'posts/nope'], seen: seenOf(page.text) }, ann, GERMAN);
  assert.match(done.text, /Erledigt für 0; 2 abgelehnt \(die Gründe stehen unten\)\. 1 Eintrag blieb unverändert, weil die Liste ihn nicht so zeigte, wie er jetzt ist \(siehe unten\)\./);
  assert.match(rowOf(done.text, 'posts/later'), /Er wurde geändert, nachdem die Liste angezeigt wurde/);
  assert.deepEqual(englishLeft(done.text, ['entries']), []);
  assert.equal(statusOf('posts/later'), 'scheduled');
});

test('a row\'s stamp is kept while the index has the same time and size for its file, and read again when they change', () => {
  const stamps = new ListedFiles();
  const folders = served.site.deps.trustedFolders;
  const file = path('posts/hello');
  const first = fileText('posts/hello');
  assert.equal(stamps.versionOf(folders, { file, mtimeMs: 1, size: 10 }), versionOf(first));
  writeFileSync(file, `${first}More.\n`);
  // Kept: a stamp of the text the index showed, which the write action then finds changed.
  assert.equal(stamps.versionOf(folders, { file, mtimeMs: 1, size: 10 }), versionOf(first));
  assert.equal(stamps.versionOf(folders, { file, mtimeMs: 2, size: 10 }), versionOf(`${first}More.\n`));
  assert.equal(stamps.versionOf(folders, { file: path('posts/never-was'), mtimeMs: 1, size: 1 }), versionOf(null));
});

test('a new row\'s file is read once for its thumbnail and its stamp: the stamp is of the text the thumbnail was read from', () => {
  const files = new ListedFiles();
  const store = served.site.deps.content;
  const file = path('posts/hello');
  const first = fileText('posts/hello');
  // A row whose front matter is not in memory (as a row of the kept index is): its file is read for the cover.
  const row = { file, mtimeMs: 3, size: 30 } as Parameters<ListedFiles['thumbOf']>[1];
  assert.equal(files.thumbOf(store, row), null);
  writeFileSync(file, `${first}Again.\n`);
  assert.equal(files.versionOf(served.site.deps.trustedFolders, row), versionOf(first));
});
