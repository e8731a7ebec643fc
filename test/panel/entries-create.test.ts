// Creating an entry from the panel's Content list through the real server and forms: a draft of the list's
// type written by the signed-in person (via: panel in the history), the role rule, bad input answered on the
// list with the write action's sentence, and CSRF.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite, PASSWORD, type TestSite } from '../helpers/test-site.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';
import { readHistory } from '../../dist/content/history.js';

let served: ServedSite;
let site: TestSite;
let panel: PanelAddress;
const jars: Record<string, Jar> = {};

before(async () => {
  site = await makeTestSite();
  // A role that may read statistics but not write content.
  writeFileSync(join(site.deps.config.dataDir, 'roles.yaml'), 'watcher: [stats.view]\n');
  await site.deps.auth.accounts.create({ name: 'Wes Watcher', email: 'wes@example.org', role: 'watcher', password: PASSWORD });
  ({ panel } = served = await serveTestSite({ site }));
  for (const key of ['ann', 'bob', 'ava', 'carl', 'wes'] as const) jars[key] = await served.signIn(`${key}@example.org`);
});
after(() => served.close());

const fileOf = (id: string, language = 'en') => parseFrontMatter(readFileSync(join(site.root, 'content', id, `${language}.md`), 'utf8'));
const folders = (type: string) => readdirSync(join(site.root, 'content', type)).sort();

test('the list has a New entry button to a page of its own, whose form offers the site languages, the default one preselected', async () => {
  const list = await get(panel, '/svc/panel/entries?type=post', jars.carl);
  assert.match(list.text, /<a class="button" href="\/svc\/panel\/entries\/new\?type=post">New entry<\/a>/);
  assert.doesNotMatch(list.text, /id="new-title"/, 'no form above the list');
  const page = await get(panel, '/svc/panel/entries/new?type=post', jars.carl);
  assert.equal(page.res.status, 200);
  assert.match(page.text, /<h1>New entry in Posts<\/h1>/);
  assert.match(page.text, /<section class="card" id="new"><form method="post" action="\/svc\/panel\/entries\/new" data-guard><input type="hidden" name="csrf" value="[^"]+"><input type="hidden" name="type" value="post">/);
  assert.match(page.text, /<select id="new-language" name="language"><option value="en" selected>English \(en\)<\/option><option value="de">Deutsch \(de\)<\/option><\/select>/);
  assert.match(page.text, /name="slug"/);
  const pages = await get(panel, '/svc/panel/entries/new?type=page', jars.carl);
  assert.match(pages.text, /<input type="hidden" name="type" value="page">/);
  // A tag's page is written by a person (assistants give posts tags): the form is there, without a tags field.
  const tags = await get(panel, '/svc/panel/entries/new?type=tag', jars.ann);
  assert.match(tags.text, /<input type="hidden" name="type" value="tag">/);
  assert.equal((await get(panel, '/svc/panel/entries/new?type=nope', jars.ann)).res.status, 404);
  assert.doesNotMatch(tags.text, /name="tags"/);
});

test('creating a draft lands on its edit page; the file is a draft by this person and the history says via panel', async () => {
  const page = await get(panel, '/svc/panel/entries?type=post', jars.carl);
  site.clock.now += 60_000;
  const created = await post(panel, '/svc/panel/entries/new', { csrf: csrfOf(page.text), type: 'post', title: '  Über die Berge ', language: 'en', slug: '' }, jars.carl);
  assert.equal(created.res.status, 303);
  assert.equal(created.res.headers.get('location'), '/svc/panel/entries/posts/uber-die-berge?done=created&language=en#lang-en');
  const file = fileOf('posts/uber-die-berge');
  assert.deepEqual([file.fields.title, file.fields.status, file.fields.author, file.fields.via, file.body.trim()], ['Über die Berge', 'draft', 'carl', undefined, '']);
  const line = readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: 'posts/uber-die-berge' })[0]!;
  assert.deepEqual([line.action, line.person, line.language, line.via, line.token], ['create', 'carl', 'en', 'panel', null]);

  const opened = await get(panel, '/svc/panel/entries/posts/uber-die-berge?done=created&language=en', jars.carl);
  assert.equal(opened.res.status, 200);
  assert.match(opened.text, /<p class="notice ok" role="status">English \(en\) was created as a draft\.<\/p>/);
  assert.match(opened.text, /<h1>Über die Berge<\/h1>/);
  assert.match(opened.text, /action="\/svc\/panel\/entries\/save"/, 'the new draft can be edited at once');
});

test('an author, an editor and an admin create drafts too, in another language, of another type, with a slug', async () => {
  for (const [key, type, folder, language, slug] of [['ava', 'post', 'posts', 'de', 'avas-post'], ['bob', 'page', 'pages', 'en', 'contact'], ['ann', 'recipe', 'recipes', 'en', 'soup']] as const) {
    const page = await get(panel, `/svc/panel/entries?type=${type}`, jars[key]);
    const created = await post(panel, '/svc/panel/entries/new', { csrf: csrfOf(page.text), type, title: `By ${key}`, language, slug }, jars[key]);
    assert.equal(created.res.status, 303, key);
    assert.equal(created.res.headers.get('location'), `/svc/panel/entries/${folder}/${slug}?done=created&language=${language}#lang-${language}`);
    const file = fileOf(`${folder}/${slug}`, language);
    assert.deepEqual([file.fields.title, file.fields.status, file.fields.author], [`By ${key}`, 'draft', key]);
    assert.equal(readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: `${folder}/${slug}` })[0]!.via, 'panel');
  }
});

test('a role without the right to write content sees no form and gets 403 from the POST, and nothing is created', async () => {
  const list = await get(panel, '/svc/panel/entries?type=post', jars.wes);
  assert.equal(list.res.status, 403);
  assert.doesNotMatch(list.text, /New entry/);
  const account = await get(panel, '/svc/panel/account', jars.wes);
  assert.equal(account.res.status, 200);
  const before = folders('posts');
  const refused = await post(panel, '/svc/panel/entries/new', { csrf: csrfOf(account.text), type: 'post', title: 'Watcher post', language: 'en' }, jars.wes);
  assert.equal(refused.res.status, 403);
  assert.match(refused.text, /Your role does not allow this\./);
  assert.deepEqual(folders('posts'), before);
});

test('bad input answers with the New entry page and the sentence, keeps what was typed, and creates nothing', async () => {
  const page = await get(panel, '/svc/panel/entries?type=post', jars.carl);
  const csrf = csrfOf(page.text);
  const before = folders('posts');
  const history = readHistory(site.deps.trustedFolders, site.deps.config.dataDir).length;

  const emptyTitle = await post(panel, '/svc/panel/entries/new', { csrf, type: 'post', title: '   ', language: 'en', slug: '' }, jars.carl);
  assert.equal(emptyTitle.res.status, 422);
  assert.match(emptyTitle.text, /<p class="notice error" role="alert">The title cannot be empty\.<\/p>/);
  assert.match(emptyTitle.text, /<h1>New entry in Posts<\/h1>/);

  // A title is one line of at most 300 characters, as content_create's is (field-rules.ts).
  const longTitle = await post(panel, '/svc/panel/entries/new', { csrf, type: 'post', title: 'L'.repeat(5000), language: 'en', slug: '' }, jars.carl);
  assert.equal(longTitle.res.status, 422);
  assert.match(longTitle.text, /<p class="notice error" role="alert">The title is 5,000 characters long; a title has at most 300\.<\/p>/);
  const twoLines = await post(panel, '/svc/panel/entries/new', { csrf, type: 'post', title: 'First line\nSecond line', language: 'en', slug: '' }, jars.carl);
  assert.equal(twoLines.res.status, 422);
  assert.match(twoLines.text, /<p class="notice error" role="alert">The title must be one line: take out its line breaks\.<\/p>/);
  const unknownCategory = await post(panel, '/svc/panel/entries/new', { csrf, type: 'post', title: 'Fine', language: 'en', slug: '', category: 'zzz' }, jars.carl);
  assert.equal(unknownCategory.res.status, 422);
  assert.match(unknownCategory.text, /Choose one of the site&#39;s categories\./);

  const unknownLanguage = await post(panel, '/svc/panel/entries/new', { csrf, type: 'post', title: 'Bonjour <b>', language: 'fr', slug: '' }, jars.carl);
  assert.equal(unknownLanguage.res.status, 422);
  assert.match(unknownLanguage.text, /Choose one of the site&#39;s languages\./);
  assert.match(unknownLanguage.text, /id="new-title" name="title" value="Bonjour &lt;b&gt;"/, 'what was typed stays in the form');

  const badSlug = await post(panel, '/svc/panel/entries/new', { csrf, type: 'post', title: 'Fine', language: 'en', slug: 'Not A Slug' }, jars.carl);
  assert.equal(badSlug.res.status, 422);
  assert.match(badSlug.text, /slug must be lowercase letters, digits and dashes, like my-first-post\./);

  const taken = await post(panel, '/svc/panel/entries/new', { csrf, type: 'post', title: 'Hello again', language: 'de', slug: 'hello' }, jars.carl);
  assert.equal(taken.res.status, 409);
  assert.match(taken.text, /The slug &quot;hello&quot; is taken; choose another one, or leave it empty for a free one\./);
  assert.match(taken.text, /<option value="de" selected>Deutsch \(de\)<\/option>/);
  // Pages share the root addresses with posts: a page's slug is taken by a post too.
  const takenByPost = await post(panel, '/svc/panel/entries/new', { csrf, type: 'page', title: 'Hello page', language: 'en', slug: 'hike-day' }, jars.carl);
  assert.equal(takenByPost.res.status, 409);
  assert.equal(existsSync(join(site.root, 'content/pages/hike-day')), false);

  const noType = await post(panel, '/svc/panel/entries/new', { csrf, type: 'nope', title: 'x', language: 'en' }, jars.carl);
  assert.equal(noType.res.status, 404);

  assert.deepEqual(folders('posts'), before);
  assert.equal(readHistory(site.deps.trustedFolders, site.deps.config.dataDir).length, history);
});

test('a form without its CSRF token, with a wrong one, or without a session is refused with 403 and creates nothing', async () => {
  const before = folders('posts');
  const missing = await post(panel, '/svc/panel/entries/new', { type: 'post', title: 'Forged', language: 'en' }, jars.ann);
  assert.equal(missing.res.status, 403);
  assert.match(missing.text, /The form has expired or did not come from this site\./);
  const wrong = await post(panel, '/svc/panel/entries/new', { csrf: 'x'.repeat(32), type: 'post', title: 'Forged', language: 'en' }, jars.ann);
  assert.equal(wrong.res.status, 403);
  const signedOut = await post(panel, '/svc/panel/entries/new', { csrf: 'x', type: 'post', title: 'Forged', language: 'en' }, new Jar());
  assert.equal(signedOut.res.status, 403);
  assert.match(signedOut.text, /You are not signed in any more\./);
  assert.deepEqual(folders('posts'), before);
});

test('a page goes under a parent chosen from the visible pages; a post takes a category with its fields, by content_create\'s rules; a tag\'s page is made too', async () => {
  const pages = await get(panel, '/svc/panel/entries/new?type=page', jars.bob);
  assert.match(pages.text, /<select id="new-parent" name="parent"><option value="" selected>\(none: a top-level page\)<\/option><option value="pages\/about">About \(pages\/about\)<\/option><option value="pages\/about\/team">Team \(pages\/about\/team\)<\/option>/);
  const child = await post(panel, '/svc/panel/entries/new', { csrf: csrfOf(pages.text), type: 'page', title: 'Our history', language: 'en', slug: '', parent: 'pages/about' }, jars.bob);
  assert.equal(child.res.headers.get('location'), '/svc/panel/entries/pages/about/our-history?done=created&language=en#lang-en');
  assert.equal(fileOf('pages/about/our-history').fields.title, 'Our history');
  for (const parent of ['pages/nope', 'posts/hello', '../x']) {
    const refused = await post(panel, '/svc/panel/entries/new', { csrf: csrfOf(pages.text), type: 'page', title: 'Lost', language: 'en', parent }, jars.bob);
    assert.equal(refused.res.status, 422, parent);
    assert.match(refused.text, /Choose the parent page from the list, or none for a top-level page\./);
  }

  const posts = await get(panel, '/svc/panel/entries?type=post', jars.bob);
  const csrf = csrfOf(posts.text);
  const missing = await post(panel, '/svc/panel/entries/new', { csrf, type: 'post', title: 'Summit day', language: 'en', category: 'events', 'field:events:start': '2026-07-01T07:00', 'field:events:location': '' }, jars.bob);
  assert.equal(missing.res.status, 422);
  assert.match(missing.text, /The category events needs the field location/);
  assert.match(missing.text, /<option value="events" selected>Events<\/option>/);
  assert.match(missing.text, /name="field:events:start" aria-required="true" value="2026-07-01T07:00"/, 'what was typed stays');
  const event = await post(panel, '/svc/panel/entries/new', { csrf, type: 'post', title: 'Summit day', language: 'en', tags: 'alps, news', category: 'events', 'field:events:start': '2026-07-01T07:00', 'field:events:location': 'Ortler', 'field:events:level': 'hard', 'field:journal:ignored': 'x' }, jars.bob);
  assert.equal(event.res.status, 303);
  const file = fileOf('posts/summit-day');
  assert.deepEqual([file.fields.category, file.fields.start, file.fields.location, file.fields.level, file.fields.tags], ['events', '2026-07-01 07:00', 'Ortler', 'hard', ['alps', 'news']]);
  const unknown = await post(panel, '/svc/panel/entries/new', { csrf, type: 'post', title: 'Odd', language: 'en', category: 'constructor' }, jars.bob);
  assert.equal(unknown.res.status, 422);
  assert.match(unknown.text, /Choose one of the site&#39;s categories\./);

  const tags = await get(panel, '/svc/panel/entries?type=tag', jars.bob);
  const tag = await post(panel, '/svc/panel/entries/new', { csrf: csrfOf(tags.text), type: 'tag', title: 'Alps', language: 'en', slug: '' }, jars.bob);
  assert.equal(tag.res.headers.get('location'), '/svc/panel/entries/tags/alps?done=created&language=en#lang-en');
  assert.equal(fileOf('tags/alps').fields.title, 'Alps');
  assert.equal(readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: 'tags/alps' })[0]!.via, 'panel');
});
