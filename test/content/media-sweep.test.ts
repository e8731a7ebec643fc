// The media sweep (content/list-engine/media-sweep.ts) on a real folder: its first pass takes what is there;
// then a file written in place, added, removed or renamed over, a media folder added or removed (a page's
// with its children's) is reported once, with the files and how; what svc changed itself (absorb) is not.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALT_TEXTS, MediaSweep } from '../../dist/content/list-engine/media-sweep.js';
import { mediaShareMs } from '../../dist/content/list-engine/stamp-sweep.js';
import { keptMediaIn } from '../../dist/content/list-engine/media-stamps-file.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';
import { ALT_FILE } from '../../dist/content/media-alt.js';
import type { MediaChange } from '../../src/content/changes/change-seams.ts';

const roots: string[] = [];
after(() => { for (const root of roots) rmSync(root, { recursive: true, force: true }); });

function site(): { root: string; sweep: MediaSweep; put: (id: string, name: string, text?: string) => void } {
  const root = mkdtempSync(join(tmpdir(), 'svc-media-sweep-'));
  roots.push(root);
  const put = (id: string, name: string, text = name) => {
    mkdirSync(join(root, 'media', id), { recursive: true });
    writeFileSync(join(root, 'media', id, name), text);
  };
  put('posts/hello', 'cover.png');
  put('posts/hello', 'view.jpg');
  put('pages/about', 'team.png');
  put('pages/about/team', 'ann.png');
  const sweep = new MediaSweep({ contentDir: root, folders: [{ folder: 'posts', nested: false }, { folder: 'pages', nested: true }], maxDepth: 3, files: ['en.md', 'style.css'] });
  return { root, sweep, put };
}

function wholePass(sweep: MediaSweep): MediaChange[] {
  const pass = sweep.pass();
  while (!pass.next().done);
  return sweep.takeFound().sort((a, b) => (a.id < b.id ? -1 : 1));
}

test('the first pass takes what is there; a file written in place, added or removed is reported once', () => {
  const { root, sweep, put } = site();
  assert.deepEqual(wholePass(sweep), []);
  assert.equal(sweep.size, 3);
  assert.deepEqual(wholePass(sweep), []);
  // Written in place, as `cp` does: the folder's mtime stays, the file's size moves.
  writeFileSync(join(root, 'media/posts/hello/cover.png'), 'another picture, larger');
  put('posts/hello', 'cover-480w.png');
  rmSync(join(root, 'media/pages/about/team.png'));
  assert.deepEqual(wholePass(sweep), [
    { id: 'pages/about', files: [['team.png', 'removed']] },
    { id: 'posts/hello', files: [['cover-480w.png', 'added'], ['cover.png', 'changed']] },
  ]);
  assert.deepEqual(wholePass(sweep), []);
  // Renamed over (rsync, an atomic write): the folder's mtime moves, the file's stamps differ.
  writeFileSync(join(root, 'media/posts/hello/.view.jpg.part'), 'a new view, of another size');
  renameSync(join(root, 'media/posts/hello/.view.jpg.part'), join(root, 'media/posts/hello/view.jpg'));
  assert.deepEqual(wholePass(sweep), [{ id: 'posts/hello', files: [['view.jpg', 'changed']] }]);
});

test('only the same size and mtime count as the same file: touched alone, it is changed', () => {
  const { root, sweep } = site();
  wholePass(sweep);
  utimesSync(join(root, 'media/posts/hello/view.jpg'), new Date(2020, 0, 1), new Date(2020, 0, 1));
  assert.deepEqual(wholePass(sweep), [{ id: 'posts/hello', files: [['view.jpg', 'changed']] }]);
});

test('the alt texts count, other dot files and writers\' temporary files do not', () => {
  const { root, sweep, put } = site();
  assert.equal(ALT_TEXTS, ALT_FILE);
  wholePass(sweep);
  put('posts/hello', ALT_FILE, 'cover.png: A peak\n');
  put('posts/hello', '.cover.png.123.abcdef.tmp');
  put('posts/hello', '.DS_Store');
  assert.deepEqual(wholePass(sweep), [{ id: 'posts/hello', files: [[ALT_FILE, 'added']] }]);
  rmSync(join(root, 'media/posts/hello/.cover.png.123.abcdef.tmp'));
  assert.deepEqual(wholePass(sweep), []);
});

test('a media folder added or removed reports its files; a page\'s goes with its children\'s', () => {
  const { root, sweep, put } = site();
  wholePass(sweep);
  put('posts/new-one', 'a.png');
  put('pages/about/team/history', 'old.png');
  assert.deepEqual(wholePass(sweep), [
    { id: 'pages/about/team/history', files: [['old.png', 'added']] },
    { id: 'posts/new-one', files: [['a.png', 'added']] },
  ]);
  rmSync(join(root, 'media/pages/about'), { recursive: true });
  assert.deepEqual(wholePass(sweep), [
    { id: 'pages/about', files: [['team.png', 'removed']] },
    { id: 'pages/about/team', files: [['ann.png', 'removed']] },
    { id: 'pages/about/team/history', files: [['old.png', 'removed']] },
  ]);
  assert.equal(sweep.has('pages/about/team'), false);
});

test('check() looks at one folder at once; absorb() takes it without reporting; a folder checked and gone before a pass is reported gone', () => {
  const { root, sweep, put } = site();
  wholePass(sweep);
  writeFileSync(join(root, 'media/posts/hello/cover.png'), 'replaced by hand');
  sweep.check('posts/hello');
  assert.deepEqual(sweep.takeFound(), [{ id: 'posts/hello', files: [['cover.png', 'changed']] }]);
  writeFileSync(join(root, 'media/posts/hello/cover.png'), 'replaced through svc, recorded by it');
  sweep.absorb('posts/hello');
  assert.deepEqual(sweep.takeFound(), []);
  assert.deepEqual(wholePass(sweep), []);
  put('posts/brief', 'x.png');
  sweep.check('posts/brief');
  assert.deepEqual(sweep.takeFound(), [{ id: 'posts/brief', files: [['x.png', 'added']] }]);
  rmSync(join(root, 'media/posts/brief'), { recursive: true });
  assert.deepEqual(wholePass(sweep), [{ id: 'posts/brief', files: [['x.png', 'removed']] }]);
  // Ids no type folder holds, or deeper than posts go, are not looked at.
  sweep.check('recipes/x');
  sweep.check('posts/hello/deeper');
  assert.deepEqual(sweep.takeFound(), []);
});

test('a folder already looked at is reported from then on, before the first whole pass has ended (a pass spread over several)', () => {
  const { root, sweep } = site();
  // One of the newest entries is looked at first (its watch, or the part of a pass that reached it).
  sweep.check('posts/hello');
  assert.deepEqual(sweep.takeFound(), []);
  writeFileSync(join(root, 'media/posts/hello/cover.png'), 'replaced by hand before the first pass ended');
  sweep.check('posts/hello');
  assert.deepEqual(sweep.takeFound(), [{ id: 'posts/hello', files: [['cover.png', 'changed']] }]);
  // A folder not looked at yet is taken as it is by the first pass, which reports nothing of it.
  writeFileSync(join(root, 'media/pages/about/team.png'), 'also replaced, not looked at yet');
  assert.deepEqual(wholePass(sweep), []);
});

test('the media part of a pass gets what keeps a whole pass under 1 % of a core at one pass each 270 s', () => {
  // 270 s x 0.9 % = 2,430 ms for a pass: a small site's entries leave nearly all of it, 100,000 entries (some
  // 1,550 ms) leave 880 ms, and entries that take it all leave a small slice, so the media folders still move on.
  assert.equal(Math.round(mediaShareMs(10)), 2420);
  assert.equal(Math.round(mediaShareMs(1550)), 880);
  assert.equal(mediaShareMs(5000), 100);
});

test('what a sweep knew is kept in a file; a sweep that starts from it reports what changed meanwhile, a folder gone or new included', () => {
  const { root, sweep, put } = site();
  const cache = join(root, 'cache');
  const trusted = new TrustedFolders([root]);
  const logged: string[] = [];
  const kept = keptMediaIn(trusted, cache, root, (line) => logged.push(line));
  assert.deepEqual(wholePass(sweep), []);
  kept.save(sweep.knownIfMoved()!);
  // Nothing changed since: nothing to keep again.
  assert.equal(sweep.knownIfMoved(), null);
  // While no sweep runs: a file written in place, one added, a page's folder removed, a post's added.
  writeFileSync(join(root, 'media/posts/hello/cover.png'), 'a new cover, longer');
  put('posts/hello', 'cover-480w.png');
  rmSync(join(root, 'media/pages/about/team'), { recursive: true });
  put('posts/new', 'first.png');
  const next = new MediaSweep(sweep['setup'], kept.load());
  // Found and not yet taken: not kept (a stop before it is told would lose it).
  for (const pass = next.pass(); !pass.next().done;);
  assert.equal(next.knownIfMoved(), null);
  assert.deepEqual(next.takeFound().map((change) => change.id).sort(), ['pages/about/team', 'posts/hello', 'posts/new']);
  assert.ok(next.knownIfMoved());
  const again = new MediaSweep(sweep['setup'], kept.load());
  assert.deepEqual(wholePass(again), [
    { id: 'pages/about/team', files: [['ann.png', 'removed']] },
    { id: 'posts/hello', files: [['cover-480w.png', 'added'], ['cover.png', 'changed']] },
    { id: 'posts/new', files: [['first.png', 'added']] },
  ]);
  assert.deepEqual(logged, []);
});

test('a kept file that is damaged, another site\'s or of another version is set aside with one line; the sweep takes the folders as they are', () => {
  const { root, sweep } = site();
  const cache = join(root, 'cache');
  const trusted = new TrustedFolders([root]);
  const logged: string[] = [];
  const kept = keptMediaIn(trusted, cache, root, (line) => logged.push(line));
  assert.equal(kept.load(), undefined, 'none yet: nothing said');
  wholePass(sweep);
  kept.save(sweep.knownIfMoved()!);
  const file = join(cache, 'media-stamps.json');
  const good = readFileSync(file, 'utf8');
  for (const bad of [good.slice(0, good.length >> 1), good.replace('"version":1', '"version":2'), good.replace(JSON.stringify(root), JSON.stringify(join(root, 'other'))), good.replace('"posts/hello",', '"posts/hello",[],'), 'null']) {
    writeFileSync(file, bad);
    assert.equal(kept.load(), undefined);
    assert.match(logged.pop()!, /media-stamps\.json could not be used \(.+\); media files changed while svc was not running are not recorded this time\./);
    assert.deepEqual(wholePass(new MediaSweep(sweep['setup'], kept.load())), []);
    logged.length = 0;
  }
});
