// Issue 33 point 1: every public answer is fit for a shared cache (s-maxage long where purges come,
// stale-while-revalidate, stale-if-error; a short max-age for browsers) and names what it shows in cache
// tags, in the header the settings choose; anything private is `private, no-store` and never tagged.
// The real server on port 0 over the fixture site.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createFixtureSite, FIXTURE_SITE_YAML } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { readEdgeSettings } from '../../dist/edge/edge-settings.js';

let root: string;
let server: TestServer;
let token: string;
const edge = readEdgeSettings({ SVC_PURGE: 'varnish=http://127.0.0.1:1' });
before(async () => {
  root = createFixtureSite();
  server = await startTestServer(root, { edge });
  await server.deps.auth.accounts.create({ name: 'Ann', email: 'ann@example.org', role: 'admin', password: 'correct horse battery' });
  token = server.deps.auth.createToken({ ownerId: 'ann', name: 'reader', scopes: ['content:read'], expiresInDays: 30 }).token;
});
after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const keys = (res: Response) => (res.headers.get('xkey') ?? '').split(' ').filter(Boolean);
const SHARED = /^public, max-age=(\d+), s-maxage=86400, stale-while-revalidate=60, stale-if-error=86400$/;

test('the settings choose the tag header (from the purge target, or SVC_CACHE_TAGS) and refuse what they do not know', () => {
  assert.equal(edge.policy.tagHeader, 'xkey');
  assert.equal(edge.policy.sharedSeconds, 86_400);
  assert.equal(readEdgeSettings({ SVC_PURGE: 'fastly=abc', SVC_FASTLY_KEY: 'k' }).policy.tagHeader, 'surrogate-key');
  assert.equal(readEdgeSettings({ SVC_PURGE: 'cloudflare=zone1', SVC_CLOUDFLARE_TOKEN: 't' }).policy.tagHeader, 'cache-tag');
  assert.equal(readEdgeSettings({ SVC_CACHE_TAGS: 'Surrogate-Key' }).policy.tagHeader, 'surrogate-key');
  assert.equal(readEdgeSettings({}).policy.tagHeader, null);
  assert.equal(readEdgeSettings({}).policy.sharedSeconds, 60, 'without purges a shared cache keeps a page as long as a browser');
  assert.throws(() => readEdgeSettings({ SVC_CACHE_TAGS: 'etag' }), /SVC_CACHE_TAGS must be one of xkey, surrogate-key, cache-tag or off/);
  assert.throws(() => readEdgeSettings({ SVC_PURGE: 'akamai=x' }), /SVC_PURGE: item 1 \("akamai=…"\) is not one of/);
  assert.throws(() => readEdgeSettings({ SVC_PURGE: 'varnish=ftp://x' }), /takes an http or https address/);
  assert.throws(() => readEdgeSettings({ SVC_PURGE: 'fastly=abc' }), /SVC_FASTLY_KEY must hold its API token/);
  assert.throws(() => readEdgeSettings({ SVC_PURGE: 'cloudflare=../x', SVC_CLOUDFLARE_TOKEN: 't' }), /takes the zone id/);
});

test('pages, lists, tag pages, feeds, sitemap, robots and media are public for shared caches and name what they show', async () => {
  const home = await fetch(`${server.url}/`);
  assert.match(home.headers.get('cache-control')!, SHARED);
  assert.equal(SHARED.exec(home.headers.get('cache-control')!)![1], '60', 'browsers keep a page a minute');
  assert.deepEqual(keys(home).sort(), ['l:post:en', 'nav:en', 'svc']);

  const post = await fetch(`${server.url}/hello`);
  assert.match(post.headers.get('cache-control')!, SHARED);
  for (const key of ['svc', 'nav:en', 'e:posts/hello', 'e:tags/news', 'e:tags/travel']) assert.ok(keys(post).includes(key), `${key} in ${keys(post)}`);
  const german = await fetch(`${server.url}/de/hallo-welt`);
  assert.ok(keys(german).includes('e:posts/hello') && keys(german).includes('nav:de'));

  const tag = await fetch(`${server.url}/tag/news`);
  for (const key of ['e:tags/news', 't:news:en', 'tags:en']) assert.ok(keys(tag).includes(key), `${key} in ${keys(tag)}`);
  const about = await fetch(`${server.url}/about`);
  assert.ok(keys(about).includes('c:pages/about:en'), 'a page names its list of child pages');
  const recipes = await fetch(`${server.url}/recipes`);
  assert.deepEqual(keys(recipes).sort(), ['l:recipe:en', 'nav:en', 'svc']);

  const feed = await fetch(`${server.url}/feed.xml`);
  assert.equal(SHARED.exec(feed.headers.get('cache-control')!)![1], '300');
  assert.deepEqual(keys(feed).sort(), ['l:post:en', 'svc']);
  assert.deepEqual(keys(await fetch(`${server.url}/sitemap.xml`)).sort(), ['sitemap', 'svc']);
  assert.deepEqual(keys(await fetch(`${server.url}/robots.txt`)), ['svc']);
  const media = await fetch(`${server.url}/media/posts/hello/cover.png`);
  assert.equal(SHARED.exec(media.headers.get('cache-control')!)![1], '3600');
  assert.deepEqual(keys(media).sort(), ['e:posts/hello', 'svc']);
  const missing = await fetch(`${server.url}/not-yet-here`);
  assert.equal(missing.status, 404);
  assert.deepEqual(keys(missing).sort(), ['missing', 'svc'], 'a 404 is purged when anything is published');
  assert.match(missing.headers.get('cache-control')!, SHARED);
  // A 404 that is no page is kept by no cache (a draft's picture is 404 until it is published; a file
  // added later): a shared cache would keep one without Cache-Control for its own default time.
  for (const path of ['/media/posts/admin-draft/nope.png', '/media/posts/hello/not-there.png', '/fr/feed.xml', '/sitemap.xml?page=0', '/svc/nothing']) {
    const refused = await fetch(`${server.url}${path}`);
    assert.equal(refused.status, 404, path);
    assert.equal(refused.headers.get('cache-control'), 'no-store', path);
  }
  // A 304 carries the same Cache-Control, so a cache that revalidates keeps the shared lifetime.
  const again = await fetch(`${server.url}/hello`, { headers: { 'if-none-match': post.headers.get('etag')! } });
  assert.equal(again.status, 304);
  assert.match(again.headers.get('cache-control')!, SHARED);
});

test('Content API answers to nobody in particular are tagged; answers to a token are private and never tagged', async () => {
  const api = `${server.url}/svc/api/v1`;
  const site = await fetch(`${api}/site`);
  assert.match(site.headers.get('cache-control')!, SHARED);
  assert.deepEqual(keys(site).sort(), ['api:site', 'svc']);
  const list = await fetch(`${api}/entries?language=de&tag=news`);
  assert.deepEqual(keys(list).sort(), ['l:post:de', 'svc', 't:news:de']);
  const events = await fetch(`${api}/entries?category=events`);
  assert.ok(keys(events).includes('k:events'));
  const one = await fetch(`${api}/entry?id=posts/hello`);
  assert.deepEqual(keys(one).sort(), ['e:posts/hello', 'svc']);
  assert.equal(one.headers.get('vary'), 'Authorization');
  // Asked again, from the kept answer: the same tags.
  assert.deepEqual(keys(await fetch(`${api}/entry?id=posts/hello`)).sort(), ['e:posts/hello', 'svc']);
  const mine = await fetch(`${api}/entry?id=posts/hello`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(mine.status, 200);
  assert.equal(mine.headers.get('cache-control'), 'private, no-store');
  assert.equal(mine.headers.get('xkey'), null);
  const refused = await fetch(`${api}/entries?type=nothing`);
  assert.equal(refused.headers.get('cache-control'), 'no-store');
  assert.equal(refused.headers.get('xkey'), null);
});

test('the panel, its sign-in and the OAuth endpoints are never stored and never tagged', async () => {
  for (const path of ['/svc/panel/sign-in', '/svc/panel/']) {
    const res = await fetch(`${server.url}${path}`, { redirect: 'manual' });
    assert.match(res.headers.get('cache-control') ?? '', /no-store/, path);
    assert.equal(res.headers.get('xkey'), null, path);
  }
  const oauthToken = await fetch(`${server.url}/svc/oauth/token`, { method: 'POST' });
  assert.match(oauthToken.headers.get('cache-control')!, /no-store/);
  assert.equal(oauthToken.headers.get('xkey'), null);
});

test('every MCP answer is private and never stored: an answer, a notification taken, a refusal', async () => {
  const post = (body: unknown, headers: Record<string, string> = { authorization: `Bearer ${token}` }) => fetch(`${server.url}/svc/mcp`, {
    method: 'POST', body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', ...headers },
  });
  const answers = [
    await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'site_info', arguments: {} } }),
    await post({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, {}),
  ];
  assert.deepEqual(answers.map((res) => res.status), [200, 202, 401]);
  for (const res of answers) {
    assert.equal(res.headers.get('cache-control'), 'private, no-store');
    assert.equal(res.headers.get('xkey'), null);
  }
});

test('a closed site\'s answers to a signed-in person are private and carry no tags', async () => {
  const closedRoot = createFixtureSite({ 'content/site.yaml': FIXTURE_SITE_YAML.replace('approval_mode: false', 'approval_mode: false\nclosed: true') });
  const closed = await startTestServer(closedRoot, { edge });
  try {
    const res = await fetch(`${closed.url}/hello`, { redirect: 'manual' });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal(res.headers.get('xkey'), null);
    const account = await closed.deps.auth.accounts.create({ name: 'Ann', email: 'ann@example.org', role: 'admin', password: 'correct horse battery' });
    const reader = closed.deps.auth.createToken({ ownerId: account.id, name: 'x', scopes: ['content:read'], expiresInDays: 1 }).token;
    const media = await fetch(`${closed.url}/media/posts/hello/cover.png`, { headers: { authorization: `Bearer ${reader}` } });
    assert.equal(media.status, 200);
    assert.equal(media.headers.get('cache-control'), 'private, no-store');
    assert.equal(media.headers.get('xkey'), null);
    // What a closed site refuses to everyone else is kept by no cache, lest it stay 404 once the site opens.
    for (const path of ['/media/posts/hello/cover.png', '/feed.xml', '/de/feed.xml', '/sitemap.xml', '/llms.txt', '/llms-full.txt']) {
      const refused = await fetch(`${closed.url}${path}`);
      assert.equal(refused.status, 404, path);
      assert.equal(refused.headers.get('cache-control'), 'no-store', path);
      assert.equal(refused.headers.get('xkey'), null, path);
    }
  } finally {
    await closed.close();
    rmSync(closedRoot, { recursive: true, force: true });
  }
});

test('Cloudflare\'s Cache-Tag lists the tags with commas', async () => {
  const other = await startTestServer(root, { edge: readEdgeSettings({ SVC_PURGE: 'cloudflare=zone1', SVC_CLOUDFLARE_TOKEN: 't' }) });
  try {
    const res = await fetch(`${other.url}/recipes`);
    assert.deepEqual(res.headers.get('cache-tag')!.split(',').sort(), ['l:recipe:en', 'nav:en', 'svc']);
    assert.equal(res.headers.get('xkey'), null);
  } finally {
    await other.close();
  }
});
