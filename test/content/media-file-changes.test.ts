// How the finder records media files changed on disk (content/changes/media-file-changes.ts): one
// `entry.media` via disk per entry, the files named; nothing when an event of the entry's media came meanwhile
// (read under the entry's lock), for a media folder of no entry, or for a file added and removed again;
// tried again when the feed could not take it, and settled (nothing waits) only once recorded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MediaFileChanges } from '../../dist/content/changes/media-file-changes.js';
import type { NewChange } from '../../src/feed/change-event.ts';
import type { Entry } from '../../src/content/entries/types.ts';

const hello = {
  id: 'posts/hello', styleMtimeMs: -1, styleSize: -1,
  translations: new Map([
    ['en', { path: '/hello', status: 'published', mtimeMs: 1, size: 10 }],
    ['de', { path: '/de/hallo', status: 'draft', mtimeMs: 1, size: 10 }],
  ]),
} as unknown as Entry;

function harness(options: { accept?: () => boolean; duringCatchUp?: (changes: MediaFileChanges) => void } = {}) {
  const appended: NewChange[] = [];
  const locked: string[] = [];
  const settled: number[] = [];
  const changes: MediaFileChanges = new MediaFileChanges({
    underLock: (id, record) => { locked.push(id); return record(); },
    catchUp: () => options.duringCatchUp?.(changes),
    indexed: (id) => (id === 'posts/hello' ? hello : undefined),
    append: (change) => { const ok = options.accept?.() ?? true; if (ok) appended.push(change); return ok; },
    allRecorded: () => settled.push(appended.length),
    log: () => {},
  });
  return { changes, appended, locked, settled };
}

const settle = () => new Promise((done) => setImmediate(done));

test('files found changed are one entry.media via disk, under the entry\'s lock, with the paths and what anyone may see', async () => {
  const { changes, appended, locked } = harness();
  changes.found({ id: 'posts/hello', files: [['cover.png', 'changed']] });
  changes.found({ id: 'posts/hello', files: [['cover-480w.png', 'added'], ['old.png', 'added']] });
  changes.found({ id: 'posts/hello', files: [['old.png', 'removed']] });
  await settle();
  assert.deepEqual(locked, ['posts/hello']);
  assert.deepEqual(appended, [{
    kind: 'entry.media', entry: 'posts/hello', languages: [], paths: ['/de/hallo', '/hello'], before: [], via: 'disk', person: null, token: null,
    detail: 'content/media/posts/hello/: cover-480w.png added, cover.png changed', media: 'changed', public: { languages: [], paths: ['/hello'], before: [] },
  }]);
  changes.found({ id: 'posts/hello', files: [['cover.png', 'removed']] });
  await settle();
  assert.equal(appended[1]!.detail, 'content/media/posts/hello/cover.png removed');
  assert.equal(appended[1]!.media, 'removed');
});

test('an event of the entry\'s media read meanwhile explains the change; a folder of no entry is not recorded', async () => {
  const { changes, appended } = harness({ duringCatchUp: (self) => self.noteEvent('posts/hello') });
  changes.found({ id: 'posts/hello', files: [['cover.png', 'changed']] });
  changes.found({ id: 'posts/gone', files: [['a.png', 'removed']] });
  await settle();
  assert.deepEqual(appended, []);
  const before = harness();
  before.changes.found({ id: 'posts/hello', files: [['cover.png', 'changed']] });
  before.changes.noteEvent('posts/hello');
  await settle();
  assert.deepEqual(before.appended, []);
});

test('a change the feed could not take is tried again later, once', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setImmediate'] });
  let open = false;
  const { changes, appended, locked, settled } = harness({ accept: () => open });
  changes.found({ id: 'posts/hello', files: [['cover.png', 'changed']] });
  assert.equal(changes.settled, false);
  t.mock.timers.tick(0);
  assert.deepEqual([locked.length, appended.length], [1, 0]);
  // Waiting to be tried again: not settled, so the sweep keeps no stamps that would lose it at a stop.
  assert.deepEqual([changes.settled, settled], [false, []]);
  open = true;
  t.mock.timers.tick(5_000);
  assert.deepEqual([locked.length, appended.length], [2, 1]);
  assert.deepEqual([changes.settled, settled], [true, [1]], 'settled once recorded');
  assert.equal(appended[0]!.detail, 'content/media/posts/hello/cover.png changed');
  changes.stop();
});

test('many files are named up to eight, and counted after', async () => {
  const { changes, appended } = harness();
  changes.found({ id: 'posts/hello', files: Array.from({ length: 11 }, (_, n) => [`p${String(n).padStart(2, '0')}.png`, 'added'] as [string, 'added']) });
  await settle();
  assert.match(appended[0]!.detail!, /^content\/media\/posts\/hello\/: p00\.png added, .*p07\.png added and 3 more$/);
});
