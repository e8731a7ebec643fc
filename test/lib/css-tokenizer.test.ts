import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tokenize } from '../../dist/lib/css/tokenizer.js';

const tokens = (css: string) => tokenize(css).tokens;
const problems = (css: string) => tokenize(css).problems.map((problem) => problem.message);

test('a simple rule becomes ident, whitespace, braces, colon and semicolon tokens', () => {
  assert.deepEqual(tokens('p { color: red; }'), [
    { type: 'ident', value: 'p' },
    { type: 'whitespace' },
    { type: '{' },
    { type: 'whitespace' },
    { type: 'ident', value: 'color' },
    { type: 'colon' },
    { type: 'whitespace' },
    { type: 'ident', value: 'red' },
    { type: 'semicolon' },
    { type: 'whitespace' },
    { type: '}' },
  ]);
});

test('numbers, percentages and dimensions keep their representation', () => {
  assert.deepEqual(tokens('1 -2.5 +.5e3 50% 2em 1e3px'), [
    { type: 'number', value: 1, repr: '1', integer: true },
    { type: 'whitespace' },
    { type: 'number', value: -2.5, repr: '-2.5', integer: false },
    { type: 'whitespace' },
    { type: 'number', value: 500, repr: '+.5e3', integer: false },
    { type: 'whitespace' },
    { type: 'percentage', value: 50, repr: '50' },
    { type: 'whitespace' },
    { type: 'dimension', value: 2, repr: '2', integer: true, unit: 'em' },
    { type: 'whitespace' },
    { type: 'dimension', value: 1000, repr: '1e3', integer: false, unit: 'px' },
  ]);
});

test('at-keywords, hashes, functions, commas, brackets and parentheses', () => {
  assert.deepEqual(tokens('@media #a1 #123 rgb(1,2)[x]'), [
    { type: 'at-keyword', value: 'media' },
    { type: 'whitespace' },
    { type: 'hash', value: 'a1', id: true },
    { type: 'whitespace' },
    { type: 'hash', value: '123', id: false },
    { type: 'whitespace' },
    { type: 'function', value: 'rgb' },
    { type: 'number', value: 1, repr: '1', integer: true },
    { type: 'comma' },
    { type: 'number', value: 2, repr: '2', integer: true },
    { type: ')' },
    { type: '[' },
    { type: 'ident', value: 'x' },
    { type: ']' },
  ]);
});

test('comments are consumed, also when they split a keyword', () => {
  assert.deepEqual(tokens('@im/**/port/* x */;'), [
    { type: 'at-keyword', value: 'im' },
    { type: 'ident', value: 'port' },
    { type: 'semicolon' },
  ]);
});

test('escapes are decoded: \\40 import is the ident "@import", @\\69mport the at-keyword "import"', () => {
  assert.deepEqual(tokens('\\40 import @\\69mport @\\49 MPORT'), [
    { type: 'ident', value: '@import' },
    { type: 'whitespace' },
    { type: 'at-keyword', value: 'import' },
    { type: 'whitespace' },
    { type: 'at-keyword', value: 'IMPORT' },
  ]);
});

test('escapes with zero, a surrogate or beyond U+10FFFF decode to U+FFFD', () => {
  assert.deepEqual(tokens('a\\0 b\\d800 c\\110000'), [
    { type: 'ident', value: 'a\ufffdb\ufffdc\ufffd' },
  ]);
});

test('quoted strings with escapes; a string cut by a new line is a bad-string', () => {
  assert.deepEqual(tokens(`"a\\"b" 'c\\\nd' "e\nf"`), [
    { type: 'string', value: 'a"b' },
    { type: 'whitespace' },
    { type: 'string', value: 'cd' },
    { type: 'whitespace' },
    { type: 'bad-string' },
    { type: 'whitespace' },
    { type: 'ident', value: 'f' },
    { type: 'string', value: '' },
  ]);
  assert.deepEqual(problems('"e\nf"'), ['A string is broken by a new line.', 'A string is never closed.']);
});

test('url() unquoted is a url token, quoted is a function and a string, broken is bad-url', () => {
  assert.deepEqual(tokens('url( media/a.png ) URL("x") u\\72l(b) url(a b) url(a(b)'), [
    { type: 'url', value: 'media/a.png' },
    { type: 'whitespace' },
    { type: 'function', value: 'URL' },
    { type: 'string', value: 'x' },
    { type: ')' },
    { type: 'whitespace' },
    { type: 'url', value: 'b' },
    { type: 'whitespace' },
    { type: 'bad-url' },
    { type: 'whitespace' },
    { type: 'bad-url' },
  ]);
});

test('markup delimiters: <!-- is CDO, --> is CDC, a lone < is a delim', () => {
  assert.deepEqual(tokens('<!-- --> </style>'), [
    { type: 'CDO' },
    { type: 'whitespace' },
    { type: 'CDC' },
    { type: 'whitespace' },
    { type: 'delim', value: '<' },
    { type: 'delim', value: '/' },
    { type: 'ident', value: 'style' },
    { type: 'delim', value: '>' },
  ]);
});

test('CR LF and form feeds become new lines and NUL becomes U+FFFD', () => {
  assert.deepEqual(tokens('a\r\n\fb\0'), [
    { type: 'ident', value: 'a' },
    { type: 'whitespace' },
    { type: 'ident', value: 'b\ufffd' },
  ]);
});

test('a stray backslash and an unclosed comment are reported, not thrown', () => {
  assert.deepEqual(tokens('\\\n/* open'), [
    { type: 'delim', value: '\\' },
    { type: 'whitespace' },
  ]);
  assert.deepEqual(tokenize('\\\n/* open').problems, [
    { offset: 0, message: 'A backslash that escapes nothing.' },
    { offset: 2, message: 'A comment is never closed.' },
  ]);
});

test('custom property names and a leading hyphen', () => {
  assert.deepEqual(tokens('--x -webkit-box -1px -'), [
    { type: 'ident', value: '--x' },
    { type: 'whitespace' },
    { type: 'ident', value: '-webkit-box' },
    { type: 'whitespace' },
    { type: 'dimension', value: -1, repr: '-1', integer: true, unit: 'px' },
    { type: 'whitespace' },
    { type: 'delim', value: '-' },
  ]);
});
