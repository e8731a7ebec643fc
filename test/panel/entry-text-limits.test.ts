// What an assistant may write, a person may save: the spec's limits are characters (MCP's schema counts
// UTF-16 units: a body of at most 1,000,000), and the panel's forms carry them URL-encoded, up to nine bytes
// a character. An entry of 135,000 Japanese characters (some 1.2 MB as a form) is saved from its page; a
// text over the spec's limit is refused in characters with the typed text on the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { csrfOf, get, post, type Jar } from '../helpers/panel-harness.ts';
import { editForm } from '../helpers/panel-forms.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
let ann: Jar;
let id: string;

/** 135,000 characters of Japanese: more than 1 MiB once URL-encoded (9 bytes each). */
const JAPANESE = '日本語の文章です。'.repeat(15_000);

before(async () => {
  ({ site, http, panel } = served = await serveTestSite());
  ann = await served.signIn('ann@example.org');
  const created = await callTool(site, http.url, site.tokens.admin, 'content_create', { title: '長い記事', body: JAPANESE });
  assert.ok(!created.isError, JSON.stringify(created).slice(0, 300));
  id = created.structuredContent.id;
});
after(() => served.close());

const fileText = () => readFileSync(join(site.root, 'content', id, 'en.md'), 'utf8');
const noticeOf = (html: string) => /<p class="notice (?:error|ok)" role="(?:alert|status)">([^<]*)<\/p>/.exec(html)?.[1] ?? '(no notice)';

test('an entry an assistant wrote (135,000 Japanese characters) is saved from its panel form', async () => {
  assert.equal(JAPANESE.length, 135_000);
  const page = await get(panel, `/svc/panel/entries/${id}`, ann);
  const form = { ...editForm(page.text), title: '長い記事、第二版', body: `${JAPANESE}追記。` };
  assert.ok(new URLSearchParams(form as Record<string, string>).toString().length > 1024 * 1024, 'the form is over 1 MiB');
  site.clock.now += 60_000;
  const saved = await post(panel, '/svc/panel/entries/save', form, ann);
  assert.equal(saved.res.status, 303, noticeOf(saved.text));
  const file = parseFrontMatter(fileText());
  assert.deepEqual([file.fields.title, file.body.trimEnd()], ['長い記事、第二版', `${JAPANESE}追記。`]);
});

test('the editor\'s save without a reload (Ctrl+S) takes the same entry', async () => {
  const page = await get(panel, `/svc/panel/entries/${id}`, ann);
  const form = { ...editForm(page.text), body: `${JAPANESE}再追記。` };
  site.clock.now += 60_000;
  const saved = await post(panel, '/svc/panel/editor/save', form, ann, { accept: 'application/json' });
  assert.equal(saved.res.status, 200, saved.text);
  assert.equal(JSON.parse(saved.text).saved, true);
  assert.equal(parseFrontMatter(fileText()).body.trimEnd(), `${JAPANESE}再追記。`);
});

test('the longest body the spec allows, in the widest encoding, is saved', async () => {
  // 1,000,000 UTF-16 units, each nine bytes in the form (3 UTF-8 bytes, each %XX): 9 MB.
  const longest = '語'.repeat(1_000_000);
  const page = await get(panel, `/svc/panel/entries/${id}`, ann);
  site.clock.now += 60_000;
  const saved = await post(panel, '/svc/panel/entries/save', { ...editForm(page.text), body: longest }, ann);
  assert.equal(saved.res.status, 303, noticeOf(saved.text));
  assert.equal(parseFrontMatter(fileText()).body.trimEnd().length, 1_000_000);
});

test('a body over the spec\'s limit is refused in characters, with the typed text on the page and nothing saved', async () => {
  const before = fileText();
  const page = await get(panel, `/svc/panel/entries/${id}`, ann);
  const typed = `${'a'.repeat(1_000_000)}b`;
  for (const action of ['save', 'publish', 'unpublish']) {
    const refused = await post(panel, `/svc/panel/entries/${action}`, { ...editForm(page.text), body: typed }, ann);
    assert.equal(refused.res.status, 422, `${action}: ${noticeOf(refused.text)}`);
    assert.equal(noticeOf(refused.text), 'What was sent in Text is longer than 1000000 characters. Nothing was saved.', action);
    assert.ok(refused.text.includes(`data-body>\n${typed}</textarea>`), `${action}: the typed text is on the page`);
    assert.equal(fileText(), before, action);
  }
  const added = await post(panel, '/svc/panel/entries/add-translation', { csrf: editForm(page.text).csrf as string, id, language: 'de', title: 'Lang', body: typed }, ann);
  assert.equal(added.res.status, 422, noticeOf(added.text));
  assert.ok(added.text.includes(typed), 'the typed text is in the add-a-translation form');
});

test('a form larger than any the spec allows is refused unread, its sentence in characters', async () => {
  const page = await get(panel, `/svc/panel/entries/${id}`, ann);
  const refused = await post(panel, '/svc/panel/entries/save', { ...editForm(page.text), body: '語'.repeat(1_300_000) }, ann);
  assert.equal(refused.res.status, 413);
  assert.match(refused.text, /What was sent in Text is longer than 1000000 characters\. Nothing was saved\./);
});

test('the New entry form takes category fields as long as the spec allows (10,000 characters each)', async () => {
  const page = await get(panel, '/svc/panel/entries/new?type=post', ann);
  const location = '山'.repeat(10_000);
  const sent = { csrf: csrfOf(page.text), type: 'post', title: '山の行事', language: 'en', slug: 'yama', category: 'events', 'field:events:start': '2026-05-01T10:00', 'field:events:location': location };
  assert.ok(new URLSearchParams(sent).toString().length > 64 * 1024, 'the form is over the panel\'s usual 64 KB');
  const created = await post(panel, '/svc/panel/entries/new', sent, ann);
  assert.equal(created.res.status, 303, noticeOf(created.text));
  const file = parseFrontMatter(readFileSync(join(site.root, 'content', 'posts', 'yama', 'en.md'), 'utf8'));
  assert.equal(file.fields.location, location);
});

