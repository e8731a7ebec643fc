// "Assistants' changes to published entries wait too" (approval_live), over real HTTP: off by default (the
// specification's behaviour: a change to a live post is public at once); switched on in the panel (site.yaml
// keeps its comments); then content_update and content_style on a published entry keep the public text, keep
// the change as pending and say so (waiting_for_approval); a second change builds on the first, which is kept
// as a revision; Waiting for approval shows the diff against the live text; a person publishes it or sends it
// back; an image uploaded for a live entry waits too. Drafts and people are never held.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { formFields } from '../helpers/panel-forms.ts';
import { readHistory } from '../../dist/content/history.js';
import { listRevisions, listStyleVersions } from '../../dist/content/revisions.js';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';
import { makePng } from '../helpers/images.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
const jars: Record<string, Jar> = {};
const APPROVALS = '/svc/panel/approvals';

before(async () => {
  ({ site, http, panel } = served = await serveTestSite());
  for (const key of ['ann', 'bob', 'carl'] as const) jars[key] = await served.signIn(`${key}@example.org`);
});
after(() => served.close());

const dataDir = () => join(site.root, 'data');
const file = (id: string, name: string) => readFileSync(join(site.root, 'content', id, name), 'utf8');
const pending = (id: string, name: string) => join(site.root, 'data', 'pending', id, name);
const feedLength = () => site.deps.content.changes!.feed.since(0, 100_000).events.length;
const publicPage = async (path: string) => (await fetch(panel.url + path)).text();
/** A row's answer form of posts/hello as the page gives it: with the version stamps of what the row shows. */
const answerForm = (html: string, action: 'publish-change' | 'send-back-change', language: string, media?: string) => formFields(html, (form) =>
  form.includes(`action="${APPROVALS}/${action}"`) && form.includes('name="id" value="posts/hello"') && form.includes(`name="language" value="${language}"`)
  && (media === undefined ? !form.includes('name="media"') : form.includes(`name="media" value="${media}"`)));

test('off by default: an assistant\'s change to a published post is public at once, as the specification says', async () => {
  const answer = await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/old-news', language: 'en', fields: { excerpt: 'Changed live.' } });
  assert.deepEqual(Object.keys(answer.structuredContent).sort(), ['id', 'language', 'status', 'url']);
  assert.match(file('posts/old-news', 'en.md'), /excerpt: Changed live\./);
});

test('switched on in the panel by an admin: site.yaml keeps its comments; others may not switch it', async () => {
  const yamlPath = join(site.root, 'content', 'site.yaml');
  writeFileSync(yamlPath, `# The site's settings: keep this comment.\n${readFileSync(yamlPath, 'utf8')}`);
  const refused = await post(panel, `${APPROVALS}/live`, { csrf: csrfOf((await get(panel, APPROVALS, jars.bob!)).text), mode: 'on' }, jars.bob!);
  assert.equal(refused.res.status, 403);
  const page = await get(panel, APPROVALS, jars.ann!);
  assert.match(page.text, /Make assistants' changes to published entries wait too/);
  const switched = await post(panel, `${APPROVALS}/live`, { csrf: csrfOf(page.text), mode: 'on' }, jars.ann!);
  assert.equal(switched.res.status, 303);
  const yaml = readFileSync(yamlPath, 'utf8');
  assert.match(yaml, /^# The site's settings: keep this comment\.\n/);
  assert.match(yaml, /\napproval_live: true\n/);
  assert.match((await get(panel, switched.res.headers.get('location')!, jars.ann!)).text, /changes to published entries wait for approval now/);
});

test('on: content_update on a published entry keeps the public text and waits; a second change builds on the first, both kept', async () => {
  const live = file('posts/hello', 'en.md');
  const revisionsBefore = listRevisions(new TrustedFolders([dataDir()]), dataDir(), 'posts/hello', 'en').length;
  const feedBefore = feedLength();
  const first = await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/hello', language: 'en', title: 'Hello, high Alps', body: 'A proposed new text.' });
  assert.equal(first.isError, undefined);
  assert.equal(first.structuredContent.status, 'published');
  assert.equal(first.structuredContent.waiting_for_approval, true);
  assert.match(first.structuredContent.message, /public text is unchanged/);
  assert.equal(file('posts/hello', 'en.md'), live);
  assert.doesNotMatch(await publicPage('/hello'), /A proposed new text/);
  assert.ok(existsSync(pending('posts/hello', 'en.md')));
  assert.equal(feedLength(), feedBefore, 'nothing public changed, so nothing is in the change feed');

  const second = await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/hello', language: 'en', fields: { excerpt: 'Proposed excerpt.' } });
  assert.equal(second.structuredContent.waiting_for_approval, true);
  const proposed = parseFrontMatter(readFileSync(pending('posts/hello', 'en.md'), 'utf8'));
  assert.deepEqual([proposed.fields.title, proposed.fields.excerpt, proposed.body.trim()], ['Hello, high Alps', 'Proposed excerpt.', 'A proposed new text.']);
  assert.equal(listRevisions(new TrustedFolders([dataDir()]), dataDir(), 'posts/hello', 'en').length, revisionsBefore + 1, 'the first proposal is kept as a revision');
  assert.equal(readHistory(new TrustedFolders([dataDir()]), dataDir(), { entry: 'posts/hello' }).filter((r) => r.action === 'propose_change').length, 2);

  // A draft translation is not live: changed directly.
  const draft = await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/hello', language: 'de', body: 'Neuer Entwurf.' });
  assert.equal(draft.structuredContent.waiting_for_approval, undefined);
  assert.match(file('posts/hello', 'de.md'), /Neuer Entwurf\./);
});

test('on: content_style on a published entry keeps style.css and waits', async () => {
  const css = file('posts/hello', 'style.css');
  const answer = await callTool(site, http.url, site.tokens.admin!, 'content_style', { id: 'posts/hello', css: 'h1 { color: red; }' });
  assert.equal(answer.structuredContent.waiting_for_approval, true);
  assert.match(answer.structuredContent.note, /wait for approval/);
  assert.equal(file('posts/hello', 'style.css'), css);
  assert.ok(existsSync(pending('posts/hello', 'style.css')));
});

test('on: an image uploaded for a published entry is kept aside, not served, until a person publishes it', async () => {
  const data = makePng(8, 6).toString('base64');
  const answer = await callTool(site, http.url, site.tokens.admin!, 'media_upload', { id: 'posts/hello', name: 'Summit.png', data });
  assert.equal(answer.structuredContent.waiting_for_approval, true);
  assert.equal(answer.structuredContent.file, 'media/posts/hello/summit.png');
  assert.equal(existsSync(join(site.root, 'content/media/posts/hello/summit.png')), false);
  assert.equal((await fetch(`${panel.url}/media/posts/hello/summit.png`)).status, 404);
  const again = await callTool(site, http.url, site.tokens.admin!, 'media_upload', { id: 'posts/hello', name: 'Summit.png', data });
  assert.equal(again.structuredContent.file, 'media/posts/hello/summit-2.png', 'a name free among the waiting images too');
  const page = await get(panel, APPROVALS, jars.bob!);
  assert.match(page.text, /posts\/hello · the image summit\.png/);
  const published = await post(panel, `${APPROVALS}/publish-change`, answerForm(page.text, 'publish-change', '', 'summit.png'), jars.bob!);
  assert.equal(published.res.status, 303);
  assert.equal((await fetch(`${panel.url}/media/posts/hello/summit.png`)).status, 200);
  const sentBack = await post(panel, `${APPROVALS}/send-back-change`, { ...answerForm(page.text, 'send-back-change', '', 'summit-2.png'), note: 'One is enough.' }, jars.bob!);
  assert.equal(sentBack.res.status, 303);
  assert.equal(existsSync(pending('posts/hello', '_media/summit-2.png')), false);
  assert.equal((await fetch(`${panel.url}/media/posts/hello/summit-2.png`)).status, 404);
});

test('Waiting for approval shows each change against the live text; a person publishes one and sends one back', async () => {
  const carlPage = await get(panel, APPROVALS, jars.carl!);
  assert.equal(carlPage.res.status, 403, 'a contributor does not answer approvals');
  const page = await get(panel, APPROVALS, jars.bob!);
  assert.match(page.text, /<h2>Changes to published entries<\/h2>/);
  assert.match(page.text, /posts\/hello · the en text · Proposed by Ann Admin, through assistant/);
  assert.match(page.text, /<del>Hello Alps<\/del>.*<ins>Hello, high Alps<\/ins>/s);
  assert.match(page.text, /posts\/hello · CSS \(style\.css\)/);
  const feedBefore = feedLength();
  const published = await post(panel, `${APPROVALS}/publish-change`, answerForm(page.text, 'publish-change', 'en'), jars.bob!);
  assert.equal(published.res.status, 303);
  assert.match(await publicPage('/hello'), /A proposed new text/);
  const now = parseFrontMatter(file('posts/hello', 'en.md'));
  assert.deepEqual([now.fields.title, now.fields.excerpt, now.fields.status], ['Hello, high Alps', 'Proposed excerpt.', 'published']);
  assert.equal(existsSync(pending('posts/hello', 'en.md')), false);
  assert.deepEqual(site.deps.content.changes!.feed.since(0, 100_000).events.slice(feedBefore).map((e) => [e.kind, e.languages]), [['entry.updated', ['en']]]);
  assert.ok(readHistory(new TrustedFolders([dataDir()]), dataDir(), { entry: 'posts/hello' }).some((r) => r.action === 'approve_change' && r.via === 'panel'));

  const versionsBefore = listStyleVersions(new TrustedFolders([dataDir()]), dataDir(), 'posts/hello').length;
  const noNote = await post(panel, `${APPROVALS}/send-back-change`, { ...answerForm(page.text, 'send-back-change', ''), note: ' ' }, jars.bob!);
  assert.equal(noNote.res.status, 422);
  // The rules of a draft's send-back note: no control characters.
  const garbled = await post(panel, `${APPROVALS}/send-back-change`, { ...answerForm(page.text, 'send-back-change', ''), note: 'bad\u0001note\u2028x' }, jars.bob!);
  assert.equal(garbled.res.status, 422);
  assert.match(garbled.text, /The note contains control characters; write plain text\./);
  assert.ok(existsSync(pending('posts/hello', 'style.css')));
  const sentBack = await post(panel, `${APPROVALS}/send-back-change`, { ...answerForm(page.text, 'send-back-change', ''), note: 'Red is too loud.' }, jars.bob!);
  assert.equal(sentBack.res.status, 303);
  assert.equal(existsSync(pending('posts/hello', 'style.css')), false);
  assert.doesNotMatch(file('posts/hello', 'style.css'), /red/);
  assert.equal(listStyleVersions(new TrustedFolders([dataDir()]), dataDir(), 'posts/hello').length, versionsBefore + 1, 'the CSS sent back is kept as a version');
  assert.ok(readHistory(new TrustedFolders([dataDir()]), dataDir(), { entry: 'posts/hello' }).some((r) => r.action === 'send_back_change' && r.detail === 'Red is too loud.'));
  assert.match((await get(panel, APPROVALS, jars.bob!)).text, /Nothing is waiting for approval\./);
});

test('people are never held: a panel save of a published entry is live at once with approval_live on', async () => {
  const page = await get(panel, '/svc/panel/entries/posts/hike-day', jars.bob!);
  const version = /name="language" value="en"><input type="hidden" name="version" value="([^"]+)"/.exec(page.text)![1]!;
  const saved = await post(panel, '/svc/panel/entries/save', { csrf: csrfOf(page.text), id: 'posts/hike-day', language: 'en', version, title: 'Hike day', body: 'We walk, said a person.' }, jars.bob!);
  assert.equal(saved.res.status, 303);
  assert.match(file('posts/hike-day', 'en.md'), /We walk, said a person\./);
  assert.equal(existsSync(pending('posts/hike-day', 'en.md')), false);
});

test('an assistant is told when its waiting change was outdated and set aside: the new one builds on the live text, without it', async () => {
  const first = await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/hike-day', language: 'en', body: 'An assistant\'s proposed body.' });
  assert.equal(first.structuredContent.waiting_for_approval, true);
  assert.doesNotMatch(first.structuredContent.message, /set aside/);
  // A person fixes the live text after the proposal was based on it: the proposal is outdated.
  const livePath = join(site.root, 'content', 'posts/hike-day', 'en.md');
  writeFileSync(livePath, readFileSync(livePath, 'utf8').replace('We walk, said a person.', 'We walk, a person fixed.'));
  const second = await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/hike-day', language: 'en', fields: { excerpt: 'A later proposal.' } });
  assert.equal(second.structuredContent.waiting_for_approval, true);
  assert.match(second.structuredContent.message, /^The entry is published .* The change that was waiting before was based on a text a person has changed since: it was set aside/);
  const proposed = parseFrontMatter(readFileSync(pending('posts/hike-day', 'en.md'), 'utf8'));
  assert.deepEqual([proposed.fields.excerpt, proposed.body.trim()], ['A later proposal.', 'We walk, a person fixed.']);
  // A third change builds on the second, which is current: nothing is set aside, nothing said of it.
  const third = await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/hike-day', language: 'en', title: 'Hike day, proposed' });
  assert.doesNotMatch(third.structuredContent.message, /set aside/);
});
