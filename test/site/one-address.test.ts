// One public answer, one address. A cache or CDN keys on the address as it was sent, and the purges svc
// sends by address name an entry's canonical addresses only, so a page, file or feed also answered 200 at a
// second address (a trailing slash, a doubled slash the router steps over, %2F, an escaped letter, a
// backslash) was kept apart from the first and outlived every purge. Each test but the last names
// addresses that answered 200 before (src/http/canonical-address.ts); the last holds what was right
// already. The real server on port 0 over the fixture site, with Varnish's tags on, so that a redirect is
// seen to carry the headers of the site's own slash redirect.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { rawGet, type RawAnswer } from '../helpers/raw-get.ts';
import { readEdgeSettings } from '../../dist/edge/edge-settings.js';

let root: string;
let server: TestServer;
const edge = readEdgeSettings({ SVC_PURGE: 'varnish=http://127.0.0.1:1' });

type Answer = RawAnswer;
const get = (target: string, headers: Record<string, string> = {}) => rawGet(server.url, target, headers);

/** What a cache reads off an answer to decide whether and how long to keep it, and what to purge it by. */
const CACHING = ['cache-control', 'xkey', 'vary', 'etag', 'expires', 'content-location'];
const caching = (answer: Answer) => Object.fromEntries(CACHING.map((name) => [name, answer.headers[name] ?? null]));

/** The headers of the redirect the site has long sent (a page's trailing slash), and of its 404 page. */
let slashRedirect: Record<string, string | null>;
let notFoundPage: Record<string, string | null>;
before(async () => {
  root = createFixtureSite();
  server = await startTestServer(root, { edge });
  const slash = await get('/hello/');
  assert.equal(slash.status, 301);
  slashRedirect = caching(slash);
  const missing = await get('/nothing-here');
  assert.equal(missing.status, 404);
  notFoundPage = caching(missing);
});
after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

/** A permanent redirect to `location` (the query kept), with the headers of every redirect of the site. */
async function assertMoved(target: string, location: string): Promise<void> {
  const answer = await get(target);
  assert.equal(answer.status, 301, `${target} -> ${answer.status}`);
  assert.equal(answer.headers.location, location, target);
  assert.deepEqual(caching(answer), slashRedirect, `${target}: the headers of the site's redirect`);
  // Its empty body said with a length, not chunked, as HEAD says it too.
  assert.deepEqual([answer.headers['content-length'], answer.headers['transfer-encoding'], answer.body], ['0', undefined, ''], target);
  assert.equal((await get(location)).status, 200, `${location}, where ${target} is sent, is there`);
}

/** The site's 404 page, kept and purged as any address nothing is at. */
async function assertNotFoundPage(target: string, headers: Record<string, string> = {}): Promise<void> {
  const answer = await get(target, headers);
  assert.equal(answer.status, 404, `${target} -> ${answer.status}`);
  assert.match(answer.body, /<h1>Not found<\/h1>/, target);
  assert.deepEqual(caching(answer), notFoundPage, target);
}

/** The server's answer for an address without a route: never kept, never sniffed. */
async function assertNoRoute(target: string): Promise<void> {
  const answer = await get(target);
  assert.equal(answer.status, 404, `${target} -> ${answer.status}`);
  assert.equal(answer.headers['cache-control'], 'no-store', target);
  assert.equal(answer.headers['x-content-type-options'], 'nosniff', target);
  assert.equal(answer.headers.xkey, undefined, target);
  assert.equal(answer.body, '{"message":"Nothing is at this address."}', target);
}

test('a file, a feed, llms.txt or the beacon script with a trailing slash is sent to its address, as a page is', async () => {
  const addresses = [
    '/media/posts/hello/cover.png', '/feed.xml', '/de/feed.xml', '/sitemap.xml', '/robots.txt',
    '/llms.txt', '/llms-full.txt', '/llms/en/post.txt', '/svc/beacon.js',
  ];
  for (const address of addresses) {
    assert.equal((await get(address)).status, 200, address);
    await assertMoved(`${address}/`, address);
  }
  await assertMoved('/media/posts/hello/cover.png//', '/media/posts/hello/cover.png');
  await assertMoved('/media/posts/hello/cover.png/?v=2', '/media/posts/hello/cover.png?v=2');
  await assertMoved('/llms-full.txt/?page=1', '/llms-full.txt?page=1');
});

test('a doubled slash inside a file\'s or a feed\'s address is no address, as inside a page\'s', async () => {
  await assertNotFoundPage('/about//team');
  for (const target of [
    '/media//posts/hello/cover.png', '/media/posts//hello/cover.png', '/media/posts/hello//cover.png',
    '/de//feed.xml', '/llms//en/post.txt', '/llms/en//post.txt', '/svc//beacon.js',
  ]) await assertNoRoute(target);
});

test('an escaped slash is no slash: %2F in an entry\'s address is the 404 page, whatever is asked', async () => {
  for (const target of [
    '/about%2Fteam', '/about%2fteam', '/tag%2Fnews', '/recipes%2Fsoup', '/de%2Fhallo-welt', '/de%2Fueber-uns',
    '/about%2Fteam.md', '/about%2Fteam/', '/hello%2F', '/about%2Fteam?page=1',
  ]) await assertNotFoundPage(target);
  // The Markdown twin, chosen by Accept at the page's address, is not there either.
  await assertNotFoundPage('/about%2Fteam', { accept: 'text/markdown' });
  // Files and lists: the route's own refusal, never the file or the list.
  await assertNoRoute('/media/posts%2Fhello/cover.png');
  await assertNoRoute('/media/posts/hello%2Fcover.png');
  await assertNotFoundPage('/llms/en%2Fpost.txt');
  // Any other escape names no address of the site either: its addresses are letters, digits, - . _ ~ and /.
  for (const target of ['/hello%3F', '/hello%20', '/hello%C3%BC', '/about%5Cteam']) await assertNotFoundPage(target);
});

test('an escaped letter, digit, dash or dot is the same address (RFC 3986 §6.2.2.2): sent on in one step', async () => {
  const moves: Array<[string, string]> = [
    ['/h%65llo', '/hello'],
    ['/hell%6F', '/hello'],
    ['/de/hallo%2Dwelt', '/de/hallo-welt'],
    ['/%64e/hallo-welt', '/de/hallo-welt'],
    ['/%64e', '/de'],
    ['/%64e/', '/de'],
    ['/about/t%65am/?a=1', '/about/team?a=1'],
    ['/hello%2Emd', '/hello.md'],
    ['/hello%2emd', '/hello.md'],
    ['/tag/n%65ws?page=1', '/tag/news?page=1'],
    ['/r%65cipes', '/recipes'],
    ['/sea%72ch?q=snow', '/search?q=snow'],
    ['/media/posts/hello/c%6Fver.png', '/media/posts/hello/cover.png'],
    ['/media/posts/hello/cover%2Epng', '/media/posts/hello/cover.png'],
    ['/llms/en/p%6Fst.txt', '/llms/en/post.txt'],
    ['/feed%2Exml', '/feed.xml'],
    ['/%66eed.xml/', '/feed.xml'],
  ];
  for (const [target, location] of moves) await assertMoved(target, location);
});

test('a backslash or a fragment in the target, which URL parsing reads away, is no address', async () => {
  await assertNotFoundPage('/about\\team');
  await assertNotFoundPage('/hello#top');
  await assertNotFoundPage('/hello.md#top');
  await assertNoRoute('/media/posts\\hello/cover.png');
  await assertNoRoute('/feed.xml#latest');
});

test('what had one address keeps it: canonical addresses answer, capitals and odd spellings stay 404', async () => {
  for (const address of ['/', '/de', '/hello', '/hello.md', '/de/hallo-welt', '/about/team', '/tag/news?page=1', '/search?q=snow']) {
    assert.equal((await get(address)).status, 200, address);
  }
  // Not lowercased on the site's behalf: a language code may hold capitals (pt-BR), so a lowercased address
  // could name another page; a 404 keeps the one address as well.
  for (const target of ['/Hello', '/HELLO', '/Tag/news', '/hello.MD', '/en/hello', '/about/team/index.html']) await assertNotFoundPage(target);
  assert.equal((await get('/MEDIA/posts/hello/cover.png')).status, 404);
  assert.equal((await get('/media/posts/hello/COVER.png')).status, 404);
  // A % that is no escape is no address at all, as before.
  assert.equal((await get('/hello%zz')).status, 400);
  assert.equal((await get('/hello%')).status, 400);
});
