// Revisions in the panel over real HTTP: each translation's kept texts and the kept CSS newest first in the
// site's time zone with who wrote them and through what; a diff of any against now (fields one by one, the
// body by words); Restore, which keeps the current text first and is recorded `via: panel`; rights per role.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';
import { readHistory } from '../../dist/content/history.js';
import { listRevisions, listStyleVersions } from '../../dist/content/revisions.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
const jars: Record<string, Jar> = {};
const PAGE = '/svc/panel/revisions';

before(async () => {
  ({ site, http, panel } = served = await serveTestSite());
  for (const key of ['ann', 'bob', 'ava', 'carl'] as const) jars[key] = await served.signIn(`${key}@example.org`);
  // Two changes through MCP (2026-03-10 13:00 and 13:05 in Berlin) and one in the panel's store by Bob.
  await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/hello', language: 'en', title: 'Hello Alps!', body: 'Welcome to the high mountains.\n\nBring water.', fields: { excerpt: 'The first post.' } });
  site.clock.now += 5 * 60_000;
  await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/hello', language: 'en', body: 'Welcome to the Alps.\n\nBring water and bread.', fields: { tags: ['alps'] } });
  site.clock.now += 5 * 60_000;
  await callTool(site, http.url, site.tokens.admin!, 'content_style', { id: 'posts/hello', css: 'h1 { color: navy; }' });
  site.clock.now += 5 * 60_000;
});
after(() => served.close());

const dataDir = () => join(site.root, 'data');
const fileText = (id: string, language = 'en') => readFileSync(join(site.root, 'content', id, `${language}.md`), 'utf8');
const diffLinks = (html: string) => [...html.matchAll(/href="(\/svc\/panel\/revisions\/diff\?[^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

async function restore(jar: Jar, diffPath: string) {
  const page = await get(panel, diffPath, jar);
  const fields = Object.fromEntries(new URLSearchParams(diffPath.split('?')[1]));
  return post(panel, `${PAGE}/restore`, { csrf: csrfOf(page.text), ...fields }, jar);
}

test('the revisions page lists each translation\'s versions newest first in the site\'s time zone, with writer and via', async () => {
  const { res, text } = await get(panel, `${PAGE}?id=posts/hello`, jars.ann!);
  assert.equal(res.status, 200);
  assert.doesNotMatch(text, /<script/);
  assert.match(text, /<h2>Text in en<\/h2>/);
  assert.match(text, /<h2>Text in de<\/h2>.*No earlier versions of this text\./s);
  const en = /<h2>Text in en<\/h2>(.*?)<\/section>/s.exec(text)![1]!;
  assert.match(en, /Kept at \(Europe\/Berlin\)/);
  const rows = [...en.matchAll(/<tr><td>([^<]+)<\/td><td>(.*?)<\/td><td>(.*?)<\/td>/g)].map((m) => [m[1], m[2], m[3]]);
  // Newest first: the version written by the first MCP change (kept at 13:05), then the file as it was.
  assert.deepEqual(rows, [
    ['2026-03-10 13:05', 'Ann Admin', 'assistant (token “test admin”)'],
    ['2026-03-10 13:00', '<span class="muted">not recorded</span>', ''],
  ]);
  const css = /<h2>CSS \(style\.css\)<\/h2>(.*?)<\/section>/s.exec(text)![1]!;
  assert.match(css, /<td>2026-03-10 13:10<\/td>/);
  assert.equal(diffLinks(text).length, 3);
});

test('the diff of a kept version against now shows the fields one by one and the body by words', async () => {
  const oldest = diffLinks((await get(panel, `${PAGE}?id=posts/hello`, jars.ann!)).text)[1]!;
  const { res, text } = await get(panel, oldest, jars.ann!);
  assert.equal(res.status, 200);
  assert.match(text, /<h1>Compare the en text kept at 2026-03-10 13:00 with now<\/h1>/);
  assert.match(text, /<tr><th scope="row">title<\/th><td><del>Hello Alps<\/del><\/td><td><ins>Hello Alps!<\/ins><\/td><\/tr>/);
  assert.match(text, /<tr><th scope="row">excerpt<\/th><td><del>First post\.<\/del><\/td><td><ins>The first post\.<\/ins><\/td><\/tr>/);
  assert.match(text, /<tr><th scope="row">tags<\/th><td><del>news, alps<\/del><\/td><td><ins>alps<\/ins><\/td><\/tr>/);
  assert.doesNotMatch(text, /<th scope="row">(status|published|author)<\/th>/);
  assert.match(text, /<span class="changed">Welcome<ins> to the Alps<\/ins>\./);
  assert.match(text, /<del>publish everything<\/del><ins>bread<\/ins>\./);
  assert.match(text, /<form method="post" action="\/svc\/panel\/revisions\/restore">/);
});

test('Restore brings the text back, keeps the current one as a revision first, leaves the state alone, and is recorded via panel', async () => {
  const before = fileText('posts/hello');
  const revisionsBefore = listRevisions(new TrustedFolders([dataDir()]), dataDir(), 'posts/hello', 'en').length;
  const oldest = diffLinks((await get(panel, `${PAGE}?id=posts/hello`, jars.bob!)).text)[1]!;
  const { res } = await restore(jars.bob!, oldest);
  assert.equal(res.status, 303);
  assert.equal(res.headers.get('location'), `${PAGE}?id=posts%2Fhello&done=restored`);
  const now = parseFrontMatter(fileText('posts/hello'));
  assert.equal(now.fields.title, 'Hello Alps');
  assert.equal(now.fields.excerpt, 'First post.');
  assert.deepEqual(now.fields.tags, ['news', 'alps']);
  assert.equal(now.body.startsWith('Welcome.\n'), true);
  assert.equal(now.fields.status, 'published');
  assert.equal(now.fields.published, '2026-03-01 09:00');
  assert.equal(now.fields.author, 'ann');
  const kept = listRevisions(new TrustedFolders([dataDir()]), dataDir(), 'posts/hello', 'en');
  assert.equal(kept.length, revisionsBefore + 1);
  assert.equal(readFileSync(join(dataDir(), 'revisions', 'posts', 'hello', 'en', `${kept[0]!.id}.md`), 'utf8'), before);
  const record = readHistory(new TrustedFolders([dataDir()]), dataDir(), { entry: 'posts/hello', limit: 1 })[0]!;
  assert.deepEqual([record.action, record.person, record.via, record.token, record.language], ['restore', 'bob', 'panel', null, 'en']);
  assert.match(record.detail!, /^restored the version kept at 2026-03-10T12-0\d-\d\d-\d{3}Z$/);
  const page = await get(panel, `${PAGE}?id=posts/hello&done=restored`, jars.bob!);
  assert.match(page.text, /Restored\. The text it replaced is kept as a version\./);
  // Restoring the same version again changes nothing and says so.
  site.clock.now += 60_000;
  const again = await restore(jars.bob!, oldest);
  assert.equal(again.res.status, 409);
  assert.match(again.text, /This version is the same as the current one; nothing was changed\./);
  assert.equal(listRevisions(new TrustedFolders([dataDir()]), dataDir(), 'posts/hello', 'en').length, revisionsBefore + 1);
});

test('style.css versions: diff by lines and Restore, recorded via panel', async () => {
  const links = diffLinks((await get(panel, `${PAGE}?id=posts/hello`, jars.ann!)).text).filter((link) => link.includes('style='));
  assert.equal(links.length, 1);
  const diff = await get(panel, links[0]!, jars.ann!);
  assert.equal(diff.res.status, 200);
  assert.match(diff.text, /<h1>Compare the CSS kept at 2026-03-10 13:10 with now<\/h1>/);
  assert.match(diff.text, /<del>teal<\/del>/);
  assert.match(diff.text, /<ins>navy<\/ins>/);
  site.clock.now += 60_000;
  const { res } = await restore(jars.ann!, links[0]!);
  assert.equal(res.status, 303);
  // Back to teal, cleaned again as every saved CSS is.
  const css = readFileSync(join(site.root, 'content', 'posts', 'hello', 'style.css'), 'utf8');
  assert.match(css, /color: teal/);
  assert.doesNotMatch(css, /navy/);
  const versions = listStyleVersions(new TrustedFolders([dataDir()]), dataDir(), 'posts/hello');
  assert.equal(versions.length, 2);
  assert.match(readFileSync(join(dataDir(), 'styles', 'posts', 'hello', `${versions[0]!.id}.css`), 'utf8'), /navy/);
  const record = readHistory(new TrustedFolders([dataDir()]), dataDir(), { entry: 'posts/hello', limit: 1 })[0]!;
  assert.deepEqual([record.action, record.person, record.via, record.language], ['restore', 'ann', 'panel', null]);
  assert.match(record.detail!, /^restored the CSS version kept at /);
});

test('rights: a contributor sees a published entry\'s versions but may not restore; others\' drafts stay hidden', async () => {
  const links = diffLinks((await get(panel, `${PAGE}?id=posts/hello`, jars.carl!)).text);
  assert.ok(links.length > 0);
  const diff = await get(panel, links[0]!, jars.carl!);
  assert.equal(diff.res.status, 200);
  assert.doesNotMatch(diff.text, /action="\/svc\/panel\/revisions\/restore"/);
  assert.match(diff.text, /may only change your own entries/);
  const before = fileText('posts/hello');
  const fields = Object.fromEntries(new URLSearchParams(links[0]!.split('?')[1]));
  const refused = await post(panel, `${PAGE}/restore`, { csrf: csrfOf(diff.text), ...fields }, jars.carl!);
  assert.equal(refused.res.status, 403);
  assert.match(refused.text, /may only change your own entries/);
  assert.equal(fileText('posts/hello'), before);
  // A contributor cannot see Bob's draft, nor its versions; an editor restores nothing there without a version.
  assert.equal((await get(panel, `${PAGE}?id=posts/bobs-draft`, jars.carl!)).res.status, 404);
  assert.equal((await get(panel, `${PAGE}/diff?id=posts/bobs-draft&language=en&revision=2026-03-10T12-00-00-000Z`, jars.carl!)).res.status, 404);
  const hidden = await post(panel, `${PAGE}/restore`, { csrf: csrfOf(diff.text), id: 'posts/bobs-draft', language: 'en', revision: '2026-03-10T12-00-00-000Z' }, jars.carl!);
  assert.equal(hidden.res.status, 404);
});

test('bad input: unknown or malformed ids and versions get a sentence and change nothing; no CSRF, no restore', async () => {
  const before = fileText('posts/hello');
  for (const path of [
    `${PAGE}?id=../../etc`, `${PAGE}?id=posts/nope`,
    `${PAGE}/diff?id=posts/hello&language=en&revision=../../../secret`,
    `${PAGE}/diff?id=posts/hello&language=en&revision=2020-01-01T00-00-00-000Z`,
    `${PAGE}/diff?id=posts/hello&language=xx&revision=2026-03-10T12-00-00-000Z`,
    `${PAGE}/diff?id=posts/hello&style=..%2F..%2Fstyle`,
  ]) {
    const { res, text } = await get(panel, path, jars.ann!);
    assert.equal(res.status, 404, path);
    assert.match(text, /<div class="card"><p>[^<]+\.<\/p>/, path);
  }
  const links = diffLinks((await get(panel, `${PAGE}?id=posts/hello`, jars.ann!)).text);
  const fields = Object.fromEntries(new URLSearchParams(links[0]!.split('?')[1]));
  assert.equal((await post(panel, `${PAGE}/restore`, { ...fields }, jars.ann!)).res.status, 403);
  assert.equal((await post(panel, `${PAGE}/restore`, { csrf: 'x'.repeat(32), ...fields })).res.status, 403);
  const page = await get(panel, links[0]!, jars.ann!);
  const bad = await post(panel, `${PAGE}/restore`, { csrf: csrfOf(page.text), id: 'posts/hello', language: 'en', revision: '../../x' }, jars.ann!);
  assert.equal(bad.res.status, 422);
  assert.match(bad.text, /That is not a version id; list the versions first\./);
  assert.equal(fileText('posts/hello'), before);
  assert.equal(existsSync(join(site.root, 'x.md')), false);
});
