// What a reader types becomes an FTS5 query of quoted words only (content/search/search-terms.ts): each
// hostile input is turned into words, or into nothing, and runs through a real FTS5 index without an error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_QUERY_CHARS, MAX_TERMS, searchTerms } from '../../dist/content/search/search-terms.js';
import { SearchDatabase, type SearchDocument } from '../../dist/content/search/search-database.js';
import { searchableBody, tagWords } from '../../dist/content/search/search-text.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

const doc = (entry: string, title: string, body: string, extra: Partial<SearchDocument> = {}): SearchDocument => ({
  entry, language: 'en', type: 'post', status: 'published', publicFrom: 0, author: 'ann', dateMs: 0, title, excerpt: '', tags: '', body, ...extra,
});

test('words, phrases, prefixes and exclusions become quoted FTS5 terms', () => {
  assert.deepEqual(searchTerms('alpine hut'), { match: '"alpine" AND "hut"', words: ['alpine', 'hut'] });
  assert.equal(searchTerms('"open source" licen*').match, '"open source" AND "licen" *');
  assert.equal(searchTerms('hut -winter').match, '("hut") NOT "winter"');
  assert.equal(searchTerms('Café crème').match, '"Café" AND "crème"');
  // A one-letter prefix would list most of the index's words: it is a word.
  assert.equal(searchTerms('a*').match, '"a"');
});

test('FTS5 syntax is only ever words: NEAR, column filters, operators, ^, * alone, unbalanced quotes', () => {
  const cases: Array<[string, string | null]> = [
    // Punctuation inside a word joins its parts as a phrase, as in e-mail.
    ['NEAR(alpine hut, 2)', '"NEAR alpine" AND "hut" AND "2"'],
    ['e-mail', '"e mail"'],
    ['title:secret', '"title secret"'],
    ['AND OR NOT', '"AND" AND "OR" AND "NOT"'],
    ['^start', '"start"'],
    ['*', null],
    ['"', null],
    ['"unbalanced quote', '"unbalanced quote"'],
    ['""', null],
    ['-only -exclusions', null],
    ['...!?;:()[]{}', null],
    ['a"b', '"a" AND "b"'],
    ["it's", '"it s"'],
    ['\u0000nul\u0000', '"nul"'],
    ['lone \ud800 surrogate', '"lone" AND "surrogate"'],
  ];
  for (const [text, match] of cases) assert.equal(searchTerms(text).match, match, JSON.stringify(text));
});

test('a long query is cut to its first characters and terms', () => {
  const long = 'word '.repeat(2_000);
  const terms = searchTerms(long);
  assert.equal(terms.words.length, MAX_TERMS);
  assert.ok(searchTerms('x'.repeat(10_000)).match!.length < MAX_QUERY_CHARS + 10);
});

test('every hostile query runs through a real FTS5 index without an error, and finds only words', () => {
  const db = new SearchDatabase(new TrustedFolders(), ':memory:');
  db.open();
  db.transaction(() => {
    db.insert(doc('posts/a', 'Alpine hut', 'A hut near the pass. NEAR and OR are words here.'), true, 1);
    db.insert(doc('posts/b', 'Secret draft', 'title secret', { status: 'draft', publicFrom: null }), true, 1);
  });
  const hostile = [
    'NEAR(', 'NEAR(alpine hut, 2)', '"', '*', 'AND OR NOT', 'title:secret', '{title}: x', '^x', 'x OR', '(((', ')))', '"a" NEAR/2 "b"',
    'x'.repeat(10_000), '\u0000', '-', '--', '"""', "' OR 1=1 --", 'hut*', 'h*', '\ud83d\ude00 emoji', 'ÄÖÜ ß', '   ',
  ];
  for (const text of hostile) {
    const { match } = searchTerms(text);
    if (match === null) continue;
    for (const stemmed of [true, false]) {
      const found = db.search({ match, language: 'en', stemmed, type: null, reader: null, status: 'published', now: 1, limit: 10, offset: 0, snippets: true }, 1000);
      assert.ok(found.hits.every((hit) => hit.entry === 'posts/a'), `${JSON.stringify(text.slice(0, 30))} found only what is public`);
    }
  }
  db.close();
});

test('the searched text of a body keeps what a reader sees, not addresses, tags or card syntax', () => {
  const body = [
    '# The route', '', 'See [the map](https://maps.example/route?x=1) and ![a larch](media/posts/a/larch.jpg).',
    '::: callout tip title="Good to know" icon="media/posts/a/i.png"', 'Bring **cash** for the `hut`.', ':::',
    '<div class="x">Inline</div> <https://example.org/away>', '[ref]: https://example.org/ref', '- item one', '1. step two',
  ].join('\n');
  assert.equal(searchableBody(body), 'The route\nSee the map and a larch.\nGood to know\nBring cash for the hut.\nInline\nitem one\nstep two');
  assert.equal(tagWords(['open-source', 'food']), 'open source, food');
});
