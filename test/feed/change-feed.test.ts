// The change feed on the real file system (issue: one change feed): order, cursors, rotation and retention,
// and every fault its readers and writers must live through: a line cut short, a damaged, foreign or newer
// segment, a cursor older than what is kept or ahead of it, a clock that steps back, two processes appending
// at the same instant, and SIGKILLs in the middle of appends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChangeFeed, RETENTION_MS } from '../../dist/feed/change-feed.js';
import { FeedCursor } from '../../dist/feed/feed-cursor.js';
import { headerLine, nextLine, segmentName, SEGMENT_BYTES } from '../../dist/feed/feed-segments.js';
import type { ChangeEvent, NewChange } from '../../src/feed/change-event.ts';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

/**
 * A process that appends to a feed in a loop, on the built code (it starts in a few tens of ms): arguments
 * <data dir> <writer> <count> (0: without end). It appends events for posts/w<writer>, its round as detail,
 * and prints `done <seq> <round>` once each append has returned. Long paths make each line some 20 KB, so
 * that a kill lands in the middle of writes and segments fill up.
 */
const APPENDER = `
const { ChangeFeed } = await import(${JSON.stringify(new URL('../../dist/feed/change-feed.js', import.meta.url).href)});
const { TrustedFolders } = await import(${JSON.stringify(new URL('../../dist/lib/trusted-folders.js', import.meta.url).href)});
const { join } = await import('node:path');
const [dataDir, writer, count] = process.argv.slice(1);
const feed = new ChangeFeed({ dir: join(dataDir, 'feed'), lockPath: join(dataDir, 'locks', 'feed.lock'), trustedFolders: new TrustedFolders([dataDir]), clock: Date.now, log: (line) => process.stderr.write(line + '\\n') });
const paths = Array.from({ length: 100 }, (_, i) => '/w' + writer + '/' + 'x'.repeat(180) + '/' + i);
for (let round = 1; Number(count) === 0 || round <= Number(count); round++) {
  const event = feed.append({ kind: 'entry.updated', entry: 'posts/w' + writer, languages: ['en'], paths, before: [], via: 'mcp', person: 'ann', token: null, detail: String(round) });
  if (event === null) process.exit(2);
  process.stdout.write('done ' + event.seq + ' ' + round + '\\n');
}
`;
const appenderArgs = (dataDir: string, writer: number, count: number) => ['--input-type=module', '-e', APPENDER, dataDir, String(writer), String(count)];

function feedIn(dataDir: string, clock: () => number = Date.now, log: string[] = []): ChangeFeed {
  return new ChangeFeed({ dir: join(dataDir, 'feed'), lockPath: join(dataDir, 'locks', 'feed.lock'), trustedFolders: new TrustedFolders([dataDir]), clock, log: (line) => log.push(line) });
}

const change = (entry: string, detail?: string, paths: string[] = [`/${entry.split('/')[1]}`]): NewChange => ({
  kind: 'entry.updated', entry, languages: ['en'], paths, before: [], via: 'panel', person: 'ann', token: null, ...(detail ? { detail } : {}),
});

/** Everything the feed holds, read from the start. */
function all(feed: ChangeFeed): ChangeEvent[] {
  const read = feed.since(0, Number.MAX_SAFE_INTEGER);
  assert.equal(read.resync, false);
  return read.events;
}

test('events come back in order with seqs that grow by one, after a cursor, and a follower reads only what is new', () => {
  const feed = feedIn(makeTempFolder('svc-feed-'));
  assert.deepEqual(feed.since(0), { events: [], position: { segment: 0, offset: 0, seq: 0 }, resync: false });
  const start = feed.end();
  for (let i = 1; i <= 5; i++) assert.equal(feed.append(change(`posts/p${i}`))!.seq, i);
  assert.deepEqual(all(feed).map((event) => [event.seq, event.entry]), [1, 2, 3, 4, 5].map((i) => [i, `posts/p${i}`]));
  assert.deepEqual(feed.since(3).events.map((event) => event.seq), [4, 5]);
  const first = feed.read(start);
  assert.deepEqual(first.events.map((event) => event.seq), [1, 2, 3, 4, 5]);
  assert.deepEqual(feed.read(first.position).events, []);
  feed.append(change('posts/p6'));
  assert.deepEqual(feed.read(first.position).events.map((event) => event.seq), [6]);
  assert.equal(feed.end().seq, 6);
});

test('a line cut short by a crash is never read; the next writer ends it with a newline, never reuses its seq, and readers across it resync', () => {
  const dataDir = makeTempFolder('svc-feed-');
  const feed = feedIn(dataDir);
  feed.append(change('posts/a'));
  const file = join(dataDir, 'feed', segmentName(1));
  const torn = '{"seq":2,"time":"2026-12-04T00:00:00.000Z","kind":"entry.upd';
  appendFileSync(file, torn);
  assert.deepEqual(all(feed).map((event) => event.seq), [1]);
  const position = feed.end();
  assert.equal(position.seq, 1);
  // Seq 2 may be all that is left of an event a reader had (a file that lost its end): it is not handed out again.
  assert.equal(feedIn(dataDir).append(change('posts/b'))!.seq, 3);
  assert.ok(readFileSync(file, 'utf8').includes(`}\n${torn}\n{"seq":3,`), 'the torn bytes stay, ended by a newline');
  const read = feed.since(0);
  assert.deepEqual([read.events.map((event) => [event.seq, event.entry]), read.resync], [[[1, 'posts/a'], [3, 'posts/b']], true]);
  // A follower that stood before the cut line reads the new event whole, and is told seq 2 is missing.
  const followed = feed.read(position);
  assert.deepEqual([followed.events.map((event) => event.entry), followed.resync], [['posts/b'], true]);
  assert.ok(readFileSync(file, 'utf8').endsWith('\n'));
});

test('a crash in the middle of a rotation loses no seq: a full segment pointing to one not made yet, a new segment whose header was cut short', () => {
  const dataDir = makeTempFolder('svc-feed-');
  const feed = feedIn(dataDir);
  feed.append(change('posts/a'));
  feed.append(change('posts/b'));
  // Killed after the full segment was told where the next begins, before the next was made.
  appendFileSync(join(dataDir, 'feed', segmentName(1)), nextLine(3));
  assert.equal(feed.append(change('posts/c'))!.seq, 3);
  assert.deepEqual(all(feed).map((event) => [event.seq, event.entry]), [[1, 'posts/a'], [2, 'posts/b'], [3, 'posts/c']]);
  // Killed while the next segment's header was being written: a part of it, or nothing at all.
  for (const cut of [20, 0]) {
    // The segment holding the last event begins at it (each one here holds a single event).
    const last = all(feed).at(-1)!.seq;
    appendFileSync(join(dataDir, 'feed', segmentName(last)), nextLine(last + 1));
    writeFileSync(join(dataDir, 'feed', segmentName(last + 1)), headerLine(last + 1).slice(0, cut));
    assert.equal(feed.append(change('posts/d'))!.seq, last + 1, `after a header cut at ${cut} bytes`);
    assert.deepEqual(all(feed).map((event) => event.seq), Array.from({ length: last + 1 }, (_, i) => i + 1));
  }
});

test('a damaged, foreign or newer segment is never written into: the next seq is past anything it can hold, and readers are told to resync', () => {
  for (const damage of ['garbage\n', '{"feed":"svc changes","version":99,"first":1}\n', '{"something":"else"}\n']) {
    const dataDir = makeTempFolder('svc-feed-');
    const feed = feedIn(dataDir);
    feed.append(change('posts/a'));
    const before = feed.end();
    const file = join(dataDir, 'feed', segmentName(1));
    writeFileSync(file, damage);
    const size = statSync(file).size;
    const event = feed.append(change('posts/b'))!;
    assert.ok(event.seq > 1 + size - 1, `${event.seq} is past any seq the damaged segment can hold`);
    assert.ok(readdirSync(join(dataDir, 'feed')).includes(segmentName(event.seq)));
    const read = feed.read(before);
    assert.equal(read.resync, true, damage);
    // From the new end on, a reader follows without a gap.
    const after = feed.end();
    feed.append(change('posts/c'));
    assert.deepEqual(feed.read(after).events.map((e) => e.entry), ['posts/c']);
  }
});

test('files that are not segments are left alone, and a cursor older than what is kept, or ahead of the feed, must resync', () => {
  const dataDir = makeTempFolder('svc-feed-');
  const feed = feedIn(dataDir);
  for (let i = 0; i < 3; i++) feed.append(change(`posts/p${i}`));
  writeFileSync(join(dataDir, 'feed', 'notes.txt'), 'not a segment\n');
  writeFileSync(join(dataDir, 'feed', 'changes-12.ndjson'), 'a foreign name\n');
  assert.equal(all(feed).length, 3);
  assert.equal(feed.since(99).resync, true);
  const cursor = new FeedCursor(feed.trustedFolders, feed.dir, 'purges');
  assert.equal(cursor.load(), null);
  cursor.save(2);
  assert.equal(new FeedCursor(feed.trustedFolders, feed.dir, 'purges').load(), 2);
  writeFileSync(join(feed.dir, 'cursors', 'purges.json'), '{"seq": "two"');
  assert.equal(cursor.load(), null);
  assert.throws(() => new FeedCursor(feed.trustedFolders, feed.dir, '../escape'), /lower-case letters/);
});

test('segments rotate past their size without losing or repeating an event, and old ones go after 30 days while the newest two stay', () => {
  const dataDir = makeTempFolder('svc-feed-');
  let now = Date.parse('2026-01-01T00:00:00Z');
  const feed = feedIn(dataDir, () => now);
  const long = Array.from({ length: 100 }, (_, i) => `/${'p'.repeat(180)}/${i}`);
  let appended = 0;
  feed.append(change('posts/long', String(++appended), long));
  while (readdirSync(join(dataDir, 'feed')).filter((name) => name.endsWith('.ndjson')).length < 3) {
    feed.append(change('posts/long', String(++appended), long));
  }
  const events = all(feed);
  assert.deepEqual(events.map((event) => event.seq), Array.from({ length: appended }, (_, i) => i + 1));
  assert.deepEqual(events.map((event) => event.detail), Array.from({ length: appended }, (_, i) => String(i + 1)));
  assert.ok(appended * 20_000 > 2 * SEGMENT_BYTES);
  // The oldest segment's last write a month ago: removed when the next segment begins.
  const segments = readdirSync(join(dataDir, 'feed')).filter((name) => name.endsWith('.ndjson')).sort();
  const old = new Date(Date.now() - RETENTION_MS - 86_400_000);
  utimesSync(join(dataDir, 'feed', segments[0]!), old, old);
  now = Date.now();
  while (readdirSync(join(dataDir, 'feed')).filter((name) => name.endsWith('.ndjson')).sort()[0] === segments[0]) {
    feed.append(change('posts/long', String(++appended), long));
  }
  const oldest = feed.oldest();
  assert.ok(oldest > 1);
  assert.equal(feed.since(0).resync, true, 'a cursor before what is kept resyncs');
  assert.equal(feed.since(oldest - 1).resync, false);
});

test('a clock that steps back changes no order: seqs still grow', () => {
  let now = Date.parse('2026-06-01T12:00:00Z');
  const feed = feedIn(makeTempFolder('svc-feed-'), () => now);
  feed.append(change('posts/a'));
  now -= 3_600_000;
  feed.append(change('posts/b'));
  assert.deepEqual(all(feed).map((event) => [event.seq, event.time]), [[1, '2026-06-01T12:00:00.000Z'], [2, '2026-06-01T11:00:00.000Z']]);
});

test('a feed that cannot be written to leaves the write standing and says so once', () => {
  const dataDir = makeTempFolder('svc-feed-');
  writeFileSync(join(dataDir, 'feed'), 'a file where the folder should be');
  const log: string[] = [];
  const feed = feedIn(dataDir, Date.now, log);
  assert.equal(feed.append(change('posts/a')), null);
  assert.equal(feed.append(change('posts/b')), null);
  assert.equal(log.length, 1);
  assert.match(log[0]!, /could not be recorded in the change feed .* it is recorded when found on disk/);
});

/** Starts an appender process; resolves with what it printed once it ends. */
function appender(dataDir: string, writer: number, count: number): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, appenderArgs(dataDir, writer, count), { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => { out += text; });
    child.on('close', () => resolve(out));
  });
}

test('two processes appending at the same instant: every event once, seqs without a gap, each writer\'s events in its order', async () => {
  const dataDir = makeTempFolder('svc-feed-');
  const outs = await Promise.all([appender(dataDir, 1, 150), appender(dataDir, 2, 150)]);
  const events = all(feedIn(dataDir));
  assert.deepEqual(events.map((event) => event.seq), Array.from({ length: 300 }, (_, i) => i + 1));
  for (const writer of [1, 2]) {
    const mine = events.filter((event) => event.entry === `posts/w${writer}`).map((event) => Number(event.detail));
    assert.deepEqual(mine, Array.from({ length: 150 }, (_, i) => i + 1));
    const done = outs[writer - 1]!.trim().split('\n').map((line) => line.split(' '));
    for (const [, seq, round] of done) assert.equal(events[Number(seq) - 1]!.detail, round);
  }
});

test('SIGKILLs in the middle of appends: the feed reads whole, no seq twice, a gap only where a write was torn, and every append answered as done is there', async () => {
  const dataDir = makeTempFolder('svc-feed-');
  const answered = new Map<number, string>();
  for (let kill = 0; kill < 30; kill++) {
    const child = spawn(process.execPath, appenderArgs(dataDir, kill % 2, 0), { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    const appending = new Promise((resolve) => child.stdout.once('data', resolve));
    child.stdout.setEncoding('utf8').on('data', (text: string) => { out += text; });
    // Killed at a moment somewhere in its appends, once it has begun.
    await appending;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 150));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('close', resolve));
    for (const line of out.split('\n')) {
      const [word, seq, round] = line.split(' ');
      if (word === 'done') answered.set(Number(seq), `${kill % 2}:${round}`);
    }
  }
  // Some 20 KB a line: a fast machine appends past the 64 MB kept, and the oldest segments are gone by rule
  // (retention, not a crash). What is kept reads whole from the oldest seq on.
  const feed = feedIn(dataDir);
  const oldest = feed.oldest();
  // A write the kernel tore (none on a local disk, whose writes a SIGKILL does not cut) stays as a line that is
  // not JSON, begins with its seq, and that seq is never handed out again: readers find that gap and resync.
  const torn = new Set<number>();
  for (const name of readdirSync(join(dataDir, 'feed')).filter((file) => file.endsWith('.ndjson'))) {
    const lines = readFileSync(join(dataDir, 'feed', name), 'utf8').split('\n');
    for (const line of lines.slice(0, -1)) {
      try { JSON.parse(line); } catch { torn.add(Number(/^\{"seq":(\d+)/.exec(line)?.[1] ?? Number.NaN)); }
    }
  }
  assert.ok(![...torn].some(Number.isNaN), 'every line that is not JSON is a torn event');
  const kept = feed.since(oldest - 1, Number.MAX_SAFE_INTEGER);
  const events = kept.events;
  const expected = Array.from({ length: events.at(-1)!.seq - oldest + 1 }, (_, i) => i + oldest).filter((seq) => !torn.has(seq));
  assert.deepEqual(events.map((event) => event.seq), expected);
  assert.equal(kept.resync, expected.length !== events.at(-1)!.seq - oldest + 1);
  const bySeq = new Map(events.map((event) => [event.seq, event]));
  for (const [seq, what] of answered) {
    if (seq < oldest) continue;
    assert.equal(`${bySeq.get(seq)!.entry!.slice(-1)}:${bySeq.get(seq)!.detail}`, what);
  }
  // Each writer answered at least once before its kill (a loaded machine may manage no more).
  assert.ok(answered.size >= 30, `${answered.size} appends answered`);
  // The next append goes on past a cut last line, if any, and readers read it.
  const finish = spawnSync(process.execPath, appenderArgs(dataDir, 9, 1), { encoding: 'utf8' });
  assert.equal(finish.status, 0, finish.stderr);
  const seq = Number(finish.stdout.split(' ')[1]);
  assert.ok(seq > events.at(-1)!.seq);
  assert.deepEqual(feed.since(events.at(-1)!.seq, Number.MAX_SAFE_INTEGER).events.map((event) => event.seq), [seq]);
});
