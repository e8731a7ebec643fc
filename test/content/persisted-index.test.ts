// The index kept in data/cache between starts: a start takes it when it was made by this code, under these
// settings, for this site, and reads back whole; else it is ignored (damaged and foreign ones with one log
// line), nothing crashes, and the index is read from the files as before. Either way the store then holds
// what a full scan holds, and a change made on disk meanwhile shows after its sweep.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ContentStore } from '../../dist/content/store.js';
import { listEntries } from '../../dist/content/query.js';
import type { Entry } from '../../src/content/entries/types.ts';
import { indexFileKey, writeIndexFile } from '../../dist/content/list-engine/index-file.js';
import { INDEX_FILE_NAME } from '../../dist/content/list-engine/index-persistence.js';
import { createFixtureSite, FIXTURE_FILES, FIXTURE_SITE_YAML } from '../helpers/fixture-site.ts';
import { fullScanView, indexView } from '../helpers/index-view.ts';
import { waitFor } from '../helpers/wait-for.ts';

const roots: string[] = [];
const stores: ContentStore[] = [];
after(() => {
  for (const store of stores) store.close();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const clock = () => Date.now();

function site(): string {
  const root = createFixtureSite();
  roots.push(root);
  return root;
}

function open(root: string, options: { clock?: () => number } = {}): { store: ContentStore; log: string[] } {
  const log: string[] = [];
  const store = new ContentStore({ root, clock: options.clock ?? clock, log: (line) => log.push(line), cacheDir: join(root, 'data/cache') });
  stores.push(store);
  return { store, log };
}

/** A site with its index persisted by a store that has read it. */
async function persisted(): Promise<{ root: string; file: string }> {
  const root = site();
  const { store } = open(root);
  store.entries();
  await store.persistIndex();
  store.close();
  return { root, file: join(root, 'data/cache', INDEX_FILE_NAME) };
}

const HELLO = 'content/posts/hello/en.md';

test('a start takes the persisted index: it answers before reading a file, then sees what changed on disk since', async () => {
  const { root } = await persisted();
  // Edited in place: the folder's mtime stays, only the file's moves.
  writeFileSync(join(root, HELLO), FIXTURE_FILES[HELLO]!.replace('Hello World', 'Hello, Edited Since'));
  rmSync(join(root, 'content/posts/second'), { recursive: true });
  mkdirSync(join(root, 'content/posts/third'));
  writeFileSync(join(root, 'content/posts/third/en.md'), '---\ntitle: Third\nstatus: published\npublished: 2026-02-02 08:00\n---\nNew.\n');
  const { store, log } = open(root);
  // The first answer comes from the persisted index, as it was when written.
  assert.equal(store.entries().find((entry) => entry.id === 'posts/hello')?.translations.get('en')?.title, 'Hello World');
  assert.ok(store.entries().some((entry) => entry.id === 'posts/second'));
  await waitFor(() => assert.deepEqual(indexView(store), fullScanView(root, clock)));
  assert.equal(store.entries().find((entry) => entry.id === 'posts/hello')?.translations.get('en')?.title, 'Hello, Edited Since');
  assert.deepEqual(log, []);
});

test('an index started from the persisted one equals a full scan, every summary field and every list', async () => {
  const { root } = await persisted();
  const { store } = open(root);
  assert.deepEqual(indexView(store), fullScanView(root, clock));
  // The folder stamps too, which a restored entry reads from the index's columns (and the reader moves on).
  const scanned = new ContentStore({ root, clock, log: () => {} });
  const stamps = (entries: Entry[]) => entries.map((entry) => [entry.id, entry.folderMtimeMs]).sort();
  assert.deepEqual(stamps(store.entries()), stamps(scanned.entries()));
  scanned.close();
  const restored = store.entries()[0]!;
  assert.equal(restored.constructor.name, 'RestoredEntry');
  restored.folderMtimeMs = 42;
  assert.equal(restored.folderMtimeMs, 42);
  assert.notEqual(store.entries()[1]!.folderMtimeMs, 42);
});

const DAMAGES: Array<[string, (bytes: Buffer) => Buffer | string, RegExp]> = [
  ['an empty file', () => Buffer.alloc(0), /its header is not JSON/],
  ['a header that is not JSON', (bytes) => Buffer.concat([Buffer.from('{"format": broken\n'), bytes.subarray(bytes.indexOf(10) + 1)]), /its header is not JSON/],
  ['a file cut short', (bytes) => bytes.subarray(0, bytes.length - 1000), /do not match its checksum/],
  ['a byte changed in the blocks', (bytes) => { const copy = Buffer.from(bytes); copy[copy.length - 3]! ^= 0x5a; return copy; }, /do not match its checksum/],
  ['random bytes', () => Buffer.from(Array.from({ length: 5000 }, (_, at) => (at * 7919) % 251)), /its header is not JSON/],
  ['a layout that does not fit its blocks', (bytes) => editHeader(bytes, (header) => { header.layout.translations += 1; }), /columns do not fit/],
  ['a block said to lie past the end', (bytes) => editHeader(bytes, (header) => { header.layout.blocks.at(-1).count += 1_000_000; }), /its blocks do not fit its layout/],
  ['a language the settings do not have', (bytes) => editHeader(bytes, (header) => { header.layout.tables.language[0] = 'xx'; }), /its languages are not those of the settings/],
  ['a language named twice in its table', (bytes) => editHeader(bytes, (header) => { header.layout.tables.language.push(header.layout.tables.language[0]); }), /its languages are not those of the settings/],
  ['a block of a kind it does not know', (bytes) => editHeader(bytes, (header) => { header.layout.blocks[0].kind = 'i64'; }), /its blocks do not fit its layout/],
];

for (const [damage, make, reason] of DAMAGES) {
  test(`a persisted index with ${damage} is ignored with one log line, and the index is read from the files`, async () => {
    const { root, file } = await persisted();
    writeFileSync(file, make(readFileSync(file)));
    const { store, log } = open(root);
    assert.deepEqual(indexView(store), fullScanView(root, clock));
    assert.equal(log.length, 1);
    assert.match(log[0]!, new RegExp(`^svc: ignoring the persisted index ${escape(file)}: .*; reading every entry\\.$`));
    assert.match(log[0]!, reason);
    // The next one written is whole again.
    await store.persistIndex();
    const next = open(root);
    assert.deepEqual(indexView(next.store), fullScanView(root, clock));
    assert.deepEqual(next.log, []);
  });
}

test('a persisted index whose header line is longer than one read of it is taken whole', async () => {
  const { root, file } = await persisted();
  const bytes = readFileSync(file);
  const end = bytes.indexOf(10);
  // JSON allows spaces before its line end: 200 KB of them.
  writeFileSync(file, Buffer.concat([bytes.subarray(0, end), Buffer.alloc(200_000, ' '), bytes.subarray(end)]));
  const { store, log } = open(root);
  assert.deepEqual(indexView(store), fullScanView(root, clock));
  assert.equal(store.entries()[0]!.constructor.name, 'RestoredEntry');
  assert.deepEqual(log, []);
});

test('a persisted index naming an entry outside the type folders is damaged: no path outside the site is taken', async () => {
  const root = site();
  const { store } = open(root);
  const contentDir = join(root, 'content');
  const good = store.entries().find((entry) => entry.id === 'posts/hello')!;
  const file = join(root, 'data/cache', INDEX_FILE_NAME);
  for (const id of ['posts/../../data', 'posts/a\\b', 'site.yaml/x', 'posts']) {
    const evil = { ...good, id, parentId: null };
    await writeIndexFile(store.trustedFolders, file, indexFileKey(store.site(), contentDir), { entries: [evil], lists: [] }, clock());
    const next = open(root);
    assert.deepEqual(indexView(next.store), fullScanView(root, clock), id);
    assert.match(next.log[0] ?? '', /is not an entry of these settings/, id);
  }
});

test('a persisted index naming an entry twice is damaged: ignored with one log line, and the files are read', async () => {
  const root = site();
  const { store } = open(root);
  const good = store.entries().find((entry) => entry.id === 'posts/hello')!;
  const file = join(root, 'data/cache', INDEX_FILE_NAME);
  await writeIndexFile(store.trustedFolders, file, indexFileKey(store.site(), join(root, 'content')), { entries: [good, { ...good, translations: good.translations }], lists: [] }, clock());
  const next = open(root);
  assert.deepEqual(indexView(next.store), fullScanView(root, clock));
  assert.equal(next.log.length, 1);
  assert.match(next.log[0]!, /posts\/hello is there twice or out of order; reading every entry\.$/);
});

test('the index of another site is foreign: ignored with one log line', async () => {
  const { file } = await persisted();
  const other = site();
  mkdirSync(join(other, 'data/cache'), { recursive: true });
  cpSync(file, join(other, 'data/cache', INDEX_FILE_NAME));
  writeFileSync(join(other, HELLO), FIXTURE_FILES[HELLO]!.replace('Hello World', 'Another Site'));
  const { store, log } = open(other);
  assert.equal(store.entries().find((entry) => entry.id === 'posts/hello')?.translations.get('en')?.title, 'Another Site');
  assert.match(log.join('\n'), /^svc: ignoring the persisted index .*: it is the index of another site; reading every entry\.$/);
});

test('an index written in another format or byte order is foreign', async () => {
  for (const edit of [(header: any) => { header.format = 'svc content index 0'; }, (header: any) => { header.byteOrder = header.byteOrder === 'LE' ? 'BE' : 'LE'; }]) {
    const { root, file } = await persisted();
    writeFileSync(file, editHeader(readFileSync(file), edit));
    const { store, log } = open(root);
    assert.deepEqual(indexView(store), fullScanView(root, clock));
    assert.match(log.join('\n'), /another version or machine wrote it/);
  }
});

test('an index made by other code, under other settings or at a later time is stale: ignored without a word', async () => {
  const stale: Array<(root: string, file: string) => void> = [
    (_root, file) => writeFileSync(file, editHeader(readFileSync(file), (header) => { header.code = 'another build'; })),
    (root) => writeFileSync(join(root, 'content/site.yaml'), FIXTURE_SITE_YAML.replace(/^title: .*$/m, 'title: Renamed')),
  ];
  for (const make of stale) {
    const { root, file } = await persisted();
    make(root, file);
    writeFileSync(join(root, HELLO), FIXTURE_FILES[HELLO]!.replace('Hello World', 'Read From The File'));
    const { store, log } = open(root);
    assert.equal(store.entries().find((entry) => entry.id === 'posts/hello')?.translations.get('en')?.title, 'Read From The File');
    assert.deepEqual(log, []);
  }
  // Statuses were derived at the time it was written: a clock behind that time cannot take them.
  const { root } = await persisted();
  writeFileSync(join(root, HELLO), FIXTURE_FILES[HELLO]!.replace('Hello World', 'Read From The File'));
  const { store, log } = open(root, { clock: () => Date.now() - 3_600_000 });
  assert.equal(store.entries().find((entry) => entry.id === 'posts/hello')?.translations.get('en')?.title, 'Read From The File');
  assert.deepEqual(log, []);
});

test('a scheduled translation whose time came while no process ran is published when the persisted index is taken', async () => {
  const root = site();
  // One scheduled much later too: the lists hold it before the one whose time comes.
  mkdirSync(join(root, 'content/posts/much-later'));
  writeFileSync(join(root, 'content/posts/much-later/en.md'), '---\ntitle: Much Later\nstatus: scheduled\npublished: 2200-01-01 08:00\n---\nLater still.\n');
  const at = { now: Date.parse('2098-12-31T00:00:00Z') };
  const first = open(root, { clock: () => at.now });
  assert.equal(first.store.entries().find((entry) => entry.id === 'posts/later')?.translations.get('en')?.status, 'scheduled');
  await first.store.persistIndex();
  first.store.close();
  at.now = Date.parse('2099-01-02T00:00:00Z');
  const { store } = open(root, { clock: () => at.now });
  assert.equal(store.entries().find((entry) => entry.id === 'posts/later')?.translations.get('en')?.status, 'published');
  assert.equal(store.entries().find((entry) => entry.id === 'posts/much-later')?.translations.get('en')?.status, 'scheduled');
  assert.deepEqual(indexView(store), fullScanView(root, () => at.now));
});

test('a running store sees hand edits, new and removed entries and styles on disk', async () => {
  const root = site();
  const { store, log } = open(root);
  store.entries();
  writeFileSync(join(root, HELLO), FIXTURE_FILES[HELLO]!.replace('Hello World', 'Edited In Place'));
  writeFileSync(join(root, 'content/posts/hello/style.css'), 'main h1 { color: teal; }\n');
  rmSync(join(root, 'content/posts/second'), { recursive: true });
  mkdirSync(join(root, 'content/pages/about/team/history'));
  writeFileSync(join(root, 'content/pages/about/team/history/en.md'), '---\ntitle: History\nstatus: published\npublished: 2025-01-03 10:00\n---\nOld days.\n');
  await waitFor(() => assert.deepEqual(indexView(store), fullScanView(root, clock)));
  const hello = store.entries().find((entry) => entry.id === 'posts/hello')!;
  assert.equal(hello.translations.get('en')?.title, 'Edited In Place');
  assert.equal(hello.style, 'main h1 { color: teal; }\n');
  assert.equal(store.entries().find((entry) => entry.id === 'pages/about/team/history')?.parentId, 'pages/about/team');
  assert.deepEqual(log, []);
});

function editHeader(bytes: Buffer, edit: (header: any) => void): Buffer {
  const end = bytes.indexOf(10);
  const header = JSON.parse(bytes.toString('utf8', 0, end));
  edit(header);
  return Buffer.concat([Buffer.from(JSON.stringify(header) + '\n'), bytes.subarray(end + 1)]);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('an index whose header outgrows the room left for it is written again with more: taken whole at the next start', async () => {
  const root = site();
  // Some 1,600 tags, each a list of its own that the header names: far more than the room left at first.
  for (let post = 0; post < 200; post++) {
    const tags = Array.from({ length: 8 }, (_, at) => `tag-${post}-${at}`).join(', ');
    mkdirSync(join(root, `content/posts/many-${post}`));
    writeFileSync(join(root, `content/posts/many-${post}/en.md`), `---\ntitle: Many ${post}\nstatus: published\npublished: 2026-01-01 08:00\ntags: [${tags}]\n---\nText.\n`);
  }
  const first = open(root);
  first.store.entries();
  await first.store.persistIndex();
  first.store.close();
  const bytes = readFileSync(join(root, 'data/cache', INDEX_FILE_NAME));
  const lineEnd = bytes.indexOf(10);
  assert.ok(lineEnd + 1 > 16 * 1024, `a header of ${lineEnd + 1} bytes`);
  assert.equal((lineEnd + 1) % 8, 0);
  const { store, log } = open(root);
  assert.equal(store.entries()[0]!.constructor.name, 'RestoredEntry');
  assert.deepEqual(indexView(store), fullScanView(root, clock));
  assert.deepEqual(log, []);
});

test('texts beyond latin1 (a euro sign, Greek, Japanese, an emoji) come back from the persisted index exactly', async () => {
  const root = site();
  const title = 'Grüße € Ωmega 日本 😀';
  mkdirSync(join(root, 'content/posts/wide'));
  writeFileSync(join(root, 'content/posts/wide/en.md'), `---\ntitle: "${title}"\nstatus: published\npublished: 2026-01-02 08:00\n---\nText.\n`);
  const first = open(root);
  first.store.entries();
  await first.store.persistIndex();
  first.store.close();
  const { store, log } = open(root);
  assert.equal(store.entries()[0]!.constructor.name, 'RestoredEntry');
  assert.equal(store.entries().find((entry) => entry.id === 'posts/wide')?.translations.get('en')?.title, title);
  assert.deepEqual(indexView(store), fullScanView(root, clock));
  assert.deepEqual(log, []);
});

test('texts (titles, publishing times, review notes, beyond latin1 too) come back from the persisted index whole; the file is closed once read, and replacing or removing it changes nothing', async () => {
  const root = site();
  // A review note and a start beyond latin1 (UTF-16 in the file), and a publishing time.
  mkdirSync(join(root, 'content/posts/noted'));
  writeFileSync(join(root, 'content/posts/noted/en.md'), '---\ntitle: Noted\nstatus: published\npublished: 2026-01-03 08:00\nreview: "Prüfen € bitte"\n---\nText.\n');
  // A long list, for a search through its titles.
  for (let n = 0; n < 150; n++) {
    mkdirSync(join(root, `content/posts/many-${n}`));
    writeFileSync(join(root, `content/posts/many-${n}/en.md`), `---\ntitle: "Many ${n % 3 ? 'lakes' : 'peaks'} ${n}"\nstatus: published\npublished: 2025-02-${String(n % 28 + 1).padStart(2, '0')} 08:00\n---\nText.\n`);
  }
  const first = open(root);
  first.store.entries();
  await first.store.persistIndex();
  first.store.close();
  const { store, log } = open(root);
  const translationOf = (id: string) => store.entries().find((entry) => entry.id === id)!.translations.get('en')!;
  assert.equal(store.entries()[0]!.constructor.name, 'RestoredEntry');
  const file = join(root, 'data/cache', INDEX_FILE_NAME);
  // The file is replaced (as a write does: a new file renamed over it), then removed: the texts were read
  // with the rest of the index, and no descriptor is kept on the file.
  const other = join(root, 'data/cache/other.bin');
  writeFileSync(other, Buffer.alloc(readFileSync(file).length, 0x20));
  renameSync(other, file);
  // Where /proc tells (Linux): the file the index was made from is not held open.
  if (existsSync('/proc/self/fd')) {
    const open = readdirSync('/proc/self/fd').map((fd) => { try { return readlinkSync(`/proc/self/fd/${fd}`); } catch { return ''; } });
    assert.ok(!open.includes(`${file} (deleted)`), 'the replaced index file is not held open');
  }
  assert.equal(translationOf('posts/noted').review, 'Prüfen € bitte');
  rmSync(file);
  assert.equal(translationOf('posts/noted').published, '2026-01-03 08:00');
  // A search through a long list reads the titles the index holds.
  const search = { type: 'post', language: 'en', status: 'any', search: 'peaks' } as const;
  const scanned = new ContentStore({ root, clock, log: () => {} });
  assert.deepEqual(listEntries(store, search).rows.map(({ entry }) => entry.id), listEntries(scanned, search).rows.map(({ entry }) => entry.id));
  assert.equal(listEntries(store, search).total, 50);
  assert.equal(translationOf('posts/many-7').title, 'Many lakes 7');
  assert.deepEqual(indexView(store), fullScanView(root, clock));
  scanned.close();
  assert.deepEqual(log, []);
});

test('before its first write, a process removes the temp files of index writes that never ended, once older than any write takes', async () => {
  const root = site();
  const cache = join(root, 'data/cache');
  mkdirSync(cache, { recursive: true });
  const stale = join(cache, `.${INDEX_FILE_NAME}.99999.0a1b2c3d4e5f.tmp`);
  const fresh = join(cache, `.${INDEX_FILE_NAME}.99998.0a1b2c3d4e5f.tmp`);
  const other = join(cache, '.site-config.json.99999.0a1b2c3d4e5f.tmp');
  for (const file of [stale, fresh, other]) writeFileSync(file, 'half an index');
  const old = new Date(Date.now() - 20 * 60_000);
  utimesSync(stale, old, old);
  utimesSync(other, old, old);
  const { store } = open(root);
  store.entries();
  await store.persistIndex();
  assert.equal(existsSync(stale), false, 'a stale temp file of the index is removed');
  assert.equal(existsSync(fresh), true, 'a recent one may be a write under way: left alone');
  assert.equal(existsSync(other), true, 'another file\'s temp file is not the index\'s to remove');
  assert.ok(existsSync(join(cache, INDEX_FILE_NAME)));
});

test('closing a store waits for a write of the kept index under way: the file is whole and no temp file is left', async () => {
  const root = site();
  const { store } = open(root);
  store.entries();
  const writing = store.persistIndex();
  await store.close();
  const cache = join(root, 'data/cache');
  assert.ok(existsSync(join(cache, INDEX_FILE_NAME)), 'the index is written by the time close() ends');
  assert.deepEqual(readdirSync(cache).filter((name) => name.startsWith(`.${INDEX_FILE_NAME}.`)), []);
  await writing;
  // Taken whole by the next start.
  const next = open(root);
  assert.deepEqual(indexView(next.store), fullScanView(root, clock));
  assert.deepEqual(next.log, []);
});

test('a first start from the files takes the index back from its first write, equal to what it read, and goes on seeing changes', async () => {
  const root = site();
  const { store, log } = open(root);
  const before = indexView(store);
  assert.notEqual(store.entries()[0]!.constructor.name, 'RestoredEntry', 'read from the files');
  await store.persistIndex();
  // The objects the scan made are let go: the entries are now those restored from the file just written.
  assert.equal(store.entries()[0]!.constructor.name, 'RestoredEntry');
  assert.deepEqual(indexView(store), before);
  writeFileSync(join(root, HELLO), FIXTURE_FILES[HELLO]!.replace('Hello World', 'Hello, After The Swap'));
  await waitFor(() => assert.equal(store.entries().find((entry) => entry.id === 'posts/hello')?.translations.get('en')?.title, 'Hello, After The Swap'));
  assert.deepEqual(indexView(store), fullScanView(root, clock));
  assert.deepEqual(log, []);
});

test('an index that changed while it was being written is not taken back in its place', async () => {
  const root = site();
  const { store } = open(root);
  store.entries();
  const writing = store.persistIndex();
  writeFileSync(join(root, HELLO), FIXTURE_FILES[HELLO]!.replace('Hello World', 'Hello, Mid Write'));
  // Read again while the file is written (the encoding came before: the write holds the old title).
  assert.equal(store.entry('posts/hello')?.translations.get('en')?.title, 'Hello, Mid Write');
  await writing;
  assert.notEqual(store.entries()[0]!.constructor.name, 'RestoredEntry', 'kept as read');
  assert.equal(store.entries().find((entry) => entry.id === 'posts/hello')?.translations.get('en')?.title, 'Hello, Mid Write');
  assert.deepEqual(indexView(store), fullScanView(root, clock));
});

// A first start's write takes 2-3 s at 100,000 entries; the write a change's timer asks for meanwhile finds
// that the one under way took the change, and the file is not written again (its modification time, in
// nanoseconds, stays). A change after it is written, and so is the same index when its file was removed.
test('a write asked while one is under way that took the same changes writes nothing more; a later change is written', async () => {
  const root = site();
  const { store } = open(root);
  const file = join(root, 'data/cache', INDEX_FILE_NAME);
  store.entries();
  const first = store.persistIndex();
  const second = store.persistIndex();
  await first;
  const writtenAt = () => statSync(file, { bigint: true }).mtimeNs;
  const written = writtenAt();
  await second;
  await store.persistIndex();
  assert.equal(writtenAt(), written, 'written once');
  writeFileSync(join(root, HELLO), FIXTURE_FILES[HELLO]!.replace('Hello World', 'Hello, Written Again'));
  assert.equal(store.entry('posts/hello')?.translations.get('en')?.title, 'Hello, Written Again');
  await store.persistIndex();
  assert.notEqual(writtenAt(), written, 'the change is written');
  rmSync(file);
  await store.persistIndex();
  assert.ok(existsSync(file), 'a file removed is written again');
});

// The server's start asks for the settling as soon as the index is built, and the search build asks again
// before it starts its thread: the second must wait for the same settling (the index packed, the pages
// given back), not pass because one was already asked for.
test('settled() asked twice after a first start from the files resolves, both times, once the index is packed', async () => {
  const root = site();
  const { store } = open(root);
  store.entries();
  const first = store.settled();
  await store.settled();
  assert.equal(store.entries()[0]!.constructor.name, 'RestoredEntry', 'packed before the second settled() resolved');
  await first;
});
