// Fuzz, seeded and bounded: random CSS made of the pieces attacks are built from goes through the cleaner.
// The output never holds an address but media/..., never `</style`, always has balanced blocks, and cleans
// to nothing more. A failing case prints its seed so it can be replayed (FUZZ_SEED=<seed>).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cleanCss } from '../../dist/lib/css/clean-css.js';
import { tokenize } from '../../dist/lib/css/tokenizer.js';
import { AppError } from '../../dist/errors.js';
import { seededRandom } from '../../dist/cli/demo-traffic/seed-random.js';

const PIECES = [
  'a', 'p.x', '#id', 'body', ':root', ' ', '\n', '{', '}', '(', ')', '[', ']', ';', ':', ',', '/', '\\', '"', "'", '<', '>', '!important',
  'color:red', 'background:', 'width:calc(100% / 3)', '--x:', 'var(--x)', 'content:', 'font-family:X',
  'url(', 'URL(', 'u\\72 l(', '\\75 rl(', 'src(', 'SRC(', 's\\72 c(', 'image(', 'image-set(', 'cross-fade(', 'element(', '-moz-element(', 'expression(',
  'https://evil.example/a.png', '//evil.example/x', 'EVIL.example', 'http:\\2f\\2f evil.example', 'media/posts/x/a.png', 'media/../x', 'javascript:alert(1)',
  '"https://evil.example/s.png"', "'//evil.example/s'", '"media/posts/x/b.png"', '"</style>"', '</style', '</STYLE ', '<!--', '-->',
  '@import', '@IMPORT "x.css";', '@media screen', '@font-face', '@namespace', '@namespace url(https://evil.example);', '@supports (display:grid)', '@keyframes k', '@charset "x";',
  'format("woff")', 'local(X)', ' 1x', '50%', 'red', '/*', '*/', '\\0', '\\', '\u2028',
];

const SELECTORS = ['a', 'p.x', '#id', 'body', ':root', '@media screen{a', '@font-face', '@supports (display:grid){p'];
const PROPERTIES = ['background', 'background-image', 'src', 'content', '--x', 'mask', 'list-style', 'cursor', 'b\\61 ckground'];

/** Mostly well-formed rules whose values are soups of the pieces, with now and then a raw piece anywhere. */
function randomSheet(random: () => number): string {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  let css = '';
  for (let rule = 1 + Math.floor(random() * 3); rule > 0; rule--) {
    css += `${pick(SELECTORS)}{`;
    for (let declaration = 1 + Math.floor(random() * 3); declaration > 0; declaration--) {
      let value = '';
      for (let piece = 1 + Math.floor(random() * 6); piece > 0; piece--) value += pick(PIECES);
      css += `${pick(PROPERTIES)}:${value}${random() < 0.7 ? ')' : ''};`;
    }
    css += random() < 0.9 ? '}' : pick(PIECES);
    if (random() < 0.3) css += pick(PIECES);
  }
  return css;
}

const ADDRESS_FUNCTIONS = new Set(['src', 'image', 'cross-fade']);
/** An address that leaves the site: a scheme, or `//` (also written with backslashes). */
const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/|\\\\)/i;

/**
 * Why `css` (the cleaner's output) is unsafe, or null. Addresses are url() tokens, the words and strings of
 * src(), image() and cross-fade(), and strings of custom properties that leave the site (var() can hand them
 * on); a name in a selector, the text of `content` or a relative path loads nothing from elsewhere.
 */
function unsafe(css: string): string | null {
  if (/<\/style/i.test(css)) return 'it holds </style';
  const open: string[] = [];
  let inValue = false;
  let lastIdent = '';
  let property = '';
  for (const token of tokenize(css).tokens) {
    if (token.type === 'colon' && open.at(-1) === '{' && !inValue) { inValue = true; property = lastIdent; }
    if (token.type === 'semicolon' || token.type === '}' || token.type === '{') inValue = false;
    if (token.type === 'ident') lastIdent = token.value;
    if (token.type === 'function') open.push(token.value.toLowerCase());
    else if (token.type === '{' || token.type === '(' || token.type === '[') open.push(token.type);
    else if (token.type === '}' || token.type === ')' || token.type === ']') {
      if (open.pop() === undefined) return 'a block closes that never opened';
    }
    const inAddressFunction = ADDRESS_FUNCTIONS.has(open.at(-1) ?? '');
    if (token.type === 'url' && !token.value.startsWith('media/')) return `it holds url(${token.value})`;
    const customProperty = inValue && property.startsWith('--');
    if (token.type === 'string' && inAddressFunction && !token.value.trim().startsWith('media/')) return `it holds the address ${JSON.stringify(token.value)}`;
    if (token.type === 'string' && customProperty && ABSOLUTE.test(token.value.trim())) return `it holds the address ${JSON.stringify(token.value)}`;
    if (token.type === 'function' && /^(?:element|.*-element|.*expression|.*image-set)$/.test(token.value.toLowerCase())) return `it holds ${token.value}()`;
    if (inAddressFunction && (token.type === 'colon' || (token.type === 'delim' && token.value === '/'))) return `it holds an unquoted address in ${open.at(-1)}()`;
  }
  return open.length === 0 ? null : 'a block is left open';
}

test('random CSS through the cleaner: no foreign address, no </style, balanced blocks, stable (seeded)', () => {
  const first = Number(process.env.FUZZ_SEED ?? 1);
  const seeds = process.env.FUZZ_SEED ? [first] : Array.from({ length: 3000 }, (_, k) => first + k);
  for (const seed of seeds) {
    const random = seededRandom(seed);
    const css = randomSheet(random);
    let result;
    try {
      result = cleanCss(css);
    } catch (error) {
      // Refusing the whole sheet with a sentence is allowed (a "<" in a string, too large); a crash is not.
      assert.ok(error instanceof AppError, `seed ${seed}: ${String(error)} for ${JSON.stringify(css)}`);
      continue;
    }
    const reason = unsafe(result.css);
    assert.equal(reason, null, `seed ${seed}: ${reason} in ${JSON.stringify(result.css)} from ${JSON.stringify(css)}`);
    // Cleaning the output again must find nothing more to remove (its layout may still differ by spaces).
    assert.equal(unsafe(cleanCss(result.css).css), null, `seed ${seed}: the output cleaned again is unsafe`);
    assert.equal(cleanCss(result.css).cleaned, false, `seed ${seed}: cleaning the output again removed more: ${JSON.stringify(result.css)}`);
  }
});
