// `svc reindex [--id ID]` and the Site check's button (issue: one change feed, hand edits): a full pass at
// once for one who just synced a folder. What changed on disk is recorded in the change feed as found on
// disk, once; without a kept index to compare with, one event says everything may have changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTestSite } from '../helpers/test-site.ts';
import { csrfOf, get, post } from '../helpers/panel-harness.ts';
import { serveTestSite } from '../helpers/served-site.ts';
import { svcCommand } from '../../dist/lib/install-paths.js';
import { feedIn } from '../helpers/site-feed.ts';

const CLI_JS = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

const feedOf = (root: string) => feedIn(join(root, 'data'));
const retitle = (root: string, id: string, title: string) => {
  const file = join(root, 'content', id, 'en.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, `title: ${JSON.stringify(title)}`));
};

test('svc reindex records what changed on disk since the kept index, one entry or all, and refuses an id that is none', async () => {
  const site = await makeTestSite();
  try {
    const svc = (...args: string[]) => spawnSync(process.execPath, [CLI_JS, 'reindex', `--root=${site.root}`, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH } });
    // The first: no kept index to compare with.
    const first = svc();
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /^Comparing every entry folder of .*\nRead all 10 entries from their files in [0-9.]+ s \(there was no kept index to compare with\); recorded that everything may have changed\.\nThe media folders were taken as they are \(no stamps of them were kept to compare with\); they are kept now, for the next time\.\n$/);
    assert.deepEqual(feedOf(site.root).since(0).events.map(({ kind, via, detail }) => [kind, via, detail]), [['site.reindexed', 'cli', 'found by svc reindex']]);
    // Then an edit of an older entry in place, and nothing else.
    retitle(site.root, 'posts/old-news', 'Synced from elsewhere');
    const all = svc();
    assert.equal(all.status, 0, all.stderr);
    assert.match(all.stdout, /\n1 of 10 entries changed on disk, recorded in the change feed \([0-9.]+ s\)\.\n$/);
    retitle(site.root, 'posts/hello', 'Hello synced');
    const one = svc('--id', 'posts/hello');
    assert.match(one.stdout, /^Reading posts\/hello again…\n1 of 1 entry changed on disk/);
    assert.match(svc('--id', 'posts/hello').stdout, /\n0 of 1 entry changed on disk/);
    // A value that is no entry id is a bad value (exit code 2); one that is, but of no entry, cannot be done (1).
    const bad = svc('--id', '../../etc');
    assert.equal(bad.status, 2);
    assert.equal(bad.stderr, `svc: "../../etc" is not an entry id; ids are lowercase letters, digits and dashes separated by /, like posts/hello; ${svcCommand()} help lists the commands.\n`);
    const none = svc('--id', 'posts/nope');
    assert.equal(none.status, 1);
    assert.equal(none.stderr, 'svc: There is no entry posts/nope: content/posts/nope is not there, and the index has no such entry.\n');
    // Media synced too: a picture replaced in place and one added are one change of the entry's media.
    writeFileSync(join(site.root, 'content/media/posts/hello/photo.png'), 'another picture, longer');
    writeFileSync(join(site.root, 'content/media/posts/hello/new.png'), 'new');
    const media = svc();
    assert.equal(media.status, 0, media.stderr);
    assert.match(media.stdout, /\n0 of 10 entries changed on disk, recorded in the change feed \([0-9.]+ s\)\.\nThe media of 1 entry changed, recorded too\.\n$/);
    assert.doesNotMatch(svc().stdout, /media/);
    const events = feedOf(site.root).since(0).events;
    assert.deepEqual(events.at(-1) && [events.at(-1)!.kind, events.at(-1)!.entry, events.at(-1)!.via, events.at(-1)!.media, events.at(-1)!.detail],
      ['entry.media', 'posts/hello', 'disk', 'changed', 'content/media/posts/hello/: new.png added, photo.png changed']);
    assert.deepEqual(events.slice(1, -1).map(({ kind, entry, via, languages, paths, detail }) => ({ kind, entry, via, languages, paths, detail })), [
      { kind: 'entry.changed', entry: 'posts/old-news', via: 'disk', languages: ['en'], paths: ['/old-news'], detail: 'found by svc reindex' },
      { kind: 'entry.changed', entry: 'posts/hello', via: 'disk', languages: ['en'], paths: ['/de/hello', '/hello'], detail: 'found by svc reindex' },
    ]);
  } finally {
    site.cleanup();
  }
});

test('a change svc reindex cannot record (the feed unwritable) is said, exits 1, and is found and recorded by the next reindex', async () => {
  const site = await makeTestSite();
  site.deps.content.close();
  try {
    const svc = (...args: string[]) => spawnSync(process.execPath, [CLI_JS, 'reindex', `--root=${site.root}`, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH } });
    assert.equal(svc().status, 0);
    const kept = feedOf(site.root).since(0).events.length;
    retitle(site.root, 'posts/old-news', 'Synced while the feed could not be written');
    // A folder where the feed's lock file belongs: nothing can be appended.
    const lock = join(site.root, 'data', 'locks', 'feed.lock');
    mkdirSync(lock);
    const refused = svc();
    assert.equal(refused.status, 1, refused.stdout);
    assert.match(refused.stderr, /1 of the changes found could not be recorded in the change feed .*run svc reindex again once the feed can be written/);
    assert.equal(feedOf(site.root).since(0).events.length, kept);
    rmdirSync(lock);
    const again = svc();
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stdout, /\n1 of 10 entries changed on disk, recorded in the change feed/);
    assert.deepEqual(feedOf(site.root).since(0).events.slice(kept).map(({ kind, entry }) => [kind, entry]), [['entry.changed', 'posts/old-news']]);
  } finally {
    site.cleanup();
  }
});

test('the Site check compares every entry with the disk at the press of a button, for admins only', async () => {
  const served = await serveTestSite();
  const { site, panel } = served;
  try {
    const ann = await served.signIn('ann@example.org');
    const page = await get(panel, '/svc/panel/check', ann);
    assert.match(page.text, /<button type="submit" class="secondary">Compare every entry with the disk now<\/button>/);
    // The index built (a server builds it as it starts), then its sweep and watches stopped, as an edit of
    // an older entry on a large site waits minutes for them.
    site.deps.content.lists();
    site.deps.content.close();
    retitle(site.root, 'posts/old-news', 'Synced by the panel');
    const done = await post(panel, '/svc/panel/check/reindex', { csrf: csrfOf(page.text) }, ann);
    assert.equal(done.res.status, 200);
    assert.match(done.text, /<p role="status"><strong>Compared 10 entries with the disk in [0-9.]+ s: 1 changed, recorded in the change feed\. The media folders were taken as they are: no stamps of them were kept to compare with\. They are kept now, for the next time\.<\/strong><\/p>/);
    assert.deepEqual(feedOf(site.root).since(0).events.map(({ kind, entry, detail }) => [kind, entry, detail]), [['entry.changed', 'posts/old-news', 'found by the Site check']]);
    rmSync(join(site.root, 'content/media/posts/hello/view.jpg'));
    const again = await post(panel, '/svc/panel/check/reindex', { csrf: csrfOf(page.text) }, ann);
    assert.match(again.text, /<strong>Compared 10 entries with the disk in [0-9.]+ s: 0 changed, recorded in the change feed\. The media of 1 entry changed, recorded too\.<\/strong>/);
    assert.deepEqual(feedOf(site.root).since(0).events.slice(1).map(({ kind, entry, media }) => [kind, entry, media]), [['entry.media', 'posts/hello', 'removed']]);
    const bob = await served.signIn('bob@example.org');
    const refused = await post(panel, '/svc/panel/check/reindex', { csrf: csrfOf((await get(panel, '/svc/panel/assistants', bob)).text) }, bob);
    assert.equal(refused.res.status, 403);
  } finally {
    await served.close();
  }
});
