// What a Markdown twin (site/markdown-twin.ts) must never let through: a title's Markdown (it is text), a body
// link or image to an address the HTML page blanks (javascript:, vbscript:, data:), and characters YAML
// forbids in its head. On the real server, the head parsed by the `yaml` package.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'yaml';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { entry, entryText } from '../helpers/write-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { withoutUnsafeTargets } from '../../dist/content/unsafe-link-targets.js';

const post = (slug: string, title: string, body: string) => ({
  [`content/posts/${slug}/en.md`]: entryText(entry({ title, status: 'published', date: '2026-01-20 09:00', published: '2026-01-20 09:00', author: 'admin' }, body)),
});

/** DEL, C1 controls, U+FFFE and U+FFFF: YAML 1.2 §5.1 forbids them raw in a stream. */
const FORBIDDEN = '\u007f\u0080\u0085\u009f\ufffe\uffff';
/** A lone surrogate, which a YAML file can hold only escaped ("\ud800" in front matter is one). */
const LONE = '\ud800';

const UNSAFE_BODY = [
  'A [script link](javascript:alert(1)) and a [VB one](VBScript:msgbox "t").',
  'An ![image](data:image/svg+xml;base64,PHN2Zz4=) and [data](data:text/html,<script>alert(2)</script>).',
  'Hidden [entity](java&#115;cript:alert(3)) and <javascript:alert(4)> and [ref][r].',
  'Safe: [site](/about), [away](https://example.org/x "a title"), <https://example.org/auto>, [mail](mailto:a@example.org).',
  '',
  '[r]: javascript:alert(5)',
  '',
  '```',
  '[in code](javascript:stays)',
  '```',
].join('\n');

let server: TestServer;

before(async () => {
  server = await startTestServer(createFixtureSite({
    ...post('hostile-title', 'Hostile [link](javascript:alert(1)) *x* _y_ `z` <b>', 'Body.'),
    // Front matter holds the forbidden characters raw (they are valid UTF-8) and the surrogate escaped.
    ...post('odd-characters', `Odd ${FORBIDDEN} end`, 'Body.'),
    'content/posts/lone/en.md': `---\ntitle: "Lone \\ud800 surrogate"\nstatus: published\ndate: 2026-01-20 09:00\npublished: 2026-01-20 09:00\nauthor: admin\n---\nBody.\n`,
    ...post('unsafe-links', 'Unsafe links', UNSAFE_BODY),
  }), { rateLimits: false });
});
after(() => server.close());

async function twin(slug: string): Promise<{ head: string; rest: string }> {
  const response = await fetch(`${server.url}/${slug}.md`);
  assert.equal(response.status, 200, slug);
  const text = await response.text();
  const [, head, rest] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text)!;
  return { head: head!, rest: rest! };
}

test('a title is text in the twin\'s heading: no link, no emphasis, no code, no tag', async () => {
  const { head, rest } = await twin('hostile-title');
  assert.equal(rest.split('\n')[1], '# Hostile \\[link\\]\\(javascript:alert\\(1\\)\\) \\*x\\* \\_y\\_ \\`z\\` \\<b\\>');
  assert.equal(parse(head).title, 'Hostile [link](javascript:alert(1)) *x* _y_ `z` <b>', 'the head keeps the title as written');
});

test('the YAML head escapes what YAML forbids raw, and parses back to the same title', async () => {
  const odd = await twin('odd-characters');
  assert.doesNotMatch(odd.head, /[\u007f-\u009f\ufffe\uffff]/, 'no forbidden character raw');
  assert.ok(odd.head.includes('title: "Odd \\u007f\\u0080\\u0085\\u009f\\ufffe\\uffff end"'), odd.head);
  assert.equal(parse(odd.head).title, `Odd ${FORBIDDEN} end`);
  const lone = await twin('lone');
  assert.doesNotMatch(lone.head, /[\ud800-\udfff]/, 'no surrogate raw');
  assert.equal(parse(lone.head).title, `Lone ${LONE} surrogate`);
});

test('body links and images to addresses the page blanks have no address in the twin', async () => {
  const { rest } = await twin('unsafe-links');
  const prose = rest.slice(0, rest.indexOf('```'));
  for (const scheme of [/\]\(<?\s*javascript:/i, /\]\(<?\s*vbscript:/i, /\]\(<?\s*data:/i, /\]\(java&#115;/, /<javascript:/, /^\[r\]:\s*javascript:/m]) {
    assert.doesNotMatch(prose, scheme);
  }
  assert.ok(rest.includes('A [script link](<>) and a [VB one](<> "t").'), rest);
  assert.ok(rest.includes('An ![image](<>) and [data](<>).'), rest);
  assert.ok(rest.includes('Hidden [entity](<>) and javascript:alert\\(4\\) and [ref][r].'), rest);
  assert.ok(rest.includes(`Safe: [site](${server.url}/about), [away](https://example.org/x "a title"), <https://example.org/auto>, [mail](mailto:a@example.org).`), rest);
  assert.ok(rest.includes('[r]: <>'), rest);
  assert.ok(rest.includes('```\n[in code](javascript:stays)\n```'), 'code is left as written');
  // The HTML page blanks the same addresses.
  const html = await (await fetch(`${server.url}/unsafe-links`)).text();
  assert.doesNotMatch(html, /href="(?:javascript|vbscript|data):/i);
  assert.doesNotMatch(html, /src="data:/i);
});

test('a body without links is left as it is; only unsafe targets change', () => {
  assert.equal(withoutUnsafeTargets('Plain words: a colon, [brackets], 3 < 4 and 5 > 2.'), 'Plain words: a colon, [brackets], 3 < 4 and 5 > 2.');
  assert.equal(withoutUnsafeTargets('[a](javascript:x) 😀 [b](https://ok.example)'), '[a](<>) 😀 [b](https://ok.example)');
  assert.equal(withoutUnsafeTargets('![a](<data:image/png;base64,AA>)\r\n[c](relative/path)'), '![a](<>)\r\n[c](relative/path)');
});

test('raw HTML, which the page shows as text, is text in the twin too; in code it stays as written', () => {
  assert.equal(withoutUnsafeTargets('Raw <a href="javascript:alert(50)">raw link</a> here.'), 'Raw \\<a href="javascript:alert(50)">raw link\\</a> here.');
  assert.equal(withoutUnsafeTargets('<iframe src="https://evil.example"></iframe>\n\nAfter.'), '\\<iframe src="https://evil.example">\\</iframe>\n\nAfter.');
  assert.equal(withoutUnsafeTargets('<!-- hidden -->\n\n`<b>` and\n\n    <i>indented code</i>'), '\\<!-- hidden -->\n\n`<b>` and\n\n    <i>indented code</i>');
  assert.equal(withoutUnsafeTargets('1 < 2 and a <b>bold</b> claim'), '1 < 2 and a \\<b>bold\\</b> claim');
});
