// Markdown twins: every public entry page as Markdown at its address + .md and, for a request that prefers
// text/markdown, at its own address; cards written out as plain Markdown, addresses absolute, the same
// caching as the HTML, and never a way to have script or HTML served as a page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFixtureSite, FIXTURE_SITE_YAML } from '../helpers/fixture-site.ts';
import { entry as entryFile, entryText } from '../helpers/write-site.ts';

const entry = (fields: Parameters<typeof entryFile>[0], body?: string) => entryText(entryFile(fields, body));
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { signIn, type Jar, type PanelHarness } from '../helpers/panel-harness.ts';
import { prefersMarkdown } from '../../dist/http/accept.js';
import { readableMarkdown } from '../../dist/content/readable-markdown.js';
import { renderPreviewPage } from '../../dist/site/preview-page.js';

const HOSTILE_BODY = [
  'Text with <b onclick="alert(1)">raw HTML</b>.',
  '',
  '<script>alert("body")</script>',
  '',
  '::: button "Click <img src=x onerror=alert(2)>" href="javascript:alert(3)"',
  ':::',
  '',
  '::: image src="media/posts/hostile/a.png" alt="](javascript:alert(4)) <script>alert(5)</script>" caption="*x* # not [a](b) heading"',
  ':::',
  '',
  '::: plugin-thing onload="alert(6)" data="<iframe>"',
  'Inner text stays.',
  ':::',
].join('\n');

let server: TestServer;
let root: string;

before(async () => {
  root = createFixtureSite({
    'content/posts/hostile/en.md': entry({ title: '<script>alert("title")</script> & more', status: 'published', date: '2026-01-20 09:00', published: '2026-01-20 09:00', author: 'admin', excerpt: 'See [Click](javascript:alert(6)) and <a href="javascript:alert(7)">x</a>' }, HOSTILE_BODY),
    'content/posts/cards/en.md': entry({ title: 'All the cards', status: 'published', date: '2026-01-21 09:00', published: '2026-01-21 09:00', author: 'admin' }, [
      '::: callout warning title="Careful"', 'Hot **soup**.', ':::', '',
      '::: quote author="Ada" source="Notes"', 'Quoted words.', ':::', '',
      '::: gallery images="media/posts/cards/one.png, media/posts/cards/two.png"', ':::', '',
      '::: video https://www.youtube.com/watch?v=abc title="The film"', ':::', '',
      '::: button "Read on" href="/about"', ':::', '',
      'See [the team](/about/team) and ![a](media/posts/cards/one.png).', '',
      '```', '![code](media/not/changed.png)', '```',
    ].join('\n')),
  });
  server = await startTestServer(root);
});
after(() => server.close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(server.url + path, { headers, redirect: 'manual' });

test('a post at .md: a YAML head, the title, the body with its cards readable and its media absolute', async () => {
  const response = await get('/hello.md');
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'text/markdown; charset=utf-8');
  assert.match(response.headers.get('cache-control')!, /^public, max-age=60,/);
  assert.equal(response.headers.get('link'), `<${server.url}/hello>; rel="canonical"`);
  const text = await response.text();
  const url = server.url;
  assert.equal(text, `---
title: "Hello World"
date: "2026-01-10T10:00:00+01:00"
url: "${url}/hello"
language: "en"
description: "The first post."
tags:
  - "News"
  - "Travel"
translations:
  de: "${url}/de/hallo-welt"
---

# Hello World

Welcome to **the site**.

> **Note**
>
> A tip.

![Photo](${url}/media/posts/hello/cover.png)
`);
  const german = await (await get('/de/hallo-welt.md')).text();
  assert.match(german, /^language: "de"$/m);
  assert.match(german, new RegExp(`^  en: "${url}/hello"$`, 'm'));
});

test('every core card is written out as plain Markdown; site addresses become absolute, code stays as written', async () => {
  const text = await (await get('/cards.md')).text();
  const url = server.url;
  assert.ok(!text.includes(':::'), text);
  assert.ok(text.includes('> **Careful**\n>\n> Hot **soup**.'), text);
  assert.ok(text.includes('> Quoted words.\n>\n> — Ada, Notes'), text);
  assert.ok(text.includes(`![](<${url}/media/posts/cards/one.png>)\n![](<${url}/media/posts/cards/two.png>)`), text);
  assert.ok(text.includes('[The film](<https://www.youtube.com/watch?v=abc>)'), text);
  assert.ok(text.includes(`[Read on](<${url}/about>)`), text);
  assert.ok(text.includes(`See [the team](${url}/about/team) and ![a](${url}/media/posts/cards/one.png).`), text);
  assert.ok(text.includes('```\n![code](media/not/changed.png)\n```'), text);
});

test('a tag and a page list their posts and child pages as links to their twins', async () => {
  const tag = await (await get('/tag/news.md')).text();
  assert.ok(tag.includes(`## Posts\n\n- [Hello World](${server.url}/hello.md): The first post.`), tag);
  const about = await (await get('/about.md')).text();
  assert.ok(about.includes(`- [Team](${server.url}/about/team.md)`), about);
  assert.equal((await get('/tag/news.md?page=2')).status, 404, 'past the last page');
  assert.equal((await get('/hello.md?page=2')).status, 200, 'as on the HTML page, ?page means nothing to a post');
});

test('Accept: text/markdown at the page address gets the twin; the HTML announces it; both vary on Accept', async () => {
  const html = await get('/hello');
  assert.equal(html.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.equal(html.headers.get('vary'), 'Accept');
  assert.equal(html.headers.get('link'), `<${server.url}/hello.md>; rel="alternate"; type="text/markdown"`);
  assert.ok((await html.text()).includes(`<link rel="alternate" type="text/markdown" href="${server.url}/hello.md">`));
  const negotiated = await get('/hello', { accept: 'text/markdown, text/html;q=0.9' });
  assert.equal(negotiated.headers.get('content-type'), 'text/markdown; charset=utf-8');
  assert.equal(negotiated.headers.get('vary'), 'Accept');
  assert.equal(negotiated.headers.get('content-location'), '/hello.md');
  const byPath = await get('/hello.md');
  assert.equal(byPath.headers.get('vary'), null, 'the .md address has one answer only');
  assert.equal(negotiated.headers.get('etag'), byPath.headers.get('etag'), 'the same bytes, the same strong tag');
  assert.notEqual(negotiated.headers.get('etag'), html.headers.get('etag'));
  assert.equal(await negotiated.text(), await byPath.text());
  // A browser's Accept, and one that prefers HTML, get the page.
  for (const accept of ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'text/html, text/markdown;q=0.5', '*/*', 'text/markdown;q=0']) {
    assert.equal((await get('/hello', { accept })).headers.get('content-type'), 'text/html; charset=utf-8', accept);
  }
  // Lists have no twin: Markdown asked for there gets the page, without Vary.
  const home = await get('/', { accept: 'text/markdown' });
  assert.equal(home.headers.get('content-type'), 'text/html; charset=utf-8');
});

test('a twin has its ETag and 304 like the HTML, and changes with the entry', async () => {
  const first = await get('/second.md');
  const etag = first.headers.get('etag')!;
  assert.match(etag, /^"[A-Za-z0-9_-]{32}"$/);
  const again = await get('/second.md', { 'if-none-match': etag });
  assert.equal(again.status, 304);
  assert.match(again.headers.get('cache-control')!, /^public, max-age=60,/);
  const head = await fetch(`${server.url}/second.md`, { method: 'HEAD' });
  assert.equal(head.headers.get('etag'), etag);
  writeFileSync(join(root, 'content/posts/second/en.md'), entry({ title: 'Second Post', status: 'published', date: '2026-02-01 08:00', published: '2026-02-01 08:30', author: 'editor', tags: ['travel'] }, 'Changed words about trains.'));
  const changed = await get('/second.md', { 'if-none-match': etag });
  assert.equal(changed.status, 200);
  assert.ok((await changed.text()).includes('Changed words about trains.'));
});

test('drafts, scheduled entries and addresses that are no entry page have no twin', async () => {
  for (const path of ['/admin-draft.md', '/later.md', '/writer-draft.md']) assert.equal((await get(path)).status, 404, path);
  assert.equal((await get('/admin-draft', { accept: 'text/markdown' })).status, 404);
  for (const path of ['/tag.md', '/recipes.md', '/.md', '/de.md', '/hello.md.md', '/hello/.md', '/media/posts/hello/cover.png.md', '/nothing.md']) {
    const response = await get(path);
    assert.equal(response.status, 404, path);
    assert.notEqual(response.headers.get('content-type'), 'text/markdown; charset=utf-8', path);
  }
  for (const path of ['/svc/api/v1/site.md', '/svc/panel.md', '/svc/mcp.md']) {
    const response = await get(path);
    assert.equal(response.status, 404, path);
    assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8', path);
  }
});

test('.md on a path with .. never leaves the content, encoded or not', async () => {
  for (const path of ['/%2e%2e/hello.md', '/tag/%2e%2e/hello.md', '/..%2fhello.md', '/%2e%2e%2f%2e%2e%2fetc%2fpasswd.md', '/tag/..%2f..%2fsite.yaml.md']) {
    const status = await rawStatus(path);
    assert.ok(status === 404 || status === 400, `${path}: ${status}`);
  }
  // Dot segments sent as they are: refused, as for the HTML pages.
  assert.equal(await rawStatus('/tag/../hello.md'), await rawStatus('/tag/../hello'));
});

test('hostile text: the twin is Markdown with nosniff in a sandbox, its card settings cannot make links or tags', async () => {
  const response = await get('/hostile.md', { accept: 'text/html' });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'text/markdown; charset=utf-8', 'never text/html, whatever is asked');
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(response.headers.get('content-security-policy'), "sandbox; default-src 'none'");
  const text = await response.text();
  assert.ok(text.includes('\n# \\<script\\>alert\\(\\"title\\"\\)\\</script\\> \\& more\n'), 'the title is text');
  assert.ok(text.includes('title: "<script>alert(\\"title\\")</script> & more"'), 'quoted in the head');
  // The head is quoted YAML strings (no Markdown): the body after it makes no such link and no tag.
  const body = text.slice(text.indexOf('\n---\n', 4));
  assert.doesNotMatch(body, /\]\(<?\s*javascript:/i, 'no javascript: address survives as a link');
  assert.ok(text.includes('Click \\<img src=x onerror=alert\\(2\\)\\>'), 'a button without a safe address is its label, escaped');
  assert.ok(text.includes('\\<script\\>alert\\(5\\)\\</script\\>'), 'alt text escaped');
  assert.ok(text.includes('*\\*x\\* \\# not \\[a\\]\\(b\\) heading*'), 'a caption is text, not Markdown');
  assert.ok(text.includes('Inner text stays.') && !text.includes('onload') && !text.includes('<iframe>'), 'a card of unknown name keeps its text, not its settings');
  // Raw HTML is text here as on the page: no tag a Markdown viewer would make (each `<` escaped).
  assert.doesNotMatch(body, /(?:^|[^\\])<\/?(?:b|script|a|iframe)\b/m, 'no raw tag');
  assert.ok(text.includes('Text with \\<b onclick="alert(1)">raw HTML\\</b>.'), text);
  // The HTML page of the same entry still escapes what the body holds.
  const html = await (await get('/hostile')).text();
  assert.ok(!html.includes('<script>alert("body")</script>'));
  // Its excerpt in the llms lists: no link the page would refuse, no tag.
  const llms = await (await get('/llms.txt')).text();
  const line = llms.split('\n').find((row) => row.includes('/hostile.md'))!;
  assert.ok(line.endsWith(': See [Click](<>) and \\<a href="javascript:alert(7)">x\\</a>'), line);
});

test('the Accept field: weights, wildcards and malformed or huge values', () => {
  assert.equal(prefersMarkdown(undefined), false);
  assert.equal(prefersMarkdown('text/markdown'), true);
  assert.equal(prefersMarkdown('TEXT/Markdown; charset=utf-8'), true);
  assert.equal(prefersMarkdown('text/markdown, */*'), true);
  assert.equal(prefersMarkdown('text/html, text/markdown'), true, 'a tie goes to what the client named beside HTML');
  assert.equal(prefersMarkdown('text/html;q=0.9, text/markdown;q=0.8'), false);
  assert.equal(prefersMarkdown('text/*;q=0.2, */*;q=0.9, text/markdown;q=0.5'), true, 'text/* is more specific than */*');
  assert.equal(prefersMarkdown('*/*;q=0.9, text/*;q=0.2, text/markdown;q=0.5'), true, 'in any order');
  assert.equal(prefersMarkdown('text/html;q=0.1, */*, text/markdown;q=0.5'), true);
  for (const odd of ['text/markdown;q=2', 'text/markdown;q=-1', 'text/markdown;q=abc', 'text/markdown;q=0.12345', 'text/markdown;q=', 'text/markdown;q=1.5', 'text/markdown;q=0', 'text/markdown;q=0.000']) {
    assert.equal(prefersMarkdown(odd), false, odd);
  }
  assert.equal(prefersMarkdown('text/markdown;q=1.000'), true);
  assert.equal(prefersMarkdown('application/markdown-ish'), false);
  // 10 KB: ranges beyond the first few dozen are not looked at, and nothing hangs.
  const huge = `${'application/x-a;q=0.1, '.repeat(460)}text/markdown`;
  assert.ok(huge.length > 10_000);
  const started = performance.now();
  assert.equal(prefersMarkdown(huge), false);
  assert.equal(prefersMarkdown(`text/markdown, ${'x/y;q=0.1, '.repeat(1000)}`), true);
  // A bound for a hang, not a speed (a loaded machine can hold a process back for tens of milliseconds).
  assert.ok(performance.now() - started < 1_000);
});

test('over HTTP a 10 KB Accept or odd weights get a clear answer', async () => {
  const huge = `text/markdown;q=0.5, ${'application/x-a;q=0.1, '.repeat(440)}`;
  assert.ok(huge.length > 10_000);
  const response = await get('/hello', { accept: huge });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'text/markdown; charset=utf-8');
  for (const accept of ['text/markdown;q=2', 'text/markdown;q=-0.5', 'text/markdown;;;q', ';;;,,,', 'text/markdown;q=0.5;q=oops']) {
    const odd = await get('/hello', { accept });
    assert.equal(odd.status, 200, accept);
    assert.equal(odd.headers.get('content-type'), 'text/html; charset=utf-8', accept);
  }
});

test('readable Markdown of a card nested too deep keeps its text and ends', () => {
  const deep = `${'::: callout\n'.repeat(40)}Deep words.\n${':::\n'.repeat(40)}`;
  const text = readableMarkdown(deep, 'https://example.org');
  assert.ok(text.includes('Deep words.'));
  assert.ok(!text.includes(':::'));
});

test('a closed site: twins follow the pages (sign-in first, then private)', async () => {
  const closedRoot = createFixtureSite({ 'content/site.yaml': FIXTURE_SITE_YAML.replace('approval_mode: false', 'approval_mode: false\nclosed: true') });
  const closed = await startTestServer(closedRoot);
  try {
    const account = await closed.deps.auth.accounts.create({ name: 'Eve Editor', email: 'eve@example.org', role: 'editor', password: 'a long password 1' });
    assert.ok(account.id);
    for (const [path, headers] of [['/hello.md', {}], ['/hello', { accept: 'text/markdown' }]] as const) {
      const response = await fetch(closed.url + path, { headers, redirect: 'manual' });
      assert.equal(response.status, 303, path);
      assert.equal(response.headers.get('cache-control'), 'no-store');
    }
    const eve: Jar = await signIn({ url: closed.url } as PanelHarness, 'eve@example.org', 'a long password 1');
    const twin = await fetch(`${closed.url}/hello.md`, { headers: { cookie: eve.header() }, redirect: 'manual' });
    assert.equal(twin.status, 200);
    assert.equal(twin.headers.get('cache-control'), 'private, no-store');
    assert.equal(twin.headers.get('content-type'), 'text/markdown; charset=utf-8');
    const etag = twin.headers.get('etag')!;
    assert.equal((await fetch(`${closed.url}/hello.md`, { headers: { 'if-none-match': etag }, redirect: 'manual' })).status, 303, 'no 304 before the sign-in check');
  } finally {
    await closed.close();
  }
});

/** The status of a request sent with exactly this target (fetch would resolve dot segments first). */
function rawStatus(path: string): Promise<number> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'GET' }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', reject);
    req.end();
  });
}

test("a draft's preview names no twin (it has none until published); a published entry's preview does", () => {
  const store = server.deps.content;
  const draft = store.entryOncePerTurn('posts/admin-draft')!;
  const draftPreview = renderPreviewPage(store, draft, draft.translations.get('en')!, '/svc/panel/edit', () => {})!;
  assert.ok(!draftPreview.includes('text/markdown'));
  const hello = store.entryOncePerTurn('posts/hello')!;
  const published = renderPreviewPage(store, hello, hello.translations.get('en')!, '/svc/panel/edit', () => {}, { title: 'Unsaved', body: 'New words.', fields: {} })!;
  assert.ok(published.includes('type="text/markdown"'));
});
