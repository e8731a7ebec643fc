// A media file may be named like a name every JavaScript object has (toString, constructor: names /media
// serves, put there by SFTP or git): its alt text, its page's cover and its type are looked up as names like
// any other. Before, the lookups found functions: the media library, the entry's editor and a public page
// with such a cover answered 500, and `a.constructor` was sent as "function Object() { [native code] }".
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { makePng } from '../helpers/images.ts';
import { startTestServer } from '../helpers/test-server.ts';
import { entry, entryText } from '../helpers/write-site.ts';
import { readAltTexts, altTextOf } from '../../dist/content/media-alt.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

test('files named toString and constructor: no alt text found where none was written, the page with such a cover and the file are served', async () => {
  const root = createFixtureSite({
    'content/media/posts/named/toString': makePng(8, 8),
    'content/media/posts/named/constructor': makePng(16, 8),
    'content/media/posts/named/a.constructor': 'x',
    'content/media/posts/named/.alt.yaml': 'valueOf: kept as written\n',
    'content/posts/named/en.md': entryText(entry({ title: 'Named', status: 'published', published: '2026-01-05 10:00', cover: 'media/posts/named/constructor' }, 'Text.')),
  });
  const trusted = new TrustedFolders([join(root, 'content')]);
  const alts = readAltTexts(trusted, join(root, 'content', 'media', 'posts', 'named'));
  assert.deepEqual([alts.toString, alts.constructor, alts.valueOf], [undefined, undefined, 'kept as written']);
  assert.equal(altTextOf(trusted, join(root, 'content'), 'media/posts/named/toString'), '');
  const server = await startTestServer(root);
  after(() => server.close());
  const page = await fetch(`${server.url}/named`);
  assert.equal(page.status, 200, await page.text());
  const file = await fetch(`${server.url}/media/posts/named/a.constructor`);
  assert.equal(file.status, 200);
  assert.equal(file.headers.get('content-type'), 'application/octet-stream');
});
