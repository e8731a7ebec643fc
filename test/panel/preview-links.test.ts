// Share preview on an entry's page over real HTTP: a person who may see a translation makes a link (the text
// now, the latest saved text, or a kept revision; 1 hour to 7 days), sees it once, finds it listed with who
// made it and until when, and revokes it; a person without the right neither sees nor revokes others'
// links; every making and revoking is in the history, via panel.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { readHistory } from '../../dist/content/history.js';
import { listRevisions } from '../../dist/content/revisions.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
const jars: Record<string, Jar> = {};
const ENTRY = '/svc/panel/entries/posts/bobs-draft';

before(async () => {
  ({ site, http, panel } = served = await serveTestSite());
  for (const key of ['ann', 'bob', 'carl'] as const) jars[key] = await served.signIn(`${key}@example.org`);
  // A kept revision to share: the text before this change.
  await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/bobs-draft', body: 'Plans, second version.' });
});
after(() => served.close());

const shareSection = (html: string) => html.slice(html.indexOf('<section class="card" id="share"'), html.indexOf('</section>', html.indexOf('id="share"')) + 10);
const madeLink = (html: string) => /id="made-link" readonly value="([^"]+)"/.exec(html)?.[1];
const pathOf = (url: string) => new URL(url.replaceAll('&amp;', '&')).pathname;

async function make(jar: Jar, what: string, hours: string): Promise<{ status: number; text: string }> {
  const page = await get(panel, ENTRY, jar);
  const { res, text } = await post(panel, '/svc/panel/preview-links', { csrf: csrfOf(page.text), id: 'posts/bobs-draft', what, hours }, jar);
  return { status: res.status, text };
}

test('the entry page offers Share preview: what to show (now, latest, each kept revision) and 1 hour to 7 days', async () => {
  const page = await get(panel, ENTRY, jars.bob);
  const section = shareSection(page.text);
  assert.match(section, /<h2 id="share-title">Share preview<\/h2>/);
  assert.match(section, /<option value="en:now">English \(en\): the text as it is now \(later changes are not shown\)<\/option>/);
  assert.match(section, /<option value="en:latest">English \(en\): always the latest saved text<\/option>/);
  const revision = listRevisions(site.deps.trustedFolders, site.deps.config.dataDir, 'posts/bobs-draft', 'en')[0]!;
  assert.ok(section.includes(`<option value="en:rev:${revision.id}">English (en): the version kept at `));
  assert.match(section, /<option value="1">1 hour<\/option><option value="24" selected>1 day<\/option><option value="72">3 days<\/option><option value="168">7 days<\/option>/);
  assert.match(section, /No open preview links\./);
});

test('a link made in the panel is shown once, opens signed out, pins the chosen revision, and is listed until revoked', async () => {
  const revision = listRevisions(site.deps.trustedFolders, site.deps.config.dataDir, 'posts/bobs-draft', 'en')[0]!;
  const made = await make(jars.bob, `en:rev:${revision.id}`, '72');
  assert.equal(made.status, 201);
  const url = madeLink(made.text)!;
  assert.match(url, /^http:\/\/127\.0\.0\.1:8080\/svc\/panel\/preview-link\/[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
  assert.match(made.text, /it is shown only once/);
  const shown = await fetch(panel.url + pathOf(url));
  const html = await shown.text();
  assert.equal(shown.status, 200);
  assert.match(html, /Secret plans\./);
  assert.doesNotMatch(html, /second version/);
  assert.match(html, /the version kept at 2026-03-10 13:00, shared by Bob Editor/);
  // Listed for Bob and for Ann (an admin may change the entry), with Revoke; Carl may not see the draft at all.
  const listed = shareSection((await get(panel, ENTRY, jars.bob)).text);
  assert.match(listed, /<td>English \(en\)<\/td><td>the version kept at 2026-03-10 13:00<\/td><td>Bob Editor<\/td><td>2026-03-10 13:00<\/td><td>2026-03-13 13:00<\/td><td><form method="post" action="\/svc\/panel\/preview-links\/revoke">/);
  assert.match(shareSection((await get(panel, ENTRY, jars.ann)).text), /Revoke/);
  assert.equal((await get(panel, ENTRY, jars.carl)).res.status, 404);
  const linkId = /name="link" value="([0-9a-f]{64})"/.exec(listed)![1]!;
  // Carl cannot revoke a link to an entry he may not see; Ann can.
  const carlPage = await get(panel, '/svc/panel/entries/posts/carls-draft', jars.carl);
  const refused = await post(panel, '/svc/panel/preview-links/revoke', { csrf: csrfOf(carlPage.text), id: 'posts/bobs-draft', link: linkId }, jars.carl);
  assert.equal(refused.res.status, 403);
  assert.equal((await fetch(panel.url + pathOf(url))).status, 200);
  const annPage = await get(panel, ENTRY, jars.ann);
  const revoked = await post(panel, '/svc/panel/preview-links/revoke', { csrf: csrfOf(annPage.text), id: 'posts/bobs-draft', link: linkId }, jars.ann);
  assert.equal(revoked.res.status, 303);
  assert.equal(revoked.res.headers.get('location'), `${ENTRY}?done=preview-revoked&language=en#share`);
  assert.equal((await fetch(panel.url + pathOf(url))).status, 410);
  const after = await get(panel, `${ENTRY}?done=preview-revoked&language=en`, jars.ann);
  assert.match(after.text, /English \(en\) has one preview link less: the link you revoked no longer opens\./);
  assert.match(shareSection(after.text), /No open preview links\./);
  const again = await post(panel, '/svc/panel/preview-links/revoke', { csrf: csrfOf(annPage.text), id: 'posts/bobs-draft', link: linkId }, jars.ann);
  assert.equal(again.res.status, 404);
  const history = readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: 'posts/bobs-draft' }).filter((record) => record.action.startsWith('preview_link'));
  assert.deepEqual(history.map((record) => [record.action, record.person, record.via, record.token]), [['preview_link_revoked', 'ann', 'panel', null], ['preview_link', 'bob', 'panel', null]]);
});

test('a wrong expiry, an unknown choice, a translation one may not see or a missing CSRF token make nothing', async () => {
  for (const hours of ['0', '169', '', 'week', '1e3', '24.5']) {
    const answer = await make(jars.bob, 'en:now', hours);
    assert.equal(answer.status, 422, hours);
    assert.match(answer.text, /A preview link lasts 1 to 168 hours/);
  }
  for (const what of ['xx:now', 'en:forever', 'en:rev:nope', 'en:rev:../../site-secret', '']) {
    const answer = await make(jars.bob, what, '24');
    assert.ok(answer.status === 404 || answer.status === 422, `${what}: ${answer.status}`);
  }
  const carl = await get(panel, '/svc/panel/entries/posts/carls-draft', jars.carl);
  const hidden = await post(panel, '/svc/panel/preview-links', { csrf: csrfOf(carl.text), id: 'posts/bobs-draft', what: 'en:now', hours: '24' }, jars.carl);
  assert.equal(hidden.res.status, 404);
  const forged = await post(panel, '/svc/panel/preview-links', { csrf: 'nope', id: 'posts/bobs-draft', what: 'en:now', hours: '24' }, jars.bob);
  assert.equal(forged.res.status, 403);
  assert.equal(shareSection((await get(panel, ENTRY, jars.bob)).text).includes('<table>'), false);
});
