// Issue 33: the real nginx in front of the real server with the shipped deploy/nginx/svc.conf (open-source
// nginx cannot purge by tag, so it keeps an answer one second and then asks svc again with If-None-Match). A
// repeated page is a hit within the second and asked again behind the visitor's back after it; an update and an
// unpublish show through it; the panel, a token's request and a signed-in person's never come from the cache;
// the cache tags stay between svc and nginx; a known AI crawler is passed
// to svc and counted. Tests judge that a change shows, not how fast.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { startRealServer, type RealServer } from '../helpers/special-files.ts';
import { freePort } from '../helpers/varnish.ts';
import { findNginx, NO_NGINX, startNginx, type RunningNginx } from '../helpers/nginx.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { callToolAt } from '../helpers/mcp-http.ts';
import { statsLines } from '../helpers/stats-lines.ts';

const nginx = findNginx();
const skip = nginx === null ? NO_NGINX : false;
let site: TestSite;
let server: RealServer;
let proxy: RunningNginx;
let token: string;

before(async () => {
  if (nginx === null) return;
  site = await makeTestSite();
  token = site.deps.auth.createToken({ ownerId: 'ann', name: 'nginx test', scopes: ['content:read', 'content:write', 'content:publish'], expiresInDays: null }).token;
  server = await startRealServer(site.root);
  proxy = await startNginx(nginx, await freePort(), [Number(new URL(server.url).port)]);
});
after(async () => {
  if (nginx === null) return;
  await proxy?.stop();
  await server?.stop();
  site?.cleanup();
});

async function through(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${proxy.url}${path}`, { headers, redirect: 'manual' });
  return { status: res.status, text: await res.text(), cache: res.headers.get('x-cache'), res };
}

const tool = (name: string, args: Record<string, unknown>) => callToolAt(server.url, token, name, args);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a repeated page is a hit within its second; past it nginx answers from what it has and asks svc again behind it', { skip }, async () => {
  await through('/about');
  await waitFor(async () => assert.equal((await through('/about')).cache, 'HIT'));
  await pause(2_100); // nginx counts its second in whole seconds
  const past = await through('/about');
  // proxy_cache_background_update: the visitor gets the kept page (STALE) while svc is asked with If-None-Match.
  assert.ok(past.cache === 'STALE' || past.cache === 'REVALIDATED' || past.cache === 'UPDATING', `past its second: ${past.cache}`);
  assert.equal(past.status, 200);
  assert.match(past.text, /About/);
  await waitFor(async () => assert.equal((await through('/about')).cache, 'HIT'));
});

test('an update and an unpublish show through nginx', { skip }, async () => {
  await through('/hello');
  await tool('content_update', { id: 'posts/hello', title: 'Hello through nginx' });
  await waitFor(async () => assert.match((await through('/hello')).text, /Hello through nginx/));
  await waitFor(async () => assert.match((await through('/')).text, /Hello through nginx/));
  await through('/hike-day');
  await tool('content_unpublish', { id: 'posts/hike-day' });
  await waitFor(async () => assert.equal((await through('/hike-day')).status, 404));
});

test('the panel, a token\'s request and a signed-in person\'s never come from the cache', { skip }, async () => {
  for (let i = 0; i < 2; i++) {
    const panel = await through('/svc/panel/sign-in');
    assert.equal(panel.status, 200);
    assert.equal(panel.cache, null, 'the panel is not in the cached location');
    assert.equal((await through('/hello', { authorization: `Bearer ${token}` })).cache, 'BYPASS');
    assert.equal((await through('/hello', { cookie: 'svc_session=whatever' })).cache, 'BYPASS');
  }
  const draft = await through('/svc/api/v1/entry?id=posts/bobs-draft', { authorization: `Bearer ${token}` });
  assert.equal(draft.status, 200);
  assert.equal(draft.res.headers.get('cache-control'), 'private, no-store');
  assert.equal((await through('/svc/api/v1/entry?id=posts/bobs-draft')).status, 404, 'never the token\'s copy');
});

test('the cache tags stay between svc and nginx', { skip }, async () => {
  const page = await through('/hello');
  for (const header of ['xkey', 'surrogate-key', 'cache-tag']) assert.equal(page.res.headers.get(header), null, header);
});

test('a known AI crawler is passed to svc and counted, each visit', { skip }, async () => {
  await through('/about');
  const agent = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
  for (let i = 0; i < 3; i++) assert.equal((await through('/about', { 'user-agent': agent })).cache, 'BYPASS');
  await waitFor(() => {
    const hits = statsLines(site.root).filter((line) => line.includes('"ClaudeBot"') && line.includes('"/about"'));
    assert.equal(hits.length, 3);
  });
});
