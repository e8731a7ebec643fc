// Issue 33 point 3: the real Varnish (deploy/varnish/svc.vcl, vmod xkey) in front of the real server
// (dist/server.js, purging it through SVC_PURGE). A repeated page is a hit; publishing, unpublishing, an
// update, a hand edit and a scheduled time passing each show through the cache; pages a change does not
// touch stay hits; a panel page and any request with Authorization or the panel's cookie never come from
// the cache; a known AI crawler is passed to svc and counted. Tests judge that a change shows, not how fast
// (make bench measures that).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { startRealServer, type RealServer } from '../helpers/special-files.ts';
import { findVarnishd, NO_VARNISH, startInFrontOf, type RunningVarnish } from '../helpers/varnish.ts';
import { entry, writeEntryFile } from '../helpers/write-site.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { callToolAt } from '../helpers/mcp-http.ts';
import { statsLines } from '../helpers/stats-lines.ts';
import { formatSiteTime } from '../../dist/lib/time-zone.js';
import { AI_CRAWLERS } from '../../dist/stats/ai-crawlers.js';
import { sendPurge } from '../../dist/edge/purge-request.js';
import type { PurgeTarget } from '../../dist/edge/edge-settings.js';

const varnishd = findVarnishd();
const skip = varnishd === null ? NO_VARNISH : false;
let site: TestSite;
let server: RealServer;
let varnish: RunningVarnish;
/** The fixture's tokens run out 30 days after its fixed clock: the servers here run on the real one. */
let token: string;

before(async () => {
  if (varnishd === null) return;
  site = await makeTestSite();
  token = site.deps.auth.createToken({ ownerId: 'ann', name: 'cache test', scopes: ['content:read', 'content:write', 'content:publish'], expiresInDays: null }).token;
  ({ varnish, backends: server } = await startInFrontOf(varnishd, async (port) => {
    const backend = await startRealServer(site.root, { SVC_PURGE: `varnish=http://127.0.0.1:${port}` });
    return { backends: backend, ports: [Number(new URL(backend.url).port)] };
  }));
});
after(async () => {
  if (varnishd === null) return;
  await varnish.stop();
  await server.stop();
  site.cleanup();
});

async function through(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${varnish.url}${path}`, { headers, redirect: 'manual' });
  return { status: res.status, text: await res.text(), cache: res.headers.get('x-cache'), res };
}

const tool = (name: string, args: Record<string, unknown>) => callToolAt(server.url, token, name, args);

/** The page is a hit now: asked until the cache holds it (the first ask fills it). */
async function cached(path: string) {
  await through(path);
  const again = await through(path);
  assert.equal(again.cache, 'hit', `${path} is kept`);
  return again;
}

test('the shipped VCL passes every AI crawler svc counts', { skip }, () => {
  const vcl = readFileSync(new URL('../../deploy/varnish/svc.vcl', import.meta.url), 'utf8');
  const nginx = readFileSync(new URL('../../deploy/nginx/svc.conf', import.meta.url), 'utf8');
  for (const crawler of AI_CRAWLERS) {
    assert.ok(vcl.includes(`|${crawler.name}|`) || vcl.includes(`(${crawler.name}|`) || vcl.includes(`|${crawler.name})`), `${crawler.name} in svc.vcl`);
    assert.ok(nginx.includes(`|${crawler.name}|`) || nginx.includes(`(${crawler.name}|`) || nginx.includes(`|${crawler.name})`), `${crawler.name} in svc.conf`);
  }
});

test('a repeated page is a hit; an update of a published entry shows through the cache, and pages it does not touch stay hits', { skip }, async () => {
  const first = await through('/hello');
  assert.equal(first.status, 200);
  await cached('/hello');
  const untouched = await cached('/recipes/strudel');
  const about = await cached('/about');
  await tool('content_update', { id: 'posts/hello', title: 'Hello again, Alps' });
  await waitFor(async () => assert.match((await through('/hello')).text, /Hello again, Alps/));
  await waitFor(async () => assert.match((await through('/')).text, /Hello again, Alps/), 5000);
  const still = await through('/recipes/strudel');
  assert.equal(still.cache, 'hit', 'a page the change does not touch stays in the cache');
  assert.equal(still.text, untouched.text);
  assert.equal((await through('/about')).cache, 'hit');
  assert.equal(about.status, 200);
});

test('publishing shows a page a cache had as missing; unpublishing takes one away', { skip }, async () => {
  assert.equal((await through('/de/hello')).status, 404);
  assert.equal((await through('/de/hello')).cache, 'hit', 'a 404 is kept too');
  await tool('content_publish', { id: 'posts/hello', language: 'de' });
  await waitFor(async () => assert.equal((await through('/de/hello')).status, 200));
  await cached('/hike-day');
  await tool('content_unpublish', { id: 'posts/hike-day' });
  await waitFor(async () => assert.equal((await through('/hike-day')).status, 404));
  await waitFor(async () => assert.doesNotMatch((await through('/')).text, /Hike day/));
});

test('a hand edit on disk shows through the cache once svc finds it', { skip }, async () => {
  await cached('/about');
  writeEntryFile(site.root, 'content/pages/about/en.md', entry({ title: 'About the Alps club', status: 'published', published: '2025-06-01 09:00', author: 'ann' }, 'About us, edited by hand.'));
  await waitFor(async () => assert.match((await through('/about')).text, /About the Alps club/));
});

test('a scheduled time passing shows the page through the cache at that time', { skip, timeout: 200_000 }, async () => {
  // The first whole minute at least 25 s away, in the site's zone (times are written to the minute): time
  // enough for the two waits below (10 s each at most) to see the page missing before it is due.
  const at = formatSiteTime(Math.ceil((Date.now() + 25_000) / 60_000) * 60_000, 'Europe/Berlin');
  writeEntryFile(site.root, 'content/posts/soon/en.md', entry({ title: 'Soon here', status: 'scheduled', published: at, author: 'ann' }, 'Now.'));
  await waitFor(async () => assert.equal((await through('/soon')).status, 404));
  // The file is found on disk and recorded a moment later, which purges the 404s: a hit is waited for.
  await waitFor(async () => {
    await through('/soon');
    assert.equal((await through('/soon')).cache, 'hit');
  });
  await waitFor(async () => assert.match((await through('/soon')).text, /Soon here/), 150_000);
});

test('a purge of more tags than one header of Varnish holds reaches every page', { skip }, async () => {
  // A long-named site's 250 entries changed at once (a git pull): 200 such tags were over Varnish's 8 KB line.
  const page = await cached('/about');
  const own = String((await fetch(`${server.url}/about`)).headers.get('xkey')).split(' ');
  const others = Array.from({ length: 250 }, (_, i) => `entry:posts/a-long-weekend-walking-through-the-dolomites-part-${i}`);
  await sendPurge({ kind: 'varnish', name: 'varnish-test', where: varnish.url } as PurgeTarget, { tags: [...others, ...own], urls: [] });
  assert.notEqual((await through('/about')).cache, 'hit', `${page.status}: purged by the last tags`);
});

test('the panel, a token\'s request and a signed-in person\'s never come from the cache', { skip }, async () => {
  for (let i = 0; i < 2; i++) {
    assert.equal((await through('/svc/panel/sign-in')).cache, 'miss');
    assert.equal((await through('/hello', { authorization: `Bearer ${token}` })).cache, 'miss');
    assert.equal((await through('/hello', { cookie: 'svc_session=whatever' })).cache, 'miss');
    assert.equal((await through('/svc/api/v1/entries?status=draft', { authorization: `Bearer ${token}` })).cache, 'miss');
  }
  // A draft has no page for anyone; its API answer to a token is private.
  const draft = await through('/svc/api/v1/entry?id=posts/bobs-draft', { authorization: `Bearer ${token}` });
  assert.equal(draft.status, 200);
  assert.equal(draft.res.headers.get('cache-control'), 'private, no-store');
  assert.equal((await through('/svc/api/v1/entry?id=posts/bobs-draft')).status, 404, 'never the token\'s copy');
  // The cache tags stay between svc and the cache.
  assert.equal((await through('/hello')).res.headers.get('xkey'), null);
});

test('a known AI crawler is passed to svc and counted, each visit', { skip }, async () => {
  await cached('/about');
  const agent = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
  for (let i = 0; i < 3; i++) assert.equal((await through('/about', { 'user-agent': agent })).cache, 'miss');
  await waitFor(() => {
    const hits = statsLines(site.root).filter((line) => line.includes('"GPTBot"') && line.includes('"/about"'));
    assert.equal(hits.length, 3);
  });
});
