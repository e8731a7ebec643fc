// Issue 32, hand edits: a media file changed while no svc process ran (a picture replaced by rsync over the
// night, one deleted, one added) is recorded once, as `entry.media` via disk, by the first server after,
// from what the one before kept of the media folders (data/cache/media-stamps.json); and every answer shows
// the new picture. Real servers, one after the other, on a real folder.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { giveHelloACover, makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { startRealServer, type RealServer } from '../helpers/special-files.ts';
import { makePng } from '../helpers/images.ts';
import { waitFor } from '../helpers/wait-for.ts';
import type { ChangeFeed } from '../../dist/feed/change-feed.js';
import type { ChangeEvent } from '../../src/feed/change-event.ts';
import { feedIn } from '../helpers/site-feed.ts';

let site: TestSite;
let server: RealServer | undefined;
let feed: ChangeFeed;
const media = (name: string) => join(site.root, 'content', 'media', 'posts', 'hello', name);
const kept = () => join(site.root, 'data', 'cache', 'media-stamps.json');
const mediaEvents = (): ChangeEvent[] => feed.since(0, 100_000).events.filter((event) => event.kind === 'entry.media');

before(async () => {
  site = await makeTestSite();
  site.deps.content.close();
  giveHelloACover(site, { 'view.jpg': makePng(8, 8) });
  feed = feedIn(join(site.root, 'data'));
});
after(async () => {
  await server?.stop();
  site.cleanup();
});

test('media changed while no server ran are recorded once by the next, and its answers show them', async () => {
  server = await startRealServer(site.root);
  await fetch(`${server.url}/svc/api/v1/entries?limit=1`);
  // Its first media pass done, what it knows is kept.
  await waitFor(() => assert.ok(existsSync(kept())), 30_000);
  await server.stop();
  server = undefined;
  assert.deepEqual(mediaEvents(), []);

  writeFileSync(media('cover.png'), makePng(80, 60));
  rmSync(media('view.jpg'));
  writeFileSync(media('cover-40w.png'), makePng(40, 30));

  server = await startRealServer(site.root);
  const entry = async () => (await (await fetch(`${server!.url}/svc/api/v1/entry?id=posts/hello`)).json()) as { cover: { width: number; srcset: string } };
  assert.equal((await entry()).cover.width, 80);
  await waitFor(() => assert.equal(mediaEvents().length, 1), 30_000);
  // Once: a later pass finds nothing new.
  await new Promise((done) => setTimeout(done, 2_000));
  const [event] = mediaEvents();
  assert.equal(mediaEvents().length, 1);
  assert.deepEqual([event!.entry, event!.via, event!.media], ['posts/hello', 'disk', 'changed']);
  assert.equal(event!.detail, 'content/media/posts/hello/: cover-40w.png added, cover.png changed, view.jpg removed');
  assert.match((await entry()).cover.srcset, /cover-40w\.png 40w/);
  assert.equal(server.stderr(), '');
  await server.stop();
  server = undefined;
});

test('a change found while the feed could not take it, then a stop, is recorded by the next server: the stamps were not kept with it', async () => {
  server = await startRealServer(site.root);
  await fetch(`${server.url}/svc/api/v1/entries?limit=1`);
  await waitFor(() => assert.ok(existsSync(kept())), 30_000);
  const keptBefore = readFileSync(kept(), 'utf8');
  const before = mediaEvents().length;
  // A folder where the feed's lock file belongs: no process can append (a full disk, as far as the feed goes).
  const lock = join(site.root, 'data', 'locks', 'feed.lock');
  mkdirSync(lock);
  try {
    writeFileSync(media('cover.png'), makePng(120, 90));
    // Found (the newest entries' media folders are watched), and not recorded.
    await waitFor(() => assert.match(server!.stderr(), /could not be recorded in the change feed/), 30_000);
    await new Promise((done) => setTimeout(done, 500));
    assert.equal(readFileSync(kept(), 'utf8'), keptBefore, 'the stamps are not kept while the change waits');
    await server.stop();
    server = undefined;
  } finally {
    rmdirSync(lock);
  }

  server = await startRealServer(site.root);
  await fetch(`${server.url}/svc/api/v1/entries?limit=1`);
  await waitFor(() => assert.equal(mediaEvents().length, before + 1), 30_000);
  const event = mediaEvents().at(-1)!;
  assert.deepEqual([event.entry, event.via, event.media, event.detail], ['posts/hello', 'disk', 'changed', 'content/media/posts/hello/cover.png changed']);
  // Recorded, the stamps are kept with it: a third server finds nothing new.
  await waitFor(() => assert.notEqual(readFileSync(kept(), 'utf8'), keptBefore), 10_000);
  await server.stop();
  server = await startRealServer(site.root);
  await fetch(`${server.url}/svc/api/v1/entries?limit=1`);
  await new Promise((done) => setTimeout(done, 3_000));
  assert.equal(mediaEvents().length, before + 1);
  assert.equal(server.stderr(), '');
});
