// approval_live: an assistant's change to a published entry waits, and the approver judges its diff against
// the live text. What is published is exactly what was shown, or nothing: the answer forms carry the version
// stamps of the proposal and of the live text (as the entry forms carry theirs). A person's later edit of the
// live text is never undone silently: a new proposal builds on the live text as it is now (its diff shows
// what it changes), and an older one outdated by that edit is refused with a sentence and can only be sent
// back. Over real HTTP and MCP, as the tester met it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { editForm, formFields, type FormFields } from '../helpers/panel-forms.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';
import { readHistory } from '../../dist/content/history.js';
import { listRevisions } from '../../dist/content/revisions.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
let bob: Jar;
const PAGE = '/svc/panel/approvals';

before(async () => {
  ({ site, http, panel } = served = await serveTestSite());
  bob = await served.signIn('bob@example.org');
  const ann = await served.signIn('ann@example.org');
  assert.equal((await post(panel, `${PAGE}/live`, { csrf: csrfOf((await get(panel, PAGE, ann)).text), mode: 'on' }, ann)).res.status, 303);
});
after(() => served.close());

const data = () => site.deps.config.dataDir;
const live = (id: string) => parseFrontMatter(readFileSync(join(site.root, 'content', id, 'en.md'), 'utf8'));
const pendingOf = (id: string, name = 'en.md') => join(data(), 'pending', id, name);
const publicText = async (path: string) => (await fetch(panel.url + path)).text();

/** An assistant's change to a published entry: held for approval. */
async function propose(tool: string, args: Record<string, unknown>) {
  const answer = await callTool(site, http.url, site.tokens.admin!, tool, args);
  assert.equal(answer.structuredContent.waiting_for_approval, true, JSON.stringify(answer));
}

/** A person's save of the live text in the entry editor (live at once: people are never held). */
async function personSaves(id: string, changes: Record<string, string>) {
  const form = { ...editForm((await get(panel, `/svc/panel/entries/${id}`, bob)).text), ...changes };
  assert.equal((await post(panel, '/svc/panel/entries/save', form, bob)).res.status, 303);
}

/** The fields of a live-change row's answer form, as the page gives them. */
function answerForm(html: string, id: string, action: 'publish-change' | 'send-back-change', language = 'en'): FormFields {
  return formFields(html, (form) => form.includes(`action="${PAGE}/${action}"`) && form.includes(`name="id" value="${id}"`) && form.includes(`name="language" value="${language}"`));
}

/** The live-change row of an entry on the page. */
function rowOf(html: string, id: string, what = 'the en text'): string {
  const start = html.indexOf(`${id} · ${what}`);
  assert.ok(start > 0, `${id} (${what}) is listed`);
  return html.slice(start, html.indexOf('</section>', start));
}

test('the tester\'s case: a person fixes the live text, the assistant proposes again; the old answer publishes nothing', async () => {
  const id = 'posts/hello';
  await propose('content_update', { id, language: 'en', title: 'Assistant title A', body: 'PROPOSAL A' });
  const looked = await get(panel, PAGE, bob);
  const form = answerForm(looked.text, id, 'publish-change');
  assert.ok(form.version && form.live_version, 'the form carries the stamps of the proposal and of the live text');

  await personSaves(id, { title: 'Hello, fixed by a person', body: 'HUMAN FIX' });
  await propose('content_update', { id, language: 'en', body: 'PROPOSAL B' });
  const refused = await post(panel, `${PAGE}/publish-change`, form, bob);
  assert.equal(refused.res.status, 409);
  assert.match(refused.text, /was replaced by a newer one after you looked at it; nothing was published\./);
  assert.deepEqual([live(id).fields.title, live(id).body.trim()], ['Hello, fixed by a person', 'HUMAN FIX'], 'the person\'s fix stays live');
  assert.match(await publicText('/hello'), /HUMAN FIX/);

  // The new proposal was built on the live text as it is now, not on the outdated one: the person's title is
  // kept, and the diff shown is against the fixed text.
  const proposed = parseFrontMatter(readFileSync(pendingOf(id), 'utf8'));
  assert.deepEqual([proposed.fields.title, proposed.body.trim()], ['Hello, fixed by a person', 'PROPOSAL B']);
  const row = rowOf(refused.text, id);
  assert.doesNotMatch(row, /Assistant title A/);
  assert.match(row, /No field differs\./);
  assert.match(row, /<del>HUMAN<\/del><ins>PROPOSAL<\/ins> <del>FIX<\/del><ins>B<\/ins>/);
  assert.ok(listRevisions(new TrustedFolders([data()]), data(), id, 'en').length > 0);
  const lines = readHistory(new TrustedFolders([data()]), data(), { entry: id }).filter((r) => r.action === 'propose_change');
  assert.match(lines[0]!.detail ?? '', /built on the live text as it is now, which changed after the change proposed before \(that one is kept as a revision\)/);

  // Answered from the page that shows it, the change is published: exactly what was shown.
  const published = await post(panel, `${PAGE}/publish-change`, answerForm(refused.text, id, 'publish-change'), bob);
  assert.equal(published.res.status, 303);
  assert.deepEqual([live(id).fields.title, live(id).body.trim()], ['Hello, fixed by a person', 'PROPOSAL B']);
  assert.equal(existsSync(pendingOf(id)), false);
});

test('a proposal outdated by a person\'s later edit is said so, offers no Publish, and publishing it anyway is refused', async () => {
  const id = 'posts/old-news';
  await propose('content_update', { id, language: 'en', body: 'An assistant rewrote the old news.' });
  await personSaves(id, { excerpt: 'A fix made by a person.' });
  const page = await get(panel, PAGE, bob);
  const row = rowOf(page.text, id);
  assert.match(row, /The live version was changed after this change was proposed: publishing it would undo that later change/);
  assert.doesNotMatch(row, /action="\/svc\/panel\/approvals\/publish-change"/);

  // A post made anyway (from the send-back form's stamps, the same ones) publishes nothing.
  const form = answerForm(page.text, id, 'send-back-change');
  delete form.note;
  const refused = await post(panel, `${PAGE}/publish-change`, form, bob);
  assert.equal(refused.res.status, 409);
  assert.match(refused.text, /The live version of the en text of posts\/old-news was changed after this change was proposed, and publishing it would undo that later change; nothing was published\./);
  assert.deepEqual([live(id).fields.excerpt, live(id).body.trim()], ['A fix made by a person.', 'Old.']);
  // Sending it back is the answer left.
  const sent = await post(panel, `${PAGE}/send-back-change`, { ...form, note: 'Start again from the fixed text.' }, bob);
  assert.equal(sent.res.status, 303);
  assert.equal(existsSync(pendingOf(id)), false);
});

test('CSS proposed before a person changed style.css is not published over it', async () => {
  const id = 'posts/hike-day';
  await propose('content_style', { id, css: 'h1 { color: red; }' });
  const entryPage = (await get(panel, `/svc/panel/entries/${id}`, bob)).text;
  const style = formFields(entryPage, (form) => form.includes('action="/svc/panel/entries/style"'));
  assert.equal((await post(panel, '/svc/panel/entries/style', { ...style, css: 'h2 { color: green; }' }, bob)).res.status, 200);
  assert.match(readFileSync(join(site.root, 'content', id, 'style.css'), 'utf8'), /green/, 'the person\'s CSS is live at once');
  const page = await get(panel, PAGE, bob);
  assert.match(rowOf(page.text, id, 'CSS (style.css)'), /publishing it would undo that later change/);
  const form = answerForm(page.text, id, 'send-back-change', '');
  delete form.note;
  const refused = await post(panel, `${PAGE}/publish-change`, form, bob);
  assert.equal(refused.res.status, 409);
  assert.match(readFileSync(join(site.root, 'content', id, 'style.css'), 'utf8'), /green/);
});

test('sending back a proposal replaced after the approver looked is refused, the note kept; a form without stamps does nothing', async () => {
  const id = 'posts/hello';
  await propose('content_update', { id, language: 'en', body: 'First idea.' });
  const looked = await get(panel, PAGE, bob);
  const form = { ...answerForm(looked.text, id, 'send-back-change'), note: 'The first idea is wrong.' };
  await propose('content_update', { id, language: 'en', body: 'Second idea.' });
  const refused = await post(panel, `${PAGE}/send-back-change`, form, bob);
  assert.equal(refused.res.status, 409);
  assert.match(refused.text, /was replaced by a newer one after you looked at it; nothing was sent back\./);
  assert.match(refused.text, /<textarea id="live-note-\d+" name="note" rows="3" maxlength="1000" required>The first idea is wrong\.<\/textarea>/);
  assert.match(readFileSync(pendingOf(id), 'utf8'), /Second idea\./);

  const unstamped = answerForm(refused.text, id, 'publish-change');
  for (const name of ['version', 'live_version']) {
    const answer = await post(panel, `${PAGE}/publish-change`, { ...unstamped, [name]: undefined }, bob);
    assert.equal(answer.res.status, 409, name);
    assert.match(answer.text, /The form does not say which version you looked at/);
  }
  assert.doesNotMatch(live(id).body, /Second idea/);
});

test('a scheduled time passing does not outdate a proposal: publishing replaces nothing it changed', async () => {
  const id = 'posts/later';
  await propose('content_update', { id, language: 'en', body: 'Soon, said the assistant.' });
  // The time comes: the first read publishes it and the file is made to say so (status only).
  site.clock.now = Date.UTC(2099, 11, 2, 12, 0, 0);
  await publicText('/later');
  for (let tries = 0; live(id).fields.status !== 'published' && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(live(id).fields.status, 'published');
  bob = await served.signIn('bob@example.org'); // the session ended with the years
  const page = await get(panel, PAGE, bob);
  assert.doesNotMatch(rowOf(page.text, id), /publishing it would undo/);
  assert.equal((await post(panel, `${PAGE}/publish-change`, answerForm(page.text, id, 'publish-change'), bob)).res.status, 303);
  assert.deepEqual([live(id).fields.status, live(id).body.trim()], ['published', 'Soon, said the assistant.']);
});
