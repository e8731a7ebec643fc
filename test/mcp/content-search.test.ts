// content_search (issue 35) on the real HTTP transport: scope content:read, content_list's role rules for
// drafts, the answer's shape (id, title, url, snippet, score; checked against its output schema by
// callTool), a tool error while the index is built, and hostile queries answered as words.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;

before(async () => {
  ({ site, http } = served = await serveTestSite());
});
after(() => served.close());

const search = (token: string, args: Record<string, unknown>) => callTool(site, http.url, site.tokens[token]!, 'content_search', args);
const ids = (result: any) => result.structuredContent.results.map((row: any) => row.id);

test('while the index is being built the tool says so and what to use meanwhile; then it answers', async () => {
  const first = await search('admin', { query: 'walk' });
  assert.equal(first.isError, true);
  assert.match(first.content[0].text, /^The search index is being built \(\d+ % of \d+ entries\); call content_search again in a few seconds, or use content_list with search for words in titles meanwhile\.$/);
  const found = await waitFor(async () => {
    const result = await search('admin', { query: 'walk' });
    assert.notEqual(result.isError, true);
    return result;
  });
  assert.deepEqual(found.structuredContent, {
    count: 1, total: 1,
    results: [{ id: 'posts/hike-day', title: 'Hike day', url: 'http://127.0.0.1:8080/hike-day', snippet: 'We **walk**.', score: found.structuredContent.results[0].score }],
  });
  assert.ok(found.structuredContent.results[0].score > 0);
});

test('drafts follow content_list\'s role rules', async () => {
  assert.deepEqual(ids(await search('editor', { query: 'secret plans' })), ['posts/bobs-draft'], 'an editor sees others\' drafts');
  assert.deepEqual(ids(await search('contributor', { query: 'secret plans' })), [], 'a contributor does not');
  assert.deepEqual(ids(await search('contributor', { query: 'carl writes' })), ['posts/carls-draft'], 'but their own');
  assert.deepEqual(ids(await search('author', { query: 'carl writes' })), ['posts/carls-draft'], 'an author may publish, so sees them too');
  assert.deepEqual(ids(await search('editor', { query: 'secret plans', status: 'published' })), []);
  assert.deepEqual(ids(await search('editor', { query: 'soon', status: 'scheduled' })), ['posts/later']);
});

test('type and language narrow the search; limit and page page it', async () => {
  assert.deepEqual(ids(await search('admin', { query: 'apples' })), ['recipes/strudel']);
  assert.deepEqual(ids(await search('admin', { query: 'apples', type: 'post' })), []);
  assert.deepEqual(ids(await search('admin', { query: 'willkommen', language: 'de' })), ['posts/hello']);
  const all = await search('admin', { query: 'news' });
  assert.ok(all.structuredContent.total >= 2);
  const second = await search('admin', { query: 'news', limit: 1, page: 2 });
  assert.deepEqual(ids(second), [all.structuredContent.results[1].id]);
  assert.equal(second.structuredContent.count, 1);
});

test('a token without content:read, an unknown type or language, and bad arguments get tool errors', async () => {
  const noScope = await search('statsOnly', { query: 'walk' });
  assert.equal(noScope.isError, true);
  assert.match(noScope.content[0].text, /content:read/);
  assert.match((await search('admin', { query: 'walk', type: 'nope' })).content[0].text, /^The site has no content type "nope"\. Call site_info/);
  assert.match((await search('admin', { query: 'walk', language: 'xx' })).content[0].text, /^The site has no language "xx"\. Call site_info/);
  for (const args of [{}, { query: '' }, { query: 'x'.repeat(257) }, { query: 'x'.repeat(10_240) }, { query: 'walk', limit: 51 }, { query: 'walk', page: 0 }, { query: 'walk', near: 2 }]) {
    const refused = await search('admin', args);
    assert.equal(refused.isError, true, JSON.stringify(args).slice(0, 60));
  }
});

test('hostile queries are words or nothing, never a failure', async () => {
  for (const query of ['NEAR(', '"', '*', 'AND OR NOT', 'title:secret', '"unbalanced', '\u0000', '...', 'x'.repeat(256), 'secret*']) {
    const result = await search('contributor', { query });
    assert.notEqual(result.isError, true, JSON.stringify(query).slice(0, 30));
    assert.ok(result.structuredContent.results.every((row: any) => row.id !== 'posts/bobs-draft'), 'never another\'s draft');
  }
});
