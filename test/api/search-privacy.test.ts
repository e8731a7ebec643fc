// Full-text search's scores say nothing of what a reader may not see (issue 35: search covers "the entries a
// reader may see"), on the real server: BM25's statistics (how many rows hold a word, their average length)
// come from the rows public when indexed (content/search/search-tables.ts), so an anonymous score is the same
// before and after a contributor saves a draft or an editor schedules a post holding the word, while the
// draft's author and an admin still find it, with a score (the contributor's from her own drafts alone, so
// the post scheduled ahead moves it no more than the anonymous one); an unpublished post leaves the public rows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { callToolAt } from '../helpers/mcp-http.ts';
import { entry, entryText } from '../helpers/write-site.ts';
import { tableOf } from '../helpers/search-rows.ts';
import { waitFor } from '../helpers/wait-for.ts';

const API = '/svc/api/v1';
let server: TestServer;
let contributor = '';
let admin = '';

before(async () => {
  const root = createFixtureSite({
    'content/posts/dumplings/en.md': entryText(entry({ title: 'Soup night', status: 'published', date: '2026-02-10 09:00', published: '2026-02-10 09:00', author: 'admin' }, 'Dumplings in a clear broth, with spring onions.')),
  });
  server = await startTestServer(root, { rateLimits: false });
  const { auth } = server.deps;
  const cora = await auth.accounts.create({ name: 'cora', email: 'cora@example.org', role: 'contributor', password: 'a long password 1' });
  contributor = auth.createToken({ ownerId: cora.id, name: 'cora', scopes: ['content:read', 'content:write'], expiresInDays: 1 }).token;
  const ada = await auth.accounts.create({ name: 'ada', email: 'ada@example.org', role: 'admin', password: 'a long password 2' });
  admin = auth.createToken({ ownerId: ada.id, name: 'ada', scopes: ['content:read', 'content:write', 'content:publish'], expiresInDays: 1 }).token;
});
after(() => server.close());

/** The rows of a search (`id` and `score`), as anyone or as the token's owner. */
async function search(query: string, token?: string): Promise<Array<{ id: string; score: number }>> {
  const response = await fetch(`${server.url}${API}/entries?q=${query}&fields=id,score`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  assert.equal(response.status, 200, await response.clone().text());
  return ((await response.json()) as { data: Array<{ id: string; score: number }> }).data;
}

const indexFile = () => join(server.deps.content.root, 'data', 'cache', 'search.sqlite');

test('an anonymous score is the same after a contributor saves a draft and an editor schedules a post holding the word', async () => {
  const anonymous = await waitFor(() => search('dumplings'));
  assert.deepEqual(anonymous.map((row) => row.id), ['posts/dumplings']);
  assert.ok(anonymous[0]!.score > 0);

  const draft = (await callToolAt(server.url, contributor, 'content_create', { title: 'Notes', body: 'dumplings dumplings merger' })).structuredContent.id as string;
  const own = await waitFor(async () => {
    const rows = await search('dumplings&status=any', contributor);
    assert.deepEqual(rows.map((row) => row.id).sort(), [draft, 'posts/dumplings'].sort());
    return rows;
  });
  // Ranked among her own hidden rows alone (own-rows.ts): one draft holding the word weighs it next to nothing.
  assert.equal(typeof own.find((row) => row.id === draft)!.score, 'number', 'its author finds the draft, with a score');
  const admins = await search('dumplings&status=any', admin);
  assert.ok(admins.find((row) => row.id === draft)!.score > 0, 'and so does an admin');
  assert.deepEqual(await search('dumplings'), anonymous, 'the draft changes nothing anyone sees');
  assert.deepEqual(await search('merger'), []);
  assert.equal(tableOf(indexFile(), draft), 'text_stemmed_hidden');

  const planned = (await callToolAt(server.url, admin, 'content_create', { title: 'Dumpling week', body: 'Dumplings every day, dumplings.' })).structuredContent.id as string;
  await callToolAt(server.url, admin, 'content_publish', { id: planned, at: '2099-06-01 10:00' });
  await waitFor(async () => assert.deepEqual((await search('dumplings&status=scheduled', admin)).map((row) => row.id), [planned]));
  assert.deepEqual(await search('dumplings'), anonymous, 'nor does a post scheduled ahead');
  assert.deepEqual(await search('dumplings&status=any', contributor), own, 'nor what the contributor sees: her draft is ranked among her own');
  assert.equal(tableOf(indexFile(), planned), 'text_stemmed_hidden');
  assert.equal(tableOf(indexFile(), 'posts/dumplings'), 'text_stemmed');
});

test('an unpublished post moves to the rows no anonymous score is made from', async () => {
  await callToolAt(server.url, admin, 'content_unpublish', { id: 'posts/dumplings' });
  await waitFor(() => assert.equal(tableOf(indexFile(), 'posts/dumplings'), 'text_stemmed_hidden'));
  assert.deepEqual(await search('dumplings'), []);
  assert.ok((await search('dumplings&status=any', admin)).some((row) => row.id === 'posts/dumplings'));
});
