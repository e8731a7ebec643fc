// What the trash does with what belongs to a deleted entry beside its files, and what a restore must not
// break, over real HTTP on the installation's router: earlier versions go into the trash item (a new entry
// at the freed id lists none of them, deleting the item for good deletes them, a restore brings them back),
// and a restore is refused while its address, content type or language is gone or taken.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { entry } from '../helpers/write-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { listRevisions, listStyleVersions } from '../../dist/content/revisions.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
let ann: Jar;
let carl: Jar;
const TRASH = '/svc/panel/trash';

before(async () => {
  ({ site, http, panel } = served = await serveTestSite());
  ann = await served.signIn('ann@example.org');
  carl = await served.signIn('carl@example.org');
});
after(() => served.close());

const data = (...parts: string[]) => join(site.root, 'data', ...parts);
const trusted = () => new TrustedFolders([data()]);
const revisions = (id: string, language = 'en') => listRevisions(trusted(), data(), id, language);
const newestItem = () => readdirSync(data('trash')).sort().at(-1)!;

/** Deletes through the panel's question page, as a person does. */
async function deleteEntry(jar: Jar, id: string, language?: string): Promise<string> {
  const query = new URLSearchParams({ id, ...(language ? { language } : {}) });
  const asked = await get(panel, `/svc/panel/entries/delete?${query}`, jar);
  const form = /<form method="post" action="\/svc\/panel\/entries\/delete">(.*?)<\/form>/s.exec(asked.text);
  assert.ok(form, asked.text);
  const fields: Record<string, string[]> = {};
  for (const [, name, value] of form[1]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) (fields[name!] ??= []).push(value!.replaceAll('&amp;', '&'));
  const answer = await post(panel, '/svc/panel/entries/delete', fields, jar);
  assert.equal(answer.res.status, 303, answer.text);
  return newestItem();
}

async function restore(item: string) {
  const page = await get(panel, TRASH, ann);
  return post(panel, `${TRASH}/restore`, { csrf: csrfOf(page.text), item }, ann);
}

/** Edits content/site.yaml by hand and waits until the store reads it. */
async function editSettings(from: string, to: string, settled: () => boolean): Promise<void> {
  const file = join(site.root, 'content', 'site.yaml');
  const text = readFileSync(file, 'utf8');
  assert.ok(text.includes(from), text);
  writeFileSync(file, text.replace(from, to));
  site.deps.content.invalidate();
  await waitFor(() => assert.ok(settled()));
}

test('earlier versions go into the trash with the entry: a new entry at its id lists none, and deleting it for good deletes them', async () => {
  await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/old-news', language: 'en', body: 'Old, and secret second thoughts.' });
  await callTool(site, http.url, site.tokens.admin!, 'content_style', { id: 'posts/old-news', css: 'main { color: red; }' });
  await callTool(site, http.url, site.tokens.admin!, 'content_style', { id: 'posts/old-news', css: 'main { color: blue; }' });
  const kept = revisions('posts/old-news').length;
  assert.ok(kept >= 1 && listStyleVersions(trusted(), data(), 'posts/old-news').length >= 1);

  const item = await deleteEntry(ann, 'posts/old-news');
  assert.equal(revisions('posts/old-news').length, 0, 'nothing left under the freed id');
  assert.equal(listStyleVersions(trusted(), data(), 'posts/old-news').length, 0);
  assert.equal(readdirSync(data('trash', item, 'versions', 'revisions', 'en')).length, kept);
  assert.ok(readdirSync(data('trash', item, 'versions', 'styles')).length >= 1);

  // Carl (a contributor) makes a post at the same address: its page of earlier versions is his own, empty.
  const created = await callTool(site, http.url, site.tokens.contributor!, 'content_create', { type: 'post', language: 'en', title: 'Mine', body: 'Mine.', fields: { slug: 'old-news' } });
  assert.equal(created.structuredContent.id, 'posts/old-news', JSON.stringify(created));
  const page = await get(panel, '/svc/panel/revisions?id=posts%2Fold-news', carl);
  assert.equal(page.res.status, 200, page.text);
  assert.doesNotMatch(page.text, /secret second thoughts|Old news/);
  assert.equal(revisions('posts/old-news').length, 0);

  // Deleted for good: the versions go with the item, the new entry's stay.
  await callTool(site, http.url, site.tokens.contributor!, 'content_update', { id: 'posts/old-news', language: 'en', body: 'Mine, again.' });
  const page2 = await get(panel, TRASH, ann);
  assert.equal((await post(panel, `${TRASH}/purge`, { csrf: csrfOf(page2.text), item }, ann)).res.status, 303);
  assert.equal(existsSync(data('trash', item)), false);
  assert.equal(revisions('posts/old-news').length, 1, 'the new entry keeps its own version');
});

test('a restore brings the versions back beside any kept under the id since', async () => {
  const before = revisions('posts/hike-day').length;
  await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/hike-day', language: 'en', body: 'We walk far.' });
  const item = await deleteEntry(ann, 'posts/hike-day');
  assert.equal(revisions('posts/hike-day').length, 0);
  assert.equal((await restore(item)).res.status, 303);
  assert.equal(revisions('posts/hike-day').length, before + 1);
  assert.equal(existsSync(data('trash', item)), false);
});

test('an item from before the versions went with it: deleting it for good removes those left under its id, unless an entry is there again', async () => {
  const item = await deleteEntry(ann, 'posts/bobs-draft');
  // As such an item was: its versions under the id, none in the item.
  await callTool(site, http.url, site.tokens.admin!, 'content_create', { type: 'post', language: 'en', title: 'Placeholder', body: 'x', fields: { slug: 'bobs-draft' } });
  await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/bobs-draft', language: 'en', body: 'y' });
  assert.equal(revisions('posts/bobs-draft').length, 1);
  const page = await get(panel, TRASH, ann);
  assert.equal((await post(panel, `${TRASH}/purge`, { csrf: csrfOf(page.text), item }, ann)).res.status, 303);
  assert.equal(revisions('posts/bobs-draft').length, 1, 'an entry is at the id: its versions stay');

  // The placeholder goes too; its item is made old-style (versions back under the id), then deleted for good.
  const second = await deleteEntry(ann, 'posts/bobs-draft');
  renameSync(data('trash', second, 'versions', 'revisions', 'en'), data('revisions', 'posts', 'bobs-draft', 'en'));
  rmSync(data('trash', second, 'versions'), { recursive: true });
  assert.equal(revisions('posts/bobs-draft').length, 1);
  const page2 = await get(panel, TRASH, ann);
  assert.equal((await post(panel, `${TRASH}/purge`, { csrf: csrfOf(page2.text), item: second }, ann)).res.status, 303);
  assert.equal(revisions('posts/bobs-draft').length, 0);
});

test('a restore is refused while another entry holds its address, and the item stays', async () => {
  const item = await deleteEntry(ann, 'posts/hello');
  // Posts and top-level pages share the root's addresses: a page named hello takes /hello meanwhile.
  const page = await callTool(site, http.url, site.tokens.admin!, 'content_create', { type: 'page', language: 'en', title: 'Hello page', body: 'Hi.', fields: { slug: 'hello' } });
  assert.equal(page.structuredContent.id, 'pages/hello', JSON.stringify(page));
  const refused = await restore(item);
  assert.equal(refused.res.status, 409);
  assert.match(refused.text, /The address \/hello is used by pages\/hello now/);
  assert.ok(existsSync(data('trash', item, 'entry', 'en.md')));
  assert.equal(existsSync(join(site.root, 'content', 'posts', 'hello')), false);
});

test('a restore is refused while its content type or its language is gone from the settings, and goes once they are back', async () => {
  const recipe = await deleteEntry(ann, 'recipes/strudel');
  await editSettings('recipe: { folder: recipes, label: Recipes }', 'dish: { folder: dishes, label: Dishes }', () => site.deps.content.site().types.some((type) => type.folder === 'dishes'));
  const noType = await restore(recipe);
  assert.equal(noType.res.status, 409);
  assert.match(noType.text, /no content type with the folder recipes/);
  assert.ok(existsSync(data('trash', recipe)));
  await editSettings('dish: { folder: dishes, label: Dishes }', 'recipe: { folder: recipes, label: Recipes }', () => site.deps.content.site().types.some((type) => type.folder === 'recipes'));
  assert.equal((await restore(recipe)).res.status, 303);

  site.writeEntry('content/posts/later/de.md', entry({ title: 'Später', status: 'draft', author: 'bob' }, 'Bald.'));
  const item = await deleteEntry(ann, 'posts/later', 'de');
  await editSettings('languages: { en: English, de: Deutsch }', 'languages: { en: English }', () => !Object.hasOwn(site.deps.content.site().languages, 'de'));
  const noLanguage = await restore(item);
  assert.equal(noLanguage.res.status, 409);
  assert.match(noLanguage.text, /no language de any more/);
  assert.ok(existsSync(data('trash', item, 'file', 'de.md')));
});
