// A cover's size and srcset follow the files at once: the description kept between answers is dropped when
// the image or its folder (a variant added or removed) changes.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, mkdirSync, openSync, rmSync, truncateSync, unlinkSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
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

test('a file that is no image is read once per version, and a large one never whole', () => {
  const folder = join(contentDir, 'media', 'posts', 'fake');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'cover.png');
  const cover = () => resolveCover(new TrustedFolders([contentDir]), contentDir, 'https://example.org', 'media/posts/fake/cover.png');
  // Not an image: no cover, and remembered for this version of the file (its mtime and size).
  const words = Buffer.from('this is not an image at all, just words. '.repeat(10));
  writeFileSync(file, words);
  const at = 1_700_000_000; // whole seconds, so setting the time back gives the very same stamp
  utimesSync(file, at, at);
  assert.equal(cover(), null);
  // The same size and time with an image in it: the remembered answer stands, so nothing was read again.
  const png = makePng(4, 4);
  assert.ok(png.length < words.length);
  writeFileSync(file, Buffer.concat([png, Buffer.alloc(words.length - png.length)]));
  utimesSync(file, at, at);
  assert.equal(cover(), null, 'remembered for the version it was read at');
  utimesSync(file, at, at + 5);
  assert.equal(cover()?.width, 4, 'read again once it changed');
  // 300 MB that hold no size in their head: not read whole (it was at every list and page view).
  truncateSync(file, 300 * 1024 * 1024);
  const before = process.memoryUsage().rss;
  const big = openSync(file, 'r+');
  writeSync(big, Buffer.from('not an image'), 0, 12, 0);
  closeSync(big);
  assert.equal(cover(), null);
  assert.ok(process.memoryUsage().rss - before < 100 * 1024 * 1024, `${Math.round((process.memoryUsage().rss - before) / 1e6)} MB more resident memory`);
  unlinkSync(file);
});
