// /llms.txt, /llms-full.txt and their paged lists: the llms.txt format, the newest few per list on a large
// site with links to the whole lists in pages, ETags, robots.txt's mention, the setting that switches them
// off, and a closed site.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFixtureSite, FIXTURE_SITE_YAML } from '../helpers/fixture-site.ts';
import { entry, entryText } from '../helpers/write-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { signIn, type PanelHarness } from '../helpers/panel-harness.ts';
import { buildSiteConfig } from '../../dist/content/settings/site-config.js';
import { FULL_ENTRY_CHARACTERS, FULL_PAGE_ENTRIES, LIST_PAGE_ENTRIES, LLMS_TXT_ENTRIES } from '../../dist/site/llms-txt.js';

const POSTS = 1_150;
let small: TestServer;
let big: TestServer;

before(async () => {
  small = await startTestServer(createFixtureSite());
  const bigRoot = createFixtureSite({
    'content/posts/long/en.md': entryText(entry({ title: 'A long read', status: 'published', date: '2030-01-01 10:00', published: '2030-01-01 10:00', author: 'admin' }, 'Paragraph of words. '.repeat(1500).replace(/\. /g, '.\n\n'))),
  });
  for (let n = 0; n < POSTS; n++) {
    const folder = join(bigRoot, 'content/posts', `post-${n}`);
    mkdirSync(folder, { recursive: true });
    const day = new Date(Date.UTC(2027, 0, 1) + n * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    writeFileSync(join(folder, 'en.md'), entryText(entry({ title: `Post ${n} ${'[title] '.repeat(40)}`, status: 'published', date: day, published: day, author: 'admin', excerpt: `Excerpt ${n} `.repeat(60) }, `Body ${n}.`)));
  }
  big = await startTestServer(bigRoot);
});
after(async () => {
  await small.close();
  await big.close();
});

test('llms.txt: the title as H1, the description as summary, per type and language the entries linked to their twins', async () => {
  const response = await fetch(`${small.url}/llms.txt`);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
  assert.match(response.headers.get('cache-control')!, /^public, max-age=300,/);
  const text = await response.text();
  assert.ok(text.startsWith('# Fixture Site\n\n> A site for tests.\n\n'), text);
  const sections = [...text.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
  assert.deepEqual(sections, ['Posts (English)', 'Pages (English)', 'Tags (English)', 'Recipes (English)', 'Posts (Deutsch)', 'Pages (Deutsch)', 'Tags (Deutsch)']);
  const posts = text.slice(text.indexOf('## Posts (English)'), text.indexOf('## Pages (English)'));
  assert.deepEqual([...posts.matchAll(/^- \[([^\]]+)\]/gm)].map((match) => match[1]), ['Second Post', 'Hello World', 'Spring Concert', 'Winter Gala', 'Was Scheduled', 'Old Concert'], 'newest first');
  assert.ok(text.includes(`- [Hello World](${small.url}/hello.md): The first post.`));
  assert.ok(text.includes(`- [Hallo Welt](${small.url}/de/hallo-welt.md): Der erste Beitrag.`));
  for (const hidden of ['Admin Draft', 'Writer Draft', 'Later Post']) assert.ok(!text.includes(hidden), hidden);
  const again = await fetch(`${small.url}/llms.txt`, { headers: { 'if-none-match': response.headers.get('etag')! } });
  assert.equal(again.status, 304);
});

test('robots.txt names both files in comments', async () => {
  const robots = await (await fetch(`${small.url}/robots.txt`)).text();
  assert.ok(robots.endsWith(`# llms.txt: ${small.url}/llms.txt\n# llms-full.txt: ${small.url}/llms-full.txt\n`), robots);
});

test('llms-full.txt: the twins of the published entries, newest first, tags left out, with an ETag', async () => {
  const response = await fetch(`${small.url}/llms-full.txt`);
  const text = await response.text();
  const titles = [...text.matchAll(/^title: "(.+)"$/gm)].map((match) => match[1]);
  assert.deepEqual(titles, ['Second Post', 'Hello World', 'Hallo Welt', 'Spring Concert', 'Winter Gala', 'Barley Soup', 'Team', 'About', 'Über uns', 'Was Scheduled', 'Old Concert']);
  assert.ok(text.includes('> **Note**\n>\n> A tip.'), 'cards as in the twins');
  assert.equal((await fetch(`${small.url}/llms-full.txt`, { headers: { 'if-none-match': response.headers.get('etag')! } })).status, 304);
});

test('a large site: the newest few posts, a link to the whole list, whose pages hold every post once, in order', async () => {
  const text = await (await fetch(`${big.url}/llms.txt`)).text();
  assert.ok(Buffer.byteLength(text) < 100 * 1024, `${Buffer.byteLength(text)} bytes`);
  const posts = text.slice(text.indexOf('## Posts (English)'));
  const section = posts.slice(0, posts.indexOf('\n## ', 3));
  // 240 rows shared out among the seven lists of the fixture, the long read first.
  assert.equal([...section.matchAll(/^- \[/gm)].length, Math.floor(LLMS_TXT_ENTRIES / 7) + 1, 'and the link to the whole list');
  const shown = [...section.matchAll(/^- \[Post (\d+) /gm)].map((match) => Number(match[1]));
  assert.deepEqual(shown.slice(0, 3), [POSTS - 1, POSTS - 2, POSTS - 3]);
  assert.ok(posts.includes(`- [All ${POSTS + 7} of them, newest first, ${LIST_PAGE_ENTRIES} a page](${big.url}/llms/en/post.txt)`));
  // Titles and excerpts are cut, so no row grows with what an entry holds.
  assert.ok(text.split('\n').every((line) => line.length < 500), 'every line is short');
  const listed: string[] = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${big.url}/llms/en/post.txt${page > 1 ? `?page=${page}` : ''}`);
    if (response.status === 404) break;
    const list = await response.text();
    assert.ok(list.includes(`Page ${page} of ${Math.ceil((POSTS + 7) / LIST_PAGE_ENTRIES)}`), list.slice(0, 300));
    listed.push(...[...list.matchAll(/^- \[.*?[^\\]\]\((http[^)]+\.md)\)/gm)].map((match) => match[1]!));
  }
  assert.equal(listed.length, POSTS + 7);
  assert.equal(new Set(listed).size, listed.length);
  assert.equal(listed[0], `${big.url}/long.md`);
});

test('llms-full.txt in pages of a stated size; a long text is cut with a link to the whole', async () => {
  const first = await (await fetch(`${big.url}/llms-full.txt`)).text();
  const pages = Math.ceil((POSTS + 12) / FULL_PAGE_ENTRIES);
  assert.ok(first.includes(`${FULL_PAGE_ENTRIES} a page (this is page 1 of ${pages})`), first.slice(0, 500));
  assert.equal([...first.matchAll(/^title: /gm)].length, FULL_PAGE_ENTRIES);
  assert.ok(first.includes(`[The rest of this text](${big.url}/long.md)`));
  assert.ok(first.indexOf('# A long read') < first.indexOf('[The rest of this text]'));
  assert.ok(first.length < FULL_PAGE_ENTRIES * (FULL_ENTRY_CHARACTERS + 2_000));
  assert.ok(first.includes(`[Next page](${big.url}/llms-full.txt?page=2)`));
  const last = await fetch(`${big.url}/llms-full.txt?page=${pages}`);
  assert.equal(last.status, 200);
  assert.ok((await last.text()).includes('[Previous page]'));
  assert.equal((await fetch(`${big.url}/llms-full.txt?page=${pages + 1}`)).status, 404);
});

test('page numbers that are none, unknown lists and languages are 404', async () => {
  for (const path of [
    '/llms.txt?page=2', '/llms.txt?page=0', '/llms-full.txt?page=0', '/llms-full.txt?page=-1', '/llms-full.txt?page=abc', '/llms-full.txt?page=1e3',
    '/llms-full.txt?page=99999999', '/llms/en/post.txt?page=2', '/llms/xx/post.txt', '/llms/en/nothing.txt', '/llms/en/post', '/llms/en/post.txt.txt',
    '/llms/__proto__/post.txt', '/llms/en/__proto__.txt', '/llms/en/%2e%2e.txt', '/llms/de/recipe.txt',
  ]) {
    const response = await fetch(small.url + path);
    assert.equal(response.status, 404, path);
  }
});

test('llms_txt: false switches all of it off, and robots.txt no longer names it; the setting must be a boolean', async () => {
  const off = await startTestServer(createFixtureSite({ 'content/site.yaml': `${FIXTURE_SITE_YAML}llms_txt: false\n` }));
  try {
    for (const path of ['/llms.txt', '/llms-full.txt', '/llms/en/post.txt']) assert.equal((await fetch(off.url + path)).status, 404, path);
    assert.ok(!(await (await fetch(`${off.url}/robots.txt`)).text()).includes('llms'));
    assert.equal((await fetch(`${off.url}/hello.md`)).status, 200, 'the twins stay');
  } finally {
    await off.close();
  }
  const base = { title: 'T', languages: { en: 'English' } };
  assert.equal(buildSiteConfig(base).llmsTxt, true);
  assert.equal(buildSiteConfig({ ...base, llms_txt: false }).llmsTxt, false);
  assert.throws(() => buildSiteConfig({ ...base, llms_txt: 'no' }), /llms_txt/);
});

test('a closed site: only people signed in to the panel, and privately', async () => {
  const closed = await startTestServer(createFixtureSite({ 'content/site.yaml': FIXTURE_SITE_YAML.replace('approval_mode: false', 'approval_mode: false\nclosed: true') }));
  try {
    await closed.deps.auth.accounts.create({ name: 'Eve Editor', email: 'eve@example.org', role: 'editor', password: 'a long password 1' });
    for (const path of ['/llms.txt', '/llms-full.txt', '/llms/en/post.txt']) assert.equal((await fetch(closed.url + path)).status, 404, path);
    const eve = await signIn({ url: closed.url } as PanelHarness, 'eve@example.org', 'a long password 1');
    const response = await fetch(`${closed.url}/llms.txt`, { headers: { cookie: eve.header() } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'private, no-store');
    assert.equal((await fetch(`${closed.url}/llms.txt`, { headers: { 'if-none-match': response.headers.get('etag')! } })).status, 404);
  } finally {
    await closed.close();
  }
});
