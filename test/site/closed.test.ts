// D13: `closed: true` shows the website only to people signed in to the panel, and the Content API only to
// tokens with content:read; the MCP endpoint is unaffected (it always needs a token).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createFixtureSite, FIXTURE_SITE_YAML } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { signIn, type Jar } from '../helpers/panel-harness.ts';

let server: TestServer;
let reader: string;
let statsOnly: string;
let eve: Jar;

before(async () => {
  const root = createFixtureSite({ 'content/site.yaml': FIXTURE_SITE_YAML.replace('approval_mode: false', 'approval_mode: false\nclosed: true') });
  server = await startTestServer(root);
  const account = await server.deps.auth.accounts.create({ name: 'Eve Editor', email: 'eve@example.org', role: 'editor', password: 'a long password 1' });
  reader = server.deps.auth.createToken({ ownerId: account.id, name: 'reader', scopes: ['content:read'], expiresInDays: 30 }).token;
  statsOnly = server.deps.auth.createToken({ ownerId: account.id, name: 'stats', scopes: ['stats:read'], expiresInDays: 30 }).token;
  eve = await signIn(server, 'eve@example.org', 'a long password 1');
});
after(() => server.close());

test('the Content API needs a token with content:read on a closed site, even for published entries', async () => {
  for (const path of ['/svc/api/v1/site', '/svc/api/v1/entries', '/svc/api/v1/entry?id=posts/hello']) {
    assert.equal((await fetch(server.url + path)).status, 401, path);
    assert.equal((await fetch(server.url + path, { headers: { authorization: `Bearer ${statsOnly}` } })).status, 403, path);
    assert.equal((await fetch(server.url + path, { headers: { authorization: `Bearer ${reader}` } })).status, 200, path);
  }
});

test('pages send people to the panel sign-in; feeds and the sitemap are not there; robots keep out', async () => {
  const response = await fetch(`${server.url}/hello`, { redirect: 'manual' });
  assert.equal(response.status, 303);
  assert.equal(response.headers.get('location'), '/svc/panel/sign-in?next=%2Fhello');
  // A search comes back as it was asked, query and all.
  const search = await fetch(`${server.url}/search?q=snow&page=2`, { redirect: 'manual' });
  assert.equal(search.headers.get('location'), '/svc/panel/sign-in?next=%2Fsearch%3Fq%3Dsnow%26page%3D2');
  for (const list of ['/recipes', '/de/tag']) assert.equal((await fetch(server.url + list, { redirect: 'manual' })).status, 303, list);
  assert.equal((await fetch(`${server.url}/feed.xml`)).status, 404);
  assert.equal((await fetch(`${server.url}/sitemap.xml`)).status, 404);
  assert.equal(await (await fetch(`${server.url}/robots.txt`)).text(), 'User-agent: *\nDisallow: /\n');
});

test('MCP over HTTP is unaffected: a valid token works, none gets 401', async () => {
  const call = (headers: Record<string, string>) => fetch(`${server.url}/svc/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'content_list', arguments: {} } }),
  });
  assert.equal((await call({})).status, 401);
  const answer = await call({ authorization: `Bearer ${reader}` });
  assert.equal(answer.status, 200);
  const body = await answer.json() as any;
  assert.equal(body.result.isError, undefined);
  assert.ok(body.result.structuredContent.count > 0);
});

test('media of a closed site need a sign-in or a content:read token, and are private to them', async () => {
  assert.equal((await fetch(`${server.url}/media/posts/hello/cover.png`)).status, 404);
  const withToken = await fetch(`${server.url}/media/posts/hello/cover.png`, { headers: { authorization: `Bearer ${reader}` } });
  assert.equal(withToken.status, 200);
  assert.equal(withToken.headers.get('cache-control'), 'private, no-store');
  const signedIn = await fetch(`${server.url}/media/posts/hello/cover.png`, { headers: { cookie: eve.header() } });
  assert.equal(signedIn.status, 200);
  assert.equal(signedIn.headers.get('cache-control'), 'private, no-store');
  const etag = signedIn.headers.get('etag')!;
  assert.equal((await fetch(`${server.url}/media/posts/hello/cover.png`, { headers: { 'if-none-match': etag } })).status, 404);
  const again = await fetch(`${server.url}/media/posts/hello/cover.png`, { headers: { cookie: eve.header(), 'if-none-match': `W/${etag}` } });
  assert.equal(again.status, 304);
  assert.equal(again.headers.get('cache-control'), 'private, no-store');
});

test('a signed-in person sees pages, feeds and the sitemap with an ETag but marked private, never for shared caches', async () => {
  for (const path of ['/', '/de', '/hello', '/about/team', '/tag/news', '/recipes/soup', '/recipes', '/de/tag', '/feed.xml', '/de/feed.xml', '/sitemap.xml']) {
    const first = await fetch(server.url + path, { headers: { cookie: eve.header() }, redirect: 'manual' });
    assert.equal(first.status, 200, path);
    assert.equal(first.headers.get('cache-control'), 'private, no-store', path);
    assert.ok((await first.text()).length > 0, path);
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^"[A-Za-z0-9_-]{32}"$/, path);
    const again = await fetch(server.url + path, { headers: { cookie: eve.header(), 'if-none-match': etag }, redirect: 'manual' });
    assert.equal(again.status, 304, path);
    assert.equal(again.headers.get('cache-control'), 'private, no-store', path);
    assert.equal(await again.text(), '', path);
  }
});

test('the same ETag from someone not signed in gets no 304: a page redirects, a feed is not there', async () => {
  const page = await fetch(`${server.url}/hello`, { headers: { cookie: eve.header() } });
  const etag = page.headers.get('etag')!;
  for (const field of [etag, '*']) {
    const redirected = await fetch(`${server.url}/hello`, { headers: { 'if-none-match': field }, redirect: 'manual' });
    assert.equal(redirected.status, 303);
    assert.equal(redirected.headers.get('cache-control'), 'no-store');
    assert.equal(redirected.headers.get('etag'), null);
    const stranger = await fetch(`${server.url}/hello`, { headers: { cookie: 'svc_session=not-a-session', 'if-none-match': field }, redirect: 'manual' });
    assert.equal(stranger.status, 303);
  }
  const feed = await fetch(`${server.url}/feed.xml`, { headers: { cookie: eve.header() } });
  assert.equal((await fetch(`${server.url}/feed.xml`, { headers: { 'if-none-match': feed.headers.get('etag')! } })).status, 404);
});

test('a 404 page shown to a signed-in person on a closed site is private too', async () => {
  const missing = await fetch(`${server.url}/nothing/here`, { headers: { cookie: eve.header() } });
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get('cache-control'), 'private, no-store');
  assert.equal(missing.headers.get('etag'), null);
});
