// Issue 33 point 4: two `svc serve` processes on one site folder, as behind the shipped Varnish or nginx
// (one public address, requests to either). Each sees the other's writes through the change feed; 1,000
// concurrent creations split across both lose nothing; sign-in, OAuth codes and refresh tokens work whichever
// instance answers; a page view is counted once; a change is purged once, not once per instance; a hand edit
// found by both is recorded once. Tests judge that things show, not how fast (make bench measures that).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { startRealServer, type RealServer } from '../helpers/special-files.ts';
import { startPurgeReceiver, type PurgeReceiver } from '../helpers/purge-receiver.ts';
import { findVarnishd, freePort, NO_VARNISH, startInFrontOf, type RunningVarnish } from '../helpers/varnish.ts';
import { entry, writeEntryFile } from '../helpers/write-site.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { callToolAt } from '../helpers/mcp-http.ts';
import { Jar, consent, pkcePair, registerClient, signIn, tokenRequest, REDIRECT_URI, type OAuthHarness } from '../helpers/oauth-harness.ts';
import { feedIn } from '../helpers/site-feed.ts';

let site: TestSite;
let a: RealServer;
let b: RealServer;
let receiver: PurgeReceiver;
let token: string;
let front: string;
let varnish: RunningVarnish | null = null;
const varnishd = findVarnishd();

before(async () => {
  site = await makeTestSite();
  token = site.deps.auth.createToken({ ownerId: 'ann', name: 'two instances', scopes: ['content:read', 'content:write', 'content:publish', 'stats:read'], expiresInDays: null }).token;
  receiver = await startPurgeReceiver();
  const startBoth = async (frontPort: number) => {
    // One public address for both, as behind a proxy (OAuth's issuer and resource are that address).
    front = `http://127.0.0.1:${frontPort}`;
    // Purges go to a receiver that counts them, and to the shipped Varnish in front of both where it is installed.
    const env = { SVC_PURGE: `url=${receiver.url}/purge${varnishd ? ` varnish=${front}` : ''}`, SVC_BASE_URL: front };
    [a, b] = await Promise.all([startRealServer(site.root, env), startRealServer(site.root, env)]);
    return { backends: { stop: async () => { await Promise.all([a.stop(), b.stop()]); } }, ports: [Number(new URL(a.url).port), Number(new URL(b.url).port)] };
  };
  if (varnishd) varnish = (await startInFrontOf(varnishd, startBoth)).varnish;
  else await startBoth(await freePort());
});
after(async () => {
  await varnish?.stop();
  await Promise.all([a.stop(), b.stop()]);
  await receiver.close();
  site.cleanup();
});

const tool = (server: RealServer, name: string, args: Record<string, unknown>) => callToolAt(server.url, token, name, args);
const entryVia = async (server: RealServer, id: string) => (await (await fetch(`${server.url}/svc/api/v1/entry?id=${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${token}` } })).json());
const feed = () => feedIn(join(site.root, 'data'));
const purgedTags = () => receiver.requests.filter((request) => request.path === '/purge').flatMap((request) => JSON.parse(request.body).tags as string[]);

test('each instance sees the other\'s writes', async () => {
  await tool(a, 'content_update', { id: 'posts/hello', title: 'Written through A' });
  await waitFor(async () => assert.equal((await entryVia(b, 'posts/hello')).title, 'Written through A'));
  await tool(b, 'content_update', { id: 'posts/hike-day', title: 'Written through B' });
  await waitFor(async () => assert.equal((await entryVia(a, 'posts/hike-day')).title, 'Written through B'));
  // A public page too, from the other instance's kept pages.
  await waitFor(async () => assert.match(await (await fetch(`${a.url}/hello`)).text(), /Written through A/));
  await waitFor(async () => assert.match(await (await fetch(`${b.url}/hello`)).text(), /Written through A/));
});

test('1,000 concurrent creations split across both lose nothing, and each is purged once', async () => {
  const start = feed().end().seq;
  const calls: Promise<unknown>[] = [];
  for (let i = 0; i < 1000; i++) {
    const title = `Concurrent ${String(i).padStart(4, '0')}`;
    calls.push(tool(i % 2 === 0 ? a : b, 'content_create', { type: 'post', title, body: `Number ${i}.` }));
    // At most some 50 at once: the rate of many clients, not one that opens a thousand connections.
    if (calls.length % 50 === 0) await Promise.all(calls.splice(0));
  }
  await Promise.all(calls);
  const created = feed().since(start, 100_000).events.filter((event) => event.kind === 'entry.created');
  assert.equal(created.length, 1000, 'every creation is in the feed once');
  assert.equal(new Set(created.map((event) => event.entry)).size, 1000);
  for (const server of [a, b]) {
    await waitFor(async () => {
      const list = await (await fetch(`${server.url}/svc/api/v1/entries?status=draft&limit=1`, { headers: { authorization: `Bearer ${token}` } })).json();
      assert.ok(list.meta.total >= 1000, `${server.url} lists ${list.meta.total} drafts`);
    }, 30_000);
  }
  // One instance sends the purges: each created entry's tag goes out, once, not once per instance (a purge
  // is at least once: a batch whose answer did not come in time is sent again, so a few may go out twice).
  await waitFor(() => {
    const tags = purgedTags();
    for (const event of created) assert.ok(tags.includes(`e:${event.entry}`), `${event.entry} purged`);
  }, 30_000);
  const sent = purgedTags().filter((tag) => tag.startsWith('e:posts/concurrent-')).length;
  assert.ok(sent < 1500, `${sent} entry tags purged for 1,000 creations: once per change, not once per instance`);
});

test('a hand edit that both instances can find is recorded once and purged once', async () => {
  const start = feed().end().seq;
  writeEntryFile(site.root, 'content/pages/about/en.md', entry({ title: 'About, edited on disk', status: 'published', published: '2025-06-01 09:00', author: 'ann' }, 'Edited.'));
  await waitFor(async () => assert.match(await (await fetch(`${b.url}/about`)).text(), /About, edited on disk/));
  await waitFor(async () => assert.match(await (await fetch(`${a.url}/about`)).text(), /About, edited on disk/));
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const found = feed().since(start, 1000).events.filter((event) => event.entry === 'pages/about');
  assert.equal(found.length, 1, JSON.stringify(found));
  await waitFor(() => assert.equal(receiver.requests.filter((request) => request.path === '/purge' && JSON.parse(request.body).tags.includes('e:pages/about')).length >= 1, true));
});

test('sign-in, OAuth codes and refresh tokens work whichever instance answers', async () => {
  const A = { url: a.url } as OAuthHarness;
  const B = { url: b.url } as OAuthHarness;
  // Signed in through A, the session works on B.
  const jar = await signIn(A, 'ann@example.org', new Jar());
  const home = await fetch(`${b.url}/svc/panel/`, { headers: { cookie: jar.header() }, redirect: 'manual' });
  assert.equal(home.status, 200);
  // Registered on A, consented on B, code exchanged on A, refreshed on B.
  const clientId = await registerClient(A);
  const { verifier, challenge } = pkcePair();
  const resource = `${front}/svc/mcp`;
  const redirect = await consent(B, jar, { clientId, challenge, resource, scope: 'content:read' }, ['content:read']);
  const code = redirect.searchParams.get('code')!;
  assert.ok(code, 'a code');
  const exchanged = await tokenRequest(A, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: clientId, resource });
  assert.equal(exchanged.res.status, 200, JSON.stringify(exchanged.json));
  const refreshed = await tokenRequest(B, { grant_type: 'refresh_token', refresh_token: exchanged.json.refresh_token, client_id: clientId, resource });
  assert.equal(refreshed.res.status, 200, JSON.stringify(refreshed.json));
  for (const server of [a, b]) {
    const read = await fetch(`${server.url}/svc/api/v1/entries?status=draft`, { headers: { authorization: `Bearer ${refreshed.json.access_token}` } });
    assert.equal(read.status, 200, server.url);
  }
  // The code was used once: not again on the other instance.
  const again = await tokenRequest(B, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: clientId, resource });
  assert.equal(again.res.status, 400);
});

test('a page view is counted once, whichever instance took it', async () => {
  const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
  const beacon = (server: RealServer, path: string) => fetch(`${server.url}/svc/collect`, { method: 'POST', body: JSON.stringify({ t: 'pv', p: path, r: '', w: 1280, z: 'Europe/Berlin', l: 'en' }), headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': UA } });
  assert.equal((await beacon(a, '/about')).status, 204);
  assert.equal((await beacon(b, '/about/team')).status, 204);
  for (const server of [a, b]) {
    await waitFor(async () => {
      const report = await (await fetch(`${server.url}/svc/api/v1/stats?period=today`, { headers: { authorization: `Bearer ${token}` } })).json();
      const pages = Object.fromEntries((report.top_pages ?? report.pages ?? []).map((page: any) => [page.path, page.pageviews]));
      assert.equal(pages['/about'], 1, `${server.url}: ${JSON.stringify(report).slice(0, 400)}`);
      assert.equal(pages['/about/team'], 1, server.url);
    }, 15_000);
  }
});

test('behind the shipped Varnish, round robin over both: the panel and MCP work whichever answers, and a change is purged', { skip: varnishd === null ? NO_VARNISH : false }, async () => {
  const F = { url: front } as OAuthHarness;
  const jar = await signIn(F, 'ann@example.org', new Jar());
  for (let i = 0; i < 4; i++) {
    const home = await fetch(`${front}/svc/panel/`, { headers: { cookie: jar.header() }, redirect: 'manual' });
    assert.equal(home.status, 200, `panel home, ask ${i}`);
    assert.equal(home.headers.get('x-cache'), 'miss');
  }
  await fetch(`${front}/recipes/strudel`);
  assert.equal((await fetch(`${front}/recipes/strudel`)).headers.get('x-cache'), 'hit');
  await callToolAt(front, token, 'content_update', { id: 'recipes/strudel', title: 'Strudel through the cache' });
  await waitFor(async () => assert.match(await (await fetch(`${front}/recipes/strudel`)).text(), /Strudel through the cache/));
});
