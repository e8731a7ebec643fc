// The panel's Content pages through the real server and forms: the list per role, one entry (nested ids
// too), saving, publishing and unpublishing with the role rules, CSRF, malformed ids, and the
// edit_in_panel address content_create hands to assistants.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { Jar, csrfOf, get, post, versionOf } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';
import { readHistory } from '../../dist/content/history.js';
import { listRevisions } from '../../dist/content/revisions.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
const jars: Record<string, Jar> = {};

before(async () => {
  ({ site, http, panel } = served = await serveTestSite());
  for (const key of ['ann', 'bob', 'ava', 'carl'] as const) jars[key] = await served.signIn(`${key}@example.org`);
});
after(() => served.close());

const fileText = (id: string, language = 'en') => readFileSync(join(site.root, 'content', id, `${language}.md`), 'utf8');
const fileOf = (id: string, language = 'en') => parseFrontMatter(fileText(id, language));
const entryIds = (html: string) => [...html.matchAll(/<a class="name" href="\/svc\/panel\/entries\/([^"]+)">/g)].map((match) => match[1]);

/** A GET sent byte for byte (fetch would resolve `..` before sending). */
function rawGet(path: string, jar: Jar): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${panel.url}/`, { path, headers: { cookie: jar.header() } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { text += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('the Content list shows an admin every entry of the type, newest first, with statuses, authors and the via: mcp marker', async () => {
  const page = await get(panel, '/svc/panel/entries', jars.ann);
  assert.equal(page.res.status, 200);
  assert.match(page.text, /<a href="\/svc\/panel\/entries" aria-current="page">Content<\/a>/);
  assert.deepEqual(entryIds(page.text), ['posts/later', 'posts/carls-draft', 'posts/bobs-draft', 'posts/hike-day', 'posts/hello', 'posts/old-news']);
  assert.match(page.text, /<a class="name" href="\/svc\/panel\/entries\/posts\/hello">Hello Alps<\/a><\/span><span class="muted">posts\/hello<\/span><\/div><div><span class="tag listed">en: published<\/span><span class="tag">de: draft<\/span><\/div><div class="muted">by Ann Admin · 2026-03-01 · <span class="tag">via: mcp<\/span><\/div>/);
  assert.match(page.text, /Bob draft<\/a>.*?by Bob Editor · 2026-03-08<\/div>/);
  assert.match(page.text, /6 entries\./);
});

test('a contributor sees published entries and their own drafts only, and only the translations they may see', async () => {
  const page = await get(panel, '/svc/panel/entries', jars.carl);
  assert.equal(page.res.status, 200);
  assert.deepEqual(entryIds(page.text), ['posts/carls-draft', 'posts/hike-day', 'posts/hello', 'posts/old-news']);
  assert.match(page.text, /Hello Alps<\/a><\/span><span class="muted">posts\/hello<\/span><\/div><div><span class="tag listed">en: published<\/span><\/div>/);
  assert.doesNotMatch(page.text, /Bob draft|Later news|de: draft/);
});

test('the list filters by type and status, and answers a bad filter with a sentence, not an error page', async () => {
  const pages = await get(panel, '/svc/panel/entries?type=page', jars.ann);
  assert.deepEqual(entryIds(pages.text), ['pages/about/team', 'pages/about']);
  assert.match(pages.text, /<option value="page" selected>/);
  // The status is the listed language's: Hello Alps is published in English and a draft in German.
  const drafts = await get(panel, '/svc/panel/entries?type=post&status=draft', jars.ann);
  assert.deepEqual(entryIds(drafts.text), ['posts/carls-draft', 'posts/bobs-draft']);
  const germanDrafts = await get(panel, '/svc/panel/entries?type=post&language=de&status=draft', jars.ann);
  assert.deepEqual(entryIds(germanDrafts.text), ['posts/hello']);
  assert.match(germanDrafts.text, /<option value="de" selected>Deutsch \(de\)<\/option>/);
  const scheduled = await get(panel, '/svc/panel/entries?status=scheduled', jars.carl);
  assert.deepEqual(entryIds(scheduled.text), []);
  assert.match(scheduled.text, /No posts to show with status scheduled\./);
  const recipes = await get(panel, '/svc/panel/entries?type=recipe', jars.carl);
  assert.deepEqual(entryIds(recipes.text), ['recipes/strudel']);

  const badType = await get(panel, '/svc/panel/entries?type=%3Cscript%3E', jars.ann);
  assert.equal(badType.res.status, 422);
  assert.match(badType.text, /The site has no content type &quot;&lt;script&gt;&quot;; choose one of: post, page, tag, recipe\./);
  assert.deepEqual(entryIds(badType.text).length, 6, 'the default list is still shown');
  const badStatus = await get(panel, '/svc/panel/entries?status=gone', jars.ann);
  assert.equal(badStatus.res.status, 422);
  assert.match(badStatus.text, /Status must be one of: any, draft, published, scheduled\./);
  const badPage = await get(panel, '/svc/panel/entries?page=-1', jars.ann);
  assert.equal(badPage.res.status, 422);
  assert.match(badPage.text, /The page number must be a whole number from 1\./);
  const farPage = await get(panel, '/svc/panel/entries?page=3', jars.ann);
  assert.equal(farPage.res.status, 200);
  assert.deepEqual(entryIds(farPage.text), []);
});

test('signed-out people are sent to sign in and come back to the list', async () => {
  const anonymous = await get(panel, '/svc/panel/entries?type=page', new Jar());
  assert.equal(anonymous.res.status, 303);
  assert.equal(anonymous.res.headers.get('location'), `/svc/panel/sign-in?next=${encodeURIComponent('/svc/panel/entries?type=page')}`);
});

test('the entry page of a nested page shows each translation, its public address, review state and an edit form', async () => {
  const page = await get(panel, '/svc/panel/entries/pages/about/team', jars.ann);
  assert.equal(page.res.status, 200);
  assert.match(page.text, /<h1>Team<\/h1><p class="muted">Pages · pages\/about\/team · <a href="\/svc\/panel\/history\?id=pages%2Fabout%2Fteam">History<\/a>/);
  assert.match(page.text, /<dt>Status<\/dt><dd>published<\/dd>/);
  assert.match(page.text, /<dt>Address<\/dt><dd><a href="http:\/\/127\.0\.0\.1:8080\/about\/team">http:\/\/127\.0\.0\.1:8080\/about\/team<\/a><\/dd>/);
  assert.match(page.text, /<dt>Review<\/dt><dd>none<\/dd>/);
  assert.match(page.text, /<form method="post" action="\/svc\/panel\/entries\/save" class="editor" data-guard data-editor data-status="published"><input type="hidden" name="csrf" value="[^"]+"><input type="hidden" name="id" value="pages\/about\/team"><input type="hidden" name="language" value="en"><input type="hidden" name="version" value="[A-Za-z0-9_-]{22}">/);
  assert.match(page.text, /<textarea id="body-en" name="body" rows="16" data-body>\nThe team\.\n<\/textarea>/);
  assert.match(page.text, /<button type="submit" formaction="\/svc\/panel\/entries\/unpublish" class="secondary">Unpublish<\/button>/);

  const hello = await get(panel, '/svc/panel/entries/posts/hello', jars.ann);
  assert.match(hello.text, /<section class="card translation" id="lang-de"><h2>Deutsch \(de\)<\/h2>.*<dt>Status<\/dt><dd>draft<\/dd>.*\(not public while draft\)/s);
  assert.match(hello.text, /<dt>Created<\/dt><dd>by an assistant \(via: mcp\)<\/dd>/);
});

test('a contributor sees only the translations they may see, and no forms for what they may not change', async () => {
  const hello = await get(panel, '/svc/panel/entries/posts/hello', jars.carl);
  assert.equal(hello.res.status, 200);
  assert.doesNotMatch(hello.text, /Deutsch|Hallo Alpen/);
  assert.doesNotMatch(hello.text, /action="\/svc\/panel\/entries\/(save|publish|unpublish)"/);
  assert.match(hello.text, /Your role \(contributor\) may only change your own entries; posts\/hello belongs to someone else\./);
  assert.match(hello.text, /Your role \(contributor\) may not publish this entry; leave it as a draft and ask an editor to publish it\./);
  const own = await get(panel, '/svc/panel/entries/posts/carls-draft', jars.carl);
  assert.match(own.text, /action="\/svc\/panel\/entries\/save"/);
  assert.doesNotMatch(own.text, /action="\/svc\/panel\/entries\/publish"/);
  // Someone else's draft, and an entry that does not exist, are both just "no such entry".
  for (const path of ['/svc/panel/entries/posts/bobs-draft', '/svc/panel/entries/posts/nope']) {
    const missing = await get(panel, path, jars.carl);
    assert.equal(missing.res.status, 404, path);
    assert.match(missing.text, /This entry does not exist, or your role may not see it\./);
  }
});

test('saving a title, body, excerpt and tags writes the file, keeps a revision and records via panel', async () => {
  const id = 'posts/carls-draft';
  const page = await get(panel, `/svc/panel/entries/${id}`, jars.carl);
  site.clock.now += 60_000;
  const saved = await post(panel, '/svc/panel/entries/save', { csrf: csrfOf(page.text), version: versionOf(page.text), id, language: 'en', title: '  Carl draft, second  ', body: 'New text.\r\nLine two.\r\n', excerpt: 'Short.', tags: 'alps, news' }, jars.carl);
  assert.equal(saved.res.status, 303);
  assert.equal(saved.res.headers.get('location'), `/svc/panel/entries/${id}?done=saved&language=en#lang-en`);
  const file = fileOf(id);
  assert.equal(file.body, 'New text.\nLine two.\n');
  assert.deepEqual([file.fields.title, file.fields.excerpt, file.fields.tags, file.fields.status, file.fields.author], ['Carl draft, second', 'Short.', ['alps', 'news'], 'draft', 'carl']);
  const revisions = listRevisions(site.deps.trustedFolders, site.deps.config.dataDir, id, 'en');
  assert.equal(revisions.length, 1);
  const line = readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: id })[0]!;
  assert.deepEqual([line.action, line.person, line.language, line.via, line.token], ['update', 'carl', 'en', 'panel', null]);

  const shown = await get(panel, `/svc/panel/entries/${id}?done=saved&language=en`, jars.carl);
  assert.match(shown.text, /<p class="notice ok" role="status">English \(en\) was saved\.<\/p>/);
  for (const query of ['?done=saved&language=constructor', '?done=toString&language=en', '?done=%3Cb%3E&language=en']) {
    assert.doesNotMatch((await get(panel, `/svc/panel/entries/${id}${query}`, jars.carl)).text, /class="notice/, query);
  }
  // news is one of the site's tags (a tag entry): ticked in the list; alps is typed.
  assert.match(shown.text, /<input type="checkbox" name="tag" value="news" checked>/);
  assert.match(shown.text, /name="tags" value="alps"/);

  // The same form sent again changes nothing and keeps no second revision.
  const again = await post(panel, '/svc/panel/entries/save', { csrf: csrfOf(shown.text), version: versionOf(shown.text), id, language: 'en', title: 'Carl draft, second', body: 'New text.\nLine two.', excerpt: 'Short.', tag: 'news', tags: 'alps' }, jars.carl);
  assert.equal(again.res.headers.get('location'), `/svc/panel/entries/${id}?done=unchanged&language=en#lang-en`);
  assert.equal(listRevisions(site.deps.trustedFolders, site.deps.config.dataDir, id, 'en').length, 1);

  // Emptying excerpt and tags removes them.
  site.clock.now += 60_000;
  await post(panel, '/svc/panel/entries/save', { csrf: csrfOf(shown.text), version: versionOf(shown.text), id, language: 'en', title: 'Carl draft, second', body: 'New text.', excerpt: '', tags: ' ' }, jars.carl);
  assert.deepEqual([fileOf(id).fields.excerpt, fileOf(id).fields.tags], [undefined, undefined]);
});

test('bad input on save is shown as a sentence on the page, keeps what was typed, and changes nothing', async () => {
  const id = 'posts/carls-draft';
  const page = await get(panel, `/svc/panel/entries/${id}`, jars.carl);
  const before = fileText(id);
  const emptyTitle = await post(panel, '/svc/panel/entries/save', { csrf: csrfOf(page.text), version: versionOf(page.text), id, language: 'en', title: ' ', body: 'Typed <b>text</b>.', excerpt: '', tags: '' }, jars.carl);
  assert.equal(emptyTitle.res.status, 422);
  assert.match(emptyTitle.text, /<p class="notice error" role="alert">The title cannot be empty\.<\/p>/);
  assert.match(emptyTitle.text, /<textarea id="body-en" name="body" rows="16" data-body>\nTyped &lt;b&gt;text&lt;\/b&gt;\.<\/textarea>/);
  const badTags = await post(panel, '/svc/panel/entries/save', { csrf: csrfOf(page.text), version: versionOf(page.text), id, language: 'en', title: 'Carl draft', body: 'x', excerpt: '', tags: 'Big Tag' }, jars.carl);
  assert.equal(badTags.res.status, 422);
  assert.match(badTags.text, /tags must be a list of tag slugs \(lowercase letters, digits and dashes\)/);
  const noLanguage = await post(panel, '/svc/panel/entries/save', { csrf: csrfOf(page.text), id, language: 'fr', title: 'x' }, jars.carl);
  assert.equal(noLanguage.res.status, 404);
  const tooLong = await post(panel, '/svc/panel/entries/save', { csrf: csrfOf(page.text), version: versionOf(page.text), id, language: 'en', title: 'x', body: 'a'.repeat(1024 * 1024 + 10) }, jars.carl);
  // Over the spec's 1,000,000 characters: refused in characters, the typed text kept on the page.
  assert.equal(tooLong.res.status, 422);
  assert.match(tooLong.text, /<p class="notice error" role="alert">What was sent in Text is longer than 1000000 characters\. Nothing was saved\.<\/p>/);
  assert.ok(tooLong.text.includes(`data-body>\n${'a'.repeat(1024 * 1024 + 10)}</textarea>`), 'the typed text is on the page');
  assert.equal(fileText(id), before);
});

test("saving someone else's entry without the right is refused with the role's sentence", async () => {
  const page = await get(panel, '/svc/panel/entries/posts/hello', jars.carl);
  const before = fileText('posts/hello');
  const refused = await post(panel, '/svc/panel/entries/save', { csrf: csrfOf(page.text), id: 'posts/hello', language: 'en', title: 'Mine now', body: 'x' }, jars.carl);
  assert.equal(refused.res.status, 403);
  assert.match(refused.text, /<p class="notice error" role="alert">Your role \(contributor\) may only change your own entries; posts\/hello belongs to someone else\.<\/p>/);
  // A translation the person may not see is "no such entry", whatever the form says.
  const hidden = await post(panel, '/svc/panel/entries/save', { csrf: csrfOf(page.text), id: 'posts/hello', language: 'de', title: 'Mine now' }, jars.carl);
  assert.equal(hidden.res.status, 404);
  assert.equal(fileText('posts/hello'), before);
});

test('publish and unpublish by a person with the right; refused without it, with nothing changed', async () => {
  const id = 'posts/carls-draft';
  const carlPage = await get(panel, `/svc/panel/entries/${id}`, jars.carl);
  const refused = await post(panel, '/svc/panel/entries/publish', { csrf: csrfOf(carlPage.text), id, language: 'en' }, jars.carl);
  assert.equal(refused.res.status, 403);
  assert.match(refused.text, /Your role \(contributor\) may not publish this entry; leave it as a draft and ask an editor to publish it\./);
  assert.equal(fileOf(id).fields.status, 'draft');

  // An author may publish only their own entries.
  const avaPage = await get(panel, '/svc/panel/entries/posts/bobs-draft', jars.ava);
  assert.equal(avaPage.res.status, 200);
  const avaRefused = await post(panel, '/svc/panel/entries/publish', { csrf: csrfOf(avaPage.text), id: 'posts/bobs-draft', language: 'en' }, jars.ava);
  assert.equal(avaRefused.res.status, 403);
  assert.match(avaRefused.text, /Your role \(author\) may publish only your own entries, and posts\/bobs-draft belongs to someone else\./);
  assert.equal(fileOf('posts/bobs-draft').fields.status, 'draft');

  const bobPage = await get(panel, `/svc/panel/entries/${id}`, jars.bob);
  assert.match(bobPage.text, /<button type="submit" formaction="\/svc\/panel\/entries\/publish">Publish<\/button>/);
  const badTime = await post(panel, '/svc/panel/entries/publish', { csrf: csrfOf(bobPage.text), id, language: 'en', at: 'tomorrow' }, jars.bob);
  assert.equal(badTime.res.status, 422);
  assert.match(badTime.text, /The time under &quot;Publish later&quot; must be a date and time like 2026-05-01 19:30, in the site time zone \(Europe\/Berlin\)\./);
  assert.equal(fileOf(id).fields.status, 'draft');

  site.clock.now += 60_000;
  const published = await post(panel, '/svc/panel/entries/publish', { csrf: csrfOf(bobPage.text), id, language: 'en', at: '' }, jars.bob);
  assert.equal(published.res.status, 303);
  assert.equal(published.res.headers.get('location'), `/svc/panel/entries/${id}?done=published&language=en#lang-en`);
  assert.equal(fileOf(id).fields.status, 'published');
  let line = readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: id })[0]!;
  assert.deepEqual([line.action, line.person, line.via, line.token], ['publish', 'bob', 'panel', null]);
  const shown = await get(panel, `/svc/panel/entries/${id}?done=published&language=en`, jars.bob);
  assert.match(shown.text, /English \(en\) is published\./);

  const carlAgain = await get(panel, `/svc/panel/entries/${id}`, jars.carl);
  const carlUnpublish = await post(panel, '/svc/panel/entries/unpublish', { csrf: csrfOf(carlAgain.text), id, language: 'en' }, jars.carl);
  assert.equal(carlUnpublish.res.status, 403);
  assert.equal(fileOf(id).fields.status, 'published');

  site.clock.now += 60_000;
  const unpublished = await post(panel, '/svc/panel/entries/unpublish', { csrf: csrfOf(shown.text), id, language: 'en' }, jars.bob);
  assert.equal(unpublished.res.headers.get('location'), `/svc/panel/entries/${id}?done=unpublished&language=en#lang-en`);
  assert.deepEqual([fileOf(id).fields.status, fileOf(id).fields.published], ['draft', undefined]);
  line = readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: id })[0]!;
  assert.deepEqual([line.action, line.person, line.via], ['unpublish', 'bob', 'panel']);

  // Publishing later schedules it; unpublishing takes it back.
  site.clock.now += 60_000;
  const scheduled = await post(panel, '/svc/panel/entries/publish', { csrf: csrfOf(shown.text), id, language: 'en', at: ' 2026-04-01 09:00 ' }, jars.bob);
  assert.equal(scheduled.res.headers.get('location'), `/svc/panel/entries/${id}?done=scheduled&language=en#lang-en`);
  assert.deepEqual([fileOf(id).fields.status, fileOf(id).fields.published], ['scheduled', '2026-04-01 09:00']);
  const scheduledPage = await get(panel, `/svc/panel/entries/${id}`, jars.bob);
  assert.match(scheduledPage.text, /<dt>Status<\/dt><dd>scheduled<\/dd><dt>Published<\/dt><dd>2026-04-01 09:00<\/dd>/);
  assert.match(scheduledPage.text, /<button type="submit" formaction="\/svc\/panel\/entries\/unpublish" class="secondary">Unpublish<\/button>/);
  await post(panel, '/svc/panel/entries/unpublish', { csrf: csrfOf(shown.text), id, language: 'en' }, jars.bob);
  assert.equal(fileOf(id).fields.status, 'draft');
});

test('a form without its CSRF token, or without a session, is refused with 403 and changes nothing', async () => {
  const id = 'posts/bobs-draft';
  const before = fileText(id);
  const history = readHistory(site.deps.trustedFolders, site.deps.config.dataDir).length;
  for (const action of ['save', 'publish', 'unpublish', 'add-translation', 'style', 'cover']) {
    const missing = await post(panel, `/svc/panel/entries/${action}`, { id, language: 'en', title: 'Hijacked' }, jars.bob);
    assert.equal(missing.res.status, 403, action);
    assert.match(missing.text, /The form has expired or did not come from this site\./);
    const wrong = await post(panel, `/svc/panel/entries/${action}`, { csrf: 'x'.repeat(32), id, language: 'en', title: 'Hijacked' }, jars.bob);
    assert.equal(wrong.res.status, 403, action);
  }
  const signedOut = await post(panel, '/svc/panel/entries/save', { csrf: 'x', id, language: 'en', title: 'Hijacked' }, new Jar());
  assert.equal(signedOut.res.status, 403);
  assert.match(signedOut.text, /You are not signed in any more\./);
  assert.equal(fileText(id), before);
  assert.equal(readHistory(site.deps.trustedFolders, site.deps.config.dataDir).length, history);
});

test('malformed entry ids in the address or a form are 404, and nothing outside content is read', async () => {
  for (const path of [
    '/svc/panel/entries/posts/%2e%2e%2fcarls-draft',
    '/svc/panel/entries/%2e%2e%2f%2e%2e%2fdata/accounts',
    '/svc/panel/entries/posts/..x',
    '/svc/panel/entries/posts/Hello',
    '/svc/panel/entries/posts/hello%00',
    '/svc/panel/entries/posts%2Fhello',
    '/svc/panel/entries/posts/a/b/c/d',
    '/svc/panel/entries/hello',
  ]) {
    const answer = await rawGet(path, jars.ann);
    assert.equal(answer.status, 404, path);
    assert.match(answer.text, /This entry does not exist, or your role may not see it\./, path);
  }
  // A `.` or `..` segment, plain or encoded, is refused by the server before any routing.
  for (const path of ['/svc/panel/entries/../x', '/svc/panel/entries/posts/%2e%2e/carls-draft', '/svc/panel/entries/%2e%2e']) {
    assert.equal((await rawGet(path, jars.ann)).status, 400, path);
  }
  const page = await get(panel, '/svc/panel/entries/posts/hello', jars.ann);
  for (const id of ['../x', 'posts/../../data', '%2e%2e/x', '']) {
    const answer = await post(panel, '/svc/panel/entries/save', { csrf: csrfOf(page.text), id, language: 'en', title: 'x' }, jars.ann);
    assert.equal(answer.res.status, 404, id);
  }
});

test('the edit_in_panel address from content_create opens the new draft after sign-in', async () => {
  const created = (await callTool(site, http.url, site.tokens.admin!, 'content_create', { title: 'From the assistant', body: 'Drafted.' })).structuredContent;
  const address = new URL(created.edit_in_panel);
  assert.equal(address.pathname, `/svc/panel/entries/${created.id}`);
  const jar = new Jar();
  const first = await get(panel, address.pathname, jar);
  assert.equal(first.res.status, 303);
  const signInAddress = first.res.headers.get('location')!;
  assert.equal(signInAddress, `/svc/panel/sign-in?next=${encodeURIComponent(address.pathname)}`);
  const form = await get(panel, signInAddress, jar);
  const signedIn = await post(panel, '/svc/panel/sign-in', { csrf: csrfOf(form.text), email: 'ann@example.org', password: 'correct horse battery', next: address.pathname }, jar);
  assert.equal(signedIn.res.headers.get('location'), address.pathname);
  const opened = await get(panel, address.pathname, jar);
  assert.equal(opened.res.status, 200);
  assert.match(opened.text, /<h1>From the assistant<\/h1>/);
  assert.match(opened.text, /<dt>Created<\/dt><dd>by an assistant \(via: mcp\)<\/dd>/);
});

test('a person adds a missing translation as a draft of their own; taken or hidden languages are refused', async () => {
  const id = 'posts/carls-draft';
  const page = await get(panel, `/svc/panel/entries/${id}`, jars.carl);
  assert.match(page.text, /<h2>Add a translation<\/h2><form method="post" action="\/svc\/panel\/entries\/add-translation" data-guard>.*<option value="de">Deutsch \(de\)<\/option><\/select>/);
  const taken = await post(panel, '/svc/panel/entries/add-translation', { csrf: csrfOf(page.text), id, language: 'en', title: 'Again' }, jars.carl);
  assert.equal(taken.res.status, 409);
  assert.match(taken.text, /The entry has a en translation already; change it in its own form above\./);
  const unknown = await post(panel, '/svc/panel/entries/add-translation', { csrf: csrfOf(page.text), id, language: 'fr', title: 'Bonjour' }, jars.carl);
  assert.equal(unknown.res.status, 422);
  assert.match(unknown.text, /Choose one of the site&#39;s languages\./);
  assert.match(unknown.text, /id="add-title" name="title" value="Bonjour"/, 'what was typed stays in the form');

  site.clock.now += 60_000;
  const added = await post(panel, '/svc/panel/entries/add-translation', { csrf: csrfOf(page.text), id, language: 'de', title: 'Carls Entwurf', body: 'Hallo.\r\n', excerpt: '', tags: 'alps' }, jars.carl);
  assert.equal(added.res.status, 303);
  assert.equal(added.res.headers.get('location'), `/svc/panel/entries/${id}?done=added&language=de#lang-de`);
  const file = fileOf(id, 'de');
  assert.deepEqual([file.fields.title, file.fields.status, file.fields.author, file.fields.via, file.fields.tags, file.body], ['Carls Entwurf', 'draft', 'carl', undefined, ['alps'], 'Hallo.\n']);
  const line = readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: id })[0]!;
  assert.deepEqual([line.action, line.person, line.language, line.via], ['add_translation', 'carl', 'de', 'panel']);
  const after = await get(panel, `/svc/panel/entries/${id}`, jars.carl);
  assert.doesNotMatch(after.text, /Add a translation/, 'every site language is there now');

  // Not on someone else's entry, and a hidden translation is not revealed.
  const hello = await get(panel, '/svc/panel/entries/posts/hello', jars.carl);
  assert.doesNotMatch(hello.text, /Add a translation/);
  const hidden = await post(panel, '/svc/panel/entries/add-translation', { csrf: csrfOf(hello.text), id: 'posts/hello', language: 'de', title: 'Mine' }, jars.carl);
  assert.equal(hidden.res.status, 404);
  const other = await post(panel, '/svc/panel/entries/add-translation', { csrf: csrfOf(hello.text), id: 'posts/hike-day', language: 'de', title: 'Mine' }, jars.carl);
  assert.equal(other.res.status, 403);
  assert.match(other.text, /Your role \(contributor\) may only change your own entries; posts\/hike-day belongs to someone else\./);
  assert.equal(existsSync(join(site.root, 'content/posts/hike-day/de.md')), false);
});

test('approval mode holds back assistants only: a person who may publish publishes from the entry page, a pending request pointed out', async () => {
  const yamlFile = join(site.root, 'content/site.yaml');
  const page = await get(panel, '/svc/panel/approvals', jars.ann);
  await post(panel, '/svc/panel/approvals/mode', { csrf: csrfOf(page.text), mode: 'on' }, jars.ann);
  assert.match(readFileSync(yamlFile, 'utf8'), /^approval_mode: true$/m);
  const id = 'posts/bobs-draft';
  const bobPage = await get(panel, `/svc/panel/entries/${id}`, jars.bob);
  assert.match(bobPage.text, />Publish<\/button>/);
  assert.match(bobPage.text, /Approval mode holds back what assistants publish; your role publishes directly\./);
  // An assistant's request shows on the page, which still offers Publish.
  const asked = (await callTool(site, http.url, site.tokens.admin!, 'content_publish', { id })).structuredContent;
  assert.equal(asked.status, 'waiting_for_approval');
  const waiting = await get(panel, `/svc/panel/entries/${id}`, jars.bob);
  assert.match(waiting.text, /<dt>Review<\/dt><dd>requested<\/dd>/);
  assert.match(waiting.text, /Waiting for approval \(requested\): answer it under <a href="\/svc\/panel\/approvals">Waiting for approval<\/a>, or publish it here\./);
  const published = await post(panel, '/svc/panel/entries/publish', { csrf: csrfOf(waiting.text), id, language: 'en' }, jars.bob);
  assert.equal(published.res.headers.get('location'), `/svc/panel/entries/${id}?done=published&language=en#lang-en`);
  assert.deepEqual([fileOf(id).fields.status, fileOf(id).fields.review], ['published', undefined]);
});

test('the list pages by 50, newest first, with links that keep the type and status', async () => {
  for (let n = 1; n <= 55; n++) {
    const slug = `dish-${String(n).padStart(2, '0')}`;
    mkdirSync(join(site.root, 'content/recipes', slug), { recursive: true });
    writeFileSync(join(site.root, 'content/recipes', slug, 'en.md'), `---\ntitle: Dish ${n}\nstatus: published\npublished: 2026-02-01 10:${String(n).padStart(2, '0')}\nauthor: ann\n---\nFood.\n`);
  }
  site.deps.content.invalidate();
  const first = await get(panel, '/svc/panel/entries?type=recipe&status=published', jars.carl);
  assert.equal(first.res.status, 200);
  const firstIds = entryIds(first.text);
  assert.equal(firstIds.length, 50);
  assert.deepEqual(firstIds.slice(0, 2), ['recipes/dish-55', 'recipes/dish-54']);
  assert.match(first.text, /Page 1 of 2 \(56 entries\)\. <a href="\/svc\/panel\/entries\?type=recipe&amp;status=published&amp;page=2" rel="next">Older<\/a>/);
  const second = await get(panel, '/svc/panel/entries?type=recipe&status=published&page=2', jars.carl);
  const secondIds = entryIds(second.text);
  assert.equal(secondIds.length, 6);
  assert.deepEqual(secondIds, ['recipes/dish-05', 'recipes/dish-04', 'recipes/dish-03', 'recipes/dish-02', 'recipes/dish-01', 'recipes/strudel']);
  assert.equal(new Set([...firstIds, ...secondIds]).size, 56);
  assert.match(second.text, /Page 2 of 2 \(56 entries\)\. <a href="\/svc\/panel\/entries\?type=recipe&amp;status=published" rel="prev">Newer<\/a><\/p>/);
});
