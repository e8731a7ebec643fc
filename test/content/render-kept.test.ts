// A long body's render is kept by its text (content/markdown.ts renderKept): the Content API's /entry and the
// feeds draw a body at each request their own caches miss, and a 1 MB body dense with emphasis takes
// micromark seconds. Kept renders are the renderer's own; a changed body is drawn anew.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderKept, renderMarkdown } from '../../dist/content/markdown.js';

test('a long body is drawn once and kept by its text; a short one, or a changed one, is drawn each time', () => {
  const long = 'Some *text* with a [link](https://example.org).\n\n'.repeat(1_000);
  const first = renderKept(long);
  assert.deepEqual(first, renderMarkdown(long));
  assert.equal(renderKept(long), first, 'the same render, not drawn again');
  assert.equal(renderKept(long.slice(0)), first, 'found by its text, not by the string object');
  const changed = renderKept(`${long}One more line.`);
  assert.notEqual(changed, first);
  assert.match(changed.html, /One more line\./);
  const short = 'Short *text*.';
  assert.notEqual(renderKept(short), renderKept(short), 'a short body is drawn each time (a few milliseconds)');
  assert.deepEqual(renderKept(short), renderMarkdown(short));
});
