// A public page asks for its entry on every view. Its folder is listed again only when its mtime moved;
// otherwise the stamps of the files read say whether anything changed (content/entry-reader.ts
// isUnchanged). These tests change a folder in the ways that keep its mtime, and in the ways that move it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFixtureSite } from './helpers/fixture-site.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { waitFor } from './helpers/wait-for.js';

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

test('a translation added to a folder shows on its page within the freshness promise of 2 s', async () => {
  const folder = join(root, 'content/posts/second');
  assert.equal((await page('/de/second')).status, 404);
  writeFileSync(join(folder, 'de.md'), '---\ntitle: "Zweiter Beitrag"\nstatus: "published"\ndate: "2026-02-01 08:00"\npublished: "2026-02-01 08:30"\n---\n\nNoch einer.\n');
  // No page names the new address yet, so the sweep finds it: the folder's mtime moved.
  await waitFor(async () => {
    const added = await page('/de/second');
    assert.equal(added.status, 200);
    assert.match(added.text, /Zweiter Beitrag/);
  }, 2000);
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
