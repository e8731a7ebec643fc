// A public page asks for its entry on every view. Its folder is listed again only when its mtime moved;
// otherwise the stamps of the files read say whether anything changed (content/entries/entry-reader.ts
// isUnchanged). These tests change a folder in the ways that keep its mtime, and in the ways that move it.
// What a page reads looks at its folder once per turn of the event loop (store.entryOncePerTurn); writers
// read with store.entry(), which looks every time.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nextTurn } from '../helpers/next-turn.ts';
import { ContentStore } from '../../dist/content/store.js';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

let root: string;
let outside: string;
let server: TestServer;

before(async () => {
  root = createFixtureSite();
  outside = mkdtempSync(join(tmpdir(), 'svc-outside-'));
  server = await startTestServer(root, { rateLimits: false });
});
after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

async function page(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(server.url + path);
  return { status: response.status, text: await response.text() };
}

/** A time in whole milliseconds, which a folder's mtime can be set to and read back exactly. */
const FOLDER_TIME = new Date(Date.UTC(2026, 0, 1, 12, 0, 0));

/** Sets the folder's mtime to FOLDER_TIME, as if nothing had been added or removed in it since. */
function setFolderTime(folder: string): void {
  utimesSync(folder, FOLDER_TIME, FOLDER_TIME);
  assert.equal(statSync(folder).mtimeMs, FOLDER_TIME.getTime());
}

test('a file edited in place shows on its page at once, though its folder\'s mtime stays the same', async () => {
  const folder = join(root, 'content/posts/second');
  setFolderTime(folder);
  assert.match((await page('/second')).text, /Second Post/);
  const file = join(folder, 'en.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace('"Second Post"', '"Second Post, edited in place"'));
  assert.equal(statSync(folder).mtimeMs, FOLDER_TIME.getTime());
  const edited = await page('/second');
  assert.equal(edited.status, 200);
  assert.match(edited.text, /Second Post, edited in place/);
});

test('a translation added to a folder shows on its page (how soon is the bench\'s to measure)', async () => {
  const folder = join(root, 'content/posts/second');
  assert.equal((await page('/de/second')).status, 404);
  writeFileSync(join(folder, 'de.md'), '---\ntitle: "Zweiter Beitrag"\nstatus: "published"\ndate: "2026-02-01 08:00"\npublished: "2026-02-01 08:30"\n---\n\nNoch einer.\n');
  // No page names the new address yet, so the sweep finds it: the folder's mtime moved.
  await waitFor(async () => {
    const added = await page('/de/second');
    assert.equal(added.status, 200);
    assert.match(added.text, /Zweiter Beitrag/);
  });
});

test('a translation swapped for a symbolic link is refused, even with the folder\'s mtime set back', async () => {
  const folder = join(root, 'content/posts/concert');
  setFolderTime(folder);
  assert.match((await page('/concert')).text, /Spring Concert/);
  // The link's target is a copy of the file it replaces, with its time: only the link itself tells.
  const target = join(outside, 'en.md');
  writeFileSync(target, readFileSync(join(folder, 'en.md')));
  const fileTime = statSync(join(folder, 'en.md')).mtime;
  utimesSync(target, fileTime, fileTime);
  unlinkSync(join(folder, 'en.md'));
  symlinkSync(target, join(folder, 'en.md'));
  setFolderTime(folder);
  const swapped = await page('/concert');
  assert.equal(swapped.status, 404);
  assert.doesNotMatch(swapped.text, /Spring Concert/);
});

test('many views in one turn of the event loop look at the entry once; a view in the next turn sees an edit', async () => {
  const siteRoot = createFixtureSite();
  const store = new ContentStore({ root: siteRoot, clock: Date.now, log: () => {} });
  try {
    const file = join(siteRoot, 'content/posts/second/en.md');
    const title = () => store.entryOncePerTurn('posts/second')?.translations.get('en')?.title;
    await nextTurn();
    assert.equal(title(), 'Second Post');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"Second Post"', '"Second Post, edited"'));
    // Within the turn the look already taken answers: its requests were all sent before the edit.
    assert.equal(title(), 'Second Post');
    await nextTurn();
    assert.equal(title(), 'Second Post, edited');
  } finally {
    store.close();
    rmSync(siteRoot, { recursive: true, force: true });
  }
});

test('a writer reading an entry sees an edit made in the same turn in which a page looked at it', async () => {
  const siteRoot = createFixtureSite();
  const store = new ContentStore({ root: siteRoot, clock: Date.now, log: () => {} });
  try {
    const file = join(siteRoot, 'content/posts/second/en.md');
    await nextTurn();
    assert.equal(store.entryOncePerTurn('posts/second')?.translations.get('en')?.title, 'Second Post');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"Second Post"', '"Second Post, by another process"'));
    // Another process's write a moment ago must be what a change is made to: never an older copy.
    assert.equal(store.entry('posts/second')?.translations.get('en')?.title, 'Second Post, by another process');
    assert.equal(store.entryOncePerTurn('posts/second')?.translations.get('en')?.title, 'Second Post, by another process');
  } finally {
    store.close();
    rmSync(siteRoot, { recursive: true, force: true });
  }
});
