// Answering an assistant's request under Waiting for approval, over real HTTP: each row opens the entry and
// its preview, names who asked through which token and when, the requested time, and the changes since the
// text was last public (or that it never was); a person publishes now or at the requested time, or sends the
// request back with a note (it stays a draft, the note goes into the history and onto the entry page).
// Refusals (no CSRF, another site, no right, a bad note) change nothing.
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
import { listRevisions } from '../../dist/content/revisions.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
const jars: Record<string, Jar> = {};
let avaToken: string;
const PAGE = '/svc/panel/approvals';

before(async () => {
  ({ site, http, panel } = served = await serveTestSite());
  for (const key of ['ann', 'bob', 'ava', 'carl'] as const) jars[key] = await served.signIn(`${key}@example.org`);
  avaToken = site.deps.auth.createToken({ ownerId: 'ava', name: 'Ava phone', scopes: ['content:read', 'content:write', 'content:publish'], expiresInDays: 30 }).token;
  const page = await get(panel, PAGE, jars.ann);
  assert.equal((await post(panel, `${PAGE}/mode`, { csrf: csrfOf(page.text), mode: 'on' }, jars.ann)).res.status, 303);
});
after(() => served.close());

const fields = (id: string) => parseFrontMatter(readFileSync(join(site.root, 'content', id, 'en.md'), 'utf8')).fields;
const dataDir = () => site.deps.config.dataDir;

/** An assistant's new draft, asked to be published (at `at` when given). */
async function askAsAva(title: string, at?: string): Promise<string> {
  const created = (await callTool(site, http.url, avaToken, 'content_create', { title, body: `${title} text.` })).structuredContent;
  const asked = (await callTool(site, http.url, avaToken, 'content_publish', { id: created.id, ...(at ? { at } : {}) })).structuredContent;
  assert.equal(asked.status, 'waiting_for_approval');
  return created.id;
}

/** A row's answer form as the page gives it: with the version stamp of the text the row shows. */
function answerForm(html: string, id: string, action: 'publish' | 'send-back', when?: 'now' | 'requested') {
  return formFields(html, (form) => form.includes(`action="${PAGE}/${action}"`) && form.includes(`name="id" value="${id}"`) && (when === undefined || form.includes(`name="when" value="${when}"`)));
}

/** The row of one entry on the approvals page. */
function rowOf(html: string, id: string): string {
  const start = html.indexOf(`<a href="/svc/panel/entries/${id}#lang-en">`);
  assert.ok(start > 0, `${id} is listed`);
  return html.slice(start, html.indexOf('</section>', start));
}

test('the page says whom approval mode holds back, and each row opens the entry and its preview and names who asked, through which token, when', async () => {
  const id = await askAsAva('Glacier walk');
  const page = await get(panel, PAGE, jars.bob);
  assert.equal(page.res.status, 200);
  assert.match(page.text, /Approval mode holds back assistants: when an assistant publishes \(content_publish\), nothing goes live; the draft waits here until a person publishes it or sends it back with a note\. People whose role may publish publish directly in the panel\./);
  const row = rowOf(page.text, id);
  assert.match(row, /<dt>Asked by<\/dt><dd>Ava Author, through assistant \(token “Ava phone”\)<\/dd>/);
  assert.match(row, /<dt>Asked at<\/dt><dd>2026-03-10 13:00 <span class="muted">\(Europe\/Berlin\)<\/span><\/dd>/);
  assert.match(row, /<dt>Publish<\/dt><dd>as soon as it is approved<\/dd>/);
  assert.match(row, /<strong>Never published\.<\/strong>/);
  assert.match(row, />Publish now<\/button>/);
  assert.doesNotMatch(row, /Publish at/);
  const preview = /href="(\/svc\/panel\/preview\/[^"]+)"/.exec(row)![1]!;
  assert.equal(preview, `/svc/panel/preview/${id}?language=en`);
  const shown = await get(panel, preview, jars.bob);
  assert.equal(shown.res.status, 200);
  assert.match(shown.text, /Glacier walk text\./);
  assert.equal((await get(panel, `/svc/panel/entries/${id}`, jars.bob)).res.status, 200);
});

test('a text that was public before shows what changed since its last published version', async () => {
  const id = 'posts/hike-day';
  await callTool(site, http.url, site.tokens.admin!, 'content_unpublish', { id });
  await callTool(site, http.url, site.tokens.admin!, 'content_update', { id, body: 'We walk far.' });
  assert.equal((await callTool(site, http.url, site.tokens.admin!, 'content_publish', { id })).structuredContent.status, 'waiting_for_approval');
  const row = rowOf((await get(panel, PAGE, jars.bob)).text, id);
  assert.match(row, /Changes since the last published version \(published 2026-03-05 10:00\)/);
  assert.match(row, /<th scope="col">Last published<\/th><th scope="col">Waiting<\/th>/);
  assert.match(row, /<th scope="row">status<\/th><td><del>published<\/del><\/td><td><ins>draft<\/ins><\/td>/);
  assert.match(row, /We walk<ins> far<\/ins>\./);
  assert.match(row, /through assistant \(token “test admin”\)/);
});

test('publish now, and publish at the requested time, from the list', async () => {
  const later = await askAsAva('Alpine lake', '2026-04-01 09:00');
  const now = await askAsAva('Alpine hut', '2026-04-02 09:00');
  const page = await get(panel, PAGE, jars.bob);
  assert.match(rowOf(page.text, later), /<dt>Publish<\/dt><dd>at 2026-04-01 09:00 <span class="muted">\(requested, Europe\/Berlin\)<\/span><\/dd>/);
  assert.match(rowOf(page.text, later), />Publish at 2026-04-01 09:00<\/button>/);
  const csrf = csrfOf(page.text);

  const scheduled = await post(panel, `${PAGE}/publish`, answerForm(page.text, later, 'publish', 'requested'), jars.bob);
  assert.equal(scheduled.res.status, 303);
  assert.equal(scheduled.res.headers.get('location'), `${PAGE}?scheduled=${encodeURIComponent(later)}`);
  assert.deepEqual([fields(later).status, fields(later).published, fields(later).review], ['scheduled', '2026-04-01 09:00', undefined]);
  assert.match((await get(panel, scheduled.res.headers.get('location')!, jars.bob)).text, /posts\/alpine-lake is scheduled for the requested time\./);

  const published = await post(panel, `${PAGE}/publish`, answerForm(page.text, now, 'publish', 'now'), jars.bob);
  assert.equal(published.res.headers.get('location'), `${PAGE}?published=${encodeURIComponent(now)}`);
  assert.deepEqual([fields(now).status, fields(now).published, fields(now).review], ['published', '2026-03-10 13:00', undefined]);
  const lines = readHistory(new TrustedFolders([dataDir()]), dataDir(), { limit: 2 });
  assert.deepEqual(lines.map((line) => [line.action, line.entry, line.person, line.via, line.detail]), [
    ['approve', now, 'bob', 'panel', undefined],
    ['approve', later, 'bob', 'panel', 'scheduled 2026-04-01 09:00'],
  ]);
  const odd = await post(panel, `${PAGE}/publish`, { csrf, id: now, language: 'en', when: 'tomorrow' }, jars.bob);
  assert.equal(odd.res.status, 422);
  assert.match(odd.text, /Choose to publish now or at the requested time\./);
});

test('sending back refuses a missing CSRF token, another site, a role without the right and a bad note, and changes nothing', async () => {
  const id = await askAsAva('Moraine');
  const annId = (await callTool(site, http.url, site.tokens.admin!, 'content_create', { title: 'Ann asks' })).structuredContent.id;
  await callTool(site, http.url, site.tokens.admin!, 'content_publish', { id: annId });
  const before = { history: readHistory(new TrustedFolders([dataDir()]), dataDir(), { limit: 10_000 }).length, revisions: listRevisions(new TrustedFolders([dataDir()]), dataDir(), id, 'en').length };
  const page = await get(panel, PAGE, jars.bob);
  const csrf = csrfOf(page.text);
  const { version } = answerForm(page.text, id, 'send-back');
  const attempts: Array<[string, { res: Response; text: string }, number, RegExp]> = [
    ['no CSRF token', await post(panel, `${PAGE}/send-back`, { id, language: 'en', version, note: 'No.' }, jars.bob), 403, /The form has expired or did not come from this site\./],
    ['another site', await post(panel, `${PAGE}/send-back`, { csrf, id, language: 'en', version, note: 'No.' }, jars.bob, { origin: 'https://evil.example' }), 403, /did not come from this site/],
    ['a contributor', await post(panel, `${PAGE}/send-back`, { csrf: csrfOf((await get(panel, '/svc/panel/entries', jars.carl)).text), id, language: 'en', version, note: 'No.' }, jars.carl), 403, /Your role does not allow this\./],
    // Ava's page offers no form for Ann's entry: the post is made by hand, with a version of some text.
    ['an author, on someone else\'s entry', await post(panel, `${PAGE}/send-back`, { csrf: csrfOf((await get(panel, PAGE, jars.ava)).text), id: annId, language: 'en', version, note: 'No.' }, jars.ava), 403, /Your role \(author\) may publish only your own entries, and posts\/ann-asks belongs to someone else\./],
    ['an empty note', await post(panel, `${PAGE}/send-back`, { csrf, id, language: 'en', version, note: '  \r\n ' }, jars.bob), 422, /Write a note saying what should change before it is published\./],
    ['an oversized note', await post(panel, `${PAGE}/send-back`, { csrf, id, language: 'en', version, note: `Long ${'x'.repeat(1000)}` }, jars.bob), 422, /The note has 1005 characters; at most 1000 are kept\./],
    ['control characters', await post(panel, `${PAGE}/send-back`, { csrf, id, language: 'en', version, note: 'Ring \u0007 the bell' }, jars.bob), 422, /The note contains control characters; write plain text\./],
    ['an unknown entry', await post(panel, `${PAGE}/send-back`, { csrf, id: 'posts/nope', language: 'en', version, note: 'No.' }, jars.bob), 404, /That entry does not exist \(any more\)\./],
    ['a path for an id', await post(panel, `${PAGE}/send-back`, { csrf, id: '../../data/accounts', language: 'en', version, note: 'No.' }, jars.bob), 404, /That entry does not exist/],
  ];
  for (const [what, answer, status, sentence] of attempts) {
    assert.equal(answer.res.status, status, what);
    assert.match(answer.text, sentence, what);
  }
  // A refused note comes back in its row, so nothing typed is lost.
  assert.match(attempts[5]![1].text, /<textarea id="note-\d+" name="note" rows="3" maxlength="1000" required>Long xxxx/);
  assert.deepEqual([fields(id).status, fields(id).review, fields(annId).review], ['draft', 'requested', 'requested']);
  assert.deepEqual({ history: readHistory(new TrustedFolders([dataDir()]), dataDir(), { limit: 10_000 }).length, revisions: listRevisions(new TrustedFolders([dataDir()]), dataDir(), id, 'en').length }, before);
});

test('sending back removes the request, keeps the draft, and puts the note in the history and on the entry page until the assistant asks again', async () => {
  const id = await askAsAva('Scree slope');
  const page = await get(panel, PAGE, jars.bob);
  const note = 'Please name the route.\nAnd add a <photo>.';
  const sent = await post(panel, `${PAGE}/send-back`, { ...answerForm(page.text, id, 'send-back'), note: `  ${note}\r\n` }, jars.bob);
  assert.equal(sent.res.status, 303);
  assert.equal(sent.res.headers.get('location'), `${PAGE}?sent-back=${encodeURIComponent(id)}`);
  const listed = await get(panel, sent.res.headers.get('location')!, jars.bob);
  assert.match(listed.text, /posts\/scree-slope was sent back: it is a draft again, and the note is in its history and on its page\./);
  assert.doesNotMatch(listed.text, /Scree slope<\/a><\/h2>/);
  assert.deepEqual([fields(id).status, fields(id).review, fields(id).via], ['draft', undefined, 'mcp']);
  const line = readHistory(new TrustedFolders([dataDir()]), dataDir(), { entry: id })[0]!;
  assert.deepEqual([line.action, line.person, line.language, line.via, line.token, line.detail], ['send_back', 'bob', 'en', 'panel', null, note]);
  const history = await get(panel, `/svc/panel/history?entry=${encodeURIComponent(id)}`, jars.bob);
  assert.match(history.text, /<td>Bob Editor<\/td><td>send back<\/td>.*<td>Please name the route\.\nAnd add a &lt;photo&gt;\.<\/td>/);

  const shown = '<div class="notice warn sent-back"><p><strong>Sent back</strong> by Bob Editor at 2026-03-10 13:00 (Europe/Berlin):</p><p>Please name the route.<br>And add a &lt;photo&gt;.</p></div>';
  for (const jar of [jars.ava, jars.bob]) assert.ok((await get(panel, `/svc/panel/entries/${id}`, jar)).text.includes(shown));

  // The assistant changes the text and asks again: the note has been answered, and the row is back.
  await callTool(site, http.url, avaToken, 'content_update', { id, body: 'The route: north ridge.' });
  assert.ok((await get(panel, `/svc/panel/entries/${id}`, jars.ava)).text.includes(shown), 'an update alone does not answer the note');
  await callTool(site, http.url, avaToken, 'content_publish', { id });
  assert.doesNotMatch((await get(panel, `/svc/panel/entries/${id}`, jars.ava)).text, /Sent back/);
  const again = await get(panel, PAGE, jars.bob);
  assert.match(rowOf(again.text, id), /Never published\./);
  const twice = await post(panel, `${PAGE}/send-back`, { ...answerForm(again.text, id, 'send-back'), note: 'Once more.' }, jars.bob);
  assert.equal(twice.res.status, 303);
  const late = await post(panel, `${PAGE}/send-back`, { ...answerForm(again.text, id, 'send-back'), note: 'And again.' }, jars.bob);
  assert.equal(late.res.status, 409);
  assert.match(late.text, /The en translation of posts\/scree-slope is not waiting for approval any more\./);
});

test('a requested time that has passed is said so, and only Publish now is offered', async () => {
  const id = await askAsAva('Summit at dawn', '2026-03-10 15:00');
  assert.match(rowOf((await get(panel, PAGE, jars.bob)).text, id), />Publish at 2026-03-10 15:00<\/button>/);
  site.clock.now += 3 * 60 * 60_000;
  const row = rowOf((await get(panel, PAGE, jars.bob)).text, id);
  assert.match(row, /<dd>at 2026-03-10 15:00 <span class="muted">\(requested, Europe\/Berlin; that time has passed\)<\/span><\/dd>/);
  assert.doesNotMatch(row, /Publish at/);
  assert.match(row, />Publish now<\/button>/);
});
