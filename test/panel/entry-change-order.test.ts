// Publish and Unpublish carry the edit form, so what is on the screen is saved in the same request. A change
// the rules refuse must change nothing at all (README: "a refused or invalid change shows its sentence on the
// page with what was typed"): Unpublish judges the typed fields before it takes the page down, and Publish
// judges what it can before it saves; every refusal shows the typed values again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { csrfOf, get, post, versionOf, type Jar } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';
import { readHistory } from '../../dist/content/history.js';

let served: ServedSite;
let site: TestSite;
let panel: PanelAddress;
let ann: Jar;

before(async () => {
  ({ site, panel } = served = await serveTestSite());
  ann = await served.signIn('ann@example.org');
});
after(() => served.close());

const fileText = (id: string, language = 'en') => readFileSync(join(site.root, 'content', id, `${language}.md`), 'utf8');
const historyOf = (id: string) => readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: id });

/** The whole edit form of a translation as its page fills it, with `changes` typed over it. */
async function editForm(id: string, changes: Record<string, string>): Promise<Record<string, string>> {
  const page = await get(panel, `/svc/panel/entries/${id}`, ann);
  const file = parseFrontMatter(fileText(id));
  return {
    csrf: csrfOf(page.text), version: versionOf(page.text), id, language: 'en',
    title: String(file.fields.title), body: file.body, excerpt: String(file.fields.excerpt ?? ''), slug: String(file.fields.slug ?? ''),
    tags: (file.fields.tags as string[] | undefined ?? []).join(', '), cover: '', category: String(file.fields.category ?? ''),
    ...changes,
  };
}

/** Refused with `status` and `sentence`, the typed body shown again, and the file and history as they were. */
async function assertRefusedUnchanged(id: string, path: string, form: Record<string, string>, status: number, sentence: RegExp): Promise<string> {
  const before = fileText(id);
  const lines = historyOf(id).length;
  const answer = await post(panel, path, form, ann);
  const notice = /<p class="notice error" role="alert">([^<]*)<\/p>/.exec(answer.text)?.[1] ?? '(no notice)';
  assert.equal(answer.res.status, status, notice);
  assert.match(notice, sentence);
  assert.ok(answer.text.includes(`<textarea id="body-en" name="body" rows="16" data-body>\n${form.body}</textarea>`), 'the typed text is on the page');
  assert.equal(fileText(id), before, 'the file is unchanged');
  assert.equal(historyOf(id).length, lines, 'no history line');
  return answer.text;
}

test('unpublish with an invalid slug is refused before the page goes down, and keeps the typed text and slug', async () => {
  const id = 'posts/old-news';
  const form = await editForm(id, { body: 'A new draft of the old news.', slug: 'Bad Slug!' });
  const text = await assertRefusedUnchanged(id, '/svc/panel/entries/unpublish', form, 422, /slug must be lowercase letters, digits and dashes/);
  assert.match(text, /name="slug" value="Bad Slug!"/);
  assert.match(fileText(id), /status: "published"/);
});

test('unpublish with a slug another entry uses, or an empty title, changes nothing', async () => {
  const id = 'posts/old-news';
  await assertRefusedUnchanged(id, '/svc/panel/entries/unpublish', await editForm(id, { body: 'Typed over.', slug: 'hike-day' }), 409, /The address \/hike-day is already used by posts\/hike-day/);
  await assertRefusedUnchanged(id, '/svc/panel/entries/unpublish', await editForm(id, { body: 'Typed over.', title: ' ' }), 422, /The title cannot be empty\./);
  await assertRefusedUnchanged(id, '/svc/panel/entries/unpublish', await editForm(id, { body: 'Typed over.', title: 'x'.repeat(301) }), 422, /The title is 301 characters long; a title has at most 300\./);
});

test('unpublish into a category without its required fields changes nothing', async () => {
  const id = 'posts/old-news';
  const form = await editForm(id, { body: 'Now an event.', category: 'events', 'field:events:location': 'Trento' });
  await assertRefusedUnchanged(id, '/svc/panel/entries/unpublish', form, 422, /The category events needs the field start\./);
});

test('unpublish with valid edits takes the page down and saves the edits into the draft', async () => {
  const id = 'posts/old-news';
  site.clock.now += 60_000;
  const answer = await post(panel, '/svc/panel/entries/unpublish', await editForm(id, { body: 'Rewritten as a draft.', slug: 'older-news' }), ann);
  assert.equal(answer.res.status, 303, answer.text.slice(0, 400));
  const file = parseFrontMatter(fileText(id));
  assert.deepEqual([file.fields.status, file.fields.slug, file.body.trim()], ['draft', 'older-news', 'Rewritten as a draft.']);
  assert.deepEqual(historyOf(id).slice(0, 2).map((line) => line.action).sort(), ['unpublish', 'update']);
});

test('scheduling a published translation is refused before its typed text goes live', async () => {
  const id = 'posts/hello';
  const form = await editForm(id, { body: 'Not for the public yet.', at: '2026-04-01T09:00' });
  await assertRefusedUnchanged(id, '/svc/panel/entries/publish', form, 422, /already published/);
});

test('publish with an invalid field of a draft is refused with the typed text, nothing written', async () => {
  const id = 'posts/bobs-draft';
  await assertRefusedUnchanged(id, '/svc/panel/entries/publish', await editForm(id, { body: 'Typed for publishing.', slug: 'Bad Slug!' }), 422, /slug must be lowercase/);
  assert.match(fileText(id), /status: "draft"/);
});
