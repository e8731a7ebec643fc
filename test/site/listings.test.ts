// List pages of the types with addresses: /recipes and /tag per language, ten a page from the sorted lists,
// and a page's child pages on the page itself; read through the real server over the fixture site.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { entry, entryText } from '../helpers/write-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

const published = (title: string, at: string) => ({ title, status: 'published', date: at, published: at, author: 'admin' });
const EXTRA: Record<string, string> = {
  'content/recipes/draft-dish/en.md': entryText(entry({ title: 'Draft Dish', status: 'draft', date: '2026-01-01 10:00' })),
  'content/recipes/soup/de.md': entryText(entry(published('Gerstensuppe', '2025-11-01 10:00'))),
  'content/pages/about/history/en.md': entryText(entry(published('History', '2025-01-03 10:00'), 'Since 1990.')),
  'content/pages/about/secret/en.md': entryText(entry({ title: 'Secret Page', status: 'draft', date: '2025-01-04 10:00' })),
  'content/pages/about/team/lead/en.md': entryText(entry(published('Lead', '2025-01-05 10:00'))),
};
// Twelve recipes dated a day apart: two pages.
for (let day = 1; day <= 12; day++) {
  const dd = String(day).padStart(2, '0');
  EXTRA[`content/recipes/dish-${dd}/en.md`] = entryText(entry({ ...published(`Dish ${dd}`, `2025-10-${dd} 10:00`), excerpt: `Dish number ${day}.` }));
}

/** How long a hand edit may take to show here: generous, since the suite runs beside other work (no timing is asserted). */
const SEEN_WITHIN = 15_000;

let root: string;
let server: TestServer;
before(async () => {
  root = createFixtureSite(EXTRA);
  server = await startTestServer(root);
});
after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

async function get(path: string) {
  const response = await fetch(server.url + path);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const titles = (html: string) => [...html.matchAll(/<h([23])><a href="([^"]*)">([^<]*)<\/a><\/h\1>/g)].map((match) => `${match[3]} ${match[2]}`);

test('/recipes lists the published recipes newest first, ten a page, with a pager; past the last page is 404', async () => {
  const first = await get('/recipes');
  assert.equal(first.status, 200);
  assert.equal(first.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.deepEqual(titles(first.text), [
    'Barley Soup /recipes/soup', ...[12, 11, 10, 9, 8, 7, 6, 5, 4].map((n) => `Dish ${String(n).padStart(2, '0')} /recipes/dish-${String(n).padStart(2, '0')}`),
  ]);
  assert.ok(first.text.includes('<p>Dish number 12.</p>'));
  assert.ok(first.text.includes('<span>Page 1 of 2</span><a rel="next" href="/recipes?page=2">'));
  const second = await get('/recipes?page=2');
  assert.equal(second.status, 200);
  assert.deepEqual(titles(second.text), ['Dish 03 /recipes/dish-03', 'Dish 02 /recipes/dish-02', 'Dish 01 /recipes/dish-01']);
  assert.ok(second.text.includes('<a rel="prev" href="/recipes">'));
  assert.doesNotMatch(first.text + second.text, /Draft Dish/);
  for (const path of ['/recipes?page=3', '/recipes?page=0', '/recipes?page=abc', '/recipes?page=1.5']) assert.equal((await get(path)).status, 404, path);
});

test('each language has its own list page of a type, listing that language only', async () => {
  const german = await get('/de/recipes');
  assert.equal(german.status, 200);
  assert.deepEqual(titles(german.text), ['Gerstensuppe /de/recipes/soup']);
  assert.ok(german.text.includes('<html lang="de">'));
  assert.equal((await get('/fr/recipes')).status, 404);
  assert.equal((await get('/en/recipes')).status, 404, 'the default language has no prefix');
});

test('/tag lists the tags of a language', async () => {
  assert.deepEqual(titles((await get('/tag')).text).sort(), ['News /tag/news', 'Travel /tag/travel']);
  assert.deepEqual(titles((await get('/de/tag')).text), ['Neuigkeiten /de/tag/news']);
});

test('a page lists its published child pages (not their children), paged like the other lists', async () => {
  const about = await get('/about');
  assert.equal(about.status, 200);
  assert.ok(about.text.includes('<section class="subpages" aria-labelledby="subpages-title"><h2 id="subpages-title">In this section</h2>'));
  assert.deepEqual(titles(about.text), ['History /about/history', 'Team /about/team']);
  assert.ok(about.text.includes('<h3><a href="/about/history">History</a></h3>'), 'one level below the section heading');
  assert.doesNotMatch(about.text, /Secret Page|Lead/);
  assert.deepEqual(titles((await get('/about/team')).text), ['Lead /about/team/lead']);
  const leaf = await get('/about/history');
  assert.doesNotMatch(leaf.text, /class="subpages"/, 'a page without children lists nothing');
  assert.equal((await get('/about?page=2')).status, 404);
  assert.doesNotMatch((await get('/de/ueber-uns')).text, /class="subpages"/, 'no German child pages');
});

test("an entry's own address comes before a type's list page", async () => {
  mkdirSync(join(root, 'content/pages/recipes'), { recursive: true });
  writeFileSync(join(root, 'content/pages/recipes/en.md'), entryText(entry(published('Our Recipes', '2025-01-01 10:00'), 'Hand-picked.')));
  try {
    await waitFor(async () => assert.match((await get('/recipes')).text, /<h1>Our Recipes<\/h1>/), SEEN_WITHIN);
  } finally {
    rmSync(join(root, 'content/pages/recipes'), { recursive: true, force: true });
  }
  await waitFor(async () => assert.match((await get('/recipes')).text, /<h1>Recipes<\/h1>/), SEEN_WITHIN);
});

test('a list page keeps a strong ETag answered with 304, and a new recipe on disk shows on it with a new one', async () => {
  const before = await fetch(`${server.url}/recipes`);
  const etag = before.headers.get('etag')!;
  assert.match(etag, /^"[A-Za-z0-9_-]{32}"$/);
  assert.equal(before.headers.get('cache-control'), 'public, max-age=60, s-maxage=60, stale-while-revalidate=60, stale-if-error=86400');
  await before.text();
  const again = await fetch(`${server.url}/recipes`, { headers: { 'if-none-match': etag } });
  assert.equal(again.status, 304);
  mkdirSync(join(root, 'content/recipes/zest'), { recursive: true });
  writeFileSync(join(root, 'content/recipes/zest/en.md'), entryText(entry(published('Lemon Zest', '2026-05-01 10:00'))));
  await waitFor(async () => assert.equal(titles((await get('/recipes')).text)[0], 'Lemon Zest /recipes/zest'), SEEN_WITHIN);
  const changed = await fetch(`${server.url}/recipes`, { headers: { 'if-none-match': etag } });
  assert.equal(changed.status, 200);
  await changed.text();
});

test('cover links are named by the cover (the entry title) and the sitemap lists the list pages', async () => {
  const home = await get('/');
  assert.ok(home.text.includes('<a class="cover" href="/hello" tabindex="-1"><img src="/media/posts/hello/cover.png"'));
  assert.match(home.text, /<a class="cover" href="\/hello" tabindex="-1"><img [^>]*alt="Hello World"/);
  assert.doesNotMatch(home.text, /alt=""/);
  const sitemap = (await get('/sitemap.xml')).text;
  for (const path of ['/recipes', '/de/recipes', '/tag', '/de/tag']) assert.ok(sitemap.includes(`<loc>${server.url}${path}</loc>`), path);
  assert.ok(sitemap.includes(`<xhtml:link rel="alternate" hreflang="de" href="${server.url}/de/recipes"/>`));
});
