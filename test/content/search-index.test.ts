// Full-text search's index (content/search/) on a real site folder with a real SQLite file: what it finds
// and in what order, who finds drafts, and that it keeps in step with every kind of change through the change
// feed: made through MCP, by hand on disk, and a file removed or damaged under it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, truncateSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { entry, makeSiteFolder, writeEntryFile, writeSite } from '../helpers/write-site.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { ContentStore } from '../../dist/content/store.js';
import type { Principal } from '../../src/auth/principal.ts';
import { searcherOf } from '../../dist/content/content-rights.js';
import type { SearchRequest } from '../../src/content/search/site-search.ts';
import { SiteSearch, snippetHtml, snippetMarkdown } from '../../dist/content/search/site-search.js';
import { get } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;

before(async () => {
  site = await makeTestSite();
  const published = (title: string, body: string, extra: Record<string, string | string[]> = {}) => entry({ title, status: 'published', published: '2026-03-02 09:00', author: 'ann', ...extra }, body);
  writeEntryFile(site.root, 'content/posts/garden-tools/en.md', published('Garden tools', 'Spades and rakes for every bed.'));
  writeEntryFile(site.root, 'content/posts/spring/en.md', published('Spring', 'We love the garden in spring: the garden is green, the beds are full.', { excerpt: 'A season.' }));
  writeEntryFile(site.root, 'content/posts/spring/de.md', published('Frühling im Café', 'Wir trinken Kaffee im Café am See. Die Gärten blühen.'));
  writeEntryFile(site.root, 'content/posts/rust/en.md', published('Rust notes', 'A <script>alert(1)</script> tag, then a < b && c > d in **bold** words.', { tags: ['open-source'] }));
  site.deps.content.invalidate();
  ({ http } = served = await serveTestSite({ site }));
  await ready(site.deps.content);
});

after(() => served.close());

async function ready(store: ContentStore): Promise<void> {
  store.search.start();
  await waitFor(() => assert.equal(store.search.state().state, 'ready'));
}

const who = (token: string): Principal => site.deps.auth.verify(site.tokens[token]!)!;

/** The ids found for `text`; `principal`: who searches (anyone when left out). */
function find(text: string, options: Partial<SearchRequest> & { principal?: Principal } = {}, store = site.deps.content): string[] {
  const { principal = null, ...rest } = options;
  const found = store.search.search({ text, language: 'en', type: null, searcher: searcherOf(principal), limit: 20, ...rest });
  assert.ok(found.ready, 'the index is built');
  return found.rows.map((row) => `${row.entry.id}:${row.translation.language}`);
}

test('finds words of titles, excerpts, tags and bodies; a title match comes first', () => {
  assert.deepEqual(find('garden'), ['posts/garden-tools:en', 'posts/spring:en']);
  assert.deepEqual(find('season'), ['posts/spring:en']);
  assert.deepEqual(find('open source'), ['posts/rust:en']);
  assert.deepEqual(find('"garden is green"'), ['posts/spring:en']);
  assert.deepEqual(find('"green garden"'), []);
  assert.deepEqual(find('gard*'), ['posts/garden-tools:en', 'posts/spring:en']);
  assert.deepEqual(find('garden -spades'), ['posts/spring:en']);
});

test('English words are stemmed, every language folds accents and case', () => {
  // "walking" and "We walk." meet at the stem walk.
  assert.deepEqual(find('walking'), ['posts/hike-day:en']);
  assert.deepEqual(find('cafe', { language: 'de' }), ['posts/spring:de']);
  assert.deepEqual(find('GARTEN', { language: 'de' }), ['posts/spring:de'], 'Gärten folded');
  assert.deepEqual(find('gart', { language: 'de' }), [], 'no stemming in German: a word is whole');
  assert.deepEqual(find('gart*', { language: 'de' }), ['posts/spring:de']);
  assert.deepEqual(find('FRUHLING', { language: 'de' }), ['posts/spring:de']);
  // Each language searches its own translations.
  assert.deepEqual(find('cafe'), []);
});

test('a snippet holds the matched words marked, escaped for HTML, bold for Markdown; HTML tags are not searched', () => {
  const found = site.deps.content.search.search({ text: 'bold', language: 'en', type: null, searcher: searcherOf(null), limit: 5 });
  assert.ok(found.ready);
  const html = snippetHtml(found.rows[0]!.snippet);
  assert.equal(html, 'A alert(1) tag, then a &lt; b &amp;&amp; c &gt; d in <mark>bold</mark> words.');
  assert.equal(snippetMarkdown(found.rows[0]!.snippet), 'A alert(1) tag, then a < b && c > d in **bold** words.');
  assert.ok(found.rows[0]!.score > 0);
  assert.deepEqual(find('script'), []);
});

test('a draft is never found by anyone but who may read it', () => {
  // Bob's draft ("Secret plans"), Carl's ("Carl writes"), Bob's scheduled post ("Soon.").
  assert.deepEqual(find('secret plans'), []);
  assert.deepEqual(find('secret plans', { principal: who('editor'), status: 'any' }), ['posts/bobs-draft:en']);
  assert.deepEqual(find('secret plans', { principal: who('contributor'), status: 'any' }), []);
  assert.deepEqual(find('carl writes', { principal: who('contributor'), status: 'any' }), ['posts/carls-draft:en']);
  // An author may publish (content.publish): the spec lets them see others' drafts.
  assert.deepEqual(find('carl writes', { principal: who('author'), status: 'any' }), ['posts/carls-draft:en']);
  assert.deepEqual(find('soon'), []);
  assert.deepEqual(find('soon', { principal: who('editor'), status: 'scheduled' }), ['posts/later:en']);
  // A reader with rights asking only for what is published gets what anyone gets.
  assert.deepEqual(find('secret plans', { principal: who('editor'), status: 'published' }), []);
});

test('created, updated, published, unpublished and deleted entries appear and disappear', async () => {
  const admin = site.tokens.admin!;
  const created = await callTool(site, http.url, admin, 'content_create', { title: 'Meadow flowers', body: 'Poppies and cornflowers.' });
  const id = created.structuredContent.id as string;
  await waitFor(() => assert.deepEqual(find('cornflowers', { principal: who('admin'), status: 'any' }), [`${id}:en`]));
  assert.deepEqual(find('cornflowers'), [], 'a new draft is not public');
  await callTool(site, http.url, admin, 'content_update', { id, body: 'Daisies only.' });
  await waitFor(() => assert.deepEqual(find('daisies', { principal: who('admin'), status: 'any' }), [`${id}:en`]));
  assert.deepEqual(find('cornflowers', { principal: who('admin'), status: 'any' }), []);
  await callTool(site, http.url, admin, 'content_publish', { id });
  await waitFor(() => assert.deepEqual(find('daisies'), [`${id}:en`]));
  await callTool(site, http.url, admin, 'content_unpublish', { id });
  await waitFor(() => assert.deepEqual(find('daisies'), []));
  rmSync(join(site.root, 'content', id), { recursive: true });
  await waitFor(() => assert.deepEqual(find('daisies', { principal: who('admin'), status: 'any' }), []));
});

test('entries added and changed by hand on disk appear in search', async () => {
  writeEntryFile(site.root, 'content/posts/by-hand/en.md', entry({ title: 'Written by hand', status: 'published', published: '2026-03-03 09:00' }, 'Quince jelly.'));
  await waitFor(() => assert.deepEqual(find('quince'), ['posts/by-hand:en']), 20_000);
  writeEntryFile(site.root, 'content/posts/by-hand/en.md', entry({ title: 'Written by hand', status: 'published', published: '2026-03-03 09:00' }, 'Plum jam.'));
  await waitFor(() => assert.deepEqual(find('plum'), ['posts/by-hand:en']), 20_000);
  assert.deepEqual(find('quince'), []);
});

test('the panel\'s Site check says where the search index stands', async () => {
  const ann = await served.signIn('ann@example.org');
  const page = await get(served.panel, '/svc/panel/check', ann);
  assert.match(page.text, /<h2>Search index<\/h2><p role="status">Built: \d+ translations searchable, kept in step with every change\.<\/p>/);
});

test('a search index file removed under a running process is built anew', async () => {
  const file = join(site.root, 'data', 'cache', 'search.sqlite');
  rmSync(file);
  const first = site.deps.content.search.search({ text: 'garden', language: 'en', type: null, searcher: searcherOf(null), limit: 5 });
  if (first.ready) assert.equal(first.rows.length, 2);
  await ready(site.deps.content);
  assert.deepEqual(find('garden'), ['posts/garden-tools:en', 'posts/spring:en']);
});

/** A site of its own (no other store has its index open), two posts. */
function smallSite(): string {
  const root = makeSiteFolder('svc-search-');
  writeSite(root, {
    settings: { title: 'Small', description: 'Small.', url: 'https://small.example', languages: { en: 'English' }, default_language: 'en', timezone: 'UTC' },
    entries: {
      'content/posts/garden-tools/en.md': entry({ title: 'Garden tools', status: 'published', published: '2026-03-02 09:00' }, 'Spades.'),
      'content/posts/spring/en.md': entry({ title: 'Spring', status: 'published', published: '2026-03-01 09:00' }, 'The garden in spring.'),
    },
  });
  return root;
}

for (const [damage, how] of [
  ['cut to half', (file: string) => truncateSync(file, Math.floor(statSync(file).size / 2))],
  ['cut to nothing', (file: string) => truncateSync(file, 0)],
  ['overwritten with other bytes', (file: string) => writeFileSync(file, Buffer.alloc(statSync(file).size, 0x41))],
] as const) {
  test(`a search index ${damage} is built anew at the next start`, async () => {
    const root = smallSite();
    const file = join(root, 'data', 'cache', 'search.sqlite');
    const options = { root, clock: Date.now, log: () => {}, cacheDir: join(root, 'data', 'cache'), dataDir: join(root, 'data') };
    const store = new ContentStore(options);
    await ready(store);
    store.close();
    for (const suffix of ['-wal', '-shm']) rmSync(file + suffix, { force: true });
    how(file);
    const again = new ContentStore(options);
    try {
      await ready(again);
      assert.deepEqual(find('garden', {}, again), ['posts/garden-tools:en', 'posts/spring:en']);
    } finally {
      again.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
}

test('a build says on the terminal what it does and how far it is', async () => {
  const root = smallSite();
  const lines: string[] = [];
  const store = new ContentStore({ root, clock: Date.now, log: () => {}, cacheDir: join(root, 'data', 'cache'), dataDir: join(root, 'data') });
  const search = new SiteSearch({
    source: store, trustedFolders: store.trustedFolders, file: join(root, 'data', 'cache', 'search.sqlite'), feed: store.changes!.feed, locksDir: join(root, 'data', 'locks'),
    clock: Date.now, log: (line) => lines.push(line), progressEveryMs: 0,
  });
  try {
    search.start();
    await waitFor(() => assert.equal(search.state().state, 'ready'));
    assert.equal(lines[0], 'svc: building the search index of 2 entries in the background; searches answer once it is built.');
    assert.match(lines.at(-1)!, /^svc: built the search index of 2 entries in \d+\.\d s$/);
  } finally {
    search.close();
    store.close();
    rmSync(root, { recursive: true, force: true });
  }
});
