// Public pages and feeds carry a strong ETag of the bytes sent and answer If-None-Match with 304 (RFC 9110
// §13.1.2), so a CDN or reverse proxy in front can keep them (DESIGN section 6). The real server on port 0
// over the fixture site; the closed site's private answers are in site-closed.test.ts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFixtureSite, FIXTURE_FILES, FIXTURE_SITE_YAML } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { strongEtag } from '../../dist/http/etag.js';

let root: string;
let server: TestServer;
before(async () => {
  root = createFixtureSite();
  server = await startTestServer(root);
});
after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const HTML = { type: 'text/html; charset=utf-8', caching: 'public, max-age=60, s-maxage=60, stale-while-revalidate=60, stale-if-error=86400' };
const ATOM = { type: 'application/atom+xml; charset=utf-8', caching: 'public, max-age=300, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400' };
/** Every kind of public answer, with its content type and Cache-Control. */
const ANSWERS: Record<string, { type: string; caching: string }> = {
  '/': HTML, // home, default language
  '/de': HTML, // home, another language
  '/hello': HTML, // post (with a style.css)
  '/de/hallo-welt': HTML, // post in another language
  '/about': HTML, // page
  '/about/team': HTML, // nested page
  '/tag/news': HTML, // tag, listing its posts
  '/recipes/soup': HTML, // custom type
  '/recipes': HTML, // a custom type's list page
  '/de/recipes': HTML, // the same list in another language
  '/tag': HTML, // the tags' list page
  '/feed.xml': ATOM,
  '/de/feed.xml': ATOM,
  '/sitemap.xml': { type: 'application/xml; charset=utf-8', caching: 'public, max-age=300, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400' },
  '/robots.txt': { type: 'text/plain; charset=utf-8', caching: 'public, max-age=300, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400' },
};

async function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const response = await fetch(server.url + path, { method, headers, redirect: 'manual' });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

async function etagOf(path: string): Promise<string> {
  const { status, headers } = await get(path);
  assert.equal(status, 200, path);
  return headers.get('etag')!;
}

test('every public page and feed answers 200 with a strong ETag of the exact bytes sent and its Cache-Control', async () => {
  for (const [path, expected] of Object.entries(ANSWERS)) {
    const { status, headers, bytes } = await get(path);
    assert.equal(status, 200, path);
    assert.equal(headers.get('content-type'), expected.type, path);
    assert.equal(headers.get('cache-control'), expected.caching, path);
    assert.match(headers.get('etag')!, /^"[A-Za-z0-9_-]{32}"$/, path);
    assert.equal(headers.get('etag'), strongEtag(bytes), path);
    assert.equal(headers.get('content-length'), String(bytes.length), path);
  }
});

test('repeating a request with its ETag in If-None-Match gets 304 with the ETag, the Cache-Control and no body', async () => {
  for (const [path, expected] of Object.entries(ANSWERS)) {
    const etag = await etagOf(path);
    const again = await get(path, { 'if-none-match': etag });
    assert.equal(again.status, 304, path);
    assert.equal(again.text, '', path);
    assert.equal(again.headers.get('etag'), etag, path);
    assert.equal(again.headers.get('cache-control'), expected.caching, path);
    assert.equal(again.headers.get('content-type'), null, path);
  }
});

test('HEAD answers like GET without a body, and 304 when the ETag matches', async () => {
  for (const path of Object.keys(ANSWERS)) {
    const full = await get(path);
    const head = await get(path, {}, 'HEAD');
    assert.equal(head.status, 200, path);
    assert.equal(head.text, '', path);
    for (const name of ['etag', 'content-type', 'cache-control', 'content-length']) {
      assert.equal(head.headers.get(name), full.headers.get(name), `${path} ${name}`);
    }
    const conditional = await get(path, { 'if-none-match': full.headers.get('etag')! }, 'HEAD');
    assert.equal(conditional.status, 304, path);
    assert.equal(conditional.headers.get('etag'), full.headers.get('etag'), path);
  }
});

test('If-None-Match compares weakly, takes lists and *, and a tag the page does not have gets the page', async () => {
  for (const path of ['/hello', '/', '/feed.xml', '/sitemap.xml', '/robots.txt']) {
    const etag = await etagOf(path);
    for (const field of [`W/${etag}`, `"stale", ${etag}`, `W/"stale",W/${etag}`, '*']) {
      const answer = await get(path, { 'if-none-match': field });
      assert.equal(answer.status, 304, `${path} with ${field}`);
      assert.equal(answer.text, '', `${path} with ${field}`);
    }
    for (const field of ['"stale"', 'W/"stale"', `${etag.slice(0, -2)}"`, etag.slice(1, -1), `${etag}, stale`]) {
      const answer = await get(path, { 'if-none-match': field });
      assert.equal(answer.status, 200, `${path} with ${field}`);
      assert.equal(answer.headers.get('etag'), etag, `${path} with ${field}`);
      assert.ok(answer.bytes.length > 0, `${path} with ${field}`);
    }
  }
});

test('a 404 page and a redirect carry no ETag and answer If-None-Match: * as usual', async () => {
  const missing = await get('/nothing/here', { 'if-none-match': '*' });
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get('etag'), null);
  assert.match(missing.text, /<h1>Not found<\/h1>/);
  const slash = await get('/hello/', { 'if-none-match': '*' });
  assert.equal(slash.status, 301);
  assert.equal(slash.headers.get('location'), '/hello');
  assert.equal(slash.headers.get('etag'), null);
});

test('media files answer If-None-Match like pages; a draft\'s file shown for a token is private', async () => {
  const cover = await get('/media/posts/hello/cover.png');
  assert.equal(cover.status, 200);
  assert.equal(cover.headers.get('cache-control'), 'public, max-age=3600, s-maxage=3600, stale-while-revalidate=60, stale-if-error=86400');
  const etag = cover.headers.get('etag')!;
  for (const field of [etag, `W/${etag}`, `"stale", ${etag}`, '*']) {
    const again = await get('/media/posts/hello/cover.png', { 'if-none-match': field });
    assert.equal(again.status, 304, field);
    assert.equal(again.headers.get('etag'), etag, field);
    assert.equal(again.headers.get('cache-control'), 'public, max-age=3600, s-maxage=3600, stale-while-revalidate=60, stale-if-error=86400', field);
    assert.equal(again.text, '', field);
  }
  mkdirSync(join(root, 'content/media/posts/admin-draft'), { recursive: true });
  writeFileSync(join(root, 'content/media/posts/admin-draft/plan.txt'), 'not yet');
  const account = await server.deps.auth.accounts.create({ name: 'Rita Reader', email: 'rita@example.org', role: 'editor', password: 'a long password 1' });
  const token = server.deps.auth.createToken({ ownerId: account.id, name: 'preview', scopes: ['content:read'], expiresInDays: 30 }).token;
  const draft = await get('/media/posts/admin-draft/plan.txt', { authorization: `Bearer ${token}` });
  assert.equal(draft.status, 200);
  assert.equal(draft.headers.get('cache-control'), 'private, no-store');
  assert.equal((await get('/media/posts/admin-draft/plan.txt', { 'if-none-match': draft.headers.get('etag')! })).status, 404);
});

test('a change to an entry file gives its page a new ETag and the old one gets the page again', async () => {
  // Each file, the page that shows it; other answers that list the entry follow once the store has looked.
  const changes: Array<[file: string, path: string]> = [
    ['content/posts/hello/de.md', '/de/hallo-welt'],
    ['content/pages/about/en.md', '/about'],
    ['content/pages/about/team/en.md', '/about/team'],
    ['content/tags/news/en.md', '/tag/news'],
    ['content/recipes/soup/en.md', '/recipes/soup'],
  ];
  for (const [file, path] of changes) {
    const old = await etagOf(path);
    writeFileSync(join(root, file), `${FIXTURE_FILES[file]}\nA line added by hand.\n`);
    const fresh = await waitFor(async () => {
      const answer = await get(path, { 'if-none-match': old });
      assert.equal(answer.status, 200, path);
      assert.notEqual(answer.headers.get('etag'), old, path);
      return answer;
    });
    assert.match(fresh.text, /A line added by hand\./, path);
    assert.equal(fresh.headers.get('etag'), strongEtag(fresh.bytes), path);
    assert.equal((await get(path, { 'if-none-match': fresh.headers.get('etag')! })).status, 304, path);
  }
});

test('a post retitled on disk changes its page, the home page, its tag page and the feed', async () => {
  const paths = ['/hello', '/', '/tag/news', '/feed.xml'];
  const old = new Map<string, string>();
  for (const path of paths) old.set(path, await etagOf(path));
  const file = 'content/posts/hello/en.md';
  writeFileSync(join(root, file), FIXTURE_FILES[file]!.replace('Hello World', 'Hello Again, World'));
  for (const path of paths) {
    await waitFor(async () => {
      const answer = await get(path, { 'if-none-match': old.get(path)! });
      assert.equal(answer.status, 200, path);
      assert.match(answer.text, /Hello Again, World/, path);
      assert.equal(answer.headers.get('etag'), strongEtag(answer.bytes), path);
    });
  }
});

test('a new published post changes the sitemap and the feed', async () => {
  const sitemap = await etagOf('/sitemap.xml');
  const feed = await etagOf('/feed.xml');
  mkdirSync(join(root, 'content/posts/third'));
  writeFileSync(join(root, 'content/posts/third/en.md'), '---\ntitle: Third Post\nstatus: published\npublished: 2026-02-02 08:00\n---\n\nA third one.\n');
  await waitFor(async () => {
    const answer = await get('/sitemap.xml', { 'if-none-match': sitemap });
    assert.equal(answer.status, 200);
    assert.match(answer.text, /\/third<\/loc>/);
  });
  const answer = await get('/feed.xml', { 'if-none-match': feed });
  assert.equal(answer.status, 200);
  assert.match(answer.text, /Third Post/);
});

test('the ETag covers the consent banner and the beacon tag: a page that starts embedding a video gets a new one', async () => {
  const old = await etagOf('/about');
  writeFileSync(join(root, 'content/pages/about/en.md'), `${FIXTURE_FILES['content/pages/about/en.md']}\n::: video https://www.youtube.com/watch?v=abcdefgh123\n:::\n`);
  const page = await waitFor(async () => {
    const answer = await get('/about', { 'if-none-match': old });
    assert.equal(answer.status, 200);
    assert.match(answer.text, /id="svc-consent"/);
    return answer;
  });
  assert.match(page.text, /<script defer src="\/svc\/beacon\.js"/);
  assert.equal(page.headers.get('etag'), strongEtag(page.bytes));
  assert.equal((await get('/about', { 'if-none-match': page.headers.get('etag')! })).status, 304);
});

test('robots.txt gets a new ETag when the site closes, and pages then redirect without being stored', async () => {
  const old = await etagOf('/robots.txt');
  writeFileSync(join(root, 'content/site.yaml'), FIXTURE_SITE_YAML.replace('approval_mode: false', 'approval_mode: false\nclosed: true'));
  const robots = await waitFor(async () => {
    const answer = await get('/robots.txt', { 'if-none-match': old });
    assert.equal(answer.status, 200);
    assert.equal(answer.text, 'User-agent: *\nDisallow: /\n');
    return answer;
  });
  assert.equal(robots.headers.get('cache-control'), 'public, max-age=300, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400');
  assert.equal(robots.headers.get('etag'), strongEtag(robots.bytes));
  const page = await get('/hello', { 'if-none-match': '*' });
  assert.equal(page.status, 303);
  assert.equal(page.headers.get('location'), '/svc/panel/sign-in?next=%2Fhello');
  assert.equal(page.headers.get('cache-control'), 'no-store');
  assert.equal(page.headers.get('etag'), null);
});
