// The change feed: every change to what svc serves, appended once, in order, under data/feed/ (DESIGN.md
// section 6). Any svc process appends (the server, stdio sessions, the CLI, a second server on the same
// folder), each under one lock file, so sequence numbers only grow and lines never interleave; every process
// follows it (feed-follower.ts) to learn what the others changed, and consumers outside keep a cursor
// (feed-cursor.ts). The decisions behind it are in docs/decisions.md.
//
// An append happens after the change it records is durable on disk (the writers call it last, inside the
// entry's lock) and is itself fsynced before the write is answered. The segment is opened anew for each
// append, under the lock: on NFS that revalidates its size (close-to-open), where O_APPEND between machines
// alone would not be atomic. A writer killed in the middle leaves a last line without its newline, which no
// reader reads and the next writer ends with a newline (never cuts off: see appendLocked).
import { closeSync, fdatasyncSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../lib/clock.js';
import { withFileLock } from '../lib/file-lock.js';
import { createNoFollow, makeFoldersNoFollow, removeNoFollow, statNoFollow } from '../lib/no-follow.js';
import { eventLine, isSeq, type ChangeEvent, type NewChange } from './change-event.js';
import { newestChainSegment, oldestChainSegment } from './feed-chain.js';
import { highestCursorSeq } from './feed-cursor.js';
import { headerLine, listSegments, nextLine, SEGMENT_BYTES, segmentKind, segmentName } from './feed-segments.js';
import { readTail } from './feed-tail.js';
import { FeedPlaces } from './feed-places.js';
import { feedEnd, feedSince, readFeed, type FeedPosition, type FeedRead } from './feed-reading.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

export type { FeedPosition, FeedRead } from './feed-reading.js';

/** Segments all of whose events are older than this are removed (at the next rotation)... */
export const RETENTION_MS = 30 * 24 * 3600_000;
/** ...and the oldest go beyond this size in all, always keeping the newest two. */
export const RETENTION_BYTES = 64 * 1024 * 1024;

export interface ChangeFeedOptions {
  /** data/feed */
  dir: string;
  /** The lock file every appending process takes (data/locks/feed.lock). */
  lockPath: string;
  /** The site's folders below which no link is followed (lib/trusted-folders.ts); its followers and readers use them too. */
  trustedFolders: TrustedFolders;
  clock: Clock;
  log: (line: string) => void;
}

export class ChangeFeed {
  private warned = false;
  /** The highest seq this process appended or read (noteSeq). */
  private highest = 0;
  /** Told after each event this process appended (feed-follower.ts: a follower whose readers wait wakes at once). */
  private readonly appended = new Set<() => void>();

  /** Where this process's reads ended (feed-places.ts): a reader asking from one of them reads on from there. */
  private readonly places: FeedPlaces;

  constructor(private readonly options: ChangeFeedOptions) {
    this.places = new FeedPlaces(options.trustedFolders, options.dir);
  }

  get dir(): string {
    return this.options.dir;
  }

  get trustedFolders(): TrustedFolders {
    return this.options.trustedFolders;
  }

  /**
   * Appends one event and returns it, or null when it could not be recorded (said once in the log): the
   * change itself stands, and the process that finds changes on disk records it when it finds it.
   */
  append(change: NewChange): ChangeEvent | null {
    let event: ChangeEvent;
    try {
      event = withFileLock(this.options.trustedFolders, this.options.lockPath, () => this.appendLocked(change));
    } catch (error) {
      if (!this.warned) {
        this.warned = true;
        this.options.log(`svc: a change could not be recorded in the change feed (${(error as Error)?.message ?? error}); it is recorded when found on disk.`);
      }
      return null;
    }
    for (const listener of this.appended) {
      try { listener(); } catch (error) { this.options.log(`svc: a follower of the change feed failed: ${(error as Error)?.message ?? error}`); }
    }
    return event;
  }

  /** Calls `listener` after every event this process appends (after the feed's lock is released); returns the way to stop. */
  onAppend(listener: () => void): () => void {
    this.appended.add(listener);
    return () => this.appended.delete(listener);
  }

  private appendLocked(change: NewChange): ChangeEvent {
    const { dir, trustedFolders: trusted } = this.options;
    makeFoldersNoFollow(trusted, dir, 0o700);
    const segments = listSegments(trusted, dir);
    // How far the feed is known to have gone besides its own end: what this process appended or read, and
    // the consumers' cursors. A segment cut short by whole lines shows nothing else (README: a seq is never
    // reused while the feed is kept).
    const known = Math.max(this.highest, highestCursorSeq(trusted, dir));
    const live = this.liveSegment(segments, known);
    const seq = Math.max(live.lastSeq, known) + 1;
    let segment = live.segment;
    let lead = live.endsWithNewline ? '' : '\n';
    // A full segment names the next and ends, unless that name is taken by a file not of the chain: then it
    // takes one event more (the name is past the next time).
    if (live.size >= SEGMENT_BYTES && statNoFollow(trusted, join(dir, segmentName(seq))) === undefined) {
      this.appendRaw(segment, lead + nextLine(seq));
      this.appendRaw(seq, headerLine(seq), true);
      this.removeOld([...segments.filter((first) => first < seq), seq]);
      segment = seq;
      lead = '';
    }
    const event: ChangeEvent = { seq, time: new Date(this.options.clock()).toISOString(), ...change };
    // A last line without its newline (a torn append, garbage) is ended, not cut off: it may be all that is
    // left of an event readers had, or not svc's at all; readers pass over it.
    this.appendRaw(segment, lead + eventLine(event));
    this.noteSeq(seq);
    return event;
  }

  /**
   * The segment the next event goes into and what its end shows, made ready: the chain's newest segment
   * (feed-chain.ts: never a stray name), the one it links to when a crash left that one missing or with its
   * header cut short, or a new one when the chain cannot be continued (none yet; the newest damaged; the one
   * linked to foreign or of a newer version). A new one begins past any seq a file it replaces could hold, so
   * seqs only grow; it is not linked (nothing is written into a file that is not the feed's), and readers of
   * the old one find the dead end and resync (feed-reading.ts).
   */
  private liveSegment(segments: number[], known: number): { segment: number; lastSeq: number; size: number; endsWithNewline: boolean } {
    const { dir, trustedFolders: trusted } = this.options;
    const newest = newestChainSegment(trusted, dir, segments);
    const sizeOf = (first: number) => statNoFollow(trusted, join(dir, segmentName(first)))?.size ?? 0;
    let past = known;
    if (newest !== undefined) {
      const tail = readTail(trusted, dir, newest);
      if (tail.next === null && !tail.damaged) return { segment: newest, lastSeq: tail.lastSeq ?? newest - 1, size: tail.size, endsWithNewline: tail.endsWithNewline };
      if (tail.next !== null) {
        const linked = segmentKind(trusted, dir, tail.next);
        // A crash came between the link and the next segment's making (or in the middle of its header): made now.
        if (linked.kind === 'missing' || linked.kind === 'partial') {
          const header = headerLine(tail.next);
          this.appendRaw(tail.next, header.slice(linked.kind === 'partial' ? linked.size : 0), true);
          return { segment: tail.next, lastSeq: tail.lastSeq ?? tail.next - 1, size: Buffer.byteLength(header), endsWithNewline: true };
        }
        past = Math.max(past, tail.next + sizeOf(tail.next));
      } else {
        past = Math.max(past, newest + tail.size);
      }
    } else {
      // No chain: a new feed, or every segment unreadable. A file named at or before where the feed is known
      // to have got may be one of its segments, damaged; one named beyond is a stray and moves nothing.
      for (const first of segments) if (first <= known + 1) past = Math.max(past, first + sizeOf(first));
    }
    // Past names taken by stray files; anything else in the way (a folder) fails the append, said once.
    let first = past + 1;
    while (statNoFollow(trusted, join(dir, segmentName(first)))?.isFile()) first++;
    this.appendRaw(first, headerLine(first), true);
    if (newest !== undefined) this.removeOld([...segments.filter((name) => name < first), first]);
    return { segment: first, lastSeq: first - 1, size: Buffer.byteLength(headerLine(first)), endsWithNewline: true };
  }

  /**
   * Evidence from a file of this process's own that the feed went as far as `seq` (the kept index says up to
   * where it had followed): the next append goes past it, though lines were lost from the feed's end since.
   */
  reached(seq: number): void {
    if (isSeq(seq)) this.noteSeq(seq);
  }

  /** Remembers a seq this process appended or read: its next append goes past it, whatever the files say. */
  private noteSeq(seq: number): void {
    if (seq > this.highest) this.highest = seq;
  }

  /** One write at the end of a segment, made durable; `create` makes a new one (and its name durable). */
  private appendRaw(first: number, text: string, create = false): void {
    const fd = createNoFollow(this.options.trustedFolders, join(this.options.dir, segmentName(first)), 'append', 0o600, 0o700);
    try {
      writeSync(fd, Buffer.from(text, 'utf8'));
      fdatasyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (create) this.syncFolder();
  }

  private syncFolder(): void {
    try {
      const fd = openSync(this.options.dir, 'r');
      try { fdatasyncSync(fd); } finally { closeSync(fd); }
    } catch { /* not every file system syncs a folder; the segment's own data is synced */ }
  }

  /** Segments past the retention's time or size, oldest first; the newest two always stay. */
  private removeOld(segments: number[]): void {
    const now = this.options.clock();
    const sizes = segments.map((first) => statNoFollow(this.options.trustedFolders, join(this.options.dir, segmentName(first))));
    let total = sizes.reduce((sum, stat) => sum + (stat?.size ?? 0), 0);
    for (let i = 0; i < segments.length - 2; i++) {
      const stat = sizes[i];
      if (stat && now - stat.mtimeMs < RETENTION_MS && total <= RETENTION_BYTES) break;
      try { removeNoFollow(this.options.trustedFolders, join(this.options.dir, segmentName(segments[i]!))); } catch { /* removed meanwhile */ }
      total -= stat?.size ?? 0;
    }
  }

  /** The position after the last whole event: where a process that has just read everything follows from. */
  end(): FeedPosition {
    const position = this.places.end() ?? feedEnd(this.options.trustedFolders, this.options.dir);
    this.places.note(position);
    this.noteSeq(position.seq);
    return position;
  }

  /** The events after `position`, at most `max` (feed-reading.ts). */
  read(position: FeedPosition, max = 1000): FeedRead {
    const read = readFeed(this.options.trustedFolders, this.options.dir, position, max);
    this.places.note(read.position);
    this.noteSeq(read.position.seq);
    return read;
  }

  /** The oldest seq the feed still holds (0 when empty): a cursor before it must resync. */
  oldest(): number {
    return oldestChainSegment(this.options.trustedFolders, this.options.dir) ?? 0;
  }

  /** The events after `seq` for a consumer that keeps only a number (a cursor; feed-reading.ts). */
  since(seq: number, max = 1000): FeedRead {
    const read = this.places.since(seq, max) ?? feedSince(this.options.trustedFolders, this.options.dir, seq, max);
    this.places.note(read.position);
    this.noteSeq(read.events.at(-1)?.seq ?? 0);
    return read;
  }
}
