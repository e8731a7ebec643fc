// Delete with a trash, over real HTTP on the installation's router: an entry (with its media), a translation
// and a media file go to data/trash/ with who and when, leave the site, the Content API, MCP and the lists at
// once (recorded in the change feed as entry.removed), and come back from the Trash page with their
// revisions, history, media and address (recorded again). The stale-form rule, a path taken meanwhile, a
// file still used elsewhere, rights per role, 30 days, and a trash of 10,000 items.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { readHistory } from '../../dist/content/history.js';
import { listRevisions } from '../../dist/content/revisions.js';
import { deleteForGood } from '../../dist/content/trash/trash-items.js';
import type { ChangeEvent } from '../../src/feed/change-event.ts';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
const jars: Record<string, Jar> = {};
const DELETE = '/svc/panel/entries/delete';
const TRASH = '/svc/panel/trash';

before(async () => {
  ({ site, http, panel } = served = await serveTestSite());
  for (const key of ['ann', 'bob', 'carl', 'ava'] as const) jars[key] = await served.signIn(`${key}@example.org`);
});
after(() => served.close());

const content = (...parts: string[]) => join(site.root, 'content', ...parts);
const trashDir = () => join(site.root, 'data', 'trash');
const trashItems = () => (existsSync(trashDir()) ? readdirSync(trashDir()).sort() : []);
const events = (): ChangeEvent[] => site.deps.content.changes!.feed.since(0, 100_000).events;

/** The question page for `query`, then its form posted as it is. */
async function askAndDelete(jar: Jar, query: Record<string, string | string[]>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const item of [value].flat()) params.append(key, item);
  const asked = await get(panel, `${DELETE}?${params}`, jar);
  assert.equal(asked.res.status, 200, asked.text);
  return { asked, answer: await post(panel, DELETE, formOf(asked.text), jar) };
}

/** The hidden fields of the page's delete form, as the browser would send them. */
function formOf(html: string): Record<string, string[]> {
  const form = /<form method="post" action="\/svc\/panel\/entries\/delete">(.*?)<\/form>/s.exec(html);
  assert.ok(form, 'the page offers no delete button');
  const fields: Record<string, string[]> = {};
  for (const [, name, value] of form[1]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) (fields[name!] ??= []).push(value!.replaceAll('&amp;', '&'));
  return fields;
}

async function restoreFirst(jar: Jar, match: RegExp) {
  const page = await get(panel, TRASH, jar);
  const row = [...page.text.matchAll(/<tr><td>(.*?)<\/tr>/gs)].find((m) => match.test(m[1]!));
  assert.ok(row, `no row matching ${match} in the trash`);
  const item = /name="item" value="([^"]+)"/.exec(row[1]!)![1]!;
  return post(panel, `${TRASH}/restore`, { csrf: csrfOf(page.text), item }, jar);
}

test('an entry goes to the trash with its media, leaves the site, the API, MCP and the lists at once, and comes back whole', async () => {
  await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/hello', language: 'en', body: 'Welcome, again.' });
  const revisions = listRevisions(new TrustedFolders([join(site.root, 'data')]), join(site.root, 'data'), 'posts/hello', 'en').length;
  assert.ok(revisions >= 1);
  assert.equal((await fetch(`${panel.url}/hello`)).status, 200);
  const seqBefore = events().length;

  const { asked, answer } = await askAndDelete(jars.bob!, { id: 'posts/hello' });
  assert.match(asked.text, /<h1>Move to the trash\?<\/h1>/);
  assert.match(asked.text, /en: published/);
  assert.match(asked.text, /with its 2 media files/);
  assert.match(asked.text, /for 30 days/);
  assert.equal(answer.res.status, 303);
  assert.equal(answer.res.headers.get('location'), `${TRASH}?done=trashed&n=1`);

  assert.equal(existsSync(content('posts', 'hello')), false);
  assert.equal(existsSync(content('media', 'posts', 'hello')), false);
  const [itemId] = trashItems();
  const item = JSON.parse(readFileSync(join(trashDir(), itemId!, 'item.json'), 'utf8'));
  assert.equal(item.deletedBy, site.deps.auth.accounts.list().find((a) => a.email === 'bob@example.org')!.id);
  assert.equal(item.deletedAt, new Date(site.clock.now).toISOString());
  assert.ok(existsSync(join(trashDir(), itemId!, 'entry', 'en.md')));
  assert.ok(existsSync(join(trashDir(), itemId!, 'media', 'photo.png')));

  // Gone everywhere at once.
  assert.equal((await fetch(`${panel.url}/hello`)).status, 404);
  assert.equal((await fetch(`${panel.url}/media/posts/hello/photo.png`)).status, 404);
  assert.equal((await fetch(`${panel.url}/svc/api/v1/entry?id=posts/hello`)).status, 404);
  const list = await callTool(site, http.url, site.tokens.admin!, 'content_list', { type: 'post' });
  assert.ok(!list.structuredContent.entries.some((row: { id: string }) => row.id === 'posts/hello'));
  const read = await callTool(site, http.url, site.tokens.admin!, 'content_read', { id: 'posts/hello' });
  assert.equal(read.isError, true);
  assert.doesNotMatch((await get(panel, '/svc/panel/entries?type=post', jars.ann!)).text, /posts\/hello/);

  // Recorded: the feed tells every process and consumer where it showed; the history who did it.
  const removed = events().slice(seqBefore);
  assert.equal(removed.length, 1);
  assert.equal(removed[0]!.kind, 'entry.removed');
  assert.equal(removed[0]!.entry, 'posts/hello');
  assert.equal(removed[0]!.via, 'panel');
  assert.deepEqual(removed[0]!.before, ['/de/hello', '/hello']);
  assert.ok(readHistory(new TrustedFolders([join(site.root, 'data')]), join(site.root, 'data'), { entry: 'posts/hello' }).some((r) => r.action === 'delete' && r.via === 'panel'));

  // The Trash page lists it; Restore brings it back at its address, with its revisions and media.
  const trash = await get(panel, TRASH, jars.bob!);
  assert.match(trash.text, /Hello Alps/);
  assert.match(trash.text, /Bob Editor/);
  assert.match(trash.text, /2026-04-09/, 'deleted for good 30 days after (site time)');
  const restored = await restoreFirst(jars.bob!, /posts\/hello/);
  assert.equal(restored.res.status, 303);
  assert.equal(trashItems().length, 0);
  assert.equal((await fetch(`${panel.url}/hello`)).status, 200);
  assert.equal((await fetch(`${panel.url}/media/posts/hello/photo.png`)).status, 200);
  assert.equal(listRevisions(new TrustedFolders([join(site.root, 'data')]), join(site.root, 'data'), 'posts/hello', 'en').length, revisions);
  const back = events().slice(seqBefore + 1);
  assert.deepEqual(back.map((e) => [e.kind, e.entry, e.via]), [['entry.added', 'posts/hello', 'panel']]);
  assert.deepEqual(back[0]!.paths, ['/de/hello', '/hello']);
  assert.ok(readHistory(new TrustedFolders([join(site.root, 'data')]), join(site.root, 'data'), { entry: 'posts/hello' }).some((r) => r.action === 'restore_deleted'));
});

test('a translation goes alone and comes back; the only translation cannot go alone', async () => {
  const { answer } = await askAndDelete(jars.ann!, { id: 'posts/hello', language: 'de' });
  assert.equal(answer.res.status, 303);
  assert.equal(existsSync(content('posts', 'hello', 'de.md')), false);
  assert.ok(existsSync(content('posts', 'hello', 'en.md')));
  assert.equal(events().at(-1)!.kind, 'entry.updated');
  assert.deepEqual(events().at(-1)!.languages, ['de']);
  const page = await get(panel, answer.res.headers.get('location')!, jars.ann!);
  assert.match(page.text, /\(de\) was moved to the trash/);
  const only = await get(panel, `${DELETE}?id=posts/old-news&language=en`, jars.ann!);
  assert.match(only.text, /This is the only translation of posts\/old-news; delete the entry instead\./);
  assert.doesNotMatch(only.text, /action="\/svc\/panel\/entries\/delete"/);
  assert.equal((await restoreFirst(jars.ann!, /the de translation/)).res.status, 303);
  assert.ok(existsSync(content('posts', 'hello', 'de.md')));
});

test('a media file still used says where before it goes, and comes back', async () => {
  site.writeEntry('content/posts/uses-photo/en.md', { fields: { title: 'Uses photo', status: 'published', published: '2026-03-02 09:00', author: 'ann', cover: 'media/posts/hello/view.jpg' }, body: 'Look: ![photo](media/posts/hello/photo.png)\n\n::: image src="media/posts/hello/photo.png"\n:::\n' });
  writeFileSync(content('posts', 'hike-day', 'style.css'), 'main { background: url(/media/posts/hello/photo.png); }\n');
  site.deps.content.invalidate('posts/hike-day');
  const { asked, answer } = await askAndDelete(jars.ann!, { id: 'posts/hello', file: 'photo.png' });
  assert.match(asked.text, /Still in use/);
  assert.match(asked.text, /Uses photo \(posts\/uses-photo, en\): the text/);
  assert.match(asked.text, /Uses photo \(posts\/uses-photo, en\): a card/);
  assert.match(asked.text, /Hike day \(posts\/hike-day\): style\.css/);
  assert.match(asked.text, /Move to the trash anyway/);
  const cover = await get(panel, `${DELETE}?id=posts/hello&file=view.jpg`, jars.ann!);
  assert.match(cover.text, /Uses photo \(posts\/uses-photo, en\): the cover/);
  assert.equal(answer.res.status, 303);
  assert.equal(existsSync(content('media', 'posts', 'hello', 'photo.png')), false);
  assert.equal(events().at(-1)!.kind, 'entry.media');
  assert.equal((await restoreFirst(jars.ann!, /photo\.png/)).res.status, 303);
  assert.ok(existsSync(content('media', 'posts', 'hello', 'photo.png')));
});

test('several entries at once from the Content list', async () => {
  const list = await get(panel, '/svc/panel/entries?type=post', jars.ann!);
  assert.match(list.text, /<input type="checkbox" class="pick" name="id" value="posts\/old-news" aria-label="Choose Old news">/);
  const { asked, answer } = await askAndDelete(jars.ann!, { id: ['posts/old-news', 'posts/uses-photo'] });
  assert.match(asked.text, /Old news/);
  assert.match(asked.text, /Uses photo/);
  assert.equal(answer.res.headers.get('location'), `${TRASH}?done=trashed&n=2`);
  assert.match((await get(panel, answer.res.headers.get('location')!, jars.ann!)).text, /2 entries were moved to the trash/);
  assert.equal(existsSync(content('posts', 'old-news')), false);
  assert.equal(existsSync(content('posts', 'uses-photo')), false);
});

test('the stale-form rule: a text changed since the question page was opened is not deleted', async () => {
  const asked = await get(panel, `${DELETE}?id=posts/hike-day`, jars.ann!);
  await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/hike-day', language: 'en', body: 'We walk far.' });
  const answer = await post(panel, DELETE, formOf(asked.text), jars.ann!);
  assert.equal(answer.res.status, 409);
  assert.match(answer.text, /was changed by someone else since you opened this page; nothing was deleted/);
  assert.ok(existsSync(content('posts', 'hike-day', 'en.md')));
  // A form without versions (an older page, a hand-made request) is refused too.
  const bare = await post(panel, DELETE, { csrf: csrfOf(asked.text), id: 'posts/hike-day' }, jars.ann!);
  assert.equal(bare.res.status, 409);
  assert.ok(existsSync(content('posts', 'hike-day', 'en.md')));
});

test('someone saving an entry another person moved to the trash keeps their text', async () => {
  const page = await get(panel, '/svc/panel/entries/posts/later', jars.bob!);
  const version = /name="language" value="en"><input type="hidden" name="version" value="([^"]+)"/.exec(page.text)![1]!;
  assert.equal((await askAndDelete(jars.ann!, { id: 'posts/later' })).answer.res.status, 303);
  const saved = await post(panel, '/svc/panel/entries/save', { csrf: csrfOf(page.text), id: 'posts/later', language: 'en', version, title: 'Later news', body: 'My long careful text.' }, jars.bob!);
  assert.equal(saved.res.status, 404);
  assert.match(saved.text, /Nothing was saved\. Your text is kept below/);
  assert.match(saved.text, /My long careful text\./);
});

test('restoring into a path a new entry took meanwhile is refused, and the trash keeps the deleted one', async () => {
  const created = await callTool(site, http.url, site.tokens.admin!, 'content_create', { type: 'post', language: 'en', title: 'Later news', body: 'A new one.', fields: { slug: 'later' } });
  assert.equal(created.structuredContent.id, 'posts/later', JSON.stringify(created));
  assert.ok(existsSync(content('posts', 'later', 'en.md')));
  const refused = await restoreFirst(jars.ann!, /posts\/later/);
  assert.equal(refused.res.status, 409);
  assert.match(refused.text, /A new entry took the place of posts\/later/);
  assert.match((await get(panel, TRASH, jars.ann!)).text, /posts\/later/);
  assert.match(readFileSync(content('posts', 'later', 'en.md'), 'utf8'), /A new one\./);
});

test('rights: people delete what they may edit; restoring a published entry takes the right to publish; only admins delete for good', async () => {
  const asked = await get(panel, `${DELETE}?id=posts/carls-draft&id=posts/hike-day`, jars.carl!);
  assert.match(asked.text, /may only change your own entries; posts\/hike-day belongs to someone else/);
  const answer = await post(panel, DELETE, formOf(asked.text), jars.carl!);
  assert.equal(answer.res.status, 303);
  assert.equal(existsSync(content('posts', 'carls-draft')), false);
  assert.ok(existsSync(content('posts', 'hike-day')));
  // Handmade: Carl posts an entry of Bob's anyway.
  const forced = await post(panel, DELETE, { csrf: csrfOf(asked.text), id: 'posts/bobs-draft' }, jars.carl!);
  assert.equal(forced.res.status, 409);
  assert.ok(existsSync(content('posts', 'bobs-draft')));
  // Carl sees his own item only; not Bob's deleted entries.
  const carlTrash = await get(panel, TRASH, jars.carl!);
  assert.match(carlTrash.text, /Carl draft/);
  assert.doesNotMatch(carlTrash.text, /Old news/);
  assert.doesNotMatch(carlTrash.text, /Delete for good|Empty the trash/);
  const purge = await post(panel, `${TRASH}/empty`, { csrf: csrfOf(carlTrash.text), confirm: 'yes' }, jars.carl!);
  assert.equal(purge.res.status, 403);
  // Ava (author) deleted nothing published of hers; she cannot restore Ann's published post.
  const nested = await get(panel, `${DELETE}?id=pages/about`, jars.ann!);
  assert.match(nested.text, /pages\/about/);
  const nestedAnswer = await post(panel, DELETE, formOf(nested.text), jars.ann!);
  assert.equal(nestedAnswer.res.status, 409);
  assert.match(nestedAnswer.text, /has pages below it \(pages\/about\/team\)/);
  assert.ok(existsSync(content('pages', 'about', 'en.md')));
  assert.equal((await restoreFirst(jars.carl!, /Carl draft/)).res.status, 303);
});

test('items go for good after 30 days on their own; an admin deletes one for good or empties the trash (10,000 items)', async () => {
  assert.equal((await askAndDelete(jars.ann!, { id: 'posts/carls-draft' })).answer.res.status, 303);
  const kept = trashItems().length;
  assert.ok(kept >= 3);
  site.clock.now += 31 * 24 * 3600_000;
  jars.ann = await served.signIn('ann@example.org');
  const page = await get(panel, TRASH, jars.ann!);
  assert.match(page.text, /The trash is empty\./);
  assert.equal(trashItems().length, 0);

  // 10,000 items: paged 50 at a time, newest first; emptied at once by an admin who ticks the box.
  const start = site.clock.now - 10_000 * 1000;
  for (let n = 0; n < 10_000; n++) {
    const stamp = new Date(start + n * 1000).toISOString().replace(/[-:.]/g, '');
    const id = `${stamp}-${n.toString(16).padStart(6, '0')}`;
    mkdirSync(join(trashDir(), id, 'file'), { recursive: true });
    writeFileSync(join(trashDir(), id, 'item.json'), JSON.stringify({ id, kind: 'media', entry: 'posts/hello', language: null, file: `f${n}.png`, title: `f${n}.png`, deletedBy: 'nobody', deletedAt: new Date(start + n * 1000).toISOString(), wasPublic: false, authors: [] }));
  }
  const big = await get(panel, TRASH, jars.ann!);
  // Counts are written as the panel's language writes numbers (English: 10,000).
  assert.match(big.text, /10,000 items/);
  assert.match(big.text, /Page 1 of 200/);
  assert.equal([...big.text.matchAll(/name="item"/g)].length, 100, 'Restore and Delete for good for 50 rows');
  assert.match(big.text, /f9999\.png/);
  const last = await get(panel, `${TRASH}?page=200`, jars.ann!);
  assert.match(last.text, /f0\.png/);
  const one = /name="item" value="([^"]+)"/.exec(big.text)![1]!;
  assert.equal((await post(panel, `${TRASH}/purge`, { csrf: csrfOf(big.text), item: one }, jars.ann!)).res.status, 303);
  assert.equal(trashItems().length, 9_999);
  const unticked = await post(panel, `${TRASH}/empty`, { csrf: csrfOf(big.text) }, jars.ann!);
  assert.equal(unticked.res.status, 400);
  assert.equal(trashItems().length, 9_999);
  const emptied = await post(panel, `${TRASH}/empty`, { csrf: csrfOf(big.text), confirm: 'yes' }, jars.ann!);
  assert.equal(emptied.res.status, 303);
  assert.equal(trashItems().length, 0);
  assert.ok(readHistory(new TrustedFolders([join(site.root, 'data')]), join(site.root, 'data'), {}).some((r) => r.action === 'trash_emptied' && r.detail === '9999 items deleted for good'));
  // An item gone meanwhile (restored, or deleted by another request) is counted as none deleted.
  assert.equal(deleteForGood(new TrustedFolders([join(site.root, 'data')]), join(site.root, 'data'), site.deps.content, one), false);
});
