import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:net';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { makePng } from '../helpers/images.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

let root: string;
let server: TestServer;
before(async () => {
  root = createFixtureSite();
  server = await startTestServer(root);
});
after(() => server.close());

async function page(path: string) {
  const response = await fetch(server.url + path, { redirect: 'manual' });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

test('every url the API returns opens as a page with the title and body inside <main>', async () => {
  for (const type of ['post', 'page', 'tag', 'recipe']) {
    for (const language of ['en', 'de']) {
      const list = await (await fetch(`${server.url}/svc/api/v1/entries?type=${type}&language=${language}&limit=100`)).json() as any;
      for (const entry of list.data) {
        const { status, text } = await page(new URL(entry.url).pathname);
        assert.equal(status, 200, entry.url);
        const main = text.slice(text.indexOf('<main '), text.indexOf('</main>'));
        assert.ok(main.includes(`<h1>${entry.title.replaceAll('&', '&amp;')}</h1>`), `${entry.url} has its title in <main>`);
      }
    }
  }
});

test('an entry page carries its style.css, cleaned and scoped to <main>, and only that page does', async () => {
  writeFileSync(join(root, 'content/posts/hello/style.css'), 'h1 { color: red; background: url(media/posts/hello/cover.png) } @import url(https://evil.example/x.css);');
  const hello = await page('/hello');
  const style = hello.text.match(/<style id="entry-style">([\s\S]*?)<\/style>/)![1]!;
  assert.match(style, /main h1/);
  assert.match(style, /url\("?\/media\/posts\/hello\/cover.png"?\)/);
  assert.doesNotMatch(style, /evil|@import/);
  assert.doesNotMatch((await page('/second')).text, /entry-style/);
});

test('media files are served from the media folder and nothing outside it', async () => {
  const image = await fetch(`${server.url}/media/posts/hello/cover.png`);
  assert.equal(image.status, 200);
  assert.equal(image.headers.get('content-type'), 'image/png');
  assert.deepEqual(Buffer.from(await image.arrayBuffer()), makePng(64, 32));
  for (const path of ['/media/../site.yaml', '/media/posts/hello/..%2f..%2fsite.yaml', '/media/posts/%2e%2e/site.yaml', '/media/posts/hello/%00', '/media/site.yaml']) {
    const response = await fetch(server.url + path);
    assert.ok([404, 400].includes(response.status), `${path} -> ${response.status}`);
    assert.doesNotMatch(await response.text(), /default_language/);
  }
});

test('drafts, scheduled entries and unknown addresses are 404 pages', async () => {
  assert.equal((await page('/admin-draft')).status, 404);
  assert.equal((await page('/later')).status, 404);
  assert.equal((await page('/nothing/here')).status, 404);
  assert.equal((await page('/was-scheduled')).status, 200);
});

/** The Location of a raw request with this request target (absolute-form included), read off the socket. */
function rawLocation(target: string): Promise<string | undefined> {
  const { port, hostname } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => { text += chunk; });
    socket.on('end', () => resolve(/^location: (.*)$/im.exec(text)?.[1]?.trim()));
    socket.on('error', reject);
  });
}

test('the trailing-slash redirect stays on the site: an absolute-form //evil.example/ goes to /evil.example', async () => {
  assert.equal(await rawLocation(`${server.url}//evil.example/`), '/evil.example');
  assert.equal(await rawLocation(`${server.url}///evil.example/?a=1`), '/evil.example?a=1');
  assert.equal(await rawLocation('/hello/'), '/hello');
  assert.equal((await page('/hello/')).headers.get('location'), '/hello');
});

test('a request target beginning // or /\\ names no other host: 404, never the home page or a post; refusals are not kept', async () => {
  const { port, hostname } = new URL(server.url);
  const raw = (target: string) => new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => { text += chunk; });
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
  for (const target of ['//hello', '//evil.example/hello', '/\\evil.example', '//']) {
    const answer = await raw(target);
    assert.match(answer, /^HTTP\/1\.1 404 /, target);
    assert.match(answer, /^cache-control: no-store\r$/im, target);
    assert.match(answer, /^x-content-type-options: nosniff\r$/im, target);
  }
});

test('home pages list published posts per language with language links', async () => {
  const home = await page('/');
  assert.equal(home.status, 200);
  assert.match(home.text, /href="\/hello"/);
  assert.doesNotMatch(home.text, /Admin Draft/);
  const de = await page('/de');
  assert.match(de.text, /Hallo Welt/);
  assert.match(de.text, /<html lang="de">/);
});

test('raw HTML in bodies is escaped on the page', async () => {
  writeFileSync(join(root, 'content/posts/second/en.md'), '---\ntitle: "<script>alert(1)</script>"\nstatus: published\npublished: 2026-02-01 08:30\n---\n\n<img src=x onerror=alert(1)>\n');
  const { text } = await page('/second');
  assert.doesNotMatch(text, /<script>alert|<img src=x/);
  assert.match(text, /&lt;script&gt;/);
});

test('the consent banner appears only when the content embeds a service, and its decisions are counted', async () => {
  assert.doesNotMatch((await page('/')).text, /svc-consent/);
  writeFileSync(join(root, 'content/posts/hello/en.md'), '---\ntitle: Hello World\nstatus: published\npublished: 2026-01-10 10:00\n---\n\n::: video https://www.youtube.com/watch?v=abcdefgh123\n:::\n');
  const { text } = await page('/hello');
  const version = /id="svc-consent"[^>]*data-version="([a-f0-9]{8})"/.exec(text)?.[1];
  assert.ok(version, 'banner with its version');
  assert.match(text, /embeds content from YouTube/);
  assert.match(text, /<div class="card-video" data-embed="https:\/\/www.youtube.com\/watch\?v=abcdefgh123">/);
  const decision = await fetch(`${server.url}/svc/consent`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0' }, body: JSON.stringify({ v: version, a: 'accept_all', c: {} }) });
  assert.equal(decision.status, 204);
});

test('addresses with . or .. segments, plain or encoded, are refused before routing', async () => {
  const net = await import('node:net');
  for (const path of ['/svc/panel/entries/%2e%2e', '/media/posts/%2E%2e/site.yaml', '/a/./b', '/../content/site.yaml']) {
    const raw = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1', () => socket.end(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
      let data = '';
      socket.on('data', (chunk) => { data += chunk; });
      socket.on('end', () => resolve(data));
    });
    assert.match(raw, /^HTTP\/1.1 400 /, path);
  }
  assert.equal((await page('/hello.world-not-a-dot-segment')).status, 404);
});

test('an Atom feed per language, a sitemap with alternates and robots.txt', async () => {
  const feed = await page('/feed.xml');
  assert.equal(feed.status, 200);
  assert.equal(feed.headers.get('content-type'), 'application/atom+xml; charset=utf-8');
  assert.match(feed.text, /^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom" xml:lang="en">/);
  assert.match(feed.text, new RegExp(`<link href="${server.url}/hello"/>`));
  assert.doesNotMatch(feed.text, /Admin Draft|Later Post/);
  const de = await page('/de/feed.xml');
  assert.match(de.text, /Hallo Welt/);
  assert.equal((await page('/fr/feed.xml')).status, 404);
  assert.equal((await page('/constructor/feed.xml')).status, 404);
  assert.equal((await page('/__proto__/feed.xml')).status, 404);
  const sitemap = await page('/sitemap.xml');
  assert.match(sitemap.text, new RegExp(`<loc>${server.url}/de/hallo-welt</loc>`));
  assert.match(sitemap.text, /hreflang="en"/);
  assert.doesNotMatch(sitemap.text, /admin-draft|\/later</);
  const robots = await page('/robots.txt');
  assert.equal(robots.text, `User-agent: *\nDisallow: /svc/\nAllow: /svc/api/\n\nSitemap: ${server.url}/sitemap.xml\n# llms.txt: ${server.url}/llms.txt\n# llms-full.txt: ${server.url}/llms-full.txt\n`);
});

test('a scheduled translation found due is written as published to its file, once, with a history line', async () => {
  const { readFileSync: read, existsSync } = await import('node:fs');
  // The fixture's posts/was-scheduled was scheduled for 2020: the first scan found it due.
  await page('/was-scheduled');
  const text = await waitFor(() => {
    const current = read(join(root, 'content/posts/was-scheduled/en.md'), 'utf8');
    assert.match(current, /^status: published$/m);
    return current;
  });
  assert.match(text, /^published: 2020-01-01 10:00$/m);
  const historyDir = join(root, 'data/history');
  assert.ok(existsSync(historyDir));
  const { readdirSync } = await import('node:fs');
  const lines = readdirSync(historyDir).flatMap((name) => read(join(historyDir, name), 'utf8').trim().split('\n')).map((line) => JSON.parse(line));
  const settled = lines.filter((line) => line.entry === 'posts/was-scheduled');
  assert.equal(settled.length, 1);
  assert.deepEqual({ ...settled[0], time: undefined }, { time: undefined, person: 'admin', action: 'publish', entry: 'posts/was-scheduled', language: 'en', via: 'schedule', token: null, detail: 'scheduled for 2020-01-01 10:00' });
  // The future one is left alone.
  assert.match(read(join(root, 'content/posts/later/en.md'), 'utf8'), /^status: "scheduled"$/m);
});

test('media of an entry with nothing published stay private unless signed in or with a content:read token', async () => {
  const { mkdirSync: mkdir } = await import('node:fs');
  mkdir(join(root, 'content/media/posts/admin-draft'), { recursive: true });
  writeFileSync(join(root, 'content/media/posts/admin-draft/secret.png'), makePng(4, 4));
  assert.equal((await fetch(`${server.url}/media/posts/admin-draft/secret.png`)).status, 404);
  const account = await server.deps.auth.accounts.create({ name: 'Media Reader', email: 'media@example.org', role: 'editor', password: 'a long password 1' });
  const reader = server.deps.auth.createToken({ ownerId: account.id, name: 'media', scopes: ['content:read'], expiresInDays: 30 }).token;
  const statsOnly = server.deps.auth.createToken({ ownerId: account.id, name: 'stats', scopes: ['stats:read'], expiresInDays: 30 }).token;
  assert.equal((await fetch(`${server.url}/media/posts/admin-draft/secret.png`, { headers: { authorization: `Bearer ${statsOnly}` } })).status, 404);
  assert.equal((await fetch(`${server.url}/media/posts/admin-draft/secret.png`, { headers: { authorization: `Bearer ${reader}` } })).status, 200);
  assert.equal((await fetch(`${server.url}/media/posts/hello/cover.png`)).status, 200);
});

test('a draft\'s media go only to whom its role shows the draft: a contributor sees their own, not another person\'s', async () => {
  const { mkdirSync: mkdir } = await import('node:fs');
  const contributor = await server.deps.auth.accounts.create({ name: 'Con Tributor', email: 'con@example.org', role: 'contributor', password: 'a long password 1' });
  const token = server.deps.auth.createToken({ ownerId: contributor.id, name: 'own', scopes: ['content:read'], expiresInDays: 30 }).token;
  mkdir(join(root, 'content/posts/con-draft'), { recursive: true });
  writeFileSync(join(root, 'content/posts/con-draft/en.md'), `---\ntitle: Mine\nstatus: draft\ndate: 2026-03-04 12:00\nauthor: ${contributor.id}\n---\nMine.\n`);
  for (const folder of ['admin-draft', 'con-draft', 'no-such-entry']) {
    mkdir(join(root, `content/media/posts/${folder}`), { recursive: true });
    writeFileSync(join(root, `content/media/posts/${folder}/picture.png`), makePng(4, 4));
  }
  const as = (path: string, bearer: string) => fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${bearer}` } });
  await waitFor(async () => assert.equal((await as('/media/posts/con-draft/picture.png', token)).status, 200));
  const own = await as('/media/posts/con-draft/picture.png', token);
  assert.equal(own.headers.get('cache-control'), 'private, no-store');
  assert.equal((await as('/media/posts/admin-draft/picture.png', token)).status, 404, "another person's draft");
  assert.equal((await as('/media/posts/no-such-entry/picture.png', token)).status, 404, 'files of no entry');
  assert.equal((await as('/media/posts/hello/cover.png', token)).status, 200, 'a published entry');
  const editor = await server.deps.auth.accounts.create({ name: 'Eddie', email: 'eddie@example.org', role: 'editor', password: 'a long password 1' });
  const editorToken = server.deps.auth.createToken({ ownerId: editor.id, name: 'all', scopes: ['content:read'], expiresInDays: 30 }).token;
  for (const folder of ['admin-draft', 'con-draft', 'no-such-entry']) assert.equal((await as(`/media/posts/${folder}/picture.png`, editorToken)).status, 200, folder);
});

test('a control character in a title, excerpt or body leaves the feed well-formed XML: it becomes U+FFFD', async () => {
  const root = createFixtureSite({
    'content/posts/bell/en.md': '---\ntitle: "Bell \\a ring \\x01"\nstatus: published\ndate: 2026-06-01 10:00\npublished: 2026-06-01 10:00\nexcerpt: "ex \\b cerpt"\n---\nBody \u0007 text \u000b and \uffff.\n',
  });
  const local = await startTestServer(root);
  try {
    const feed = await (await fetch(`${local.url}/feed.xml`)).text();
    assert.doesNotMatch(feed, /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/u, 'nothing XML 1.0 forbids');
    assert.match(feed, /<title>Bell \uFFFD ring \uFFFD<\/title>/);
    assert.match(feed, /<summary>ex \uFFFD cerpt<\/summary>/);
    assert.match(feed, /Body \uFFFD text \uFFFD and \uFFFD\./);
    // The page keeps what was written (HTML shows it), escaped as ever.
    assert.match(await (await fetch(`${local.url}/bell`)).text(), /<h1>Bell \u0007 ring \u0001<\/h1>/);
  } finally {
    await local.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test('a tag page lists its posts ten a page with links between the pages; past the last page is 404', async () => {
  const extra: Record<string, string> = {};
  for (let i = 1; i <= 12; i++) {
    const day = String(i).padStart(2, '0');
    extra[`content/posts/walk-${day}/en.md`] = `---\ntitle: "Walk ${day}"\nstatus: published\ndate: 2025-02-${day} 10:00\npublished: 2025-02-${day} 10:00\ntags: [travel]\n---\nA walk.\n`;
  }
  const root = createFixtureSite(extra);
  const local = await startTestServer(root);
  try {
    const titles = (html: string) => [...html.matchAll(/<h2><a href="[^"]*">([^<]*)<\/a><\/h2>/g)].map((match) => match[1]);
    const first = await fetch(`${local.url}/tag/travel`);
    const firstHtml = await first.text();
    assert.equal(first.status, 200);
    assert.equal(titles(firstHtml).length, 10);
    assert.deepEqual(titles(firstHtml).filter((title) => title!.startsWith('Walk')).slice(0, 2), ['Walk 12', 'Walk 11'], 'newest first');
    assert.match(firstHtml, /<a rel="next" href="\/tag\/travel\?page=2">Next page<span aria-hidden="true"> →<\/span><\/a>/);
    const second = await fetch(`${local.url}/tag/travel?page=2`);
    const secondHtml = await second.text();
    assert.equal(second.status, 200);
    assert.ok(titles(secondHtml).length >= 2 && titles(secondHtml).length <= 10);
    assert.ok(!titles(secondHtml).some((title) => titles(firstHtml).includes(title)), 'no post on both pages');
    assert.equal((await fetch(`${local.url}/tag/travel?page=9`)).status, 404);
    assert.equal((await fetch(`${local.url}/tag/travel?page=abc`)).status, 404);
    assert.equal((await fetch(`${local.url}/hello?page=2`)).status, 200, 'other pages have no pages and ignore it');
  } finally {
    await local.close();
    rmSync(root, { recursive: true, force: true });
  }
});
