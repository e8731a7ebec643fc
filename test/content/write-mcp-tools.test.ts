// The writing tools over MCP (real HTTP server, real files): every rule of content_create, content_update,
// content_style and media_upload, history and revisions. Publishing and the roles matrix are in
// write-mcp-states.test.ts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';
import { readHistory } from '../../dist/content/history.js';
import { listRevisions, listStyleVersions, readRevision, readStyleVersion } from '../../dist/content/revisions.js';
import { formatSiteTime } from '../../dist/lib/time-zone.js';
import { makePng } from '../helpers/images.ts';
import { entry, type YamlMap } from '../helpers/write-site.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
const tokens: Record<string, string> = {};

before(async () => {
  ({ site, http } = served = await serveTestSite());
  const make = (owner: string, name: string, scopes: string[]) => site.deps.auth.createToken({ ownerId: owner, name, scopes, expiresInDays: 30 }).token;
  tokens.admin = make('ann', 'Ann laptop', ['content:read', 'content:write', 'content:publish']);
  tokens.editor = make('bob', 'Bob desk', ['content:read', 'content:write', 'content:publish']);
  tokens.author = make('ava', 'Ava phone', ['content:read', 'content:write', 'content:publish']);
  tokens.contributor = make('carl', 'Carl tablet', ['content:read', 'content:write']);
  tokens.readOnly = make('ann', 'Ann reader', ['content:read', 'content:publish']);
});
after(() => served.close());

const call = (token: string, name: string, args?: unknown) => callTool(site, http.url, tokens[token]!, name, args);
const read = (path: string) => readFileSync(join(site.root, path), 'utf8');
const front = (path: string) => parseFrontMatter(read(path));

const writeEntry = (path: string, fields: YamlMap, body: string) => site.writeEntry(`content/${path}`, entry(fields, body));

function ok(result: any): any {
  assert.equal(result.isError, undefined, result.content?.[0]?.text);
  return result.structuredContent;
}

function refused(result: any, sentence: string): void {
  assert.equal(result.isError, true, JSON.stringify(result.structuredContent));
  assert.equal(result.content[0].text, sentence);
}

const berlin = () => formatSiteTime(site.clock.now, 'Europe/Berlin');

test('content_create writes a draft by the token owner, marked via mcp, and answers the spec fields', async () => {
  const answer = ok(await call('contributor', 'content_create', {
    title: 'Alpine lakes', body: 'Cold **water**.',
    fields: { tags: ['alps'], excerpt: 'Lakes.', status: 'published', author: 'ann', via: 'panel', published: '2026-01-01 10:00' },
  }));
  assert.deepEqual(answer, {
    id: 'posts/alpine-lakes',
    status: 'draft',
    language: 'en',
    edit_in_panel: 'http://127.0.0.1:8080/svc/panel/entries/posts/alpine-lakes',
    next_step: 'The draft is saved. Show it to the person (content_read, or the edit_in_panel link); call content_publish only when they ask to publish it.',
  });
  const { fields, body } = front('content/posts/alpine-lakes/en.md');
  assert.deepEqual(fields, { title: 'Alpine lakes', status: 'draft', date: berlin(), author: 'carl', via: 'mcp', tags: ['alps'], excerpt: 'Lakes.' });
  assert.equal(body, 'Cold **water**.\n');
  const [line] = readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: 'posts/alpine-lakes' });
  assert.deepEqual(line, { time: new Date(site.clock.now).toISOString(), person: 'carl', action: 'create', entry: 'posts/alpine-lakes', language: 'en', via: 'mcp', token: 'Carl tablet' });
  // The reading side sees it at once.
  assert.equal(ok(await call('contributor', 'content_read', { id: 'posts/alpine-lakes' })).status, 'draft');
});

test('content_create chooses a free slug when the wanted one is taken, also across posts and pages', async () => {
  assert.equal(ok(await call('admin', 'content_create', { title: 'Hello', fields: { slug: 'hello' } })).id, 'posts/hello-2');
  assert.equal(ok(await call('admin', 'content_create', { title: 'Hello' })).id, 'posts/hello-3');
  assert.equal(ok(await call('admin', 'content_create', { title: 'About' })).id, 'posts/about-2');
  assert.equal(ok(await call('admin', 'content_create', { title: 'De' })).id, 'posts/de-2');
  assert.equal(ok(await call('admin', 'content_create', { title: 'Über Fähren & Brücken!' })).id, 'posts/uber-fahren-brucken');
  assert.equal(ok(await call('admin', 'content_create', { title: '写真' })).id, 'posts/entry');
  assert.equal(front('content/posts/hello-2/en.md').fields.slug, undefined);
});

test('content_create makes pages under a parent, custom types, and other languages', async () => {
  assert.equal(ok(await call('admin', 'content_create', { title: 'History', type: 'page', parent: 'pages/about' })).id, 'pages/about/history');
  assert.equal(ok(await call('admin', 'content_create', { title: 'Dumplings', type: 'recipe', language: 'de' })).id, 'recipes/dumplings');
  assert.ok(existsSync(join(site.root, 'content/recipes/dumplings/de.md')));
  refused(await call('admin', 'content_create', { title: 'X', parent: 'pages/about' }), 'parent is for pages only: give type "page" and the id of a page.');
  refused(await call('admin', 'content_create', { title: 'X', type: 'page', parent: 'posts/hello' }), 'parent is for pages only: give type "page" and the id of a page.');
  refused(await call('admin', 'content_create', { title: 'X', type: 'page', parent: 'pages/nope' }), 'There is no entry with the id "pages/nope". Call content_list to see the entries\' ids.');
  refused(await call('admin', 'content_create', { title: 'X', type: 'song' }), 'The site has no content type "song". Call site_info to see its content types (post, page, tag, recipe).');
  refused(await call('admin', 'content_create', { title: 'X', language: 'fr' }), 'The site has no language "fr". Call site_info to see its languages (en, de).');
  refused(await call('admin', 'content_create', { title: 'X', type: 'tag' }), 'Tags are not created with content_create; give posts a tags field instead, and the tag pages follow in the panel.');
  refused(await call('admin', 'content_create', { title: '' }), 'The arguments of content_create are not valid: title: Too small: expected string to have >=1 characters. Fix them and call content_create again.');
});

test('content_create validates category fields against the category definition', async () => {
  const answer = ok(await call('admin', 'content_create', { title: 'Summit walk', fields: { category: 'events', start: '2026-06-01 07:30', location: 'Bolzano', level: 'hard' } }));
  assert.deepEqual(front(`content/${answer.id}/en.md`).fields.start, '2026-06-01 07:30');
  refused(await call('admin', 'content_create', { title: 'E', fields: { category: 'events', location: 'Bolzano' } }), 'The category events needs the field start (see site_info for their format).');
  refused(await call('admin', 'content_create', { title: 'E', fields: { category: 'events', start: '1 June 2026', location: 'Bolzano' } }), 'The field start must be a time written YYYY-MM-DD HH:MM in the site time zone (Europe/Berlin), like 2026-05-01 19:30.');
  refused(await call('admin', 'content_create', { title: 'E', fields: { category: 'events', start: '2026-02-30 10:00', location: 'Bolzano' } }), 'The field start "2026-02-30 10:00" is not a real date and time; use YYYY-MM-DD HH:MM, like 2026-05-01 19:30.');
  refused(await call('admin', 'content_create', { title: 'E', fields: { category: 'events', start: '2026-06-01 07:30', location: 'B', level: 'medium' } }), 'The field level must be one of: easy, hard.');
  refused(await call('admin', 'content_create', { title: 'E', fields: { start: '2026-06-01 07:30' } }), 'The field start belongs to the category events; set category to events as well (see site_info).');
  refused(await call('admin', 'content_create', { title: 'E', fields: { category: 'concerts' } }), 'The site has no category "concerts". Call site_info to see its categories (journal, events).');
  refused(await call('admin', 'content_create', { title: 'E', type: 'page', fields: { category: 'journal' } }), 'Only posts have a category; a page cannot.');
  refused(await call('admin', 'content_create', { title: 'E', fields: { tags: 'alps' } }), 'tags must be a list of tag slugs (lowercase letters, digits and dashes), like ["news", "travel"].');
  refused(await call('admin', 'content_create', { title: 'E', fields: { 'Bad Key': 1 } }), '"Bad Key" is not a field name; field names are lowercase letters, digits and _, starting with a letter.');
  refused(await call('admin', 'content_create', { title: 'E', fields: { slug: '../etc' } }), 'slug must be lowercase letters, digits and dashes, like my-first-post.');
});

test('a title is one line of at most 300 characters here as in the panel: also as a field, also for a new translation', async () => {
  // What the schema took before still goes through, trimmed as before.
  const longest = ok(await call('admin', 'content_create', { title: ` ${'A'.repeat(300)} ` }));
  assert.equal(front(`content/${longest.id}/en.md`).fields.title, 'A'.repeat(300));
  const oneLine = 'The title must be one line: take out its line breaks.';
  refused(await call('admin', 'content_create', { title: 'Two\nlines' }), oneLine);
  refused(await call('admin', 'content_update', { id: longest.id, title: 'Two\r\nlines' }), oneLine);
  refused(await call('admin', 'content_update', { id: longest.id, language: 'de', title: 'Zwei\u2028Zeilen' }), oneLine);
  // A title given as a field passed no schema: the write layer's rule holds it.
  refused(await call('admin', 'content_update', { id: longest.id, fields: { title: 'B'.repeat(301) } }), 'The title is 301 characters long; a title has at most 300.');
  refused(await call('admin', 'content_update', { id: longest.id, fields: { title: 'Two\nlines' } }), oneLine);
  assert.equal(front(`content/${longest.id}/en.md`).fields.title, 'A'.repeat(300));
  // Over 300 through the parameter is the schema's refusal, as it was.
  const schema = await call('admin', 'content_create', { title: 'C'.repeat(301) });
  assert.equal(schema.isError, true);
  assert.doesNotMatch(schema.content[0].text, /a title has at most/);
});

test('content_update changes one translation, null removes a field, and the previous version is kept', async () => {
  writeEntry('posts/lake-notes/en.md', { title: 'Lake notes', status: 'draft', author: 'carl', tags: ['alps'], excerpt: 'Old excerpt.' }, 'Old body.');
  const before = read('content/posts/lake-notes/en.md');
  const answer = ok(await call('contributor', 'content_update', { id: 'posts/lake-notes', title: 'Lake notes, revised', fields: { excerpt: null, tags: ['alps', 'news'] } }));
  assert.deepEqual(answer, { id: 'posts/lake-notes', language: 'en', status: 'draft', url: 'http://127.0.0.1:8080/lake-notes' });
  const { fields, body } = front('content/posts/lake-notes/en.md');
  assert.deepEqual(fields, { title: 'Lake notes, revised', status: 'draft', author: 'carl', tags: ['alps', 'news'] });
  assert.equal(body, 'Old body.\n');
  const revisions = listRevisions(site.deps.trustedFolders, site.deps.config.dataDir, 'posts/lake-notes', 'en');
  assert.equal(revisions.length, 1);
  assert.equal(readRevision(site.deps.trustedFolders, site.deps.config.dataDir, 'posts/lake-notes', 'en', revisions[0]!.id), before);
  ok(await call('contributor', 'content_update', { id: 'posts/lake-notes', body: 'New body.' }));
  assert.equal(front('content/posts/lake-notes/en.md').body, 'New body.\n');
  assert.equal(listRevisions(site.deps.trustedFolders, site.deps.config.dataDir, 'posts/lake-notes', 'en').length, 2);
  assert.deepEqual(readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: 'posts/lake-notes' }).map((r) => `${r.action} ${r.via} ${r.token}`), ['update mcp Carl tablet', 'update mcp Carl tablet']);
});

test('content_update refuses protected fields with a clear sentence and changes nothing', async () => {
  writeEntry('posts/guarded/en.md', { title: 'Guarded', status: 'draft', author: 'ann' }, 'Body.');
  const before = read('content/posts/guarded/en.md');
  for (const field of ['status', 'author', 'via', 'published']) {
    refused(await call('admin', 'content_update', { id: 'posts/guarded', fields: { [field]: 'x' } }),
      `The field ${field} cannot be changed here: status, author, via, published, review and date are set by the service. Use content_publish or content_unpublish to change the status, and leave the others out.`);
  }
  refused(await call('admin', 'content_update', { id: 'posts/guarded', fields: { status: null, author: null } }),
    'The fields status, author cannot be changed here: status, author, via, published, review and date are set by the service. Use content_publish or content_unpublish to change the status, and leave the others out.');
  refused(await call('admin', 'content_update', { id: 'posts/guarded' }), 'Nothing to change: give a title, a body or fields.');
  refused(await call('admin', 'content_update', { id: 'posts/nope', title: 'x' }), 'There is no entry with the id "posts/nope". Call content_list to see the entries\' ids.');
  refused(await call('admin', 'content_update', { id: '../../etc/passwd', title: 'x' }), '"../../etc/passwd" is not an entry id; ids are lowercase letters, digits and dashes separated by /, like posts/hello. Call content_list to see the entries\' ids.');
  assert.equal(read('content/posts/guarded/en.md'), before);
  assert.deepEqual(listRevisions(site.deps.trustedFolders, site.deps.config.dataDir, 'posts/guarded', 'en'), []);
});

test('content_update with a new language adds a draft translation marked via mcp, with the event fields copied', async () => {
  writeEntry('posts/fair/en.md', { title: 'Fair', status: 'published', published: '2026-03-01 10:00', author: 'carl', category: 'events', start: '2026-07-01 10:00', location: 'Merano' }, 'Come.');
  const answer = ok(await call('contributor', 'content_update', { id: 'posts/fair', language: 'de', title: 'Messe', body: 'Kommt.' }));
  assert.deepEqual(answer, { id: 'posts/fair', language: 'de', status: 'draft', url: 'http://127.0.0.1:8080/de/fair' });
  assert.deepEqual(front('content/posts/fair/de.md').fields, { title: 'Messe', status: 'draft', date: berlin(), author: 'carl', via: 'mcp', category: 'events', start: '2026-07-01 10:00', location: 'Merano' });
  assert.equal(readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: 'posts/fair' })[0]!.action, 'add_translation');
  refused(await call('contributor', 'content_update', { id: 'posts/carls-draft', language: 'de', body: 'Ohne Titel.' }), 'The entry has no de translation yet; give a title to add one.');
});

test('content_update never writes over a translation file the store could not read', async () => {
  writeEntry('posts/broken/en.md', { title: 'Broken', status: 'draft', author: 'ann' }, 'Fine.');
  writeFileSync(join(site.root, 'content/posts/broken/de.md'), '---\ntitle: [unclosed\n---\nKaputt.\n');
  site.deps.content.invalidate();
  refused(await call('admin', 'content_update', { id: 'posts/broken', language: 'de', title: 'Neu' }),
    'The de file of posts/broken exists but cannot be read (broken front matter or not UTF-8); fix it in the panel or on disk first.');
  assert.equal(read('content/posts/broken/de.md'), '---\ntitle: [unclosed\n---\nKaputt.\n');
});

test('content_update enforces a category\'s required fields only when the category or its fields change', async () => {
  writeEntry('posts/old-event/en.md', { title: 'Old event', status: 'draft', author: 'ann', category: 'events', start: '2026-09-01 10:00' }, 'No location yet.');
  assert.equal(ok(await call('admin', 'content_update', { id: 'posts/old-event', body: 'Still no location.' })).status, 'draft');
  refused(await call('admin', 'content_update', { id: 'posts/old-event', fields: { start: '2026-09-02 10:00' } }), 'The category events needs the field location (see site_info for their format).');
  ok(await call('admin', 'content_update', { id: 'posts/old-event', fields: { location: 'Trento' } }));
  refused(await call('admin', 'content_update', { id: 'posts/old-event', fields: { start: null } }), 'The category events needs the field start (see site_info for their format).');
  assert.equal(front('content/posts/old-event/en.md').fields.start, '2026-09-01 10:00');
});

test('content_update keeps fields that are the same in all languages in step', async () => {
  writeEntry('posts/market/en.md', { title: 'Market', status: 'draft', author: 'ann', category: 'events', start: '2026-08-01 09:00', location: 'Brixen' }, 'Stalls.');
  writeEntry('posts/market/de.md', { title: 'Markt', status: 'draft', author: 'ann', category: 'events', start: '2026-08-01 09:00', location: 'Brixen' }, 'Stände.');
  ok(await call('admin', 'content_update', { id: 'posts/market', fields: { location: 'Bressanone', start: '2026-08-02 09:00' } }));
  assert.equal(front('content/posts/market/de.md').fields.location, 'Bressanone');
  assert.equal(front('content/posts/market/de.md').fields.start, '2026-08-01 09:00');
  assert.equal(listRevisions(site.deps.trustedFolders, site.deps.config.dataDir, 'posts/market', 'de').length, 1);
});

test('content_style cleans, saves, keeps the previous CSS as a version and answers the spec fields', async () => {
  const answer = ok(await call('admin', 'content_style', { id: 'posts/hello', css: '@import url(https://evil.example/x.css);\nh1 { color: red }\n.hero { background: url(media/posts/hello/photo.png) }' }));
  assert.deepEqual(answer, {
    id: 'posts/hello',
    css: 'main h1 {\n  color: red;\n}\nmain .hero {\n  background: url("media/posts/hello/photo.png");\n}\n',
    cleaned: true,
    note: "Saved. The rules apply inside <main> on this entry's pages in every language; selectors were scoped to main. Cleaned: @import was removed: a page style cannot load other style sheets. The previous CSS was kept as a version.",
    url: 'http://127.0.0.1:8080/hello',
  });
  assert.equal(read('content/posts/hello/style.css'), answer.css);
  const versions = listStyleVersions(site.deps.trustedFolders, site.deps.config.dataDir, 'posts/hello');
  assert.equal(readStyleVersion(site.deps.trustedFolders, site.deps.config.dataDir, 'posts/hello', versions[0]!.id), 'main h1 { color: teal; }\n');
  assert.equal(ok(await call('admin', 'content_read', { id: 'posts/hello' })).style, answer.css);
  const line = readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: 'posts/hello' })[0]!;
  assert.deepEqual([line.action, line.via, line.token], ['style', 'mcp', 'Ann laptop']);
});

test('content_style with an empty string removes style.css and keeps it as a version', async () => {
  writeEntry('posts/styled/en.md', { title: 'Styled', status: 'draft', author: 'ann' }, 'x');
  writeFileSync(join(site.root, 'content/posts/styled/style.css'), 'main p { color: blue; }\n');
  const answer = ok(await call('admin', 'content_style', { id: 'posts/styled', css: '' }));
  assert.deepEqual(answer, { id: 'posts/styled', css: '', cleaned: false, note: 'style.css was removed. The previous CSS was kept as a version.', url: 'http://127.0.0.1:8080/styled' });
  assert.equal(existsSync(join(site.root, 'content/posts/styled/style.css')), false);
  assert.equal(listStyleVersions(site.deps.trustedFolders, site.deps.config.dataDir, 'posts/styled').length, 1);
  // Again, with no style.css left: nothing to remove, and no change recorded (no history line, no feed event).
  const lines = readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: 'posts/styled' }).length;
  const events = site.deps.content.changes!.feed.since(0, 100_000).events.length;
  for (const css of ['', '@import "https://evil.example/x.css";']) {
    const again = ok(await call('admin', 'content_style', { id: 'posts/styled', css }));
    assert.equal(again.css, '');
    assert.match(again.note, /^(There is no style\.css, so nothing was removed\.|Nothing was left after cleaning, and there is no style\.css: nothing changed\. Cleaned: @import was removed)/);
  }
  assert.equal(readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: 'posts/styled' }).length, lines);
  assert.equal(site.deps.content.changes!.feed.since(0, 100_000).events.length, events);
});

test('content_style refuses CSS that cleaning would make longer than 64 KB, so what is kept can be sent again', async () => {
  const before = read('content/posts/hello/style.css');
  refused(await call('admin', 'content_style', { id: 'posts/hello', css: `p{content:"${'<'.repeat(65_520)}"}` }),
    'The CSS would be 262,106 bytes once cleaned (escapes and the scoping to main add to it); at most 65,536 bytes (64 KB) are kept. Nothing was changed; send shorter CSS.');
  assert.equal(read('content/posts/hello/style.css'), before);
});

test('content_style refuses 64 KB + 1 byte and changes nothing', async () => {
  const before = read('content/posts/hello/style.css');
  const versions = listStyleVersions(site.deps.trustedFolders, site.deps.config.dataDir, 'posts/hello').length;
  refused(await call('admin', 'content_style', { id: 'posts/hello', css: 'p{color:red}' + ' '.repeat(65_525) }),
    'The CSS is 65,537 bytes; at most 65,536 bytes (64 KB) are accepted. Nothing was changed; send shorter CSS.');
  assert.equal(read('content/posts/hello/style.css'), before);
  assert.equal(listStyleVersions(site.deps.trustedFolders, site.deps.config.dataDir, 'posts/hello').length, versions);
});

test('media_upload saves a real image under a free safe name and answers id, file and markdown', async () => {
  const data = makePng(4, 3).toString('base64');
  assert.deepEqual(ok(await call('admin', 'media_upload', { id: 'posts/hello', name: 'Photo.PNG', data })),
    { id: 'posts/hello', file: 'media/posts/hello/photo-2.png', markdown: '![photo 2](media/posts/hello/photo-2.png)' });
  assert.deepEqual(readFileSync(join(site.root, 'content/media/posts/hello/photo-2.png')), makePng(4, 3));
  assert.deepEqual(ok(await call('admin', 'media_upload', { id: 'posts/hello', name: '../../../etc/Sunset Ünïcode.jpg', data })),
    { id: 'posts/hello', file: 'media/posts/hello/etc-sunset-unicode.png', markdown: '![etc sunset unicode](media/posts/hello/etc-sunset-unicode.png)', note: 'The file is a PNG image although its name ends in .jpg; it was saved as .png.' });
  refused(await call('admin', 'media_upload', { id: 'posts/hello', name: 'x.png', data: Buffer.from('plain text').toString('base64') }),
    'The data is not an image of an accepted type (jpg, jpeg, png, gif, webp, avif); check that you sent the file itself, base64-encoded.');
  refused(await call('admin', 'media_upload', { id: 'posts/hello', name: 'x.png', data: 'not base64!' }),
    'The data is not valid base64: use only A-Z, a-z, 0-9, + and / with = padding to a multiple of 4 characters, and no spaces or line breaks.');
  assert.deepEqual(readdirSync(join(site.root, 'content/media/posts/hello')).sort(), ['etc-sunset-unicode.png', 'photo-2.png', 'photo.png', 'view.jpg']);
  assert.deepEqual(readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: 'posts/hello', limit: 2 }).map((r) => `${r.action} ${r.detail}`), ['media_upload etc-sunset-unicode.png', 'media_upload photo-2.png']);
});

test('media_upload accepts exactly 10 MB of base64 and refuses one character more, over HTTP', async () => {
  const png = makePng(2, 2);
  const targetBytes = (10 * 1024 * 1024) / 4 * 3;
  const padding = Buffer.alloc(targetBytes - png.length - 12);
  const chunk = Buffer.concat([Buffer.alloc(4), Buffer.from('zzZz'), padding, Buffer.alloc(4)]);
  chunk.writeUInt32BE(padding.length, 0);
  const big = Buffer.concat([png.subarray(0, png.length - 12), chunk, png.subarray(png.length - 12)]);
  const data = big.toString('base64');
  assert.equal(data.length, 10_485_760);
  assert.equal(ok(await call('admin', 'media_upload', { id: 'posts/hello', name: 'big.png', data })).file, 'media/posts/hello/big.png');
  refused(await call('admin', 'media_upload', { id: 'posts/hello', name: 'bigger.png', data: data + 'A' }),
    'The data is 10,485,761 characters of base64; at most 10,485,760 (10 MB) are accepted. Upload a smaller image.');
  assert.equal(existsSync(join(site.root, 'content/media/posts/hello/bigger.png')), false);
});

test('each writing tool without its scope is a tool error naming the scope', async () => {
  const sentence = (tool: string, scope: string, owner = 'Ann Admin') => `This token may not use the tool ${tool}: it needs the scope ${scope}. Ask ${owner} to create a token with the scope ${scope} in the panel under Assistants.`;
  refused(await call('readOnly', 'content_create', { title: 'x' }), sentence('content_create', 'content:write'));
  refused(await call('readOnly', 'content_update', { id: 'posts/hello', title: 'x' }), sentence('content_update', 'content:write'));
  refused(await call('readOnly', 'content_style', { id: 'posts/hello', css: '' }), sentence('content_style', 'content:write'));
  refused(await call('readOnly', 'media_upload', { id: 'posts/hello', name: 'a.png', data: 'QQ==' }), sentence('media_upload', 'content:write'));
  // A contributor's role cannot have content:publish at all: a new token would not help.
  const roleSentence = (tool: string) => `This token may not use the tool ${tool}: it needs the scope content:publish, which the role contributor of Carl Contributor does not offer. Ask an administrator about the role.`;
  refused(await call('contributor', 'content_publish', { id: 'posts/carls-draft' }), roleSentence('content_publish'));
  refused(await call('contributor', 'content_unpublish', { id: 'posts/carls-draft' }), roleSentence('content_unpublish'));
});
