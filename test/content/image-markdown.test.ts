// The Markdown the panel gives for a picture (its snippet, "Insert at the cursor", an upload's answer) reads
// as the alt text was written: a backslash or a bracket in it neither swallows the closing `]` nor ends it early.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { imageMarkdown } from '../../dist/content/media-alt.js';
import { renderMarkdown } from '../../dist/content/markdown.js';

test('an alt text ending in a backslash, or holding brackets, stays one image with that text', () => {
  for (const alt of ['cover\\', 'a \\ b', 'a [b] c', ']', '\\]']) {
    const markdown = `${imageMarkdown('media/posts/hello/x.png', alt)} and ${imageMarkdown('media/posts/hello/y.png', 'second')}`;
    const html = renderMarkdown(markdown).html;
    const alts = [...html.matchAll(/<img [^>]*alt="([^"]*)"/g)].map((match) => match[1]);
    assert.deepEqual(alts, [alt.replaceAll('"', '&quot;'), 'second'], `${alt}: ${html}`);
  }
  assert.equal(imageMarkdown('media/posts/hello/my-photo.png', ''), '![my photo](media/posts/hello/my-photo.png)', 'no text: the file name');
});
