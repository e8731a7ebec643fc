// The search index's build in a thread of its own (content/search/build-thread.ts, build-worker.ts) on a real
// site folder: the thread reads the entries from disk itself, so what happens to them during the build is
// what it meets (a folder removed, a file that cannot be read, a FIFO or a link out of the site in an
// entry's place); a thread that dies is built again, in a thread and then on the server's thread; a stop
// in the middle leaves an index the next start builds anew; and what is written meanwhile reaches the
// index through the change feed.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { entry, entryText, makeSiteFolder, writeSite } from '../helpers/write-site.ts';
import { placeFifo } from '../helpers/special-files.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { ContentStore } from '../../dist/content/store.js';
import { searcherOf } from '../../dist/content/content-rights.js';
import { SiteSearch, type SiteSearchOptions } from '../../dist/content/search/site-search.js';
import { createEntry } from '../../dist/content/write/create-entry.js';
import { deleteEntry } from '../../dist/content/write/delete-entry.js';
import { updateEntry } from '../../dist/content/write/update-entry.js';
import { actorOf } from '../helpers/memory-site.ts';

/** A word of its own in each post's body (one post a day, `a-apple` the oldest). */
const WORDS = ['apple', 'banana', 'cherry', 'damson', 'elderberry', 'fig', 'grape', 'hazelnut'];
const roots: string[] = [];
const admin = actorOf('ann', 'admin', 'panel');

after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function makeSite(): string {
  const root = makeSiteFolder('svc-search-thread-');
  roots.push(root);
  const entries: Record<string, ReturnType<typeof entry>> = {};
  WORDS.forEach((word, i) => {
    entries[`content/posts/${word}/en.md`] = entry({ title: `Post ${i + 1}`, status: 'published', published: `2026-03-0${i + 1} 09:00` }, `A ${word} a day.`);
  });
  writeSite(root, {
    settings: { title: 'Orchard', description: 'Fruit.', url: 'https://orchard.example', languages: { en: 'English' }, default_language: 'en', timezone: 'UTC' },
    entries,
  });
  return root;
}

interface Opened { store: ContentStore; search: SiteSearch; lines: string[] }

/** A store and a search of its own over `root`, the build's thread handed one id at a time. */
function open(root: string, thread: SiteSearchOptions['thread'] = {}): Opened {
  const lines: string[] = [];
  const store = new ContentStore({ root, clock: Date.now, log: () => {}, cacheDir: join(root, 'data', 'cache'), dataDir: join(root, 'data') });
  const search = new SiteSearch({
    source: store, file: join(root, 'data', 'cache', 'search.sqlite'), feed: store.changes!.feed, trustedFolders: store.trustedFolders, locksDir: join(root, 'data', 'locks'),
    dataDir: join(root, 'data'), clock: Date.now, log: (line) => lines.push(line), progressEveryMs: 0, thread: { batchEntries: 1, ...thread },
  });
  return { store, search, lines };
}

function close({ store, search }: Opened): void {
  search.close();
  store.close();
}

/** The ids of what anyone finds for `text`, or null while the index is being built. */
function find(search: SiteSearch, text: string): string[] | null {
  const found = search.search({ text, language: 'en', type: null, searcher: searcherOf(null), limit: 20 });
  return found.ready ? found.rows.map((row) => row.entry.id) : null;
}

async function built(search: SiteSearch): Promise<void> {
  await waitFor(() => assert.equal(search.state().state, 'ready'), 30_000);
}

test('the build runs in a thread; searches meanwhile say how far it is, then find every entry', async () => {
  const root = makeSite();
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  const threads = new Set<number>();
  const opened = open(root, {
    beforeBatch: async (handedOut, thread) => {
      threads.add(thread.threadId);
      if (handedOut === 4) await held;
    },
  });
  const { search, lines } = opened;
  try {
    search.start();
    await waitFor(() => assert.equal(search.state().state === 'building' && (search.state() as { done: number }).done, 4));
    const answer = search.search({ text: 'apple', language: 'en', type: null, searcher: searcherOf(null), limit: 5 });
    assert.deepEqual(answer, { ready: false, done: 4, total: 8, percent: 50 });
    release();
    await built(search);
    assert.equal(threads.size, 1, 'one thread built it');
    assert.notEqual([...threads][0], 0, 'not the main thread');
    for (const word of WORDS) assert.deepEqual(find(search, word), [`posts/${word}`]);
    assert.equal(lines[0], 'svc: building the search index of 8 entries in the background; searches answer once it is built.');
    assert.match(lines.at(-1)!, /^svc: built the search index of 8 entries in \d+\.\d s$/);
  } finally {
    release();
    close(opened);
  }
});

test('entries removed, unreadable, or swapped for a FIFO or a link out of the site during the build are left out; the rest is built', async () => {
  const root = makeSite();
  const outside = makeSiteFolder('svc-search-outside-');
  roots.push(outside);
  mkdirSync(join(outside, 'folder'));
  writeFileSync(join(outside, 'folder', 'en.md'), entryText(entry({ title: 'Stolen', status: 'published', published: '2026-03-01 09:00' }, 'Zucchini secrets.')));
  writeFileSync(join(outside, 'file.md'), entryText(entry({ title: 'Stolen too', status: 'published', published: '2026-03-01 09:00' }, 'Quokka secrets.')));
  const post = (word: string) => join(root, 'content', 'posts', word);
  const opened = open(root, {
    // After the ids were taken, before the thread reads any entry.
    beforeBatch: (handedOut) => {
      if (handedOut !== 0) return;
      rmSync(post('banana'), { recursive: true });
      placeFifo(join(post('cherry'), 'en.md'));
      writeFileSync(join(post('damson'), 'en.md'), Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0xfe, 0x0a, 0x2d, 0x2d, 0x2d, 0x0a]));
      rmSync(post('elderberry'), { recursive: true });
      symlinkSync(join(outside, 'folder'), post('elderberry'));
      rmSync(join(post('fig'), 'en.md'));
      symlinkSync(join(outside, 'file.md'), join(post('fig'), 'en.md'));
    },
  });
  const { search, lines } = opened;
  try {
    search.start();
    await built(search);
    for (const word of ['apple', 'grape', 'hazelnut']) assert.deepEqual(find(search, word), [`posts/${word}`]);
    for (const word of ['banana', 'cherry', 'damson', 'elderberry', 'fig', 'zucchini', 'quokka', 'secrets', 'stolen']) assert.deepEqual(find(search, word), [], word);
    assert.ok(!lines.some((line) => /failed/.test(line)), lines.join('\n'));
  } finally {
    close(opened);
    rmSync(join(post('cherry'), 'en.md'), { force: true });
  }
});

test('a thread that dies is built again in a new thread, then on the server\'s thread; searches answer meanwhile', async () => {
  const root = makeSite();
  const killed = new Set<number>();
  const opened = open(root, {
    beforeBatch: async (handedOut, thread) => {
      if (handedOut !== 3 || killed.has(thread.threadId)) return;
      killed.add(thread.threadId);
      await thread.terminate();
    },
  });
  const { search, lines } = opened;
  try {
    search.start();
    await waitFor(() => assert.ok(lines.some((line) => line.includes('it is built again in a new thread in a moment'))));
    // Between the two: the index says how far the file got, and nothing throws.
    const meanwhile = search.search({ text: 'apple', language: 'en', type: null, searcher: searcherOf(null), limit: 5 });
    assert.equal(meanwhile.ready, false);
    await waitFor(() => assert.ok(lines.some((line) => line.includes('it is built again on the server\'s thread in a moment'))), 30_000);
    await built(search);
    assert.equal(killed.size, 2, 'two threads were started and ended');
    assert.match(lines.find((line) => line.includes('in a new thread'))!, /^svc: building the search index failed in its thread \(its thread ended \(exit code 1\)\); /);
    for (const word of WORDS) assert.deepEqual(find(search, word), [`posts/${word}`]);
  } finally {
    close(opened);
  }
});

test('a stop in the middle of a build ends its thread; the next start builds the index anew', async () => {
  const root = makeSite();
  let exited: Promise<unknown> | null = null;
  const first = open(root, {
    beforeBatch: (handedOut, thread) => {
      if (handedOut !== 3) return;
      exited = once(thread, 'exit');
      close(first);
    },
  });
  first.search.start();
  await waitFor(() => assert.ok(exited));
  await exited;
  assert.ok(!first.lines.some((line) => /built the search index|failed/.test(line)), first.lines.join('\n'));
  const second = open(root);
  try {
    second.search.start();
    await built(second.search);
    for (const word of WORDS) assert.deepEqual(find(second.search, word), [`posts/${word}`]);
  } finally {
    close(second);
  }
});

test('what is written during the build reaches the index through the change feed', async () => {
  const root = makeSite();
  let opened!: Opened;
  let wrote = false;
  opened = open(root, {
    // The last batch: every entry before it is read and indexed, the first ones changed after their reading.
    beforeBatch: async (handedOut) => {
      if (handedOut !== WORDS.length - 1 || wrote) return;
      wrote = true;
      const { store, search } = opened;
      await waitFor(() => assert.equal((search.state() as { done?: number }).done, WORDS.length - 1));
      const [first, second] = store.entryIds();
      // As the panel writes: each change recorded in the feed.
      const context = { store, dataDir: join(root, 'data'), clock: Date.now };
      updateEntry(context, admin, { entry: store.entry(first!)!, language: 'en', body: 'Walnut now.' });
      deleteEntry(context, admin, second!);
      createEntry(context, admin, { title: 'New', type: store.typeByKey('post')!, language: 'en', body: 'Pecan pie.', fields: {}, parent: null });
      opened.lines.push(`changed ${first} and removed ${second}`);
    },
  });
  const { store, search, lines } = opened;
  try {
    const [first, second] = store.entryIds();
    search.start();
    await built(search);
    assert.ok(lines.includes(`changed ${first} and removed ${second}`), lines.join('\n'));
    await waitFor(() => assert.deepEqual(find(search, 'walnut'), [first]));
    const firstWord = first!.split('/')[1]!, secondWord = second!.split('/')[1]!;
    assert.deepEqual(find(search, firstWord), [], 'the words it had before the change are gone');
    assert.deepEqual(find(search, secondWord), [], 'the entry removed is gone');
    const drafts = search.search({ text: 'pecan', language: 'en', type: null, searcher: searcherOf(admin.principal), status: 'any', limit: 5 });
    assert.ok(drafts.ready);
    assert.deepEqual(drafts.rows.map((row) => row.translation.title), ['New'], 'the entry created (a draft) is found by who may see it');
  } finally {
    close(opened);
  }
});
