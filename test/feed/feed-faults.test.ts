// The change feed against files it did not write, or that lost their end (issue 32, "Bad input and faults";
// README: "A damaged, foreign or newer file is never written into", a seq "is never reused while the feed
// is kept"): a stray name in the feed's folder, foreign bytes, a newer version's segment, garbage without a
// newline at the end, a segment cut short by whole lines, a line that is not UTF-8. No fault may lose an
// event, duplicate one silently, or leave a reader waiting for nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChangeFeed } from '../../dist/feed/change-feed.js';
import { FeedCursor } from '../../dist/feed/feed-cursor.js';
import { segmentName, SEGMENT_BYTES } from '../../dist/feed/feed-segments.js';
import type { ChangeEvent, NewChange } from '../../src/feed/change-event.ts';
import { makeTempFolder } from '../helpers/temp-folder.ts';
// feedIn: a feed as one process sees it; a second call on the same folder is another process's view (nothing shared).
import { feedIn } from '../helpers/site-feed.ts';


const change = (entry: string, paths: string[] = [`/${entry.split('/')[1]}`]): NewChange => ({
  kind: 'entry.updated', entry, languages: ['en'], paths, before: [], via: 'panel', person: 'ann', token: null,
});

const seqs = (events: ChangeEvent[]) => events.map((event) => event.seq);
const segmentFile = (dataDir: string, first: number) => join(dataDir, 'feed', segmentName(first));

/** A feed with `count` events in segment 1, and the folder it is in. */
function feedWith(count: number): { dataDir: string; feed: ChangeFeed } {
  const dataDir = makeTempFolder('svc-feed-');
  const feed = feedIn(dataDir);
  for (let i = 1; i <= count; i++) feed.append(change(`posts/p${i}`));
  return { dataDir, feed };
}

test('a stray empty file named past the end is not adopted: the chain goes on in its segment, and readers by cursor and by position get the event', () => {
  const { dataDir, feed } = feedWith(8);
  const follower = feed.end();
  writeFileSync(segmentFile(dataDir, 50), '');
  const other = feedIn(dataDir);
  assert.equal(other.append(change('posts/other'))!.seq, 9);
  assert.equal(statSync(segmentFile(dataDir, 50)).size, 0, 'the stray file is left as it was');
  assert.match(readFileSync(segmentFile(dataDir, 1), 'utf8'), /"seq":9,/);
  assert.equal(feed.since(8).resync, false);
  assert.deepEqual(seqs(feed.since(8).events), [9]);
  const read = feed.read(follower);
  assert.deepEqual([seqs(read.events), read.resync], [[9], false]);
  assert.equal(feed.end().seq, 9);
  assert.equal(feed.oldest(), 1);
});

test('a segment that fills up is not continued in a stray file holding the next name: it goes on one event, then begins the next one linked', () => {
  const { dataDir, feed } = feedWith(1);
  const long = Array.from({ length: 100 }, (_, i) => `/${'p'.repeat(180)}/${i}`);
  let last = 0;
  while (statSync(segmentFile(dataDir, 1)).size < SEGMENT_BYTES) last = feed.append(change('posts/long', long))!.seq;
  writeFileSync(segmentFile(dataDir, last + 1), '');
  assert.equal(feed.append(change('posts/a'))!.seq, last + 1);
  assert.equal(statSync(segmentFile(dataDir, last + 1)).size, 0);
  assert.equal(feed.append(change('posts/b'))!.seq, last + 2);
  assert.ok(readFileSync(segmentFile(dataDir, 1), 'utf8').endsWith(`{"next":${last + 2}}\n`));
  assert.deepEqual(seqs(feed.since(0, Number.MAX_SAFE_INTEGER).events), Array.from({ length: last + 2 }, (_, i) => i + 1));
  assert.equal(feed.since(0, Number.MAX_SAFE_INTEGER).resync, false);
  assert.deepEqual(seqs(feed.since(last).events), [last + 1, last + 2]);
});

test('a foreign file without a newline keeps every byte, whether it lies past the end or takes the place of the newest segment', () => {
  const foreign = Buffer.from('FOREIGN\x01');
  // Past the end: the chain goes on.
  const { dataDir, feed } = feedWith(3);
  writeFileSync(segmentFile(dataDir, 300), foreign);
  assert.equal(feedIn(dataDir).append(change('posts/a'))!.seq, 4);
  assert.deepEqual(readFileSync(segmentFile(dataDir, 300)), foreign);
  assert.deepEqual(seqs(feed.since(3).events), [4]);
  // In the newest segment's place: a new segment past any seq it could hold; readers resync.
  const second = feedWith(3);
  const before = second.feed.end();
  writeFileSync(segmentFile(second.dataDir, 1), foreign);
  const event = feedIn(second.dataDir).append(change('posts/a'))!;
  assert.ok(event.seq > foreign.length, `${event.seq} is past any seq the file could hold`);
  assert.deepEqual(readFileSync(segmentFile(second.dataDir, 1)), foreign);
  assert.equal(second.feed.read(before).resync, true);
  assert.equal(second.feed.since(3).resync, true);
  assert.equal(second.feed.end().seq, event.seq);
});

test('a segment of a newer version is never written into: the next begins past it, and its readers resync', () => {
  const { dataDir, feed } = feedWith(3);
  const before = feed.end();
  const newer = '{"feed":"svc changes","version":2,"first":1}\n{"seq":4,"format":"of version 2"}\n';
  writeFileSync(segmentFile(dataDir, 1), newer);
  const event = feedIn(dataDir).append(change('posts/a'))!;
  assert.equal(readFileSync(segmentFile(dataDir, 1), 'utf8'), newer);
  assert.ok(event.seq > 4);
  assert.equal(feed.read(before).resync, true);
  const after = feed.end();
  assert.equal(after.seq, event.seq);
  feed.append(change('posts/b'));
  assert.deepEqual(seqs(feed.read(after).events), [event.seq + 1]);
});

test('more than 64 KB of garbage without a newline at the end is kept whole, and readers still find the events after it', () => {
  const { dataDir, feed } = feedWith(5);
  const follower = feed.end();
  const garbage = 'g'.repeat(70 * 1024);
  appendFileSync(segmentFile(dataDir, 1), garbage);
  const before = readFileSync(segmentFile(dataDir, 1));
  assert.equal(feedIn(dataDir).append(change('posts/a'))!.seq, 6);
  const after = readFileSync(segmentFile(dataDir, 1));
  assert.deepEqual(after.subarray(0, before.length), before, 'not a byte before the new line is lost');
  assert.deepEqual(seqs(feed.since(5).events), [6]);
  assert.equal(feed.since(5).resync, false);
  assert.deepEqual(seqs(feed.read(follower).events), [6]);
  assert.equal(feed.read(follower).resync, false);
  assert.equal(feed.append(change('posts/b'))!.seq, 7);
  assert.deepEqual(seqs(feed.since(0).events), [1, 2, 3, 4, 5, 6, 7]);
});

test('a stray name far ahead moves no seq, and the end stays the feed\'s own', () => {
  const { dataDir, feed } = feedWith(3);
  writeFileSync(join(dataDir, 'feed', 'changes-1000000000000000.ndjson'), '');
  assert.equal(feedIn(dataDir).append(change('posts/a'))!.seq, 4);
  assert.equal(feed.end().seq, 4);
  assert.deepEqual(seqs(feed.since(3).events), [4]);
  assert.equal(statSync(join(dataDir, 'feed', 'changes-1000000000000000.ndjson')).size, 0);
  // A feed of nothing but a stray far ahead begins at 1.
  const empty = makeTempFolder('svc-feed-');
  const fresh = feedIn(empty);
  fresh.append(change('posts/a'));
  writeFileSync(join(empty, 'feed', segmentName(1)), '');
  writeFileSync(join(empty, 'feed', 'changes-1000000000000000.ndjson'), 'foreign\n');
  assert.ok(fresh.append(change('posts/b'))!.seq < 1000);
});

/** The byte at which the line of `seq` begins in segment 1. */
function lineStart(dataDir: string, seq: number): number {
  const text = readFileSync(segmentFile(dataDir, 1));
  return text.indexOf(`{"seq":${seq},`);
}

test('a segment cut short by whole lines never has a seq used again: the next write goes past the cut line\'s seq', () => {
  const { dataDir, feed } = feedWith(191);
  // Cut inside line 190: 191 is gone, 190 is half there.
  truncateSync(segmentFile(dataDir, 1), lineStart(dataDir, 190) + 20);
  const event = feedIn(dataDir).append(change('posts/new'))!;
  assert.equal(event.seq, 191);
  assert.deepEqual(seqs(feedIn(dataDir).since(189).events), [191], 'the cut line is passed over');
  assert.deepEqual(seqs(feedIn(dataDir).since(190).events), [191]);
});

test('a cut segment: a seq a cursor saved, or this process read, is past, and a reader beyond the end resyncs rather than wait', () => {
  // A consumer's cursor says 191 was handed out.
  const { dataDir, feed } = feedWith(191);
  new FeedCursor(feed.trustedFolders, feed.dir, 'purges').save(191);
  truncateSync(segmentFile(dataDir, 1), lineStart(dataDir, 190) + 20);
  assert.equal(feedIn(dataDir).since(191).resync, true, 'a cursor beyond the end resyncs');
  assert.equal(feedIn(dataDir).append(change('posts/new'))!.seq, 192);
  assert.deepEqual(seqs(feedIn(dataDir).since(191).events), [192]);
  // This process read 191 (a follower, the Content API): its next write is past it, and the follower resyncs.
  const second = feedWith(191);
  const follower = second.feed.end();
  assert.equal(follower.seq, 191);
  truncateSync(segmentFile(second.dataDir, 1), lineStart(second.dataDir, 190) + 20);
  assert.equal(second.feed.append(change('posts/new'))!.seq, 192);
  const read = second.feed.read(follower);
  assert.ok(read.resync || seqs(read.events).includes(192), 'the follower learns of the change');
  // Whole lines lost, cut at a line's end: the follower's place is past the end, then inside the new line.
  const third = feedWith(20);
  const at = third.feed.end();
  truncateSync(segmentFile(third.dataDir, 1), lineStart(third.dataDir, 19));
  assert.ok(feedIn(third.dataDir).append(change('posts/new', ['/' + 'x'.repeat(400)]))!.seq >= 19);
  assert.equal(third.feed.read(at).resync, true, 'a place that is no longer a line\'s start resyncs');
  // A process started from its kept index knows the feed reached 20 (the follower's followFrom says so).
  const fourth = feedWith(20);
  truncateSync(segmentFile(fourth.dataDir, 1), lineStart(fourth.dataDir, 19));
  const restarted = feedIn(fourth.dataDir);
  restarted.reached(20);
  assert.equal(restarted.append(change('posts/new'))!.seq, 21);
});

test('a seq past the highest the feed hands out (a torn line, a cursor by hand) is damage: seqs go on by one from the real end', () => {
  const { dataDir, feed } = feedWith(5);
  appendFileSync(segmentFile(dataDir, 1), '{"seq":9999999999999999,"ti');
  const appended = [feedIn(dataDir).append(change('posts/a'))!.seq, feedIn(dataDir).append(change('posts/b'))!.seq];
  new FeedCursor(feed.trustedFolders, feed.dir, 'purges').save(Number.MAX_SAFE_INTEGER);
  appended.push(feedIn(dataDir).append(change('posts/c'))!.seq);
  // Before, each was 10000000000000000: the same number, and no reader took it for a seq.
  assert.deepEqual(appended, [6, 7, 8]);
  assert.deepEqual(seqs(feedIn(dataDir).since(5).events), [6, 7, 8]);
});

test('a line that is not UTF-8 shifts no position: a follower reads on from the real end without a resync', () => {
  const { dataDir, feed } = feedWith(1);
  const position = feed.end();
  appendFileSync(segmentFile(dataDir, 1), Buffer.from([0x7b, 0xff, 0xfe, 0xff, 0xfe, 0x7d, 0x0a]));
  feed.append(change('posts/b'));
  const read = feed.read(position);
  assert.deepEqual([seqs(read.events), read.resync], [[2], false]);
  assert.equal(read.position.offset, statSync(segmentFile(dataDir, 1)).size);
  feed.append(change('posts/c'));
  const next = feed.read(read.position);
  assert.deepEqual([seqs(next.events), next.resync], [[3], false]);
  assert.deepEqual(readdirSync(join(dataDir, 'feed')).filter((name) => name.endsWith('.ndjson')), [segmentName(1)]);
});

test('a reader asking from where a read ended reads on from there, and the place is forgotten once the file no longer agrees', () => {
  const { dataDir, feed } = feedWith(30);
  assert.equal(feed.end().seq, 30);
  feed.append(change('posts/a'));
  assert.deepEqual([seqs(feed.since(30).events), seqs(feed.since(31).events), feed.since(31).resync], [[31], [], false]);
  // Whole lines lost from the end: the places after 30 and 31 are past it; the answers are a read from the start's.
  truncateSync(segmentFile(dataDir, 1), lineStart(dataDir, 29));
  assert.equal(feed.since(31).resync, true);
  assert.equal(feed.since(30).resync, true);
  assert.equal(feed.end().seq, 28);
  assert.deepEqual([seqs(feed.since(27).events), feed.since(27).resync], [[28], false]);
});
