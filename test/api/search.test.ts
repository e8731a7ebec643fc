// GET /svc/api/v1/entries?q=: full-text search through the Content API (issue 35), on the real server, every
// answer checked against openapi.json (test-server.ts): ranked answers with snippets, drafts only for tokens
// that may read them, paging, and every hostile query answered with 200, 422 or 414, never a 500.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

const API = '/svc/api/v1';
let server: TestServer;
let reader = '';

before(async () => {
  server = await startTestServer(createFixtureSite(), { rateLimits: false });
  const account = await server.deps.auth.accounts.create({ name: 'reader', email: 'reader@example.org', role: 'admin', password: 'a long password 1' });
  reader = server.deps.auth.createToken({ ownerId: account.id, name: 'reader', scopes: ['content:read'], expiresInDays: 30 }).token;
});
after(() => server.close());

async function get(query: string, token?: string): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${server.url}${API}/entries?${query}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

test('while the index is first built a search answers 503 with Retry-After, then the matches', async () => {
  const first = await get('q=trains');
  assert.equal(first.status, 503);
  assert.equal(first.headers.get('retry-after'), '5');
  assert.match(first.body.message, /^The search index is being built \(\d+ % of \d+ entries\); ask again in a few seconds\.$/);
  const found = await waitFor(async () => {
    const answer = await get('q=trains');
    assert.equal(answer.status, 200);
    return answer.body;
  });
  assert.deepEqual(found.meta, { page: 1, pages: 1, total: 1 });
  const [hit] = found.data;
  assert.equal(hit.id, 'posts/second');
  assert.deepEqual(Object.keys(hit), ['id', 'title', 'url', 'status', 'date', 'excerpt', 'tags', 'cover', 'translations', 'fields', 'snippet', 'score']);
  assert.equal(hit.snippet, 'Another post about <mark>trains</mark>.');
  assert.ok(hit.score > 0);
});

test('title matches come first; fields selects the keys, snippet and score only where named', async () => {
  const { body } = await get('q=concert&fields=id,title');
  assert.deepEqual(body.data.map((row: any) => row.id), ['posts/concert', 'posts/old-concert']);
  assert.deepEqual(Object.keys(body.data[0]), ['id', 'title']);
  const named = (await get('q=concert&fields=score,id,snippet')).body.data;
  assert.deepEqual(named.map((row: any) => Object.keys(row)), [['id', 'snippet', 'score'], ['id', 'snippet', 'score']]);
  assert.deepEqual((await get('q=trains&fields=snippet')).body.data, [{ snippet: 'Another post about <mark>trains</mark>.' }]);
  const scores = (await get('q=trains&fields=score')).body.data;
  assert.deepEqual(Object.keys(scores[0]), ['score']);
  assert.ok(scores[0].score > 0);
  // formats alone chooses the body's forms, not the rest: every key, then snippet and score, as without it.
  assert.deepEqual(Object.keys((await get('q=trains&formats=plaintext')).body.data[0]), ['id', 'title', 'url', 'status', 'date', 'excerpt', 'tags', 'cover', 'translations', 'fields', 'plaintext', 'snippet', 'score']);
  const unknown = await get('q=trains&fields=id,rank');
  assert.equal(unknown.status, 422);
  assert.equal(unknown.body.message, 'The parameter fields names an unknown name: "rank"; the known ones are id, title, url, status, date, excerpt, tags, cover, translations, fields, markdown, html, plaintext, snippet, score.');
  // Without q there is no snippet nor score to name.
  assert.equal((await get('fields=snippet')).status, 422);
  const { body: bodies } = await get('q=welcome&body=1');
  assert.equal(bodies.data[0].id, 'posts/hello');
  assert.equal(typeof bodies.data[0].html, 'string');
});

test('each language searches its own translations, type narrows to one type', async () => {
  assert.deepEqual((await get('q=willkommen&language=de')).body.data.map((row: any) => row.url), ['http://127.0.0.1:' + new URL(server.url).port + '/de/hallo-welt']);
  assert.deepEqual((await get('q=willkommen')).body.data, []);
  assert.deepEqual((await get('q=soup')).body.data, []);
  assert.deepEqual((await get('q=soup&type=recipe')).body.data.map((row: any) => row.id), ['recipes/soup']);
});

test('a draft is never found without a token that may read it', async () => {
  assert.deepEqual((await get('q=contributor')).body, { data: [], meta: { page: 1, pages: 1, total: 0 } });
  assert.deepEqual((await get('q=coming')).body.meta.total, 0);
  assert.equal((await get('q=contributor&status=any')).status, 401);
  assert.deepEqual((await get('q=contributor', reader)).body.meta.total, 0, 'status published is what anyone sees');
  assert.deepEqual((await get('q=contributor&status=any', reader)).body.data.map((row: any) => row.id), ['posts/writer-draft']);
  assert.deepEqual((await get('q=contributor&status=draft', reader)).body.data.map((row: any) => row.id), ['posts/writer-draft']);
  assert.deepEqual((await get('q=coming&status=scheduled', reader)).body.data.map((row: any) => row.id), ['posts/later']);
  // A scheduled post whose time has passed is published (D2): anyone finds it.
  assert.deepEqual((await get('q=live')).body.data.map((row: any) => row.id), ['posts/was-scheduled']);
});

test('pages of results: limit and page as for the list, past the last page nothing', async () => {
  const all = (await get('q=post')).body;
  assert.ok(all.meta.total >= 2);
  const second = (await get('q=post&limit=1&page=2')).body;
  assert.deepEqual(second.meta, { page: 2, pages: all.meta.total, total: all.meta.total });
  assert.deepEqual(second.data.map((row: any) => row.id), [all.data[1].id]);
  assert.deepEqual((await get('q=post&limit=100&page=11')).body.data, []);
  assert.deepEqual((await get('q=post&limit=100&page=999999')).body.data, []);
});

test('hostile queries are words or nothing: 200 with what they find, never a 500', async () => {
  const queries = [
    'NEAR(', 'NEAR(post about, 2)', '"', '"unbalanced', '*', 'AND OR NOT', 'title:second', '{title}:x', '^post', 'the of and a',
    '...!?;:', '\u0000', 'post\u0000about', '"" "" ""', '-post', 'p*', "' OR 1=1 --", '\ud83d\ude00', 'x'.repeat(256),
  ];
  for (const q of queries) {
    const answer = await get(`q=${encodeURIComponent(q)}`);
    assert.equal(answer.status, 200, `${JSON.stringify(q.slice(0, 20))}: ${JSON.stringify(answer.body)}`);
    assert.ok(Array.isArray(answer.body.data));
  }
  assert.deepEqual((await get(`q=${encodeURIComponent('title:second')}`)).body.data, [], 'a column filter is the words title and second, in that order');
});

test('too long a query is refused with a sentence: 422 past 256 characters, 414 past the address limit', async () => {
  const long = await get(`q=${'x'.repeat(257)}`);
  assert.equal(long.status, 422);
  assert.equal(long.body.message, 'The parameter q is at most 256 characters.');
  const huge = await fetch(`${server.url}${API}/entries?q=${'x'.repeat(10_240)}`);
  assert.equal(huge.status, 414);
  await huge.arrayBuffer();
  const tagged = await get('q=post&tag=news');
  assert.equal(tagged.status, 422);
  assert.equal(tagged.body.message, 'The parameter q searches a whole type: leave out tag and category, or search without them.');
});
