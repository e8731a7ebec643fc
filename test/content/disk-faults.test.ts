// A full disk and a read-only data folder: a write answers one sentence naming what could not be saved and
// why (no stack, no path outside the site), what was saved stays whole, no temp file is left, reads go on,
// and statistics that cannot be saved never break page views. The machine cannot fill a disk without root,
// so the full disk is made at the one write seam (lib/save-failure.ts failWritesForTests); a read-only data
// folder is made with chmod unless the tests run as root (who writes through any mode): then it is made there too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';
import { failWritesForTests } from '../../dist/lib/save-failure.js';
import { isTempFileName } from '../../dist/lib/atomic-write.js';
import { csrfOf, get } from '../helpers/panel-harness.ts';
import { makePng } from '../helpers/images.ts';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let token: string;
const AS_ROOT = process.getuid?.() === 0;

before(async () => {
  ({ site, http } = served = await serveTestSite());
  token = site.deps.auth.createToken({ ownerId: 'ann', name: 'Ann laptop', scopes: ['content:read', 'content:write', 'content:publish'], expiresInDays: 30 }).token;
});
after(async () => {
  failWritesForTests(null);
  await served.close();
});

const call = (name: string, args: unknown) => callTool(site, http.url, token, name, args);
const tempFilesBelow = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => isTempFileName(name.split('/').pop()!));

test('a full disk: the tool answers which file could not be saved and why, the old file stays, no temp file is left, reads go on', async () => {
  const before = readFileSync(join(site.root, 'content/posts/hello/en.md'), 'utf8');
  failWritesForTests({ code: 'ENOSPC', under: join(site.root, 'content') });
  try {
    const answer = await call('content_update', { id: 'posts/hello', language: 'en', body: 'A new body.' });
    assert.equal(answer.isError, true);
    assert.equal(answer.content[0].text, 'content/posts/hello/en.md could not be saved: the disk is full. What was saved before is unchanged.');
    assert.equal(readFileSync(join(site.root, 'content/posts/hello/en.md'), 'utf8'), before);
    assert.deepEqual(tempFilesBelow(join(site.root, 'content')), []);
    const read = await call('content_read', { id: 'posts/hello', language: 'en' });
    assert.equal(read.isError, undefined);
    assert.match(read.structuredContent.body, /^Welcome\./);
  } finally {
    failWritesForTests(null);
  }
  // Once there is room again, the same call saves.
  assert.equal((await call('content_update', { id: 'posts/hello', language: 'en', body: 'A new body.' })).isError, undefined);
});

test('a read-only data folder: the write answers a sentence naming the data file, changes nothing, and pages and their statistics go on', async () => {
  const before = readFileSync(join(site.root, 'content/posts/hike-day/en.md'), 'utf8');
  // The index kept on disk is written a moment after the last change settles: written now, so no such write
  // is still under way (its temp file in the folder) when the folder becomes read-only.
  await site.deps.content.persistIndex();
  const dataDir = join(site.root, 'data');
  const folders = [dataDir, ...readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((item) => item.isDirectory()).map((item) => join(item.parentPath, item.name))];
  if (AS_ROOT) failWritesForTests({ code: 'EROFS', under: dataDir });
  else for (const folder of folders) chmodSync(folder, 0o555);
  // Statistics' day logs are appended, not written whole: a file where their folder belongs refuses them
  // for root too.
  rmSync(join(dataDir, 'stats'), { recursive: true, force: true });
  writeFileSync(join(dataDir, 'stats'), 'not a folder');
  try {
    const answer = await call('content_update', { id: 'posts/hike-day', language: 'en', body: 'Changed.' });
    assert.equal(answer.isError, true);
    const sentence: string = answer.content[0].text;
    assert.match(sentence, /^data\/revisions\/posts\/hike-day\/en\/[^ ]+\.md could not be saved: (the file system is read-only|the server may not write there \(permission denied\))\. What was saved before is unchanged\.$/);
    assert.ok(!sentence.includes(site.root) && !sentence.includes('    at '), sentence);
    assert.equal(readFileSync(join(site.root, 'content/posts/hike-day/en.md'), 'utf8'), before);
    assert.deepEqual(tempFilesBelow(site.root), []);

    const origin = `http://127.0.0.1:${http.port}`;
    const page = await fetch(`${origin}/`, { headers: { 'user-agent': 'GPTBot/1.0' } });
    assert.equal(page.status, 200);
    const beacon = await fetch(`${origin}/svc/collect`, { method: 'POST', body: JSON.stringify({ t: 'pv', p: '/', r: '', w: 390 }), headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0' } });
    assert.equal(beacon.status, 204);
    assert.equal((await fetch(`${origin}/`)).status, 200);
  } finally {
    failWritesForTests(null);
    if (!AS_ROOT) for (const folder of folders) chmodSync(folder, 0o755);
  }
});

test('a picture replaced on a full disk: one sentence, the old picture and its width stay in place, nothing is left in the trash or the feed', async () => {
  const folder = join(site.root, 'content', 'media', 'posts', 'hello');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'peak.png'), makePng(64, 32));
  writeFileSync(join(folder, 'peak-32w.png'), makePng(32, 16));
  const jar = await served.signIn('ann@example.org');
  const library = await get(served.panel, '/svc/panel/media', jar);
  const trashBefore = existsSync(join(site.root, 'data', 'trash')) ? readdirSync(join(site.root, 'data', 'trash')) : [];
  const feedEnd = site.deps.content.changes!.feed.since(0, 100_000).events.length;
  const form = new FormData();
  for (const [name, value] of Object.entries({ csrf: csrfOf(library.text), id: 'posts/hello', file: 'peak.png', back: 'library' })) form.append(name, value);
  form.append('replacement', new Blob([makePng(96, 48)]), 'new.png');
  failWritesForTests({ code: 'ENOSPC', under: join(site.root, 'content') });
  try {
    const res = await fetch(`${served.base}/svc/panel/media/replace`, { method: 'POST', body: form, redirect: 'manual', headers: { cookie: jar.header() } });
    assert.match((await res.text()).replaceAll('&quot;', '"'), /content\/media\/posts\/hello\/peak\.png could not be saved: the disk is full/);
  } finally {
    failWritesForTests(null);
  }
  assert.deepEqual(readdirSync(folder).filter((name) => name.startsWith('peak')).sort(), ['peak-32w.png', 'peak.png']);
  assert.deepEqual(readFileSync(join(folder, 'peak.png')), makePng(64, 32));
  assert.deepEqual(existsSync(join(site.root, 'data', 'trash')) ? readdirSync(join(site.root, 'data', 'trash')) : [], trashBefore);
  assert.equal(site.deps.content.changes!.feed.since(0, 100_000).events.length, feedEnd);
});
