// The theme's translation files (theme/translations/<language>.yaml): a word left out stays English, a file
// that cannot be used is reported in one line and changes nothing, words are text (never HTML), and the
// demo ships every word in English and German.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { themeWords } from '../../dist/site/theme-words.js';
import { ENGLISH_WORDS } from '../../dist/site/site-words.js';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { makeSiteFolder } from '../helpers/write-site.ts';
import { startTestServer } from '../helpers/test-server.ts';

const roots: string[] = [];
after(() => { for (const root of roots) rmSync(root, { recursive: true, force: true }); });

/** A folder with only a theme translation file for `language` (the words are read before any site is). */
function themeWith(language: string, text: string | Buffer): string {
  const root = makeSiteFolder('svc-words-');
  roots.push(root);
  mkdirSync(join(root, 'theme/translations'), { recursive: true });
  writeFileSync(join(root, `theme/translations/${language}.yaml`), text);
  return root;
}

function wordsOf(root: string, language: string) {
  const lines: string[] = [];
  const words = themeWords(root, language, (line) => lines.push(line));
  return { words, lines };
}

test('a word the file leaves out stays English; the file is read once and kept', () => {
  const root = themeWith('de', 'skip_link: Zum Inhalt springen\n');
  const { words, lines } = wordsOf(root, 'de');
  assert.equal(words.text.skip_link, 'Zum Inhalt springen');
  assert.equal(words.text.read_more, 'Read more');
  assert.equal(words.text.locale, 'de', 'dates are still written for the language');
  assert.deepEqual(lines, []);
  writeFileSync(join(root, 'theme/translations/de.yaml'), 'skip_link: Anders\n');
  assert.equal(themeWordsAgain(root, 'de').text.skip_link, 'Zum Inhalt springen');
});

function themeWordsAgain(root: string, language: string) {
  return themeWords(root, language, () => assert.fail('read again'));
}

test('without a file the words are English and dates are written for the language', () => {
  const root = makeSiteFolder('svc-words-');
  roots.push(root);
  const { words, lines } = wordsOf(root, 'fr');
  assert.equal(words.text.skip_link, 'Skip to content');
  assert.equal(words.text.locale, 'fr');
  assert.deepEqual(lines, []);
});

test('a file that cannot be used leaves every word English, with one line saying why', () => {
  const cases: Array<[string | Buffer, RegExp]> = [
    ['skip_link: [unclosed\n', /^svc: theme\/translations\/de\.yaml is not valid UTF-8 YAML, so the site's words stay English\.$/],
    [Buffer.from([0x73, 0x6b, 0x69, 0x70, 0x5f, 0x6c, 0x69, 0x6e, 0x6b, 0x3a, 0x20, 0xff, 0x0a]), /is not valid UTF-8 YAML/],
    ['- a list\n- of words\n', /^svc: theme\/translations\/de\.yaml must be a list of word: text lines, so the site's words stay English\.$/],
    [`skip_link: ${'x'.repeat(70_000)}\n`, /^svc: theme\/translations\/de\.yaml is larger than 64 KB, so the site's words stay English\.$/],
  ];
  for (const [text, expected] of cases) {
    const { words, lines } = wordsOf(themeWith('de', text), 'de');
    assert.equal(words.text.skip_link, 'Skip to content');
    assert.equal(lines.length, 1, String(lines));
    assert.match(lines[0]!, expected);
  }
});

test('unknown words, words that are not text and a locale that is no language tag are skipped and named', () => {
  const { words, lines } = wordsOf(themeWith('de', 'skip_link: Springen\nread_more: [a, b]\nno_such_word: x\nlocale: "not a locale!"\ntypes: { recipe: Rezepte, trip: 3 }\n'), 'de');
  assert.equal(words.text.skip_link, 'Springen');
  assert.equal(words.text.read_more, 'Read more');
  assert.equal(words.text.locale, 'de');
  assert.deepEqual(words.types, { recipe: 'Rezepte' });
  assert.deepEqual(lines, [
    "svc: theme/translations/de.yaml: skipped read_more, no_such_word, types.trip (not one of the theme's words, or not a line of text).",
    'svc: theme/translations/de.yaml: the locale not a locale! is not a language tag; dates are written for de.',
  ]);
});

test('a language code that could leave the theme folder is never read', () => {
  const root = themeWith('de', 'skip_link: Springen\n');
  writeFileSync(join(root, 'theme/secret.yaml'), 'skip_link: Leaked\n');
  for (const language of ['../secret', '..', 'de/../../secret', 'DE']) {
    assert.equal(themeWords(root, language, () => {}).text.skip_link, 'Skip to content', language);
  }
});

test('a word is shown as text: markup in a translation file is escaped on the page; a locale with a region is used for dates', async () => {
  const root = createFixtureSite({
    'theme/translations/de.yaml': 'locale: de-AT\nskip_link: "<script>alert(1)</script>"\nnot_found_title: "Nicht <b>da</b>"\n',
  });
  roots.push(root);
  const server = await startTestServer(root);
  try {
    const post = await (await fetch(`${server.url}/de/hallo-welt`)).text();
    assert.ok(post.includes('<a class="skip-link" href="#main">&lt;script&gt;alert(1)&lt;/script&gt;</a>'));
    assert.ok(!post.includes('<script>alert(1)'));
    // Austrian German names January Jänner.
    assert.ok(post.includes('>10. Jänner 2026</time>'));
    assert.ok(post.includes('<meta property="og:locale" content="de">'));
    const missing = await fetch(`${server.url}/de/nothing`);
    assert.equal(missing.status, 404);
    assert.ok((await missing.text()).includes('<h1>Nicht &lt;b&gt;da&lt;/b&gt;</h1>'));
  } finally {
    await server.close();
  }
});

test('the demo ships every word of the theme in English (as built in) and in German', () => {
  const english = parse(readFileSync(new URL('../../theme/translations/en.yaml', import.meta.url), 'utf8')) as Record<string, unknown>;
  const german = parse(readFileSync(new URL('../../theme/translations/de.yaml', import.meta.url), 'utf8')) as Record<string, unknown>;
  const keys = Object.keys(ENGLISH_WORDS).sort();
  assert.deepEqual(Object.keys(english).filter((key) => key !== 'types').sort(), keys);
  assert.deepEqual(Object.keys(german).filter((key) => key !== 'types').sort(), keys);
  for (const key of keys) assert.equal(english[key], ENGLISH_WORDS[key as keyof typeof ENGLISH_WORDS], key);
  for (const key of keys.filter((key) => !['locale', 'feed', 'consent_marketing'].includes(key))) {
    assert.notEqual(german[key], english[key], `${key} is translated`);
  }
  assert.equal(german.locale, 'de');
  // The placeholders a word needs are kept in the translation.
  for (const key of keys) {
    const marks = (text: unknown) => [...String(text).matchAll(/\{[a-z_]+\}/g)].map((match) => match[0]).sort();
    assert.deepEqual(marks(german[key]), marks(english[key]), `${key} keeps its {marks}`);
  }
});

test('a FIFO in a translation file\'s place is named in the log, not taken for a missing file', async () => {
  const { execFileSync } = await import('node:child_process');
  const root = makeSiteFolder('svc-words-');
  roots.push(root);
  mkdirSync(join(root, 'theme/translations'), { recursive: true });
  execFileSync('mkfifo', [join(root, 'theme/translations/fr.yaml')]);
  const { words, lines } = wordsOf(root, 'fr');
  assert.equal(words.text.skip_link, 'Skip to content');
  assert.deepEqual(lines, ["svc: theme/translations/fr.yaml: it is a FIFO, not a regular file, so the site's words stay English."]);
});
