// Waiting for approval and the trash, over real HTTP: an assistant's change waiting for an entry that was
// moved to the trash is neither listed nor counted (no "0 of 1 are shown" over an empty list), changes of
// entries in the trash never take the places of changes that can be shown, and a restored entry's change is
// listed again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
let ann: Jar;
const APPROVALS = '/svc/panel/approvals';

before(async () => {
  ({ site, http, panel } = served = await serveTestSite());
  ann = await served.signIn('ann@example.org');
  const switched = await post(panel, `${APPROVALS}/live`, { csrf: csrfOf((await get(panel, APPROVALS, ann)).text), mode: 'on' }, ann);
  assert.equal(switched.res.status, 303);
});
after(() => served.close());

/** An assistant's change to a published entry: held for approval. */
async function propose(id: string, body: string) {
  const answer = await callTool(site, http.url, site.tokens.admin!, 'content_update', { id, language: 'en', body });
  assert.equal(answer.isError, undefined, JSON.stringify(answer));
  assert.equal(answer.structuredContent.waiting_for_approval, true, JSON.stringify(answer.structuredContent));
}

/** Moves the entry to the trash from its question page, as a person does. */
async function moveToTrash(id: string) {
  const asked = await get(panel, `/svc/panel/entries/delete?id=${encodeURIComponent(id)}`, ann);
  const form = /<form method="post" action="\/svc\/panel\/entries\/delete">(.*?)<\/form>/s.exec(asked.text)![1]!;
  const fields: Record<string, string[]> = {};
  for (const [, name, value] of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) (fields[name!] ??= []).push(value!.replaceAll('&amp;', '&'));
  assert.equal((await post(panel, '/svc/panel/entries/delete', fields, ann)).res.status, 303);
}

const approvals = async () => (await get(panel, APPROVALS, ann)).text;

test('the change of an entry moved to the trash is neither listed nor counted, and comes back with the entry', async () => {
  await propose('posts/old-news', 'An assistant rewrote the old news.');
  assert.match(await approvals(), /posts\/old-news · the en text/);
  await moveToTrash('posts/old-news');
  const page = await approvals();
  assert.doesNotMatch(page, /are shown|posts\/old-news/);
  assert.doesNotMatch(page, /the en text/);
  assert.match(page, /Nothing is waiting for approval\./);
  // Restored from the Trash page, the entry's change waits again where it did.
  const trash = await get(panel, '/svc/panel/trash', ann);
  const row = [...trash.text.matchAll(/<tr><td>(.*?)<\/tr>/gs)].find((m) => /posts\/old-news/.test(m[1]!))!;
  const item = /name="item" value="([^"]+)"/.exec(row[1]!)![1]!;
  assert.equal((await post(panel, '/svc/panel/trash/restore', { csrf: csrfOf(trash.text), item }, ann)).res.status, 303);
  assert.match(await approvals(), /posts\/old-news · the en text/);
});

test('50 changes of entries in the trash take no place of one that can be shown', async () => {
  // What a deleted entry leaves in data/pending/: its proposed text, its entry gone. Named to come first.
  for (let n = 0; n < 50; n++) {
    const folder = join(site.root, 'data', 'pending', 'posts', `aa-gone-${String(n).padStart(2, '0')}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'en.md'), '---\ntitle: Gone\nstatus: published\n---\nA change for an entry in the trash.\n');
  }
  await propose('posts/hike-day', 'An assistant rewrote the hike.');
  const page = await approvals();
  assert.match(page, /posts\/hike-day · the en text/);
  assert.match(page, /posts\/old-news · the en text/);
  assert.doesNotMatch(page, /aa-gone|are shown/);
});

test('a new entry given a deleted one\'s id has none of its waiting changes: they went to the trash with it', async () => {
  assert.match(await approvals(), /posts\/hike-day · the en text/);
  await moveToTrash('posts/hike-day');
  assert.equal(existsSync(join(site.root, 'data', 'pending', 'posts', 'hike-day')), false, 'moved to the trash item');
  const created = await callTool(site, http.url, site.tokens.admin!, 'content_create', { type: 'post', title: 'Hike day', fields: { slug: 'hike-day' } });
  assert.equal(created.isError, undefined, JSON.stringify(created));
  assert.equal(created.structuredContent.id, 'posts/hike-day');
  assert.doesNotMatch(await approvals(), /posts\/hike-day/);
});
