// What a complete upload is: `svc check` (src/content/check) and the demo's format check
// (test/fixtures/check-site.ts) judge a cover alike, through src/content/media-variants.ts. An upload as the
// panel and media_upload make it (one picture, no variants) is complete for both; a cut-off picture, or a
// variant that is not the width its name says, or not an image, is a problem for both.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { makeSiteFolder, writeSite, entry } from '../helpers/write-site.ts';
import { makePng } from '../helpers/images.ts';
import { checkSite as svcCheck } from '../../dist/content/check/check-site.js';
import { checkSite as demoCheck } from '../fixtures/check-site.ts';
import { groupVariants, pictureProblems } from '../../dist/content/media-variants.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

function siteWithCover(files: Record<string, Buffer | string>): string {
  const root = makeSiteFolder('svc-cover-variants-');
  writeSite(root, {
    settings: { title: 'Covers', url: 'https://covers.example', languages: { en: 'English' }, default_language: 'en', timezone: 'Europe/Berlin', types: { post: { folder: 'posts', label: 'Posts' } } },
    entries: { 'content/posts/hello/en.md': entry({ title: 'Hello', status: 'published', published: '2026-01-01 10:00', author: 'admin', cover: 'media/posts/hello/cover.png' }, 'Fine.') },
    files: Object.fromEntries(Object.entries(files).map(([name, bytes]) => [`content/media/posts/hello/${name}`, bytes])),
  });
  return root;
}

/** The cover lines of both checks, as [svc check, demo check]. */
function judge(root: string): [string[], string[]] {
  const svc = svcCheck({ root, dataDir: join(root, 'data'), trusted: new TrustedFolders([join(root, 'content'), join(root, 'data')]), now: Date.now() }).map((problem) => problem.problem).filter((line) => /cover/i.test(line));
  const demo = demoCheck(join(root, 'content')).filter((line) => /cover/.test(line));
  return [svc, demo];
}

test('an upload as the panel and media_upload make it (no variants) is complete for both checks', () => {
  assert.deepEqual(judge(siteWithCover({ 'cover.png': makePng(120, 60) })), [[], []]);
  assert.deepEqual(judge(siteWithCover({ 'cover.png': makePng(120, 60), 'cover-60w.png': makePng(60, 30) })), [[], []]);
});

test('a cut-off cover, a variant of the wrong width and a variant that is no image are problems for both checks', () => {
  const cases: Array<[Record<string, Buffer | string>, RegExp]> = [
    [{ 'cover.png': makePng(120, 60).subarray(0, 60) }, /cover\.png is incomplete: the PNG is cut off inside a chunk/],
    [{ 'cover.png': makePng(120, 60), 'cover-480w.png': makePng(60, 30) }, /cover-480w\.png is 60 pixels wide, not the 480 its name says/],
    [{ 'cover.png': makePng(120, 60), 'cover-60w.png': 'not an image' }, /cover-60w\.png is not an image of an accepted type/],
  ];
  for (const [files, problem] of cases) {
    const [svc, demo] = judge(siteWithCover(files));
    assert.equal(svc.length, 1, `${problem}: ${svc.join(' | ')}`);
    assert.match(svc[0]!, problem);
    assert.equal(demo.length, 1, `${problem}: ${demo.join(' | ')}`);
    assert.match(demo[0]!, problem);
  }
});

test('variants group under their picture; a name that only looks like one stays a picture of its own', () => {
  assert.deepEqual(groupVariants(['a.png', 'a-480w.png', 'a-960w.png', 'b-2w.png', 'c.jpg', 'c-480w.png', 'a-480w-2w.png']), [
    { name: 'a.png', variants: ['a-480w.png', 'a-960w.png'] },
    { name: 'b-2w.png', variants: [] },
    { name: 'c.jpg', variants: [] },
    { name: 'c-480w.png', variants: [] },
    { name: 'a-480w-2w.png', variants: [] },
  ]);
  const root = siteWithCover({ 'cover.png': makePng(120, 60) });
  writeFileSync(join(root, 'content/media/posts/hello/cover-200w.png'), makePng(200, 100));
  assert.deepEqual(pictureProblems(new TrustedFolders([join(root, 'content')]), join(root, 'content/media/posts/hello'), 'cover.png'), ['cover-200w.png is not narrower than cover.png (120 pixels)']);
});
