// A media file changed, added or removed by hand (an editor, `cp`, rsync, SFTP) is a change like any other
// (issue 32): every answer that shows it follows (the Content API's kept list and entry answers, the
// rendered page, in the process that found it and in one that follows the feed), and it goes into the
// change feed once, as `entry.media` via disk naming the file. A picture replaced through the panel is
// one `entry.media` via panel, never a second one found on disk. Two real servers on one folder.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { giveHelloACover, makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { startRealServer, type RealServer } from '../helpers/special-files.ts';
import { csrfOf, get, signIn, type Jar, type PanelHarness } from '../helpers/panel-harness.ts';
import { makePng } from '../helpers/images.ts';
import { waitFor } from '../helpers/wait-for.ts';
import type { ChangeFeed } from '../../dist/feed/change-feed.js';
import type { ChangeEvent } from '../../src/feed/change-event.ts';
import { feedIn } from '../helpers/site-feed.ts';

let site: TestSite;
let servers: RealServer[];
/** A person signed in at each server (the panel's Content list shows the covers as thumbnails). */
const jars = new Map<string, Jar>();
let feed: ChangeFeed;
const media = (name: string) => join(site.root, 'content', 'media', 'posts', 'hello', name);
const events = (): ChangeEvent[] => feed.since(0, 100_000).events;
// posts/hello's alone: a probe picture of the set-up (old-news) may still be recorded after a test began.
const mediaEvents = (from: number) => events().slice(from).filter((event) => event.kind === 'entry.media' && event.entry === 'posts/hello');

interface Shown { list: string; entry: string; page: string; thumb: string }

/**
 * The cover of posts/hello as each server shows it: in a list, as the entry, on its page (each asked twice,
 * so kept), and as its thumbnail in the panel's Content list (the smallest width of its srcset).
 */
async function shown(url: string): Promise<Shown> {
  const ask = async (path: string) => { await fetch(url + path); return (await fetch(url + path)).text(); };
  const list = JSON.parse(await ask('/svc/api/v1/entries?type=post')) as { data: Array<{ id: string; cover: unknown }> };
  const entry = JSON.parse(await ask('/svc/api/v1/entry?id=posts/hello')) as { cover: unknown };
  const page = /<figure class="entry-cover">(.*?)<\/figure>/.exec(await ask('/hello'))?.[1] ?? 'no cover';
  const panel = (await get({ url }, '/svc/panel/entries?type=post', jars.get(url))).text;
  const row = panel.split('<tr').find((part) => part.includes('/svc/panel/entries/posts/hello'));
  const thumb = /<img class="entry-thumb"[^>]*>/.exec(row ?? '')?.[0] ?? 'no cover';
  return { list: JSON.stringify(list.data.find((row) => row.id === 'posts/hello')!.cover), entry: JSON.stringify(entry.cover), page, thumb };
}

/** Waits until every server shows `check` holding for the cover in all three places. */
async function everyServerShows(check: (cover: string, where: string) => void): Promise<void> {
  await waitFor(async () => {
    for (const server of servers) {
      const now = await shown(server.url);
      for (const [where, cover] of Object.entries(now)) check(cover, `${where} of ${server.url}`);
    }
  });
}

/** Waits for one `entry.media` event after `from`, then a moment for a second one, which must not come. */
async function oneMediaEvent(from: number): Promise<ChangeEvent> {
  await waitFor(() => assert.ok(mediaEvents(from).length > 0));
  await new Promise((done) => setTimeout(done, 1_500));
  const found = mediaEvents(from);
  assert.equal(found.length, 1, JSON.stringify(found));
  return found[0]!;
}

before(async () => {
  site = await makeTestSite();
  site.deps.content.close();
  giveHelloACover(site, { 'cover-32w.png': makePng(32, 16) });
  // Two servers on the folder: whichever holds the finder's lease finds the change, the other reads the feed.
  servers = [await startRealServer(site.root), await startRealServer(site.root)];
  feed = feedIn(join(site.root, 'data'));
  for (const server of servers) {
    await fetch(`${server.url}/svc/api/v1/entries?limit=1`);
    jars.set(server.url, await signIn({ url: server.url }, 'ann@example.org', 'correct horse battery'));
  }
  // One of them records what it finds on disk once it holds the lease: an entry edited by hand and recorded says so.
  const oldNews = join(site.root, 'content', 'posts', 'old-news', 'en.md');
  await waitFor(() => {
    writeFileSync(oldNews, readFileSync(oldNews, 'utf8').replace(/Old\.[^\n]*/, `Old, edited by hand at ${Date.now()}.`));
    return waitFor(() => assert.ok(events().some((event) => event.entry === 'posts/old-news' && event.via === 'disk')), 3_000);
  }, 30_000);
  // Its media sweep takes what is there at its first pass: a picture added until one is recorded says it has passed.
  let probes = 0;
  await waitFor(() => {
    mkdirSync(join(site.root, 'content', 'media', 'posts', 'old-news'), { recursive: true });
    writeFileSync(join(site.root, 'content', 'media', 'posts', 'old-news', `probe-${probes++}.png`), makePng(2, 2));
    return waitFor(() => assert.ok(events().some((event) => event.entry === 'posts/old-news' && event.kind === 'entry.media')), 3_000);
  }, 30_000);
  await everyServerShows((cover, where) => assert.match(cover, /"width":64,"height":32|width="(64|32)" height="(32|16)"/, where));
});
after(async () => {
  for (const server of servers) await server.stop();
  site.cleanup();
});

test('a cover replaced in place by a picture of another size shows its new size everywhere, recorded once via disk', async () => {
  const from = events().length;
  writeFileSync(media('cover.png'), makePng(80, 60));
  await everyServerShows((cover, where) => {
    // The thumbnail is the 32 px variant, as high as the new picture's shape says.
    assert.match(cover, /"width":80,"height":60|width="80" height="60"|width="32" height="24"/, where);
    if (!where.startsWith('thumb')) assert.match(cover, /cover\.png 80w/, where);
  });
  const event = await oneMediaEvent(from);
  assert.deepEqual([event.entry, event.via, event.languages, event.paths, event.public], ['posts/hello', 'disk', [], ['/de/hello', '/hello'], { languages: [], paths: ['/hello'], before: [] }]);
  assert.match(event.detail ?? '', /content\/media\/posts\/hello\/cover\.png changed/);
  assert.equal(event.media, 'changed');
});

test('a width variant added by hand joins the srcset, and one removed leaves it, each recorded once', async () => {
  let from = events().length;
  writeFileSync(media('cover-48w.png'), makePng(48, 24));
  await everyServerShows((cover, where) => assert.match(cover, where.startsWith('thumb') ? /cover-32w\.png/ : /cover-48w\.png 48w/, where));
  const added = await oneMediaEvent(from);
  assert.match(added.detail ?? '', /cover-48w\.png added/);
  assert.equal(added.media, 'added');
  from = events().length;
  rmSync(media('cover-48w.png'));
  await everyServerShows((cover, where) => assert.doesNotMatch(cover, /cover-48w/, where));
  const removed = await oneMediaEvent(from);
  assert.match(removed.detail ?? '', /cover-48w\.png removed/);
  assert.equal(removed.media, 'removed');
});

test('an image the text shows, replaced by a rename over it, is recorded once', async () => {
  const from = events().length;
  writeFileSync(media('.view.jpg.part'), 'still not really a jpeg, but another one');
  renameSync(media('.view.jpg.part'), media('view.jpg'));
  const event = await oneMediaEvent(from);
  assert.deepEqual([event.entry, event.via], ['posts/hello', 'disk']);
  assert.match(event.detail ?? '', /view\.jpg changed/);
});

test('a picture replaced through the panel is one entry.media via panel, and every server shows it', async () => {
  const panel = { url: servers[0]!.url } as PanelHarness;
  const jar = jars.get(panel.url)!;
  const library = await get(panel, '/svc/panel/media', jar);
  const from = events().length;
  const form = new FormData();
  for (const [name, value] of Object.entries({ csrf: csrfOf(library.text), id: 'posts/hello', file: 'cover.png', back: 'library' })) form.append(name, value);
  form.append('replacement', new Blob([makePng(96, 48)]), 'new.png');
  const res = await fetch(`${panel.url}/svc/panel/media/replace`, { method: 'POST', body: form, redirect: 'manual', headers: { cookie: jar.header() } });
  assert.equal(res.status, 303, await res.text());
  // The width variant went to the trash with the old picture: the thumbnail is the picture itself.
  await everyServerShows((cover, where) => assert.match(cover, /"width":96,"height":48|width="96" height="48"/, where));
  // The old picture and its width variant went to the trash and the new one took its name: one change.
  await new Promise((done) => setTimeout(done, 1_500));
  const recorded = mediaEvents(from);
  assert.deepEqual(recorded.map((event) => [event.entry, event.via, event.person]), [['posts/hello', 'panel', 'ann']]);
  assert.match(recorded[0]?.detail ?? '', /^cover\.png replaced/);
  assert.equal(recorded[0]?.media, 'changed');
  const trashed = readdirSync(join(site.root, 'data', 'trash')).flatMap((item) => { try { return readdirSync(join(site.root, 'data', 'trash', item, 'file')); } catch { return []; } });
  assert.deepEqual(trashed.sort(), ['cover-32w.png', 'cover.png'].sort());
});

test('the cover removed by hand leaves every answer, recorded once', async () => {
  const from = events().length;
  rmSync(media('cover.png'));
  await everyServerShows((cover, where) => assert.match(cover, /^null$|^no cover$/, where));
  assert.match((await oneMediaEvent(from)).detail ?? '', /cover\.png removed/);
});
