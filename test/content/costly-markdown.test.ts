// Markdown that would keep micromark busy far beyond its size (content/costly-markdown.ts): a 64 KB paragraph
// of emphasis marks took 30 s, 800 nested list items 19 s, 200,000 brackets or quote marks more than 20 s,
// on the server's one thread. Such a block is shown as written (a <pre> on the page, a code block in the
// Markdown twin); everything around it, fenced code full of marks and ordinary emphasis render as before.
// The timeout only tells a hang from an answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderMarkdown } from '../../dist/content/markdown.js';
import { readableMarkdown } from '../../dist/content/readable-markdown.js';
import { costlyBlocks } from '../../dist/content/costly-markdown.js';

const BODIES: Record<string, string> = {
  emphasis: '*a'.repeat(16_000) + 'x' + 'a*'.repeat(16_000),
  nested: Array.from({ length: 800 }, (_, i) => ' '.repeat(2 * i) + '- a').join('\n'),
  brackets: '['.repeat(200_000) + ']'.repeat(200_000),
  links: '[a](b '.repeat(100_000),
  quotes: '>'.repeat(200_000) + ' x',
};

test('each costly body is shown as written, on the page and in its twin, at once', { timeout: 20_000 }, () => {
  for (const [name, body] of Object.entries(BODIES)) {
    const { html } = renderMarkdown(`Before *it*.\n\n${body}\n\nAfter [it](https://example.org/).`);
    assert.match(html, /^<p>Before <em>it<\/em>\.<\/p>\n<pre>/, name);
    assert.ok(html.endsWith('</pre>\n<p>After <a href="https://example.org/">it</a>.</p>'), name);
    assert.ok(!html.slice(30, -60).includes('<em>') && !html.slice(30, -60).includes('<li>') && !html.slice(30, -60).includes('<blockquote>'), name);
    const twin = readableMarkdown(`Before *it*.\n\n${body}\n\nAfter.`, 'https://site.example');
    assert.match(twin, /^Before \*it\*\.\n\n```\n/, name);
    assert.ok(twin.endsWith('\n```\n\nAfter.'), name);
  }
});

test('written text is not costly: emphasis, links, fenced code full of marks, a long rule, ten levels of lists', () => {
  const ordinary = [
    'A paragraph with *some* _emphasis_ and [a link](https://example.org/) and `code_with_underscores`.',
    '```js\n' + 'const a_b = x ** 2; // '.repeat(400) + '\n\n' + '*'.repeat(2_000) + '\n```',
    '-'.repeat(120),
    Array.from({ length: 10 }, (_, i) => ' '.repeat(2 * i) + '- item').join('\n'),
    '> a quote\n> > and a quote in it',
    Array.from({ length: 60 }, (_, i) => `**bold ${i}**`).join(' '),
  ].join('\n\n');
  assert.equal(costlyBlocks(ordinary), null);
  const { html } = renderMarkdown(ordinary);
  assert.ok(!html.includes('<pre>\n') && !/<pre>[^<]/.test(html), 'no block shown as written');
  assert.match(html, /<pre><code class="language-js">/);
  assert.equal((html.match(/<strong>/g) ?? []).length, 60);
});

test('a costly block in the twin is a code block: a link in it is no link, a backtick run in it does not end it', () => {
  const body = '[x](javascript:alert(1)) ' + '*a'.repeat(300) + ' ```` `';
  const twin = readableMarkdown(body, 'https://site.example');
  assert.match(twin, /^`````\n\[x\]\(javascript:alert\(1\)\) /);
  assert.ok(twin.endsWith('\n`````'));
  assert.ok(!renderMarkdown(body).html.includes('<a '));
  assert.deepEqual(costlyBlocks(`one\n\n${body}\n\ntwo`)!.map((piece) => piece.costly), [false, true, false]);
});
