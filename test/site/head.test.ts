// What every public page says about itself in <head> (canonical link, hreflang alternates, Open Graph and
// Twitter card tags with title, excerpt and cover) and how it is built for everyone (landmarks, a skip link,
// dark mode, a compact consent banner): the real server over the fixture site.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { entry, entryText } from '../helpers/write-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let root: string;
let server: TestServer;
before(async () => {
  root = createFixtureSite({
    'content/posts/film/en.md': entryText(entry({ title: 'A "Film" & more', status: 'published', date: '2026-01-20 10:00', published: '2026-01-20 10:00', excerpt: 'Watch <this>.' },
      '::: video https://vimeo.com/123456 title="Our film"\n:::\n')),
  });
  server = await startTestServer(root);
});
after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

async function head(path: string, status = 200): Promise<{ text: string; tags: string[] }> {
  const response = await fetch(server.url + path);
  assert.equal(response.status, status, path);
  const text = await response.text();
  const headText = text.slice(0, text.indexOf('</head>'));
  return { text, tags: [...headText.matchAll(/<(?:link rel="(?:canonical|alternate)" hreflang[^>]*|link rel="canonical"[^>]*|meta (?:property|name)="(?:og:|twitter:|article:|robots)[^>]*)>/g)].map((match) => match[0]) };
}

test('a post has its canonical address, its languages with x-default, and Open Graph and Twitter tags with title, excerpt and cover', async () => {
  const { tags } = await head('/hello');
  const url = server.url;
  assert.deepEqual(tags, [
    `<link rel="canonical" href="${url}/hello">`,
    `<link rel="alternate" hreflang="en" href="${url}/hello">`,
    `<link rel="alternate" hreflang="de" href="${url}/de/hallo-welt">`,
    `<link rel="alternate" hreflang="x-default" href="${url}/hello">`,
    '<meta property="og:type" content="article">',
    '<meta property="og:site_name" content="Fixture Site">',
    '<meta property="og:title" content="Hello World">',
    '<meta property="og:description" content="The first post.">',
    `<meta property="og:url" content="${url}/hello">`,
    '<meta property="og:locale" content="en">',
    '<meta property="og:locale:alternate" content="de">',
    '<meta property="article:published_time" content="2026-01-10T10:00:00+01:00">',
    `<meta property="og:image" content="${url}/media/posts/hello/cover.png">`,
    '<meta property="og:image:width" content="64">',
    '<meta property="og:image:height" content="32">',
    '<meta property="og:image:alt" content="Hello World">',
    '<meta name="twitter:card" content="summary_large_image">',
    '<meta name="twitter:title" content="Hello World">',
    '<meta name="twitter:description" content="The first post.">',
    `<meta name="twitter:image" content="${url}/media/posts/hello/cover.png">`,
    '<meta name="twitter:image:alt" content="Hello World">',
  ]);
  const german = await head('/de/hallo-welt');
  assert.ok(german.tags.includes(`<link rel="canonical" href="${url}/de/hallo-welt">`));
  assert.ok(german.tags.includes('<meta property="og:description" content="Der erste Beitrag.">'));
  assert.ok(german.tags.includes('<meta property="og:locale" content="de">'));
  assert.ok(german.tags.includes('<meta name="twitter:card" content="summary">'), 'the German translation has no cover');
});

test('every kind of page has a canonical link and its card tags; alternates only where there are other languages', async () => {
  const url = server.url;
  const pages: Array<[path: string, canonical: string, languages: string[], title: string]> = [
    ['/', '/', ['en', 'de'], 'Fixture Site'],
    ['/de', '/de', ['en', 'de'], 'Fixture Site'],
    ['/about', '/about', ['en', 'de'], 'About'],
    ['/about/team', '/about/team', [], 'Team'],
    ['/tag/news', '/tag/news', ['en', 'de'], 'News'],
    ['/tag/travel', '/tag/travel', [], 'Travel'],
    ['/tag', '/tag', ['en', 'de'], 'Tags'],
    ['/recipes', '/recipes', ['en', 'de'], 'Recipes'],
    ['/de/recipes', '/de/recipes', ['en', 'de'], 'Recipes'],
    ['/recipes/soup', '/recipes/soup', [], 'Barley Soup'],
  ];
  for (const [path, canonical, languages, title] of pages) {
    const { tags } = await head(path);
    assert.equal(tags.filter((tag) => tag.startsWith('<link rel="canonical"'))[0], `<link rel="canonical" href="${url}${canonical}">`, path);
    const hreflangs = tags.map((tag) => /hreflang="([^"]*)"/.exec(tag)?.[1]).filter(Boolean);
    assert.deepEqual(hreflangs.filter((code) => code !== 'x-default').sort(), [...languages].sort(), path);
    if (languages.length > 0) assert.ok(hreflangs.includes('x-default'), path);
    assert.ok(tags.includes(`<meta property="og:title" content="${title}">`), `${path} og:title`);
    assert.ok(tags.includes(`<meta name="twitter:title" content="${title}">`), `${path} twitter:title`);
    assert.ok(tags.includes('<meta property="og:type" content="website">'), `${path} is a website page`);
    assert.ok(tags.includes('<meta property="og:description" content="A site for tests.">') || path === '/hello', `${path} describes itself`);
  }
});

test('a later page of a list is its own canonical address; a 404 page is never indexed and names no address', async () => {
  const { tags } = await head('/tag/news?page=1');
  assert.ok(tags.includes(`<link rel="canonical" href="${server.url}/tag/news">`));
  const missing = await head('/nothing-here', 404);
  assert.ok(missing.tags.includes('<meta name="robots" content="noindex">'));
  assert.ok(!missing.tags.some((tag) => tag.includes('canonical') || tag.includes('og:url') || tag.includes('hreflang')));
});

test('title and excerpt are escaped in the head tags', async () => {
  const { tags } = await head('/film');
  assert.ok(tags.includes('<meta property="og:title" content="A &quot;Film&quot; &amp; more">'));
  assert.ok(tags.includes('<meta name="twitter:description" content="Watch &lt;this&gt;.">'));
});

test('every page has a skip link to <main>, and its content sits in the banner, main and contentinfo landmarks', async () => {
  for (const [path, status] of [['/', 200], ['/hello', 200], ['/recipes', 200], ['/nothing', 404]] as const) {
    const { text } = await head(path, status);
    const body = text.slice(text.indexOf('<body>') + 6, text.indexOf('</body>'));
    assert.match(body, /^\n<a class="skip-link" href="#main">Skip to content<\/a>\n(?:<div id="svc-consent" [\s\S]*?<\/div><\/div>\n)?<header class="site">[\s\S]*<\/header>\n<main id="main" tabindex="-1"(?: class="own-style")?>[\s\S]*<\/main>\n<footer class="site">[\s\S]*<\/footer>\n/, path);
    assert.match(body, /<nav aria-label="Pages">/, path);
  }
});

test('the default theme follows prefers-color-scheme, and the consent banner stays compact on a narrow screen', async () => {
  const { text } = await head('/film');
  assert.ok(text.includes('<meta name="color-scheme" content="light dark">'));
  const css = /<style>([\s\S]*?)<\/style>/.exec(text)![1]!;
  const dark = /@media \(prefers-color-scheme:dark\)\{:root\{([^}]*)\}/.exec(css)?.[1];
  assert.ok(dark, 'a dark scheme');
  for (const colour of ['--text', '--back', '--muted', '--link']) assert.match(dark, new RegExp(`${colour}:#[0-9a-f]{6}`), colour);
  // A page with its own style.css keeps the light colours inside <main>, which its CSS was written for.
  assert.match(css, /:where\(main\.own-style\)\{color-scheme:light;--text:#1d232a;--back:#fbfaf7;[^}]*color:var\(--text\);background:var\(--back\)/);
  assert.ok((await head('/hello')).text.includes('<main id="main" tabindex="-1" class="own-style">'));
  assert.ok(text.includes('<main id="main" tabindex="-1">'), 'a page without one follows the scheme');
  // A bar in the page's flow (it pushes the text down, never covers it), smaller below 30rem (a 390 px phone).
  assert.match(css, /#svc-consent\{position:relative;/);
  assert.doesNotMatch(css, /#svc-consent\{[^}]*position:(?:fixed|absolute|sticky)/);
  assert.match(css, /@media \(max-width:30rem\)\{#svc-consent\{font-size:\.8rem;/);
});

test('the video placeholder says what playing it loads, and the player gets the link text as its title', async () => {
  const { text } = await head('/film');
  assert.ok(text.includes('<div class="card-video" data-embed="https://vimeo.com/123456"><a href="https://vimeo.com/123456" rel="noopener">Our film</a><p class="video-note">Playing the video here loads it from Vimeo, which may set cookies and see your IP address. It plays here once you allow external media. <a href="#svc-consent" data-consent-open>Allow external media</a></p></div>'));
  assert.ok(text.includes("m=/vimeo\\.com\\/(?:video\\/)?(\\d+)/.exec(url);if(m)return 'https://player.vimeo.com/video/'+m[1];"), 'the script plays what the note names');
});
