// How long a snippet may be (content/search/search-snippet.ts): FTS5 cuts snippets by words, and what is no
// word (a run of `[`, emoji) does not count, so a snippet is cut again by characters around its first match,
// with an ellipsis, its marks balanced. Checked on the function and on every place a snippet is shown, on a
// real server: the Content API, the search page and MCP's content_search.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SNIPPET_MOST_CHARS, snippetHtml, snippetParts } from '../../dist/content/search/search-snippet.js';
import { MARK_CLOSE, MARK_OPEN } from '../../dist/content/search/search-database.js';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { entry, entryText } from '../helpers/write-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { callToolAt } from '../helpers/mcp-http.ts';
import { waitFor } from '../helpers/wait-for.ts';

const marked = (word: string) => `${MARK_OPEN}${word}${MARK_CLOSE}`;
const textLength = (text: string) => Array.from(text).length;
const post = (title: string, body: string) => entryText(entry({ title, status: 'published', date: '2026-01-20 09:00', published: '2026-01-20 09:00', author: 'admin' }, body));

test('a short snippet is left as FTS5 cut it', () => {
  assert.deepEqual(snippetParts(`Fresh ${marked('snow')} today`), [{ text: 'Fresh ', match: false }, { text: 'snow', match: true }, { text: ' today', match: false }]);
});

test('a long snippet is cut around its first match, with ellipses, the match kept marked', () => {
  const parts = snippetParts(`${'['.repeat(20_000)} ${marked('snow')} ${'🙂'.repeat(20_000)}`);
  const text = parts.map((part) => part.text).join('');
  assert.equal(textLength(text), SNIPPET_MOST_CHARS + 2);
  assert.ok(text.startsWith('…[') && text.endsWith('🙂…'), text.slice(0, 20));
  assert.deepEqual(parts.filter((part) => part.match), [{ text: 'snow', match: true }]);
  assert.equal(text.indexOf('snow'), 1 + 80);
  assert.doesNotMatch(text, /[\ud800-\udbff](?![\udc00-\udfff])/, 'no emoji cut in half');
});

test('a match longer than the snippet is cut itself and stays one marked run', () => {
  const html = snippetHtml(snippetParts(`before ${marked('x'.repeat(5_000))} after`));
  assert.equal(html, `before <mark>${'x'.repeat(SNIPPET_MOST_CHARS - 7)}</mark>…`);
});

test('without a match the snippet\'s start is kept', () => {
  const text = snippetParts('a'.repeat(1_000)).map((part) => part.text).join('');
  assert.equal(text, `${'a'.repeat(SNIPPET_MOST_CHARS)}…`);
});

let server: TestServer;
let token = '';

before(async () => {
  server = await startTestServer(createFixtureSite({
    'content/posts/brackets/en.md': post('Brackets', `Fresh snow ${'['.repeat(20_000)} and more`),
    'content/posts/smiles/en.md': post('Smiles', `${'😀'.repeat(20_000)} snow again ${'😀'.repeat(20_000)}`),
  }), { rateLimits: false });
  const account = await server.deps.auth.accounts.create({ name: 'reader', email: 'reader@example.org', role: 'admin', password: 'a long password 1' });
  token = server.deps.auth.createToken({ ownerId: account.id, name: 'reader', scopes: ['content:read'], expiresInDays: 30 }).token;
  server.deps.content.search.start();
  await waitFor(() => assert.equal(server.deps.content.search.state().state, 'ready'));
});
after(() => server.close());

/** At most the cap, plus the ellipses and marks of HTML or Markdown. */
const MOST_SHOWN = SNIPPET_MOST_CHARS + 2 + '<mark></mark>'.length;

test('the Content API, the search page and content_search answer snippets of a bounded length', async () => {
  const api = await (await fetch(`${server.url}/svc/api/v1/entries?q=snow`)).json() as { data: Array<{ id: string; snippet: string }> };
  assert.deepEqual(api.data.map((row) => row.id).sort(), ['posts/brackets', 'posts/smiles']);
  for (const row of api.data) {
    assert.ok(textLength(row.snippet) <= MOST_SHOWN, `${row.id}: ${textLength(row.snippet)} characters`);
    assert.match(row.snippet, /<mark>snow<\/mark>/);
  }
  const page = await (await fetch(`${server.url}/search?q=snow`)).text();
  const shown = [...page.matchAll(/<li><h2>.*?<\/h2><p>(.*?)<\/p><\/li>/g)].map((match) => match[1]!);
  assert.equal(shown.length, 2);
  for (const snippet of shown) assert.ok(textLength(snippet) <= MOST_SHOWN, `${textLength(snippet)} characters`);
  const tool = await callToolAt(server.url, token, 'content_search', { query: 'snow' });
  assert.equal(tool.structuredContent.results.length, 2);
  for (const row of tool.structuredContent.results) {
    assert.ok(textLength(row.snippet) <= SNIPPET_MOST_CHARS + 2 + 4, `${row.id}: ${textLength(row.snippet)} characters`);
    assert.match(row.snippet, /\*\*snow\*\*/);
  }
});
