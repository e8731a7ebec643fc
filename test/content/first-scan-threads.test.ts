// A first start with no kept index reads a large site's entry folders in reader threads
// (content/list-engine/first-scan-reads.ts). What it makes must be what reading them on the main thread makes:
// the same entries, stamps, statuses and warnings, from a site with every kind of file an entry folder can
// hold, broken ones included; links are never followed there either; a thread that fails leaves the rest
// to the main thread.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ContentStore } from '../../dist/content/store.js';
import { FolderReadsInThreads } from '../../dist/content/list-engine/first-scan-reads.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';
import { preloadAll } from '../../dist/lib/on-demand.js';
import type { Entry } from '../../src/content/entries/types.ts';
import { entry, writeSite, type EntryFile } from '../helpers/write-site.ts';
import { placeFifo } from '../helpers/special-files.ts';

const SECRET = 'TOP SECRET outside the site';
const root = mkdtempSync(join(tmpdir(), 'svc-first-scan-'));
const outside = mkdtempSync(join(tmpdir(), 'svc-outside-'));
after(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});
// The index side as the server loads it (through import(), one instance of each module with this file's).
await preloadAll();
const linkWarnings: string[] = [];

function post(i: number): EntryFile {
  const fields: Record<string, string | number | string[]> = { title: `Post ${i}`, status: ['published', 'draft', 'scheduled'][i % 3]!, published: `2026-0${1 + (i % 9)}-1${i % 10} 0${i % 10}:30` };
  if (i % 4 === 0) fields.tags = ['travel', `tag-${i % 3}`];
  if (i % 5 === 0) fields.category = 'events';
  if (i % 5 === 0) fields.start = '2026-05-01 18:00';
  if (i % 6 === 0) fields.author = 'ann';
  if (i % 7 === 0) fields.review = 'Please check the dates';
  if (i % 8 === 0) fields.slug = `renamed-${i}`;
  if (i % 9 === 0) fields.title = 1234;
  if (i % 11 === 0) fields.date = '2025-12-01';
  return entry(fields, i % 10 === 0 ? `A video: https://www.youtube.com/watch?v=${i}\n` : `Body ${i}\n`);
}

const entries: Record<string, EntryFile> = {};
for (let i = 0; i < 60; i++) {
  entries[`content/posts/post-${i}/en.md`] = post(i);
  if (i % 2 === 0) entries[`content/posts/post-${i}/de.md`] = post(i + 1);
}
for (let i = 0; i < 5; i++) entries[`content/events/event-${i}/en.md`] = post(i);
entries['content/pages/about/en.md'] = entry({ title: 'About', status: 'published' });
entries['content/pages/about/team/en.md'] = entry({ title: 'Team', status: 'published' });
writeSite(root, {
  settings: {
    title: 'Threads', url: 'http://127.0.0.1:8080', languages: { en: 'English', de: 'Deutsch' }, default_language: 'en', timezone: 'Europe/Berlin',
    types: { post: { folder: 'posts', label: 'Posts' }, page: { folder: 'pages', label: 'Pages' }, event: { folder: 'events', label: 'Events' } },
  },
  entries,
  files: {
    'content/posts/post-1/style.css': 'main { color: teal; }\n',
    'content/posts/post-2/style.css': Buffer.from([0x6d, 0xff, 0xfe, 0x0a]),
    'content/posts/post-3/de.md': Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x74, 0xff, 0x0a]),
    'content/posts/post-5/de.md': '---\ntitle: Cut off in the middle\nstatus: publ',
    'content/posts/post-7/fr.md': '---\ntitle: Not a language of the site\n---\n',
    'content/posts/only-french/fr.md': '---\ntitle: Nothing the site reads\n---\n',
    'content/posts/post-9/notes.txt': 'not read',
  },
});
mkdirSync(join(root, 'content/posts/empty'));
mkdirSync(join(root, 'content/posts/post-11/de.md'));
placeFifo(join(root, 'content/posts/post-13/de.md'));
writeFileSync(join(outside, 'en.md'), `---\ntitle: ${SECRET}\nstatus: published\n---\n${SECRET}\n`);
writeFileSync(join(outside, 'style.css'), `main { content: "${SECRET}"; }\n`);
symlinkSync(join(outside, 'en.md'), join(root, 'content/posts/post-15/de.md'));
symlinkSync(join(outside, 'style.css'), join(root, 'content/posts/post-17/style.css'));
symlinkSync(outside, join(root, 'content/posts/linked-folder'));

/** An entry as plain data: everything the index keeps of it (translations in language order). */
function shown(item: Entry): unknown {
  const { translations, type, ...rest } = item;
  const languages = [...translations.keys()].sort();
  return {
    ...rest, type: type.key,
    translations: languages.map((language) => {
      const t = translations.get(language)!;
      return {
        language, file: t.file, mtimeMs: t.mtimeMs, size: t.size, title: t.title, status: t.status, published: t.published, dateMs: t.dateMs,
        path: t.path, tags: t.tags, category: t.category, author: t.author, via: t.via, start: t.start, review: t.review, embeds: t.embeds,
      };
    }),
  };
}

function firstStart(readInThreadsFrom: number): { entries: unknown[]; log: string[] } {
  const log: string[] = [];
  // A value of the site's folders per start, as a process has (each warns about a link once).
  const trustedFolders = new TrustedFolders([join(root, 'content')], (line) => linkWarnings.push(line));
  const store = new ContentStore({ root, clock: () => Date.parse('2026-06-01T12:00:00Z'), log: (line) => log.push(line), readInThreadsFrom, trustedFolders });
  try {
    const made = store.entries().map(shown).sort((a, b) => ((a as Entry).id < (b as Entry).id ? -1 : 1));
    // How far the scan is (said when it takes over a second: a thread's start under a loaded test run) is no warning.
    return { entries: made, log: log.filter((line) => !/^svc: read(ing)? \d+ entry folders/.test(line)).sort() };
  } finally {
    store.close();
  }
}

test('read in threads, a first start makes the entries, stamps and warnings the main thread makes, and follows no link', () => {
  const threaded = firstStart(0);
  const warned = linkWarnings.splice(0);
  const alone = firstStart(Infinity);
  assert.deepEqual(threaded.entries, alone.entries);
  assert.deepEqual(threaded.log, alone.log);
  assert.equal(threaded.entries.length, 60 + 5 + 2);
  assert.ok(!JSON.stringify(threaded.entries).includes(SECRET), 'nothing from outside the site');
  for (const link of ['posts/post-15/de.md', 'posts/post-17/style.css', 'posts/linked-folder']) {
    assert.equal(warned.filter((line) => line.includes(`content/${link}:`)).length, 1, `one warning about ${link}`);
  }
  // The broken files are reported once each, by name, and the folders holding them read again by the sweep.
  for (const [file, reason] of [['post-2/style.css', 'not valid UTF-8'], ['post-3/de.md', 'not valid UTF-8'], ['post-5/de.md', 'not closed'], ['post-13/de.md', '']]) {
    assert.equal(threaded.log.filter((line) => line.startsWith(`svc: skipping content/posts/${file}: `) && line.includes(reason)).length, 1, file);
  }
  const byId = new Map((threaded.entries as Array<{ id: string; folderMtimeMs: number; style: string; styleMtimeMs: number }>).map((item) => [item.id, item]));
  assert.equal(byId.get('posts/post-1')!.style, 'main { color: teal; }\n');
  assert.equal(byId.get('posts/post-3')!.folderMtimeMs, -1);
  assert.equal(byId.get('posts/post-2')!.style, '');
  assert.ok(byId.get('posts/post-2')!.styleMtimeMs > 0, 'a style.css that is not UTF-8 keeps its stamp');
  assert.ok(byId.get('posts/post-13')!.folderMtimeMs > 0, 'a FIFO is left out as a listing leaves it out');
  assert.ok(byId.get('posts/post-11')!.folderMtimeMs > 0, 'a folder named like a translation is no translation');
  assert.ok(!byId.has('posts/only-french') && !byId.has('posts/empty') && !byId.has('posts/linked-folder'));
  assert.ok(byId.has('pages/about/team'), 'nested pages are read as before');
});

test('a reader thread that hands over the wrong folder leaves the rest to the caller, which says so', () => {
  const log: string[] = [];
  const reads = new FolderReadsInThreads(join(root, 'content'), ['en', 'de'], [{ folder: 'posts', slugs: ['post-0', 'post-1', 'post-2'] }], (line) => log.push(line), 1);
  try {
    const first = reads.take('post-0');
    assert.equal(first?.slug, 'post-0');
    assert.deepEqual(first?.files.map((file) => file.name), ['en.md', 'de.md']);
    assert.equal(reads.take('post-9'), undefined);
    assert.equal(reads.take('post-2'), undefined, 'once failed, every later folder is the caller\'s');
    assert.deepEqual(log, ['svc: a reader thread handed post-1 for post-9; the main thread reads the rest of the entry folders itself.']);
  } finally {
    reads.close();
  }
});

test('a reader thread that stops on an error leaves the rest to the caller, which says why', () => {
  const log: string[] = [];
  // A slug that is no string: the thread's path.join throws as it reads the batch.
  const reads = new FolderReadsInThreads(join(root, 'content'), ['en', 'de'], [{ folder: 'posts', slugs: [7 as unknown as string] }], (line) => log.push(line), 1);
  try {
    assert.equal(reads.take('7'), undefined);
    assert.equal(log.length, 1);
    assert.match(log[0]!, /^svc: a reader thread stopped \(.*"path" argument.*\); the main thread reads the rest of the entry folders itself\.$/);
  } finally {
    reads.close();
  }
});
