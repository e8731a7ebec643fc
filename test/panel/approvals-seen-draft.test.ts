// Approval mode: the approver judges the diff shown on Waiting for approval, so what is published is exactly
// the text that was shown, or nothing. Each answer form carries the version stamp of the waiting file (the
// stamp the entry forms carry, content/write/version-stamp.ts); a draft the assistant changed after the
// approver looked is refused with a sentence and the page shows the new diff. Over real HTTP and MCP, as an
// assistant and an editor would meet.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { formFields, type FormFields } from '../helpers/panel-forms.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';
import { readHistory } from '../../dist/content/history.js';
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
  assert.equal((await post(panel, `${PAGE}/mode`, { csrf: csrfOf((await get(panel, PAGE, ann)).text), mode: 'on' }, ann)).res.status, 303);
});
after(() => served.close());

const tool = async (name: string, args: Record<string, unknown>) => (await callTool(site, http.url, site.tokens.admin!, name, args)).structuredContent;
const onDisk = (id: string) => parseFrontMatter(readFileSync(join(site.root, 'content', id, 'en.md'), 'utf8'));
const historyOf = (id: string) => readHistory(new TrustedFolders([site.deps.config.dataDir]), site.deps.config.dataDir, { entry: id });

/** An assistant's draft, asked to be published, with `body` as its text. */
async function waitingDraft(title: string, body: string, at?: string): Promise<string> {
  const { id } = await tool('content_create', { title, body });
  assert.equal((await tool('content_publish', { id, ...(at ? { at } : {}) })).status, 'waiting_for_approval');
  return id;
}

/** The fields of one of a row's answer forms (`publish` or `send-back`), as the page gives them. */
function answerForm(html: string, id: string, action: 'publish' | 'send-back', when = 'now'): FormFields {
  return formFields(html, (form) => form.includes(`action="${PAGE}/${action}"`) && form.includes(`name="id" value="${id}"`) && (action !== 'publish' || form.includes(`name="when" value="${when}"`)));
}

test('the tester\'s case: text swapped after the approver looked is not published; the page says so and shows the new diff', async () => {
  const id = await waitingDraft('Bot draft', 'Harmless text');
  const looked = await get(panel, PAGE, bob);
  assert.match(looked.text, /Harmless text/);
  const form = answerForm(looked.text, id, 'publish');
  assert.ok(typeof form.version === 'string' && form.version !== '', 'the form carries the version of the text shown');

  await tool('content_update', { id, body: 'SWAPPED TEXT after the approver looked' });
  const answer = await post(panel, `${PAGE}/publish`, form, bob);
  assert.equal(answer.res.status, 409);
  assert.match(answer.text, /The en translation of posts\/bot-draft was changed after you looked at it; nothing was published\./);
  assert.match(answer.text, /SWAPPED TEXT after the approver looked/, 'the answer shows what waits now');
  assert.deepEqual([onDisk(id).fields.status, onDisk(id).fields.review], ['draft', 'requested']);
  assert.equal((await fetch(`${panel.url}/bot-draft`)).status, 404, 'nothing went live');
  assert.equal(historyOf(id).some((r) => r.action === 'approve'), false);

  // Judged again from the page that shows the new text, it is published: exactly that text.
  const again = answerForm(answer.text, id, 'publish');
  const published = await post(panel, `${PAGE}/publish`, again, bob);
  assert.equal(published.res.status, 303);
  assert.equal(onDisk(id).fields.status, 'published');
  assert.match(await (await fetch(`${panel.url}/bot-draft`)).text(), /SWAPPED TEXT after the approver looked/);
});

test('a form without a version (an older page, a hand-made post) publishes nothing', async () => {
  const id = await waitingDraft('No stamp', 'Text nobody was shown.');
  const form = answerForm((await get(panel, PAGE, bob)).text, id, 'publish');
  delete form.version;
  const answer = await post(panel, `${PAGE}/publish`, form, bob);
  assert.equal(answer.res.status, 409);
  assert.match(answer.text, /The form does not say which version you looked at/);
  assert.deepEqual([onDisk(id).fields.status, onDisk(id).fields.review], ['draft', 'requested']);
});

test('a requested time changed after the approver looked is not scheduled at the old one', async () => {
  const id = await waitingDraft('Timed', 'At nine.', '2026-04-01 09:00');
  const form = answerForm((await get(panel, PAGE, bob)).text, id, 'publish', 'requested');
  await tool('content_publish', { id, at: '2026-04-02 18:00' });
  const answer = await post(panel, `${PAGE}/publish`, form, bob);
  assert.equal(answer.res.status, 409);
  assert.match(answer.text, />Publish at 2026-04-02 18:00<\/button>/, 'the page offers the time asked for now');
  assert.deepEqual([onDisk(id).fields.status, onDisk(id).fields.review], ['draft', 'scheduled 2026-04-02 18:00']);
});

test('sending back a draft that changed after the approver looked is refused too, and the typed note is kept', async () => {
  const id = await waitingDraft('Send me back', 'First text.');
  const form = { ...answerForm((await get(panel, PAGE, bob)).text, id, 'send-back'), note: 'The first text is too short.' };
  await tool('content_update', { id, body: 'A much longer second text.' });
  const answer = await post(panel, `${PAGE}/send-back`, form, bob);
  assert.equal(answer.res.status, 409);
  assert.match(answer.text, /was changed after you looked at it; nothing was sent back\./);
  assert.match(answer.text, /A much longer second text\./);
  assert.match(answer.text, /<textarea id="note-\d+" name="note" rows="3" maxlength="1000" required>The first text is too short\.<\/textarea>/);
  assert.equal(onDisk(id).fields.review, 'requested');
  assert.equal(historyOf(id).some((r) => r.action === 'send_back'), false);
  // With the stamp of the text now shown, the note is sent.
  const sent = await post(panel, `${PAGE}/send-back`, { ...answerForm(answer.text, id, 'send-back'), note: 'Still not right.' }, bob);
  assert.equal(sent.res.status, 303);
  assert.equal(onDisk(id).fields.review, undefined);
});
