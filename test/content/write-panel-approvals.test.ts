// The panel side of approval mode, through the real server and forms: the switch (settings.manage),
// "Waiting for approval" (content.publish) and publishing from it, and an entry's history and versions.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { formFields } from '../helpers/panel-forms.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';
import { readHistory } from '../../dist/content/history.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
const jars: Record<string, Jar> = {};
let avaToken: string;

before(async () => {
  ({ site, http, panel } = served = await serveTestSite());
  for (const key of ['ann', 'bob', 'ava', 'carl'] as const) jars[key] = await served.signIn(`${key}@example.org`);
  avaToken = site.deps.auth.createToken({ ownerId: 'ava', name: 'Ava phone', scopes: ['content:write', 'content:publish'], expiresInDays: 30 }).token;
});
after(() => served.close());

const fields = (id: string) => parseFrontMatter(readFileSync(join(site.root, 'content', id, 'en.md'), 'utf8')).fields;

test('only people with settings.manage see and use the approval-mode switch', async () => {
  const page = await get(panel, '/svc/panel/approvals', jars.ann);
  assert.equal(page.res.status, 200);
  assert.match(page.text, /Off: assistants publish directly/);
  const switched = await post(panel, '/svc/panel/approvals/mode', { csrf: csrfOf(page.text), mode: 'on' }, jars.ann);
  assert.equal(switched.res.status, 303);
  assert.equal(switched.res.headers.get('location'), '/svc/panel/approvals?mode=on');
  assert.match(readFileSync(join(site.root, 'content/site.yaml'), 'utf8'), /^approval_mode: true$/m);
  assert.match((await get(panel, '/svc/panel/approvals?mode=on', jars.ann)).text, /Approval mode is on now\./);
  const line = readHistory(site.deps.trustedFolders, site.deps.config.dataDir)[0]!;
  assert.deepEqual([line.action, line.person, line.via, line.token, line.detail], ['approval_mode', 'ann', 'panel', null, 'on']);

  const editorPage = await get(panel, '/svc/panel/approvals', jars.bob);
  assert.equal(editorPage.res.status, 200);
  assert.doesNotMatch(editorPage.text, /Turn approval mode|<h2>Approval mode<\/h2>/);
  const refused = await post(panel, '/svc/panel/approvals/mode', { csrf: csrfOf(editorPage.text), mode: 'off' }, jars.bob);
  assert.equal(refused.res.status, 403);
  assert.match(refused.text, /Your role does not allow this\./);
  assert.equal((await post(panel, '/svc/panel/approvals/mode', { mode: 'off' }, jars.ann)).res.status, 403, 'no CSRF token');
  assert.match(readFileSync(join(site.root, 'content/site.yaml'), 'utf8'), /^approval_mode: true$/m);
});

test('a contributor cannot open Waiting for approval; signed-out people are sent to sign in', async () => {
  const page = await get(panel, '/svc/panel/approvals', jars.carl);
  assert.equal(page.res.status, 403);
  const anonymous = await get(panel, '/svc/panel/approvals', new Jar());
  assert.equal(anonymous.res.status, 303);
  assert.match(anonymous.res.headers.get('location') ?? '', /^\/svc\/panel\/sign-in/);
});

test('an assistant asks, the page lists it, a person with the right publishes it and the review goes away', async () => {
  const created = (await callTool(site, http.url, avaToken, 'content_create', { title: 'Glacier walk', body: 'Ice <b>and</b> snow.' })).structuredContent;
  const asked = (await callTool(site, http.url, avaToken, 'content_publish', { id: created.id })).structuredContent;
  assert.equal(asked.status, 'waiting_for_approval');

  const bobPage = await get(panel, '/svc/panel/approvals', jars.bob);
  assert.match(bobPage.text, /Glacier walk/);
  assert.match(bobPage.text, /Ava Author/);
  assert.match(bobPage.text, /Publish now/);
  // Ava may publish her own entry too; someone else's request is not hers to publish.
  const annDraft = (await callTool(site, http.url, site.tokens.admin!, 'content_create', { title: 'Ann asks' })).structuredContent;
  await callTool(site, http.url, site.tokens.admin!, 'content_publish', { id: annDraft.id });
  const avaPage = await get(panel, '/svc/panel/approvals', jars.ava);
  assert.match(avaPage.text, /Your role \(author\) may publish only your own entries, and posts\/ann-asks belongs to someone else\./);

  // The publish form as Bob's page gives it: with the version stamp of the text his row shows.
  const form = formFields(bobPage.text, (f) => f.includes('action="/svc/panel/approvals/publish"') && f.includes(`name="id" value="${created.id}"`));
  assert.ok(form.version, 'the form carries the version of the text shown');
  // Ava's page offers no form for Ann's draft: the post is made by hand, with a version of some text.
  const refused = await post(panel, '/svc/panel/approvals/publish', { csrf: csrfOf(avaPage.text), id: annDraft.id, language: 'en', version: form.version }, jars.ava);
  assert.equal(refused.res.status, 403);
  assert.match(refused.text, /Your role \(author\) may publish only your own entries, and posts\/ann-asks belongs to someone else\./);
  assert.equal(fields(annDraft.id).review, 'requested');

  const done = await post(panel, '/svc/panel/approvals/publish', form, jars.bob);
  assert.equal(done.res.status, 303);
  assert.equal(done.res.headers.get('location'), `/svc/panel/approvals?published=${encodeURIComponent(created.id)}`);
  const after = fields(created.id);
  assert.deepEqual([after.status, after.review], ['published', undefined]);
  const listed = await get(panel, '/svc/panel/approvals', jars.bob);
  assert.doesNotMatch(listed.text, /Glacier walk/);
  assert.match(listed.text, /Ann asks/);

  const again = await post(panel, '/svc/panel/approvals/publish', { ...form, csrf: csrfOf(listed.text) }, jars.bob);
  assert.equal(again.res.status, 409);
  assert.match(again.text, /is not waiting for approval any more\./);
  assert.equal((await post(panel, '/svc/panel/approvals/publish', { id: annDraft.id, language: 'en' }, jars.bob)).res.status, 403, 'no CSRF token');
  assert.equal(fields(annDraft.id).review, 'requested');
});

test("an entry's history shows who did what through which token, and links its earlier versions", async () => {
  const id = 'posts/glacier-walk';
  const page = await get(panel, `/svc/panel/history?id=${encodeURIComponent(id)}`, jars.bob);
  assert.equal(page.res.status, 200);
  const cell = `<td><a href="/svc/panel/entries/${id}">${id}</a></td>`;
  assert.ok(page.text.includes(`<td>Ava Author</td><td>create</td>${cell}<td>en</td><td>assistant (token “Ava phone”)</td>`));
  assert.ok(page.text.includes(`<td>Ava Author</td><td>request review</td>${cell}<td>en</td><td>assistant (token “Ava phone”)</td><td>requested</td>`));
  assert.ok(page.text.includes(`<td>Bob Editor</td><td>approve</td>${cell}<td>en</td><td>panel</td>`));
  const versions = /href="(\/svc\/panel\/revisions\?[^"]+)"/.exec(page.text)![1]!.replaceAll('&amp;', '&');
  const list = await get(panel, versions, jars.bob);
  assert.equal(list.res.status, 200);
  const link = /href="(\/svc\/panel\/revisions\/diff\?[^"]+)"/.exec(list.text)![1]!.replaceAll('&amp;', '&');
  const version = await get(panel, link, jars.bob);
  assert.equal(version.res.status, 200);
  assert.match(version.text, /<th scope="row">review<\/th><td><del>requested<\/del><\/td>/);
  // The old address of a version leads to its comparison; a path in it is refused there.
  const old = await get(panel, `/svc/panel/history/version?id=${encodeURIComponent(id)}&language=en&revision=..%2F..%2Faccounts`, jars.bob);
  assert.equal(old.res.status, 301);
  assert.equal((await get(panel, old.res.headers.get('location')!, jars.bob)).res.status, 404);
  assert.equal((await get(panel, '/svc/panel/history?id=posts%2Fnope', jars.carl)).res.status, 404);
  // A contributor does not see someone else's draft, nor its history.
  assert.equal((await get(panel, '/svc/panel/history?id=posts%2Fbobs-draft', jars.carl)).res.status, 404);
  assert.equal((await get(panel, '/svc/panel/history?id=posts%2Fcarls-draft', jars.carl)).res.status, 200);
});
