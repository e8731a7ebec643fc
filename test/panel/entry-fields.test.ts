// The entry page as a writing place, through the real server and its forms as a browser without script
// sends them: every field a tool can set (slug, excerpt, tags from the site's tags, cover, category and its
// fields), each change one revision and one history line via panel, content_update's rules for bad values
// in the panel's own sentences (a title too long or of two lines among them), the version stamp against a
// save from an older page, and Publish / Unpublish acting on what is on the screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { editForm, type FormFields } from '../helpers/panel-forms.ts';
import { makePng } from '../helpers/images.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';
import { readHistory } from '../../dist/content/history.js';
import { listRevisions } from '../../dist/content/revisions.js';

let served: ServedSite;
let site: TestSite;
let panel: PanelAddress;
const jars: Record<string, Jar> = {};

before(async () => {
  site = await makeTestSite();
  mkdirSync(join(site.root, 'content/media/posts/hike-day'), { recursive: true });
  writeFileSync(join(site.root, 'content/media/posts/hike-day/trail.png'), makePng(40, 30));
  writeFileSync(join(site.root, 'content/media/posts/hike-day/notes.txt'), 'not an image');
  ({ panel } = served = await serveTestSite({ site }));
  for (const key of ['ann', 'bob', 'ava', 'carl'] as const) jars[key] = await served.signIn(`${key}@example.org`);
});
after(() => served.close());

const fileText = (id: string, language = 'en') => readFileSync(join(site.root, 'content', id, `${language}.md`), 'utf8');
const fileOf = (id: string, language = 'en') => parseFrontMatter(fileText(id, language));
const historyOf = (id: string) => readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: id });
const page = (id: string, who: string) => get(panel, `/svc/panel/entries/${id}`, jars[who]);

/** Sends a translation's edit form as the page shows it, with `changes`, to `action` (save by default). */
async function submit(id: string, who: string, changes: FormFields, action = 'save', shown?: string) {
  const html = shown ?? (await page(id, who)).text;
  return post(panel, `/svc/panel/entries/${action}`, { ...editForm(html), ...changes }, jars[who]);
}

test('the edit form offers every field a tool can set, with the category\'s fields and the required ones marked', async () => {
  const { res, text } = await page('posts/hike-day', 'bob');
  assert.equal(res.status, 200);
  assert.match(text, /<input type="text" id="slug-en" name="slug" value="" placeholder="hike-day" autocomplete="off">/);
  assert.match(text, /<textarea id="excerpt-en" name="excerpt" rows="2">\n<\/textarea>/);
  assert.match(text, /<label class="check"><input type="checkbox" name="tag" value="news"><span>News <code>news<\/code><\/span><\/label>/);
  assert.match(text, /<input type="text" id="tags-en" name="tags" value="alps">/, 'a tag that is no tag entry is typed');
  assert.match(text, /<select id="cover-en" name="cover"><option value="" selected>\(no cover\)<\/option><option value="media\/posts\/hike-day\/trail\.png">trail\.png<\/option><\/select>/, 'only images can be covers');
  assert.match(text, /<select id="en-category" name="category" data-category-select><option value="">\(none\)<\/option><option value="journal">Journal<\/option><option value="events" selected>Events<\/option><\/select>/);
  assert.match(text, /<label for="en-events-start">Start <span class="required">\(required\)<\/span> <span class="muted">\(Europe\/Berlin\)<\/span><\/label><input type="datetime-local" id="en-events-start" name="field:events:start" aria-required="true" value="2026-04-01T08:00">/);
  assert.match(text, /name="field:events:location" aria-required="true" value="Bolzano">/);
  assert.match(text, /<select id="en-events-level" name="field:events:level"><option value="" selected>\(none\)<\/option><option value="easy">easy<\/option><option value="hard">hard<\/option><\/select>/);
  // Pages have no category.
  assert.doesNotMatch((await page('pages/about', 'ann')).text, /name="category"/);
});

test('saving every field writes them in one revision and one history line via panel', async () => {
  const id = 'posts/hike-day';
  const revisions = listRevisions(site.deps.trustedFolders, site.deps.config.dataDir, id, 'en').length;
  const lines = historyOf(id).length;
  site.clock.now += 60_000;
  const saved = await submit(id, 'bob', {
    title: 'Hike day 2026', body: 'We walk far.', excerpt: 'A day out.', slug: 'hike-day-2026', tag: 'news', tags: 'alps, hiking',
    cover: 'media/posts/hike-day/trail.png', 'field:events:start': '2026-04-02T09:30', 'field:events:location': 'Merano', 'field:events:level': 'hard',
  });
  assert.equal(saved.res.status, 303);
  assert.equal(saved.res.headers.get('location'), `/svc/panel/entries/${id}?done=saved&language=en#lang-en`);
  const file = fileOf(id);
  assert.deepEqual(
    [file.fields.title, file.fields.excerpt, file.fields.slug, file.fields.tags, file.fields.cover, file.fields.category, file.fields.start, file.fields.location, file.fields.level, file.fields.status],
    ['Hike day 2026', 'A day out.', 'hike-day-2026', ['news', 'alps', 'hiking'], 'media/posts/hike-day/trail.png', 'events', '2026-04-02 09:30', 'Merano', 'hard', 'published'],
  );
  assert.equal(file.body, 'We walk far.\n');
  assert.equal(listRevisions(site.deps.trustedFolders, site.deps.config.dataDir, id, 'en').length, revisions + 1);
  const history = historyOf(id);
  assert.equal(history.length, lines + 1);
  assert.deepEqual([history[0]!.action, history[0]!.person, history[0]!.via, history[0]!.token], ['update', 'bob', 'panel', null]);
  // The public page follows the new slug.
  assert.equal((await fetch(`${panel.url}/hike-day-2026`)).status, 200);
});

test('bad values get content_update\'s rules in the panel\'s sentences, keep what was typed and change nothing', async () => {
  const id = 'posts/hike-day';
  const before = fileText(id);
  const cases: Array<[FormFields, number, RegExp]> = [
    [{ 'field:events:start': '2026-13-01T10:00' }, 422, /The field start &quot;2026-13-01 10:00&quot; is not a real date and time/],
    [{ 'field:events:start': '2026-03-29T02:30' }, 422, /does not exist in Europe\/Berlin: the clocks jump forward over it/],
    [{ 'field:events:location': ' ' }, 422, /The category events needs the field location\.<\/p>/],
    [{ 'field:events:level': 'medium' }, 422, /The field level must be one of: easy, hard\./],
    [{ slug: 'hello' }, 409, /The address \/hello is already used by posts\/hello; choose another slug\./],
    [{ slug: 'Big Slug' }, 422, /slug must be lowercase letters, digits and dashes, like my-first-post\./],
    [{ slug: 'svc' }, 409, /The slug svc is reserved/],
    [{ cover: 'media/posts/hike-day/notes.txt' }, 422, /The cover must be one of the entry&#39;s images; upload it under Media first\./],
    [{ cover: 'media/posts/hello/photo.png' }, 422, /The cover must be one of the entry&#39;s images/],
    [{ tags: 'Big Tag' }, 422, /tags must be a list of tag slugs/],
    // Bad form input is a 422 in the panel, in the panel's words (MCP says not_found and names site_info).
    [{ category: 'nope' }, 422, /The site has no category &quot;nope&quot;\. Choose one of its categories \(journal, events\)\.<\/p>/],
    [{ title: 'T'.repeat(900_000) }, 422, /The title is 900,000 characters long; a title has at most 300\./],
    [{ title: 'T'.repeat(301) }, 422, /The title is 301 characters long; a title has at most 300\./],
    [{ title: 'Two\nlines' }, 422, /The title must be one line: take out its line breaks\./],
  ];
  for (const [changes, status, sentence] of cases) {
    const answer = await submit(id, 'bob', { ...changes, body: 'Typed, not lost.' });
    assert.equal(answer.res.status, status, JSON.stringify(changes));
    assert.match(answer.text, sentence, JSON.stringify(changes));
    assert.match(answer.text, /<textarea id="body-en" name="body" rows="16" data-body>\nTyped, not lost\.<\/textarea>/, JSON.stringify(changes));
    assert.equal(fileText(id), before, JSON.stringify(changes));
  }
});

test('another category drops the fields of the one it replaces; none drops them all', async () => {
  const id = 'posts/hike-day';
  site.clock.now += 60_000;
  assert.equal((await submit(id, 'bob', { category: 'journal' })).res.status, 303);
  let file = fileOf(id);
  assert.deepEqual([file.fields.category, file.fields.start, file.fields.location, file.fields.level], ['journal', undefined, undefined, undefined]);
  // Back to events: its required fields must be given.
  const missing = await submit(id, 'bob', { category: 'events', 'field:events:start': '', 'field:events:location': '' });
  assert.equal(missing.res.status, 422);
  assert.match(missing.text, /The category events needs the fields start, location/);
  site.clock.now += 60_000;
  assert.equal((await submit(id, 'bob', { category: 'events', 'field:events:start': '2026-05-01T10:00', 'field:events:location': 'Trento' })).res.status, 303);
  site.clock.now += 60_000;
  assert.equal((await submit(id, 'bob', { category: '' })).res.status, 303);
  file = fileOf(id);
  assert.deepEqual([file.fields.category, file.fields.start, file.fields.location], [undefined, undefined, undefined]);
});

test('a save from a page opened before someone else saved is refused; nothing is overwritten and nothing typed is lost', async () => {
  const id = 'posts/bobs-draft';
  const bobsPage = (await page(id, 'bob')).text;
  const annsPage = (await page(id, 'ann')).text;
  site.clock.now += 60_000;
  assert.equal((await submit(id, 'ann', { body: 'Ann was here first.' }, 'save', annsPage)).res.status, 303);
  const stale = await submit(id, 'bob', { body: 'Bob writes on an old page.' }, 'save', bobsPage);
  assert.equal(stale.res.status, 409);
  assert.match(stale.text, /The en translation of posts\/bobs-draft was changed by someone else since you opened it; nothing was saved\./);
  assert.match(stale.text, /<textarea id="body-en" name="body" rows="16" data-body>\nBob writes on an old page\.<\/textarea>/);
  assert.match(stale.text, /<details class="saved-text" open><summary>The text as it is saved now<\/summary><pre>Ann was here first\.\n<\/pre><\/details>/);
  assert.equal(fileOf(id).body, 'Ann was here first.\n');
  // Told, Bob saves again from the page he got: his text replaces Ann's, knowingly.
  site.clock.now += 60_000;
  assert.equal((await submit(id, 'bob', {}, 'save', stale.text)).res.status, 303);
  assert.equal(fileOf(id).body, 'Bob writes on an old page.\n');
  // A form without the stamp is refused as well.
  const { version: _, ...unstamped } = editForm((await page(id, 'bob')).text);
  const noStamp = await post(panel, '/svc/panel/entries/save', { ...unstamped, body: 'No stamp.' }, jars.bob);
  assert.equal(noStamp.res.status, 409);
  assert.match(noStamp.text, /The form carries no version of the text/);
  assert.equal(fileOf(id).body, 'Bob writes on an old page.\n');
});

test('Publish saves what is on the screen first, in the same request; a refused publish saves nothing', async () => {
  const id = 'posts/bobs-draft';
  const before = fileText(id);
  const badTime = await submit(id, 'bob', { body: 'Edited, then published.', at: 'tomorrow' }, 'publish');
  assert.equal(badTime.res.status, 422);
  assert.match(badTime.text, /The time under &quot;Publish later&quot; must be a date and time like 2026-05-01 19:30, in the site time zone \(Europe\/Berlin\)\./);
  assert.doesNotMatch(badTime.text, /\bat must\b|site_info/);
  const past = await submit(id, 'bob', { body: 'Edited, then published.', at: '2020-01-01T10:00' }, 'publish');
  assert.equal(past.res.status, 422);
  assert.match(past.text, /The time under &quot;Publish later&quot; \(2020-01-01 10:00\) is not in the future: it is \d{4}-\d\d-\d\d \d\d:\d\d in Europe\/Berlin now\. Leave it empty to publish now\./);
  assert.doesNotMatch(past.text, /leave at out/);
  assert.match(badTime.text, /\nEdited, then published\.<\/textarea>/);
  assert.equal(fileText(id), before);
  const oldPage = (await page(id, 'bob')).text;
  site.clock.now += 60_000;
  assert.equal((await submit(id, 'ann', { title: 'Renamed by Ann' })).res.status, 303);
  const stale = await submit(id, 'bob', { body: 'From an old page.' }, 'publish', oldPage);
  assert.equal(stale.res.status, 409);
  assert.equal(fileOf(id).fields.status, 'draft', 'nothing is published from an old page');

  const lines = historyOf(id).length;
  site.clock.now += 60_000;
  const published = await submit(id, 'bob', { body: 'Edited, then published.' }, 'publish');
  assert.equal(published.res.status, 303);
  assert.equal(published.res.headers.get('location'), `/svc/panel/entries/${id}?done=published&language=en#lang-en`);
  const file = fileOf(id);
  assert.deepEqual([file.fields.status, file.body, file.fields.title], ['published', 'Edited, then published.\n', 'Renamed by Ann']);
  assert.deepEqual(historyOf(id).slice(0, historyOf(id).length - lines).map((line) => line.action), ['publish', 'update']);
  assert.match(await (await fetch(`${panel.url}/bobs-draft`)).text(), /Edited, then published\./);
});

test('Unpublish takes the translation back to a draft and saves what is on the screen into it, never live', async () => {
  const id = 'posts/old-news';
  site.clock.now += 60_000;
  const answer = await submit(id, 'bob', { body: 'Rewritten while unpublished.' }, 'unpublish');
  assert.equal(answer.res.status, 303);
  assert.equal(answer.res.headers.get('location'), `/svc/panel/entries/${id}?done=unpublished&language=en#lang-en`);
  const file = fileOf(id);
  assert.deepEqual([file.fields.status, file.fields.published, file.body], ['draft', undefined, 'Rewritten while unpublished.\n']);
  assert.deepEqual(historyOf(id).slice(0, 2).map((line) => line.action), ['update', 'unpublish']);
});

test('making an image the cover is one change; only the entry\'s images may be one', async () => {
  const id = 'posts/hike-day';
  const html = (await page(id, 'bob')).text;
  assert.match(html, /<form method="post" action="\/svc\/panel\/entries\/cover" class="inline-form"><input type="hidden" name="csrf" value="[^"]+"><input type="hidden" name="id" value="posts\/hike-day"><input type="hidden" name="file" value="media\/posts\/hike-day\/trail\.png"><input type="hidden" name="language" value="en"><button type="submit" class="secondary small">Set as cover<\/button><\/form>/);
  assert.doesNotMatch(html, /name="file" value="media\/posts\/hike-day\/notes\.txt"/, 'no cover button for a file that is no image');
  const revisions = listRevisions(site.deps.trustedFolders, site.deps.config.dataDir, id, 'en').length;
  // The cover was set by the save above; take it away first through the form.
  site.clock.now += 60_000;
  await submit(id, 'bob', { cover: '' });
  assert.equal(fileOf(id).fields.cover, undefined);
  site.clock.now += 60_000;
  const set = await post(panel, '/svc/panel/entries/cover', { csrf: csrfOf(html), id, language: 'en', file: 'media/posts/hike-day/trail.png' }, jars.bob);
  assert.equal(set.res.status, 303);
  assert.equal(set.res.headers.get('location'), `/svc/panel/entries/${id}?done=cover&language=en#lang-en`);
  assert.equal(fileOf(id).fields.cover, 'media/posts/hike-day/trail.png');
  assert.equal(listRevisions(site.deps.trustedFolders, site.deps.config.dataDir, id, 'en').length, revisions + 2);
  assert.equal(historyOf(id)[0]!.action, 'update');
  const wrong = await post(panel, '/svc/panel/entries/cover', { csrf: csrfOf(html), id, language: 'en', file: '../../data/accounts/ann.yaml' }, jars.bob);
  assert.equal(wrong.res.status, 422);
  assert.equal(fileOf(id).fields.cover, 'media/posts/hike-day/trail.png');
});

test('the entry\'s CSS is saved through content_style\'s cleaner, the page says what was removed, and an old page cannot overwrite it', async () => {
  const id = 'posts/hello';
  const html = (await page(id, 'ann')).text;
  assert.match(html, /<textarea id="style-css" name="css" rows="8" class="code" spellcheck="false">\nmain h1 \{ color: teal; \}\n<\/textarea>/);
  const version = /name="style_version" value="([^"]+)"/.exec(html)![1]!;
  site.clock.now += 60_000;
  const saved = await post(panel, '/svc/panel/entries/style', { csrf: csrfOf(html), id, style_version: version, css: '@import url(https://evil.example/x.css);\r\nh1 { color: red; background: url(https://evil.example/a.png) }' }, jars.ann);
  assert.equal(saved.res.status, 200);
  assert.match(saved.text, /<p class="notice warn" role="status">The CSS was saved, cleaned: .*@import/);
  const css = readFileSync(join(site.root, 'content/posts/hello/style.css'), 'utf8');
  assert.doesNotMatch(css, /evil|@import/);
  assert.match(css, /main h1/);
  const line = historyOf(id)[0]!;
  assert.deepEqual([line.action, line.person, line.via], ['style', 'ann', 'panel']);
  // The first page's stamp is old now.
  const stale = await post(panel, '/svc/panel/entries/style', { csrf: csrfOf(html), id, style_version: version, css: 'p { color: blue }' }, jars.ann);
  assert.equal(stale.res.status, 409);
  assert.match(stale.text, /The CSS of posts\/hello was changed by someone else since you opened it; nothing was saved\./);
  assert.match(stale.text, /\np \{ color: blue \}<\/textarea>/);
  assert.equal(readFileSync(join(site.root, 'content/posts/hello/style.css'), 'utf8'), css);
  const tooLong = await post(panel, '/svc/panel/entries/style', { csrf: csrfOf(html), id, style_version: /name="style_version" value="([^"]+)"/.exec(stale.text)![1]!, css: `p{}${' '.repeat(70_000)}` }, jars.ann);
  assert.equal(tooLong.res.status, 422);
  assert.equal(readFileSync(join(site.root, 'content/posts/hello/style.css'), 'utf8'), css);
});

test('a contributor cannot change a published entry or someone else\'s: no forms, and posts are refused', async () => {
  const html = (await page('posts/hike-day', 'carl')).text;
  assert.doesNotMatch(html, /class="editor"|name="css"|action="\/svc\/panel\/entries\/(upload|cover|style)"/);
  assert.match(html, /Your role \(contributor\) may only change your own entries; posts\/hike-day belongs to someone else\./);
  const before = fileText('posts/hike-day');
  const csrf = csrfOf(html);
  for (const [action, fields] of [
    ['save', { title: 'Mine', version: 'x' }],
    ['cover', { language: 'en', file: 'media/posts/hike-day/trail.png' }],
    ['style', { css: 'p{}', style_version: 'x' }],
  ] as const) {
    const answer = await post(panel, `/svc/panel/entries/${action}`, { csrf, id: 'posts/hike-day', language: 'en', ...fields }, jars.carl);
    assert.equal(answer.res.status, 403, action);
    assert.match(answer.text, /Your role \(contributor\) may only change your own entries/, action);
  }
  assert.equal(fileText('posts/hike-day'), before);
});

test('the entry page loads the panel\'s script and the editor\'s under a CSP that allows only this site\'s scripts; it works without them', async () => {
  const { res, text } = await page('posts/hello', 'ann');
  assert.match(text, /<script src="\/svc\/panel\/panel\.js" defer><\/script>/);
  assert.match(text, /<script src="\/svc\/panel\/editor\.js" defer><\/script>/);
  assert.equal((text.match(/<script/g) ?? []).length, 2, 'no inline script');
  assert.doesNotMatch(text, /\son[a-z]+=|\sstyle=/i, 'no inline handlers or styles');
  // The editor sends its saves and uploads to this site: connect-src 'self', nothing else.
  assert.equal(res.headers.get('content-security-policy'), "default-src 'none'; script-src 'self'; connect-src 'self'; frame-src 'self'; style-src 'self'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'");
  const editor = await fetch(`${panel.url}/svc/panel/editor.js`);
  assert.equal(editor.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.match(await editor.text(), /svc:saved/);
  // Controls that need the script are hidden until it shows them.
  assert.match(text, /<button type="button" class="secondary" data-live-preview hidden aria-pressed="false">Live preview<\/button>/);
  const script = await fetch(`${panel.url}/svc/panel/panel.js`);
  assert.equal(script.status, 200);
  assert.equal(script.headers.get('content-type'), 'text/javascript; charset=utf-8');
  const source = await script.text();
  // The statistics cards' tabs and chart figures, the Content list's live filters, the colour switch and the
  // Assistants tabs included (screen-script.ts).
  assert.ok(source.length < 15_000, `${source.length} characters`);
  assert.match(source, /beforeunload/);
  // Pages that need no script get none, and the CSP without scripts.
  const account = await get(panel, '/svc/panel/account', jars.ann);
  assert.doesNotMatch(account.text, /<script/);
  assert.equal(account.res.headers.get('content-security-policy'), "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'");
});

test('cards in the saved text that leave required settings empty are named on the entry page before publishing', async () => {
  site.writeEntry('content/posts/card-draft/en.md', { fields: { title: 'Cards', status: 'draft', author: 'bob' }, body: '::: image alt="A view"\n:::\n\n::: button\n:::\n\n::: callout tip\nFine.\n:::' });
  const { text } = await page('posts/card-draft', 'bob');
  assert.match(text, /<p class="notice warn">Cards in the saved text leave required settings empty: image \(src\); button \(value, href\)\. Fill them in before publishing\.<\/p>/);
  // The helper lists the site's cards (content_cards' data, plugins and theme included) with examples that
  // name the entry's own media folder.
  assert.match(text, /<pre id="card-en-image">::: image src=&quot;media\/posts\/card-draft\/photo\.jpg&quot; alt=&quot;Alternative text&quot;/);
  assert.match(text, /<span class="name">Map<\/span><span class="muted"><code>map<\/code> · plugin:maps<\/span>/);
  assert.match(text, /<span class="name">Banner<\/span><span class="muted"><code>banner<\/code> · theme<\/span>/);
  assert.doesNotMatch(text, /<code>hidden<\/code>/, 'a disabled plugin\'s cards are not offered');
  // In the translation's language.
  const hello = (await page('posts/hello', 'ann')).text;
  assert.match(hello, /<pre id="card-de-callout">/);
  assert.match(hello, /<span class="name">Karte<\/span>/);
});
