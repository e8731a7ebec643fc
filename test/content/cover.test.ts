// A cover's size and srcset follow the files at once: the description kept between answers is dropped when
// the image or its folder (a variant added or removed) changes.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveCover } from '../../dist/content/cover.js';
import { makePng } from '../helpers/images.ts';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

const contentDir = mkdtempSync(join(tmpdir(), 'svc-cover-'));
after(() => rmSync(contentDir, { recursive: true, force: true }));

test('a cover follows its image and its variants as they change on disk', () => {
  const folder = join(contentDir, 'media', 'posts', 'hello');
  mkdirSync(folder, { recursive: true });
  const cover = () => resolveCover(new TrustedFolders([contentDir]), contentDir, 'https://example.org', 'media/posts/hello/cover.png');
  assert.equal(cover(), null, 'no file, no cover');
  writeFileSync(join(folder, 'cover.png'), makePng(64, 32));
  assert.deepEqual(cover(), { url: 'https://example.org/media/posts/hello/cover.png', srcset: 'https://example.org/media/posts/hello/cover.png 64w', width: 64, height: 32 });
  writeFileSync(join(folder, 'cover-32w.png'), makePng(32, 16));
  assert.equal(cover()!.srcset, 'https://example.org/media/posts/hello/cover-32w.png 32w, https://example.org/media/posts/hello/cover.png 64w');
  writeFileSync(join(folder, 'cover.png'), makePng(80, 40));
  assert.deepEqual([cover()!.width, cover()!.height], [80, 40]);
  unlinkSync(join(folder, 'cover-32w.png'));
  assert.equal(cover()!.srcset, 'https://example.org/media/posts/hello/cover.png 80w');
  assert.equal(resolveCover(new TrustedFolders([contentDir]), contentDir, '', 'media/posts/hello/cover.png')!.url, '/media/posts/hello/cover.png', 'the address is built for each caller');
  unlinkSync(join(folder, 'cover.png'));
  assert.equal(cover(), null);
});
