// The public search page (issue 35): /search?q= and /<lang>/search?q= in the theme and the page's language,
// public translations only, the reader's words escaped wherever they are shown, never indexed, paged.
import { test, before, after } from 'node:test';
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { writeEntryFile, entry } from '../helpers/write-site.ts';
import { waitFor } from '../helpers/wait-for.ts';

let server: TestServer;

before(async () => {
  const root = createFixtureSite({ 'theme/translations/de.yaml': readFileSync(new URL('../../theme/translations/de.yaml', import.meta.url), 'utf8') });
  // Twelve posts about trains: two pages of results.
  for (let n = 1; n <= 12; n++) writeEntryFile(root, `content/posts/train-${n}/en.md`, entry({ title: `Train ${n}`, status: 'published', published: `2025-05-${String(n).padStart(2, '0')} 09:00` }, 'A ride on the railway.'));
  server = await startTestServer(root, { rateLimits: false });
  server.deps.content.search.start();
  await waitFor(() => assert.equal(server.deps.content.search.state().state, 'ready'));
});
after(() => server.close());

async function page(path: string): Promise<{ status: number; html: string; headers: Headers }> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, html: await response.text(), headers: response.headers };
}

test('the search page lists what is found, best first, with marked snippets, in the theme', async () => {
  const { status, html, headers } = await page('/search?q=another');
  assert.equal(status, 200);
  assert.match(headers.get('content-type')!, /^text\/html/);
  assert.match(html, /<html lang="en">/);
  assert.match(html, /<meta name="robots" content="noindex">/);
  assert.match(html, /<form role="search" method="get" action="\/search" class="search-form"><label for="search-q">Search this site<\/label>/);
  assert.match(html, /<input type="search" id="search-q" name="q" value="another" maxlength="256"/);
  assert.match(html, /One result for “another”/);
  assert.match(html, /<h2><a href="\/second">Second Post<\/a><\/h2><p><mark>Another<\/mark> post about trains\.<\/p>/);
  // English words are found in any of their forms: "trains" finds the twelve posts titled Train and the one about trains.
  assert.match((await page('/search?q=trains')).html, /13 results for “trains”/);
});

test('in another language the page speaks it and searches its translations', async () => {
  const { status, html } = await page('/de/search?q=willkommen');
  assert.equal(status, 200);
  assert.match(html, /<html lang="de">/);
  assert.match(html, /<h1>Suche<\/h1>/);
  assert.match(html, /<a href="\/de\/hallo-welt">Hallo Welt<\/a>/);
  assert.equal((await page('/xx/search?q=x')).status, 404);
});

test('drafts and scheduled posts are never found on the public site', async () => {
  for (const q of ['contributor', 'draft', 'coming']) {
    const { html } = await page(`/search?q=${q}`);
    assert.doesNotMatch(html, /writer-draft|admin-draft|\/later"/, q);
  }
});

test('the reader\'s words are escaped where they are shown; hostile queries are words or nothing', async () => {
  const { html } = await page(`/search?q=${encodeURIComponent('"><script>alert(1)</script>')}`);
  assert.doesNotMatch(html, /<script>alert/);
  assert.match(html, /value="&quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;"/);
  assert.match(html, /Nothing found for “"&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;”/);
  for (const q of ['NEAR(', '"', '*', 'AND OR NOT', 'title:x', '...', '%00']) {
    const answer = await page(`/search?q=${q === '%00' ? q : encodeURIComponent(q)}`);
    assert.equal(answer.status, 200, q);
  }
  assert.match((await page('/search?q=*')).html, /Type a word or two to search for\./);
  assert.match((await page('/search')).html, /<h1>Search<\/h1>/);
  const long = await page(`/search?q=${'x'.repeat(300)}`);
  assert.equal(long.status, 422);
  assert.match(long.html, /That is too long to search for: at most 256 characters\./);
  // Characters as the Content API and content_search count them: an emoji is one, as for a person.
  assert.equal((await page(`/search?q=${encodeURIComponent('😀'.repeat(200))}`)).status, 200);
  assert.equal((await page(`/search?q=${encodeURIComponent('😀'.repeat(257))}`)).status, 422);
});

test('results come in pages of ten, the words kept in the pager\'s links', async () => {
  const first = await page('/search?q=railway');
  assert.match(first.html, /12 results for “railway”/);
  assert.equal([...first.html.matchAll(/<li><h2>/g)].length, 10);
  assert.match(first.html, /<a rel="next" href="\/search\?q=railway&amp;page=2">/);
  const second = await page('/search?q=railway&page=2');
  assert.equal([...second.html.matchAll(/<li><h2>/g)].length, 2);
  assert.match(second.html, /<a rel="prev" href="\/search\?q=railway">/);
  assert.equal((await page('/search?q=railway&page=0')).status, 404);
});

test('past the last page of results the page is a 404, as past the end of every list', async () => {
  assert.equal((await page('/search?q=railway&page=2')).status, 200);
  for (const path of ['/search?q=railway&page=3', '/search?q=railway&page=99', '/search?q=nowhereword&page=2', '/de/search?q=willkommen&page=2']) {
    const { status, html } = await page(path);
    assert.equal(status, 404, path);
    assert.match(html, /<h1>(Not found|Nicht gefunden)<\/h1>/, path);
  }
  // One page is always there, where nothing found is said; a query of no words has no pages to be past.
  assert.equal((await page('/search?q=nowhereword')).status, 200);
  assert.equal((await page('/search?q=*&page=5')).status, 200);
});
