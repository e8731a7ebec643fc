// The site's own words in the page's language: the fixture site with the demo's German translation file of
// the theme, read through the real server. Every German word of the theme is looked for on the /de page that
// shows it, every date is written for German in the site's zone, and every kind of page has the right lang.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { entry, entryText } from '../helpers/write-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

const DEMO_GERMAN = readFileSync(new URL('../../theme/translations/de.yaml', import.meta.url), 'utf8');
const published = (title: string, at: string, extra: Record<string, string | string[]> = {}) => ({ title, status: 'published', date: at, published: at, author: 'admin', ...extra });

const EXTRA: Record<string, string> = {
  'theme/translations/de.yaml': DEMO_GERMAN,
  // Half an hour after midnight in Berlin is still the day before in UTC: the date must be the site's day.
  'content/posts/mitternacht/de.md': entryText(entry(published('Mitternacht', '2026-03-01 00:30'),
    '::: video https://www.youtube.com/watch?v=abcdefgh123 title="Der Film"\n:::\n\n::: video https://media.example.org/film.mp4\n:::\n\n[Tag](https://www.googletagmanager.com/gtm.js) [Like](https://connect.facebook.net/de_DE/sdk.js)')),
  'content/posts/fest/de.md': entryText(entry({ ...published('Sommerfest', '2026-01-03 10:00'), category: 'events', start: '2099-05-01 19:00', location: 'Bozen' }, 'Musik.')),
  'content/pages/about/team/de.md': entryText(entry(published('Das Team', '2025-01-02 10:00'), 'Wir.')),
  'content/recipes/soup/de.md': entryText(entry(published('Gerstensuppe', '2025-11-01 10:00'), 'Langsam kochen.')),
  'content/tags/leer/de.md': entryText(entry(published('Leer', '2025-01-01 10:00'))),
};
// Enough German posts for a second home page.
for (let day = 10; day <= 20; day++) EXTRA[`content/posts/tag-${day}/de.md`] = entryText(entry(published(`Tag ${day}`, `2025-12-${day} 12:00`), 'Text.'));

let root: string;
let server: TestServer;
before(async () => {
  root = createFixtureSite(EXTRA);
  server = await startTestServer(root);
  // The search pages' words show with results, not with the index being built.
  server.deps.content.search.start();
  await waitFor(() => assert.equal(server.deps.content.search.state().state, 'ready'));
});
after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

async function html(path: string, status = 200): Promise<string> {
  const response = await fetch(server.url + path);
  assert.equal(response.status, status, path);
  return response.text();
}

/** Each German word of the theme with a page that must show it, and the HTML it appears in there. */
const WORDS: Array<[word: string, path: string, expected: string | RegExp]> = [
  ['skip_link', '/de', '<a class="skip-link" href="#main">Zum Inhalt springen</a>'],
  ['nav_pages', '/de', '<nav aria-label="Seiten">'],
  ['nav_languages', '/de/hallo-welt', '<nav class="langs" aria-label="Sprachen">'],
  ['feed', '/de', '<a href="/de/feed.xml">Feed (Atom)</a>'],
  ['pager_label', '/de', '<nav class="pager" aria-label="Weitere Seiten">'],
  ['pager_next', '/de', '<a rel="next" href="/de?page=2">Nächste Seite<span aria-hidden="true"> →</span></a>'],
  ['pager_previous', '/de?page=2', '<a rel="prev" href="/de"><span aria-hidden="true">← </span>Vorherige Seite</a>'],
  ['pager_position', '/de?page=2', '<span>Seite 2 von 2</span>'],
  ['read_more', '/de', '<p class="more"><a href="/de/mitternacht">Weiterlesen<span class="visually-hidden">: Mitternacht</span></a></p>'],
  ['list_empty', '/de/tag/leer', '<p class="empty">Hier gibt es noch nichts.</p>'],
  ['subpages', '/de/ueber-uns', '<h2 id="subpages-title">In diesem Bereich</h2>'],
  ['tags_title', '/de/tag', '<h1>Schlagwörter</h1>'],
  ['tagged', '/de/hallo-welt', '<p class="tags">Schlagwörter: <a href="/de/tag/news" rel="tag">Neuigkeiten</a></p>'],
  ['not_found_title', '/de/nichts-hier', '<h1>Nicht gefunden</h1>'],
  ['not_found_text', '/de/nichts-hier', 'Unter dieser Adresse gibt es nichts.'],
  ['not_found_home', '/de/nichts-hier', '<a href="/de">Zur Startseite</a>'],
  ['consent_open', '/de', '<a href="#svc-consent" id="svc-consent-open">Datenschutz-Einstellungen</a>'],
  ['consent_open (the dialog name)', '/de', '<h2 id="svc-consent-title" class="visually-hidden">Datenschutz-Einstellungen</h2>'],
  ['consent_text', '/de', 'Diese Website bindet Inhalte von Facebook, Google Analytics, YouTube ein. Diese Dienste können Cookies setzen'],
  ['consent_statistics', '/de', '<input type="checkbox" name="statistics"> Statistik</label>'],
  ['consent_marketing', '/de', '<input type="checkbox" name="marketing"> Marketing</label>'],
  ['consent_external_media', '/de', '<input type="checkbox" name="external_media"> Externe Medien (Videos, Karten)</label>'],
  ['consent_accept_all', '/de', '<button type="button" data-action="accept_all">Alle erlauben</button>'],
  ['consent_reject_all', '/de', '<button type="button" data-action="reject_all">Nur notwendige</button>'],
  ['consent_save', '/de', '<button type="button" data-action="save">Auswahl speichern</button>'],
  ['video_note', '/de/mitternacht', '<p class="video-note">Wenn Sie das Video hier abspielen, wird es von YouTube geladen; der Dienst kann Cookies setzen und Ihre IP-Adresse sehen.'],
  ['video_allow', '/de/mitternacht', '<a href="#svc-consent" data-consent-open>Externe Medien erlauben</a></p>'],
  ['video_note_elsewhere', '/de/mitternacht', '<p class="video-note">Das Video öffnet sich auf media.example.org.</p>'],
  ['types.recipe', '/de/recipes', '<h1>Rezepte</h1>'],
  ['search_title', '/de/search?q=willkommen', '<h1>Suche</h1>'],
  ['search_label', '/de/search?q=willkommen', '<label for="search-q">Diese Website durchsuchen</label>'],
  ['search_button', '/de/search?q=willkommen', '<button type="submit">Suchen</button>'],
  ['search_one_result', '/de/search?q=willkommen', 'Ein Treffer für „willkommen“'],
  ['search_results', '/de/search?q=text', '11 Treffer für „text“'],
  ['search_none', '/de/search?q=zzz', 'Nichts gefunden für „zzz“. Versuchen Sie weniger oder andere Wörter.'],
  ['search_no_words', '/de/search?q=*', 'Geben Sie ein oder zwei Wörter ein.'],
];

test('every word of the theme shows in German on the /de page that has it', async () => {
  const pages = new Map<string, string>();
  for (const [word, path, expected] of WORDS) {
    if (!pages.has(path)) pages.set(path, await html(path, path === '/de/nichts-hier' ? 404 : 200));
    const text = pages.get(path)!;
    if (typeof expected === 'string') assert.ok(text.includes(expected), `${word} on ${path}: ${expected}`);
    else assert.match(text, expected, `${word} on ${path}`);
  }
  for (const text of pages.values()) {
    for (const english of ['Skip to content', 'Privacy settings', 'Allow all', 'Only necessary', 'Save choice', 'Read more', 'Next page', 'Not found']) {
      assert.ok(!text.includes(english), `no English "${english}" on a German page`);
    }
  }
});

test('the same pages in English keep the built-in English words', async () => {
  const home = await html('/');
  for (const english of ['Skip to content', '<nav aria-label="Pages">', 'id="svc-consent-open">Privacy settings</a>', 'data-action="accept_all">Allow all</button>', '<span class="visually-hidden">: Hello World</span>']) {
    assert.ok(home.includes(english), english);
  }
  assert.match(await html('/nothing-here', 404), /<h1>Not found<\/h1><p>Nothing is at this address\. <a href="\/">Go to the home page<\/a>\.<\/p>/);
  assert.match(await html('/recipes'), /<h1>Recipes<\/h1>/, "a type's label from site.yaml where no word names it");
});

test('dates on /de pages are written in German in the site time zone, with the exact instant for machines', async () => {
  const post = await html('/de/hallo-welt');
  assert.ok(post.includes('<p class="meta"><time datetime="2026-01-10T10:00:00+01:00">10. Januar 2026</time></p>'));
  // 00:30 in Berlin on 1 March is 23:30 UTC on 28 February.
  const midnight = await html('/de/mitternacht');
  assert.ok(midnight.includes('<time datetime="2026-03-01T00:30:00+01:00">1. März 2026</time>'));
  const home = await html('/de');
  assert.ok(home.includes('<p class="meta"><time datetime="2026-03-01T00:30:00+01:00">1. März 2026</time></p><h2><a href="/de/mitternacht">Mitternacht</a></h2>'));
  assert.ok((await html('/de/recipes')).includes('<time datetime="2025-11-01T10:00:00+01:00">1. November 2025</time>'));
  // An event's start: day and time in German, in the site's zone (19:00 in Bozen is 17:00 UTC in May).
  const event = await html('/de/fest');
  const start = /<time datetime="2099-05-01T19:00:00\+02:00">([^<]*)<\/time> · Bozen/.exec(event)?.[1];
  assert.ok(start?.startsWith('1. Mai 2099') && start.endsWith('19:00'), `the start as written: ${start}`);
  // The same post in English: the English way of writing a date.
  assert.ok((await html('/hello')).includes('<time datetime="2026-01-10T10:00:00+01:00">January 10, 2026</time>'));
});

test('every kind of page says its language in <html lang>', async () => {
  const expected: Record<string, string> = {
    '/': 'en', '/de': 'de', '/de?page=2': 'de', '/hello': 'en', '/de/hallo-welt': 'de', '/about': 'en', '/de/ueber-uns': 'de',
    '/de/about/team': 'de', '/tag/news': 'en', '/de/tag/news': 'de', '/tag': 'en', '/de/tag': 'de', '/recipes': 'en',
    '/de/recipes': 'de', '/de/recipes/soup': 'de', '/nothing': 'en', '/de/nothing': 'de', '/de/tag/nothing': 'de', '/de?page=9': 'de',
  };
  const missing = new Set(['/nothing', '/de/nothing', '/de/tag/nothing', '/de?page=9']);
  for (const [path, language] of Object.entries(expected)) {
    const response = await fetch(server.url + path);
    const text = await response.text();
    assert.equal(response.status, missing.has(path) ? 404 : 200, path);
    assert.equal(/<html lang="([^"]*)">/.exec(text)?.[1], language, path);
  }
});

test('links to the other languages name each language in itself and carry its lang', async () => {
  const text = await html('/de/hallo-welt');
  assert.ok(text.includes('<a href="/de/hallo-welt" hreflang="de" lang="de" aria-current="page">Deutsch</a>'));
  assert.ok(text.includes('<a href="/hello" hreflang="en" lang="en">English</a>'));
});
