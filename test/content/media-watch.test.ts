// Media folders told of by the kernel (content/list-engine/content-watch.ts, media-follow.ts): a media
// folder added below a type folder of content/media/ is named at once, and a file written in place in a
// newest entry's media folder is reported without waiting for a pass; on a network file system the
// newest media folders are looked at by poll() instead of watched.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { watchContent } from '../../dist/content/list-engine/content-watch.js';
import { MediaFollow } from '../../dist/content/list-engine/media-follow.js';
import { waitFor } from '../helpers/wait-for.ts';
import type { MediaChange } from '../../src/content/changes/change-seams.ts';

const roots: string[] = [];
after(() => { for (const root of roots) rmSync(root, { recursive: true, force: true }); });

function site(): string {
  const root = mkdtempSync(join(tmpdir(), 'svc-media-watch-'));
  roots.push(root);
  mkdirSync(join(root, 'posts', 'hello'), { recursive: true });
  mkdirSync(join(root, 'media', 'posts', 'hello'), { recursive: true });
  writeFileSync(join(root, 'media', 'posts', 'hello', 'cover.png'), 'a picture');
  return root;
}
const setup = (root: string) => ({ contentDir: root, folders: [{ folder: 'posts', nested: false }], maxDepth: 3, files: ['en.md', 'style.css'] });
const wholePass = (follow: MediaFollow) => { const pass = follow.passPart(Infinity); while (!pass.next().done); follow.report(); };

test('a media folder added below content/media/<type folder> is named by its watch, an entry folder by its own', async () => {
  const root = site();
  const media: string[] = [];
  const entries: string[] = [];
  const stop = watchContent(root, [{ folder: 'posts', nested: false }], 3, { entry: (id) => entries.push(id), media: (id) => media.push(id) }, 'linux');
  try {
    mkdirSync(join(root, 'media', 'posts', 'new-one'));
    await waitFor(() => assert.ok(media.includes('posts/new-one')));
    assert.deepEqual(entries, []);
  } finally {
    stop();
  }
});

test('one recursive watch (macOS, Windows) names the entry of a media file and of an entry file apart', async () => {
  const root = site();
  const media: string[] = [];
  const entries: string[] = [];
  // Node emulates a recursive watch where the kernel has none (Linux): enough to read the names it gives.
  const stop = watchContent(root, [{ folder: 'posts', nested: false }], 3, { entry: (id) => entries.push(id), media: (id) => media.push(id) }, 'darwin');
  try {
    await new Promise((done) => setTimeout(done, 100));
    writeFileSync(join(root, 'media', 'posts', 'hello', 'cover.png'), 'replaced');
    writeFileSync(join(root, 'posts', 'hello', 'en.md'), '---\ntitle: Hello\n---\n');
    await waitFor(() => {
      assert.ok(media.includes('posts/hello'));
      assert.ok(entries.includes('posts/hello'));
    });
    assert.ok(!entries.some((id) => id.startsWith('media')), JSON.stringify(entries));
  } finally {
    stop();
  }
});

for (const polling of [false, true]) {
  test(`a cover written in place in a newest entry's media folder is reported before any pass (${polling ? 'polled' : 'watched'})`, async () => {
    const root = site();
    const found: MediaChange[] = [];
    const follow = new MediaFollow({ setup: setup(root), polling, changed: (change) => found.push(change), log: () => {} });
    try {
      wholePass(follow);
      follow.setNewest(['posts/hello', 'posts/without-media']);
      writeFileSync(join(root, 'media', 'posts', 'hello', 'cover.png'), 'another picture, larger than the first');
      await waitFor(() => {
        if (polling) follow.poll();
        assert.deepEqual(found, [{ id: 'posts/hello', files: [['cover.png', 'changed']] }]);
      });
    } finally {
      follow.stop();
    }
  });
}

test('a newest entry\'s media folder the media pass has not reached yet is watched as soon as the entry is named newest', async () => {
  const root = site();
  const found: MediaChange[] = [];
  const follow = new MediaFollow({ setup: setup(root), polling: false, changed: (change) => found.push(change), log: () => {} });
  try {
    // No media pass has run (on a large site it is spread over several of the entries' passes).
    follow.setNewest(['posts/hello']);
    assert.deepEqual(found, [], 'a folder first looked at is taken as it is');
    writeFileSync(join(root, 'media', 'posts', 'hello', 'cover.png'), 'replaced before any media pass');
    await waitFor(() => assert.deepEqual(found, [{ id: 'posts/hello', files: [['cover.png', 'changed']] }]));
  } finally {
    follow.stop();
  }
});
