// The preview through the real server: any translation (draft, scheduled, waiting for approval) exactly as
// its public page renders (theme, cards, style.css, cover), marked as a preview, noindex, never cached;
// unsaved text from the edit form; and never shown to anyone else (another person, a signed-out visitor, a
// token).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { editForm } from '../helpers/panel-forms.ts';
import { makePng } from '../helpers/images.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { listRevisions } from '../../dist/content/revisions.js';

let served: ServedSite;
let site: TestSite;
let panel: PanelAddress;
const jars: Record<string, Jar> = {};

before(async () => {
  site = await makeTestSite();
  mkdirSync(join(site.root, 'content/media/posts/hello'), { recursive: true });
  writeFileSync(join(site.root, 'content/media/posts/hello/cover.png'), makePng(60, 40));
  const file = join(site.root, 'content/posts/hello/en.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace('excerpt: "First post."', 'excerpt: "First post."\ncover: media/posts/hello/cover.png'));
  site.deps.content.invalidate();
  ({ panel } = served = await serveTestSite({ site }));
  for (const key of ['ann', 'bob', 'carl'] as const) jars[key] = await served.signIn(`${key}@example.org`);
});
after(() => served.close());

const mainOf = (html: string) => html.slice(html.indexOf('<main>'), html.indexOf('</main>') + 7);

test('a published translation\'s preview is its public page: theme, cards, style.css and cover, plus the preview bar', async () => {
  const preview = await get(panel, '/svc/panel/preview/posts/hello?language=en', jars.ann);
  assert.equal(preview.res.status, 200);
  const page = await (await fetch(`${panel.url}/hello`)).text();
  assert.equal(mainOf(preview.text), mainOf(page));
  assert.match(page, /<figure class="entry-cover"><img src="\/media\/posts\/hello\/cover\.png" srcset="\/media\/posts\/hello\/cover\.png 60w" sizes="[^"]+" width="60" height="40" alt=""><\/figure>/);
  assert.match(preview.text, /<div class="card-callout card-callout-tip">/);
  assert.match(preview.text, /<style id="entry-style">main h1 \{\n  color: teal;/);
  assert.match(preview.text, /<header class="site"><a class="brand" href="\/">Test Alps<\/a>/);
  assert.match(preview.text, /<div class="svc-preview-bar" role="status"><span>Preview \(published\) of http:\/\/127\.0\.0\.1:8080\/hello: only people of the team see this\.<\/span><a href="\/svc\/panel\/entries\/posts\/hello#lang-en" target="_top">Back to the editor<\/a><\/div>/);
  assert.match(preview.text, /<meta name="robots" content="noindex, nofollow">/);
  // Neither counted nor asking for consent: a preview is not a visit.
  assert.doesNotMatch(preview.text, /<script|id="svc-consent"/);
  assert.equal(preview.res.headers.get('cache-control'), 'no-store, private');
  assert.equal(preview.res.headers.get('x-robots-tag'), 'noindex, nofollow');
  assert.equal(preview.res.headers.get('content-security-policy'), "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'");
  assert.equal(preview.res.headers.get('x-frame-options'), 'SAMEORIGIN');
});

test('drafts, scheduled translations and those waiting for approval are previewed by people who may see them', async () => {
  const draft = await get(panel, '/svc/panel/preview/posts/hello?language=de', jars.ann);
  assert.equal(draft.res.status, 200);
  assert.match(draft.text, /<html lang="de">/);
  assert.match(draft.text, /<h1>Hallo Alpen<\/h1>\n<p class="meta">.*<p>Willkommen\.<\/p>/s);
  assert.match(draft.text, /Preview \(draft\) of http:\/\/127\.0\.0\.1:8080\/de\/hello/);
  const scheduled = await get(panel, '/svc/panel/preview/posts/later', jars.bob);
  assert.equal(scheduled.res.status, 200, 'the default language when none is named');
  assert.match(scheduled.text, /Preview \(scheduled\)/);
  assert.match(scheduled.text, /<p>Soon\.<\/p>/);
  site.writeEntry('content/posts/asked/en.md', { fields: { title: 'Asked', status: 'draft', author: 'carl', review: 'requested' }, body: 'Please publish.' });
  const waiting = await get(panel, '/svc/panel/preview/posts/asked', jars.bob);
  assert.equal(waiting.res.status, 200);
  assert.match(waiting.text, /<p>Please publish\.<\/p>/);
  // The public site still has none of them.
  assert.equal((await fetch(`${panel.url}/de/hello`)).status, 404);
  assert.equal((await fetch(`${panel.url}/later`)).status, 404);
  // The entry page links its preview.
  assert.match((await get(panel, '/svc/panel/entries/posts/hello', jars.ann)).text, /<a href="\/svc\/panel\/preview\/posts\/hello\?language=de">Open the preview<\/a>/);
});

test('nobody else sees a preview: another person, a signed-out visitor, a token', async () => {
  // Carl may not see Bob's draft, nor Ann's German draft.
  for (const path of ['/svc/panel/preview/posts/bobs-draft', '/svc/panel/preview/posts/hello?language=de', '/svc/panel/preview/posts/later']) {
    const other = await get(panel, path, jars.carl);
    assert.equal(other.res.status, 404, path);
    assert.match(other.text, /This entry does not exist, or your role may not see it\./, path);
    assert.doesNotMatch(other.text, /Secret plans|Willkommen|Soon\./, path);
  }
  const visitor = await get(panel, '/svc/panel/preview/posts/bobs-draft', new Jar());
  assert.equal(visitor.res.status, 303);
  assert.equal(visitor.res.headers.get('location'), `/svc/panel/sign-in?next=${encodeURIComponent('/svc/panel/preview/posts/bobs-draft')}`);
  const token = await fetch(`${panel.url}/svc/panel/preview/posts/bobs-draft`, { redirect: 'manual', headers: { authorization: `Bearer ${site.tokens.admin}` } });
  assert.equal(token.status, 303, 'a token is not a panel session');
  assert.doesNotMatch(await token.text(), /Secret plans/);
  const tokenPost = await fetch(`${panel.url}/svc/panel/preview`, { method: 'POST', redirect: 'manual', headers: { authorization: `Bearer ${site.tokens.admin}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'id=posts%2Fbobs-draft&language=en&body=x' });
  assert.equal(tokenPost.status, 403);
  for (const path of ['/svc/panel/preview/posts/nope', '/svc/panel/preview/posts/Hello', '/svc/panel/preview/posts/hello?language=fr', '/svc/panel/preview/x']) {
    assert.equal((await get(panel, path, jars.ann)).res.status, 404, path);
  }
});

test('the Preview button shows the text on the screen, unsaved: cards and fields included, nothing written', async () => {
  const id = 'posts/bobs-draft';
  const html = (await get(panel, `/svc/panel/entries/${id}`, jars.bob)).text;
  assert.match(html, /<button type="submit" formaction="\/svc\/panel\/preview" formtarget="_blank" formnovalidate class="secondary" data-preview>Preview what is on the screen<\/button>/);
  const before = readFileSync(join(site.root, 'content', id, 'en.md'), 'utf8');
  const fields = { ...editForm(html), title: 'Unsaved <title>', body: 'Typed **now**.\n\n::: callout warning\nMind the <gap>.\n:::\n', 'field:events:start': '2026-06-01T10:00' };
  const preview = await post(panel, '/svc/panel/preview', fields, jars.bob);
  assert.equal(preview.res.status, 200);
  assert.match(preview.text, /<h1>Unsaved &lt;title&gt;<\/h1>/);
  assert.match(preview.text, /<p>Typed <strong>now<\/strong>\.<\/p>/);
  assert.match(preview.text, /<div class="card-callout card-callout-warning">/);
  assert.match(preview.text, /Mind the &lt;gap&gt;\./, 'raw HTML stays escaped');
  assert.match(preview.text, /Preview \(unsaved text\)/);
  assert.equal(preview.res.headers.get('cache-control'), 'no-store, private');
  assert.equal(readFileSync(join(site.root, 'content', id, 'en.md'), 'utf8'), before);
  assert.equal(listRevisions(site.deps.trustedFolders, site.deps.config.dataDir, id, 'en').length, 0);
  // The category's fields show as the public page shows them.
  const event = await post(panel, '/svc/panel/preview', { ...editForm(html), category: 'events', 'field:events:start': '2026-06-01T10:00', 'field:events:location': 'Lienz' }, jars.bob);
  assert.match(event.text, /<p class="meta"><time[^>]*>[^<]+<\/time> · <time datetime="2026-06-01T10:00:00\+02:00">[^<]+<\/time> · Lienz<\/p>/);
  // Without the CSRF token, or for a translation the person may not see: refused.
  const { csrf: _, ...noToken } = fields;
  assert.equal((await post(panel, '/svc/panel/preview', noToken, jars.bob)).res.status, 403);
  const hidden = await post(panel, '/svc/panel/preview', { ...fields, csrf: csrfOf((await get(panel, '/svc/panel/entries', jars.carl)).text) }, jars.carl);
  assert.equal(hidden.res.status, 404);
  assert.doesNotMatch(hidden.text, /Typed/);
});
