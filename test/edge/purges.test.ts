// Issue 33 point 2: a consumer of the change feed turns each event into the cache tags it makes stale and
// sends purges to every target (Varnish's xkey purge, Fastly by surrogate key, Cloudflare by tag, a plain
// URL), batched, retried with backoff, from a cursor that survives a restart; a target that is down or
// refuses its key holds back only its own purges, never a write, and no token reaches a log or the status.
// Fastly and Cloudflare are a local receiver that checks each request against their documented APIs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { startPurgeReceiver, type PurgeReceiver, type ReceivedRequest } from '../helpers/purge-receiver.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { get, signIn, type PanelHarness } from '../helpers/panel-harness.ts';
import { readEdgeSettings } from '../../dist/edge/edge-settings.js';
import { startCachePurger } from '../../dist/wiring/start-cache-purger.js';
import type { CachePurger } from '../../src/edge/cache-purger.ts';
import type { NewChange } from '../../src/feed/change-event.ts';

const FASTLY_KEY = 'fastly-secret-key-123';
const CLOUDFLARE_TOKEN = 'cloudflare-secret-token-456';
let root: string;
let server: TestServer;
let receiver: PurgeReceiver;
let purger: CachePurger | null = null;
const logged: string[] = [];

const settings = () => readEdgeSettings({
  SVC_PURGE: `varnish=${receiver.url}/ fastly=SVC1 cloudflare=zone-1 url=${receiver.url}/hook`,
  SVC_FASTLY_KEY: FASTLY_KEY, SVC_CLOUDFLARE_TOKEN: CLOUDFLARE_TOKEN,
  SVC_FASTLY_API: receiver.url, SVC_CLOUDFLARE_API: `${receiver.url}/client/v4`,
});
const start = () => {
  purger = startCachePurger({ ...server.deps, log: (line) => logged.push(line) }, settings(), 50);
  return purger!;
};
const change = (kind: NewChange['kind'], entry: string | null, paths: string[] = [], before: string[] = []) =>
  server.deps.content.changes!.feed.append({ kind, entry, languages: [], paths, before, via: 'mcp', person: 'ann', token: 'Claude' })!;

before(async () => {
  root = createFixtureSite();
  server = await startTestServer(root);
  server.deps.content.lists();
  await server.deps.auth.accounts.create({ name: 'Ann', email: 'ann@example.org', role: 'admin', password: 'correct horse battery' });
  receiver = await startPurgeReceiver();
});
after(async () => {
  purger?.stop();
  await server.close();
  await receiver.close();
  rmSync(root, { recursive: true, force: true });
});

const byTarget = (requests: ReceivedRequest[]) => ({
  varnish: requests.filter((r) => r.method === 'PURGE'),
  fastly: requests.filter((r) => r.path.startsWith('/service/')),
  cloudflare: requests.filter((r) => r.path.startsWith('/client/v4/')),
  url: requests.filter((r) => r.path === '/hook'),
});

test('an update of a post purges its pages, its lists, its tags\' lists, the sitemap and /site, at every target as its API wants', async () => {
  start();
  await waitFor(() => assert.ok(purger!.holding, 'this process sends the purges'));
  receiver.requests.length = 0;
  const event = change('entry.updated', 'posts/hello', ['/hello', '/de/hallo-welt']);
  const sent = await waitFor(() => {
    const found = byTarget(receiver.requests);
    for (const [name, list] of Object.entries(found)) assert.ok(list.length > 0, `${name} was sent a purge`);
    return found;
  });
  const expected = ['e:posts/hello', 'l:post:en', 'l:post:de', 't:news:en', 't:travel:en', 't:news:de', 'k:journal', 'sitemap', 'api:site', 'missing'];

  const [varnish] = sent.varnish;
  assert.equal(varnish!.path, '/');
  const xkeys = String(varnish!.headers['xkey-purge']).split(' ');
  for (const key of expected) assert.ok(xkeys.includes(key), `${key} in ${xkeys}`);

  // Fastly: POST /service/<id>/purge, Fastly-Key, a JSON body of surrogate_keys (at most 256).
  const [fastly] = sent.fastly;
  assert.equal(fastly!.method, 'POST');
  assert.equal(fastly!.path, '/service/SVC1/purge');
  assert.equal(fastly!.headers['fastly-key'], FASTLY_KEY);
  assert.equal(fastly!.headers['content-type'], 'application/json');
  assert.equal(fastly!.headers.accept, 'application/json');
  const fastlyBody = JSON.parse(fastly!.body) as { surrogate_keys: string[] };
  assert.deepEqual(Object.keys(fastlyBody), ['surrogate_keys']);
  for (const key of expected) assert.ok(fastlyBody.surrogate_keys.includes(key), key);
  assert.ok(fastlyBody.surrogate_keys.length <= 256);

  // Cloudflare: POST /zones/<zone>/purge_cache, a bearer token, {"tags": [...]} of at most 30.
  const tags = sent.cloudflare.flatMap((request) => {
    assert.equal(request.method, 'POST');
    assert.equal(request.path, '/client/v4/zones/zone-1/purge_cache');
    assert.equal(request.headers.authorization, `Bearer ${CLOUDFLARE_TOKEN}`);
    assert.equal(request.headers['content-type'], 'application/json');
    const body = JSON.parse(request.body) as { tags: string[] };
    assert.deepEqual(Object.keys(body), ['tags']);
    assert.ok(body.tags.length >= 1 && body.tags.length <= 30);
    return body.tags;
  });
  for (const key of expected) assert.ok(tags.includes(key), key);

  // A plain address: the tags and the absolute addresses the change touched.
  const hook = JSON.parse(sent.url[0]!.body) as { tags: string[]; urls: string[] };
  assert.ok(hook.tags.includes('e:posts/hello'));
  for (const path of ['/de/hallo-welt', '/hello']) assert.ok(hook.urls.includes(server.deps.content.absoluteUrl(path)), path);

  // Each target's cursor is where the purge got to.
  await waitFor(() => assert.ok(JSON.parse(readFileSync(join(root, 'data', 'feed', 'cursors', 'purge-fastly-1.json'), 'utf8')).seq >= event.seq, 'the cursor moved on'));
});

test('a settings change purges everything with the one site-wide tag; a removed entry purges what its id says it was in', async () => {
  receiver.requests.length = 0;
  change('site.changed', null);
  await waitFor(() => assert.deepEqual(JSON.parse(byTarget(receiver.requests).fastly[0]!.body), { surrogate_keys: ['svc'] }));
  receiver.requests.length = 0;
  change('entry.removed', 'pages/about/gone', [], ['/about/gone']);
  const keys = await waitFor(() => JSON.parse(byTarget(receiver.requests).fastly[0]!.body).surrogate_keys as string[]);
  for (const key of ['e:pages/about/gone', 'l:page:en', 'c:pages/about:en', 'sitemap']) assert.ok(keys.includes(key), `${key} in ${keys}`);
});

test('a target that fails is tried again with backoff, loses nothing, and says so on the status without its key', async () => {
  receiver.requests.length = 0;
  receiver.answer = { status: 401, body: '{"success":false,"errors":[{"message":"bad key"}]}' };
  const first = change('entry.updated', 'posts/second', ['/second']);
  const second = change('entry.published', 'recipes/soup', ['/recipes/soup']);
  const statusFile = join(root, 'data', 'feed', 'purge-status.json');
  await waitFor(() => {
    const fastly = (JSON.parse(readFileSync(statusFile, 'utf8')) as any[]).find((item) => item.name === 'fastly-1');
    assert.match(fastly.lastError, /Fastly answered 401 \(is SVC_FASTLY_KEY right\?\)/);
    assert.ok(fastly.pending >= 1, 'changes wait');
  });
  // The Site check says so, in any instance (the state is a file beside the feed).
  const panel = { url: server.url } as PanelHarness;
  const check = await get(panel, '/svc/panel/check', await signIn(panel, 'ann@example.org', 'correct horse battery'));
  assert.match(check.text, /<h2>Cache purges<\/h2>/);
  assert.match(check.text, /fastly-1<\/td><td><code>SVC1<\/code><\/td><td><strong>Failing since [^<]+:<\/strong> Fastly answered 401 \(is SVC_FASTLY_KEY right\?\)\. \d+ changes? waiting/);
  assert.ok(!check.text.includes(FASTLY_KEY) && !check.text.includes(CLOUDFLARE_TOKEN));
  await waitFor(() => assert.ok(byTarget(receiver.requests).fastly.length >= 2, 'tried again'));
  receiver.answer = { status: 200, body: '{"success":true}' };
  await waitFor(() => {
    const cursor = JSON.parse(readFileSync(join(root, 'data', 'feed', 'cursors', 'purge-cloudflare-1.json'), 'utf8')).seq;
    assert.ok(cursor >= second.seq, 'the cursor moved on');
  }, 15_000);
  const cloudflareTags = byTarget(receiver.requests).cloudflare.flatMap((request) => JSON.parse(request.body).tags as string[]);
  assert.ok(cloudflareTags.includes('e:posts/second') && cloudflareTags.includes('e:recipes/soup'), `both events purged (${first.seq}, ${second.seq})`);
  const status = readFileSync(statusFile, 'utf8');
  assert.ok(!status.includes(FASTLY_KEY) && !status.includes(CLOUDFLARE_TOKEN), 'no token in the status');
  assert.ok(logged.some((line) => /a cache purge to fastly-1 failed/.test(line)));
  assert.ok(logged.every((line) => !line.includes(FASTLY_KEY) && !line.includes(CLOUDFLARE_TOKEN)), 'no token in the log');
});

test('a restart goes on from the cursor: what changed while no purger ran is purged by the next', async () => {
  purger!.stop();
  receiver.requests.length = 0;
  // Changes while no purger runs are purged by the next one, from the cursor.
  const missed = change('entry.unpublished', 'posts/second', [], ['/second']);
  start();
  await waitFor(() => assert.ok(byTarget(receiver.requests).fastly.some((r) => JSON.parse(r.body).surrogate_keys.includes('e:posts/second')), JSON.stringify(receiver.requests.map((r) => [r.method, r.path, r.body.slice(0, 200)]))));
  await waitFor(() => assert.ok(JSON.parse(readFileSync(join(root, 'data', 'feed', 'cursors', 'purge-varnish-1.json'), 'utf8')).seq >= missed.seq, 'the cursor moved on'));
});

test('a cache that is down (nothing listens) holds back its purges until it is back, and a write never waits for it', async () => {
  purger!.stop();
  purger = startCachePurger({ ...server.deps, log: (line) => logged.push(line) }, readEdgeSettings({ SVC_PURGE: 'varnish=http://127.0.0.1:9' }), 50);
  await waitFor(() => assert.ok(purger!.holding, 'this process sends the purges'));
  const before = Date.now();
  const event = change('entry.updated', 'posts/hello', ['/hello']);
  assert.ok(event.seq > 0 && Date.now() - before < 1000, 'the append is not held up by the purge');
  await waitFor(() => {
    const varnish = (JSON.parse(readFileSync(join(root, 'data', 'feed', 'purge-status.json'), 'utf8')) as any[]).find((item) => item.name === 'varnish-1');
    assert.match(varnish.lastError, /could not be reached \(ECONNREFUSED\)/);
  });
});
