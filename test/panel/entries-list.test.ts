// The Content list through the real server: search in the full text (in the titles while the search index
// is not ready), sort by date, title or status, the
// address keeping every choice, thumbnails from the cover's smallest width, and bulk publish / unpublish
// (per-entry results, the role rules, CSRF, a waiting request approved by a person, trash through its question).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { seenOf } from '../helpers/panel-harness.ts';
import { entry } from '../helpers/write-site.ts';
import { makePng } from '../helpers/images.ts';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';
import { readHistory } from '../../dist/content/history.js';
import { ContentStore } from '../../dist/content/store.js';
import { defaultEntryListQuery, listEntriesFor, visibleInSiteOrder } from '../../dist/panel/entries/entries-list.js';
import { TranslationMap } from '../../dist/content/entries/translation-map.js';
import type { Principal } from '../../src/auth/principal.ts';
import type { Entry, SiteConfig } from '../../src/content/entries/types.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';

let served: ServedSite;
let site: TestSite;
let panel: PanelAddress;
const jars: Record<string, Jar> = {};
const LIST = '/svc/panel/entries';
const BULK = '/svc/panel/entries/bulk';

before(async () => {
  site = await makeTestSite();
  const media = join(site.root, 'content/media/posts/hike-day');
  mkdirSync(media, { recursive: true });
  writeFileSync(join(media, 'summit.png'), makePng(120, 80));
  writeFileSync(join(media, 'summit-60w.png'), makePng(60, 40));
  site.writeEntry('content/posts/hike-day/en.md', entry({ title: 'Hike day', status: 'published', published: '2026-03-05 10:00', author: 'bob', tags: ['alps'], category: 'events', start: '2026-04-01 08:00', location: 'Bolzano', cover: 'media/posts/hike-day/summit.png' }, 'We walk.'));
  site.writeEntry('content/posts/waiting/en.md', entry({ title: 'Waiting for a yes', status: 'draft', date: '2026-03-07 10:00', author: 'ava', via: 'mcp', review: 'requested' }, 'Please.'));
  ({ panel } = served = await serveTestSite({ site }));
  // The list searches the full text once the index is built (in the titles until then): built first here.
  site.deps.content.search.start();
  await waitFor(() => assert.equal(site.deps.content.search.state().state, 'ready'));
  for (const key of ['ann', 'carl', 'ava'] as const) jars[key] = await served.signIn(`${key}@example.org`);
});
after(() => served.close());

const entryIds = (html: string) => [...html.matchAll(/<a class="name" href="\/svc\/panel\/entries\/([^"]+)">/g)].map((match) => match[1]);
const titles = (html: string) => [...html.matchAll(/<a class="name" href="[^"]+">([^<]+)<\/a>/g)].map((match) => match[1]!);
const listedStatuses = (html: string) => [...html.matchAll(/<span class="tag listed">en: ([a-z]+)/g)].map((match) => match[1]!);
const fileOf = (id: string, language = 'en') => parseFrontMatter(readFileSync(join(site.root, 'content', id, `${language}.md`), 'utf8'));

test('search finds every word in titles, tags and bodies, case aside, and the address keeps it with the other choices', async () => {
  const found = await get(panel, `${LIST}?type=post&q=NEWS`, jars.ann);
  assert.equal(found.res.status, 200);
  // Two titles and a tag, newest first as the list is.
  assert.deepEqual(entryIds(found.text), ['posts/later', 'posts/hello', 'posts/old-news']);
  assert.match(found.text, /<input type="search" id="q" name="q" value="NEWS" autocomplete="off" maxlength="200">/);
  const both = await get(panel, `${LIST}?q=old+news&status=published`, jars.ann);
  assert.deepEqual(entryIds(both.text), ['posts/old-news']);
  assert.match(both.text, /<option value="published" selected>published<\/option>/);
  const none = await get(panel, `${LIST}?q=zebra`, jars.ann);
  assert.match(none.text, /No posts to show matching “zebra”\./);
  // A contributor's search never finds another person's draft.
  assert.deepEqual(entryIds((await get(panel, `${LIST}?q=draft`, jars.carl)).text), ['posts/carls-draft']);
  const tooLong = await get(panel, `${LIST}?q=${'x'.repeat(201)}`, jars.ann);
  assert.equal(tooLong.res.status, 422);
  assert.match(tooLong.text, /The search may have at most 200 characters\./);
});

test('a word only in a body finds its entry, with the role rules; sorted by title the matches go A to Z', async () => {
  assert.deepEqual(entryIds((await get(panel, `${LIST}?q=walk`, jars.ann)).text), ['posts/hike-day'], 'stemmed: "We walk."');
  assert.deepEqual(entryIds((await get(panel, `${LIST}?q=secret+plans`, jars.ann)).text), ['posts/bobs-draft']);
  // A contributor never finds another person's draft by its body either.
  assert.match((await get(panel, `${LIST}?q=secret+plans`, jars.carl)).text, /No posts to show matching “secret plans”\./);
  assert.deepEqual(entryIds((await get(panel, `${LIST}?q=carl+writes`, jars.carl)).text), ['posts/carls-draft']);
  assert.deepEqual(entryIds((await get(panel, `${LIST}?q=news&sort=title`, jars.ann)).text), ['posts/hello', 'posts/later', 'posts/old-news']);
  assert.deepEqual(entryIds((await get(panel, `${LIST}?q=news&status=scheduled`, jars.ann)).text), ['posts/later']);
});

test('while the search index cannot answer, the list searches titles', () => {
  const store = new ContentStore({ root: site.root, clock: Date.now, log: () => {} });
  try {
    store.search.close();
    const ann = site.deps.auth.verify(site.tokens.admin!)!;
    const query = { ...defaultEntryListQuery(store), search: 'walk' };
    assert.deepEqual(listEntriesFor(store, ann, query).rows.map((row) => row.id), []);
    assert.deepEqual(listEntriesFor(store, ann, { ...query, search: 'hike' }).rows.map((row) => row.id), ['posts/hike-day']);
  } finally {
    store.close();
  }
});

test('sorting by title goes A to Z and by status puts drafts first, then scheduled, then published', async () => {
  const byDate = titles((await get(panel, LIST, jars.ann)).text);
  const byTitle = await get(panel, `${LIST}?sort=title`, jars.ann);
  assert.deepEqual(titles(byTitle.text), [...byDate].sort((a, b) => a.localeCompare(b)));
  assert.match(byTitle.text, /<option value="title" selected>Title, A to Z<\/option>/);
  const byStatus = listedStatuses((await get(panel, `${LIST}?sort=status`, jars.ann)).text);
  assert.deepEqual(byStatus, ['draft', 'draft', 'draft', 'scheduled', 'published', 'published', 'published']);
  const badSort = await get(panel, `${LIST}?sort=random`, jars.ann);
  assert.equal(badSort.res.status, 422);
  assert.match(badSort.text, /Sort must be one of: date, title, status\./);
  const badLanguage = await get(panel, `${LIST}?language=fr`, jars.ann);
  assert.equal(badLanguage.res.status, 422);
  assert.match(badLanguage.text, /The site has no language &quot;fr&quot;; choose one of: en, de\./);
});

test('a row shows the cover\'s smallest width as its thumbnail, the author and the assistant mark', async () => {
  const page = await get(panel, LIST, jars.ann);
  assert.match(page.text, /<li class="entry-row"><img class="entry-thumb" src="\/media\/posts\/hike-day\/summit-60w\.png" alt="" width="60" height="40" loading="lazy"><div class="entry-main">[^]*?Hike day<\/a>/);
  assert.match(page.text, /Waiting for a yes<\/a>[^]*?<span class="tag listed">en: draft, waiting for approval<\/span>[^]*?by Ava Author · 2026-03-07 · <span class="tag">via: mcp<\/span>/);
  assert.match(page.text, /<li class="entry-row"><span class="entry-thumb" aria-hidden="true"><\/span><div class="entry-main">[^]*?Old news<\/a>/);
});

test('a thumbnail follows a cover changed by hand, a picture replaced at its address and a cover taken away', async () => {
  const thumbOfHikeDay = async () => {
    const row = (await get(panel, LIST, jars.ann)).text.split('<li class="entry-row">').find((text) => text.includes('Hike day</a>'))!;
    return /^(?:<img class="entry-thumb" src="([^"]+)"[^>]*height="(\d+)"|<span class="entry-thumb")/.exec(row);
  };
  const media = join(site.root, 'content/media/posts/hike-day');
  const original = readFileSync(join(site.root, 'content/posts/hike-day/en.md'), 'utf8');
  const withCover = (cover: string | undefined) => entry({ title: 'Hike day', status: 'published', published: '2026-03-05 10:00', author: 'bob', tags: ['alps'], category: 'events', start: '2026-04-01 08:00', location: 'Bolzano', ...(cover ? { cover } : {}) }, 'We walk.');
  assert.equal((await thumbOfHikeDay())![1], '/media/posts/hike-day/summit-60w.png', 'the list is kept first');
  writeFileSync(join(media, 'lake.png'), makePng(90, 30));
  site.writeEntry('content/posts/hike-day/en.md', withCover('media/posts/hike-day/lake.png'));
  await waitFor(async () => assert.equal((await thumbOfHikeDay())![1], '/media/posts/hike-day/lake.png'));
  // Replaced at the same address, the picture's new height shows (its file is looked at again within seconds).
  writeFileSync(join(media, 'lake.png'), makePng(90, 45));
  await waitFor(async () => assert.equal((await thumbOfHikeDay())![2], '45'));
  site.writeEntry('content/posts/hike-day/en.md', withCover(undefined));
  await waitFor(async () => assert.equal((await thumbOfHikeDay())![1], undefined));
  writeFileSync(join(site.root, 'content/posts/hike-day/en.md'), original);
  await waitFor(async () => assert.equal((await thumbOfHikeDay())![1], '/media/posts/hike-day/summit-60w.png'));
});

test('bulk publish says what happened to each chosen entry, approves a waiting request, and unpublish takes them back', async () => {
  const page = await get(panel, `${LIST}?sort=status`, jars.ann);
  const csrf = csrfOf(page.text);
  const back = /<input type="hidden" name="back" value="([^"]*)">/.exec(page.text)![1];
  assert.equal(back, 'type=post&amp;sort=status');
  const done = await post(panel, BULK, { csrf, action: 'publish', language: 'en', back: 'type=post&sort=status', id: ['posts/bobs-draft', 'posts/waiting', 'posts/old-news', 'posts/nope'], seen: seenOf(page.text) }, jars.ann);
  assert.equal(done.res.status, 200);
  assert.match(done.text, /<p class="notice warn" role="status">Done for 3; 1 refused \(the reasons are below\)\.<\/p>/);
  assert.match(done.text, /<li class="bulk-done" data-id="posts\/bobs-draft">[^]*?<p>Published\.<\/p><\/li>/);
  assert.match(done.text, /<li class="bulk-done" data-id="posts\/waiting">[^]*?<p>Published \(it was waiting for approval\)\.<\/p><\/li>/);
  assert.match(done.text, /<li class="bulk-done" data-id="posts\/old-news">[^]*?<p>Already published; nothing changed\.<\/p><\/li>/);
  assert.match(done.text, /<li class="bulk-refused" data-id="posts\/nope">[^]*?<p><strong>Refused:<\/strong> No such entry, or you may not see it\.<\/p><\/li>/);
  assert.match(done.text, /<a class="button" href="\/svc\/panel\/entries\?type=post&amp;sort=status">Back to the list<\/a>/);
  assert.deepEqual([fileOf('posts/bobs-draft').fields.status, fileOf('posts/waiting').fields.status, fileOf('posts/waiting').fields.review], ['published', 'published', undefined]);
  const history = readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: 'posts/waiting' })[0]!;
  assert.deepEqual([history.action, history.via], ['publish', 'panel']);

  // Published since, the files carry new stamps: the list as it is now is the one acted from.
  const now = await get(panel, `${LIST}?sort=status`, jars.ann);
  const undone = await post(panel, BULK, { csrf, action: 'unpublish', language: 'en', back: '', id: ['posts/bobs-draft', 'posts/waiting'], seen: seenOf(now.text) }, jars.ann);
  assert.match(undone.text, /Done for all 2 chosen entries\./);
  assert.deepEqual([fileOf('posts/bobs-draft').fields.status, fileOf('posts/waiting').fields.status], ['draft', 'draft']);
});

test('bulk actions keep the role rules, need the form\'s CSRF token, and refuse what is not a bulk action', async () => {
  const carlPage = await get(panel, LIST, jars.carl);
  assert.doesNotMatch(carlPage.text, /value="publish"/, 'a contributor is offered no Publish');
  const refused = await post(panel, BULK, { csrf: csrfOf(carlPage.text), action: 'publish', language: 'en', id: ['posts/carls-draft'] }, jars.carl);
  assert.equal(refused.res.status, 403);
  assert.match(refused.text, /Your role \(contributor\) may not publish or unpublish\./);
  assert.equal(fileOf('posts/carls-draft').fields.status, 'draft');

  // An author publishes their own entries only: someone else's is refused, theirs goes through.
  const avaPage = await get(panel, LIST, jars.ava);
  const mixed = await post(panel, BULK, { csrf: csrfOf(avaPage.text), action: 'publish', language: 'en', id: ['posts/waiting', 'posts/hike-day'], seen: seenOf(avaPage.text) }, jars.ava);
  assert.match(mixed.text, /data-id="posts\/waiting">[^]*?<p>Published\.<\/p>/);
  assert.match(mixed.text, /<li class="bulk-refused" data-id="posts\/hike-day">[^]*?<strong>Refused:<\/strong> /);
  assert.equal(fileOf('posts/hike-day').fields.status, 'published');

  const annPage = await get(panel, LIST, jars.ann);
  const csrf = csrfOf(annPage.text);
  const forged = await post(panel, BULK, { csrf: 'x'.repeat(32), action: 'unpublish', language: 'en', id: ['posts/old-news'] }, jars.ann);
  assert.equal(forged.res.status, 403);
  assert.equal(fileOf('posts/old-news').fields.status, 'published');
  for (const [fields, sentence] of [
    [{ action: 'delete-everything', id: ['posts/old-news'] }, /Choose Publish, Unpublish or Move to the trash\./],
    [{ action: 'publish' }, /Choose at least one entry in the list first\./],
    [{ action: 'publish', language: 'fr', id: ['posts/bobs-draft'] }, /Choose one of the site&#39;s languages\./],
    [{ action: 'publish', language: 'en', id: Array.from({ length: 201 }, (_, i) => `posts/p${i}`) }, /Choose at most 200 entries at once\./],
  ] as const) {
    const answer = await post(panel, BULK, { csrf, ...fields } as Record<string, string | string[]>, jars.ann);
    assert.equal(answer.res.status, 422);
    assert.match(answer.text, sentence);
  }
  assert.equal(fileOf('posts/bobs-draft').fields.status, 'draft');

  const trash = await post(panel, BULK, { csrf, action: 'trash', id: ['posts/bobs-draft', 'posts/old-news'] }, jars.ann);
  assert.equal(trash.res.status, 303);
  assert.equal(trash.res.headers.get('location'), '/svc/panel/entries/delete?id=posts%2Fbobs-draft&id=posts%2Fold-news');
});

test('a row lists the translations its reader may see: the default language first, then in the order site.yaml lists, then the others by code', () => {
  // Only what the rule reads: the language, the status and the author.
  const translation = (language: string, status: string, author: string) => ({ language, status, author }) as never;
  const entry = {
    id: 'posts/many',
    translations: new TranslationMap([
      translation('it', 'published', 'bob'), translation('en', 'draft', 'bob'), translation('fr', 'published', 'bob'),
      translation('de', 'draft', 'ann'), translation('es', 'published', 'bob'),
    ]),
  } as unknown as Entry;
  const site = { defaultLanguage: 'de', languages: { en: 'English', fr: 'Français', de: 'Deutsch' } } as unknown as SiteConfig;
  const editor = { accountId: 'ed', capabilities: new Set(['content.edit_all']) } as unknown as Principal;
  const ann = { accountId: 'ann', capabilities: new Set() } as unknown as Principal;
  assert.deepEqual(visibleInSiteOrder(editor, entry, site).map((t) => t.language), ['de', 'en', 'fr', 'es', 'it']);
  // Bob's English draft is not Ann's to see; her own German draft is.
  assert.deepEqual(visibleInSiteOrder(ann, entry, site).map((t) => t.language), ['de', 'fr', 'es', 'it']);
});
