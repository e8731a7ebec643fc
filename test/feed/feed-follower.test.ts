// A follower of the change feed that someone waits on (prompt: the listeners of subscriptions/listen) hears
// this process's own appends in the turn they were made, before work queued behind them in the loop, and
// another process's at the watch's event; one that stopped hears nothing more. A bulk follower waits for
// the loop's check phase, as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ChangeFeed } from '../../dist/feed/change-feed.js';
import { FeedFollower } from '../../dist/feed/feed-follower.js';
import type { NewChange } from '../../src/feed/change-event.ts';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';
import { feedIn } from '../helpers/site-feed.ts';

const change = (entry: string): NewChange => ({ kind: 'entry.updated', entry, languages: ['en'], paths: [`/${entry}`], before: [], via: 'panel', person: 'ann', token: null });

/** A follower that polls too rarely to matter here, and what it heard. */
function follow(feed: ChangeFeed, prompt: boolean): { follower: FeedFollower; heard: string[] } {
  const heard: string[] = [];
  const follower = new FeedFollower({ feed, prompt, pollMs: 600_000, log: () => {}, onEvents: (events) => heard.push(...events.map((event) => event.entry!)) });
  follower.start();
  return { follower, heard };
}

test('a prompt follower hears its own process\'s append before anything the loop had queued; a bulk one after', async () => {
  const feed = feedIn(makeTempFolder('svc-follower-'));
  feed.append(change('posts/first'));
  const prompt = follow(feed, true);
  const bulk = follow(feed, false);
  const heardWhenQueuedWorkRan = new Promise<[string[], string[]]>((resolve) => setImmediate(() => resolve([[...prompt.heard], [...bulk.heard]])));
  feed.append(change('posts/second'));
  assert.deepEqual(prompt.heard, [], 'not inside the append (the writer still holds its locks)');
  // Once the code that appended has run to its end: before any event of the loop (the watch's comes later).
  await Promise.resolve();
  assert.deepEqual(prompt.heard, ['posts/second']);
  const [promptHeard, bulkHeard] = await heardWhenQueuedWorkRan;
  assert.deepEqual(promptHeard, ['posts/second']);
  assert.deepEqual(bulkHeard, []);
  prompt.follower.stop();
  bulk.follower.stop();
});

test('another process\'s append is heard at the watch\'s event, long before the poll; a stopped follower hears nothing more', async () => {
  const dataDir = makeTempFolder('svc-follower-');
  const feed = feedIn(dataDir);
  feed.append(change('posts/first'));
  const { follower, heard } = follow(feed, true);
  // Another ChangeFeed on the same folder is what another process appends through: no in-process signal.
  feedIn(dataDir).append(change('posts/other'));
  const started = Date.now();
  while (heard.length === 0 && Date.now() - started < 5_000) await new Promise((done) => setTimeout(done, 5));
  assert.deepEqual(heard, ['posts/other']);

  follower.stop();
  feed.append(change('posts/after-stop'));
  await new Promise((done) => setTimeout(done, 200));
  assert.deepEqual(heard, ['posts/other']);
});

/** A feed that counts the reads asked of it (each lists the feed's folder while the feed is empty). */
class CountingFeed extends ChangeFeed {
  reads = 0;
  override read(...args: Parameters<ChangeFeed['read']>): ReturnType<ChangeFeed['read']> {
    this.reads++;
    return super.read(...args);
  }
}

test('before a read, an empty feed costs a look at one file, and another process\'s first append is read at once', async () => {
  const dataDir = makeTempFolder('svc-follower-');
  const feed = new CountingFeed({ dir: join(dataDir, 'feed'), lockPath: join(dataDir, 'locks', 'feed.lock'), trustedFolders: new TrustedFolders([dataDir]), clock: Date.now, log: () => {} });
  const { follower, heard } = follow(feed, false);
  try {
    for (let check = 0; check < 4; check++) {
      await new Promise((done) => setTimeout(done, 8));
      follower.catchUpBeforeRead();
    }
    assert.equal(feed.reads, 0, 'an empty feed was read (its folder listed) before a read');
    await new Promise((done) => setTimeout(done, 8));
    // Appended through another ChangeFeed (another process), and looked for before the watch can say so.
    feedIn(dataDir).append(change('posts/first-ever'));
    follower.catchUpBeforeRead();
    assert.deepEqual(heard, ['posts/first-ever']);
    assert.equal(feed.reads, 1);
  } finally {
    follower.stop();
  }
});

test('garbage at the end of the feed is read once per size: a follower\'s checks pass over it until an append, which it hears', async () => {
  const { appendFileSync, readdirSync } = await import('node:fs');
  const dataDir = makeTempFolder('svc-follower-');
  const feed = feedIn(dataDir);
  feed.append(change('posts/first'));
  const { follower, heard } = follow(feed, false);
  const segment = join(dataDir, 'feed', readdirSync(join(dataDir, 'feed')).find((name) => name.endsWith('.ndjson'))!);
  appendFileSync(segment, `{"seq":2,"ti${'x'.repeat(6 * 1024 * 1024)}`);
  // The watch's read of the new bytes comes first.
  await new Promise((resolve) => setTimeout(resolve, 100));
  let reads = 0;
  const read = feed.read.bind(feed);
  feed.read = (...args: Parameters<ChangeFeed['read']>) => { reads++; return read(...args); };
  for (let check = 0; check < 5; check++) {
    follower.catchUpBeforeRead();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.equal(reads, 1, 'the torn tail was read once, not at every check');
  // The next writer ends the torn line and goes past its seq (2), as the tail read backwards says.
  const appended = feedIn(dataDir).append(change('posts/after'));
  assert.equal(appended?.seq, 3);
  follower.catchUpBeforeRead();
  assert.deepEqual(heard, ['posts/after']);
  follower.stop();
});
