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
// reader reads and the next writer cuts off.
import { closeSync, constants, fdatasyncSync, fstatSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../lib/clock.js';
import { withFileLock } from '../lib/file-lock.js';
import { createNoFollow, makeFoldersNoFollow, openNoFollow, removeNoFollow, statNoFollow } from '../lib/no-follow.js';
import { eventLine, parseEvent, type ChangeEvent, type NewChange } from './change-event.js';
import { FEED_VERSION, headerLine, listSegments, nextLine, parseHeader, parseNext, SEGMENT_BYTES, segmentName } from './feed-segments.js';
import { feedEnd, feedSince, readFeed, type FeedPosition, type FeedRead } from './feed-reading.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

export type { FeedPosition, FeedRead } from './feed-reading.js';

/** Segments all of whose events are older than this are removed (at the next rotation)... */
export const RETENTION_MS = 30 * 24 * 3600_000;
/** ...and the oldest go beyond this size in all, always keeping the newest two. */
export const RETENTION_BYTES = 64 * 1024 * 1024;
/** How far back from a segment's end its last event is looked for. */
const TAIL_BYTES = 64 * 1024;

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
  /** Told after each event this process appended (feed-follower.ts: a follower whose readers wait wakes at once). */
  private readonly appended = new Set<() => void>();

  constructor(private readonly options: ChangeFeedOptions) {}

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
    const { dir } = this.options;
    makeFoldersNoFollow(this.options.trustedFolders, dir, 0o700);
    const segments = listSegments(this.options.trustedFolders, dir);
    let first = segments.at(-1);
    let tail = first === undefined ? null : this.tailOf(first);
    if (first !== undefined && tail?.headerless) {
      // A crash cut the segment's header short (a new segment, nothing in it yet): it is begun again.
      this.appendRaw(first, headerLine(first), true);
    } else if (first !== undefined && tail?.next !== undefined) {
      // A crash came between the full segment's pointer to the next and the next's creation: that is made now.
      first = tail.next;
      this.appendRaw(first, headerLine(first), true);
      tail = { lastSeq: first - 1, size: 0 };
    }
    if (first === undefined || tail === null || tail.size >= SEGMENT_BYTES) {
      // No feed yet, a segment this code cannot continue (damaged, foreign, newer), or a full one: begin the
      // next. After one that cannot be read, the first seq is past any it can hold (a line is 2 bytes at
      // least), so seq still only grows; readers find the gap and resync.
      const next = first === undefined ? 1 : tail === null ? first + (statNoFollow(this.options.trustedFolders, join(dir, segmentName(first)))?.size ?? 0) + 1 : tail.lastSeq + 1;
      if (first !== undefined) this.appendRaw(first, nextLine(next));
      this.appendRaw(next, headerLine(next), true);
      if (first !== undefined) this.removeOld([...segments, next]);
      first = next;
      tail = { lastSeq: next - 1, size: 0 };
    }
    const event: ChangeEvent = { seq: tail.lastSeq + 1, time: new Date(this.options.clock()).toISOString(), ...change };
    this.appendRaw(first, eventLine(event));
    return event;
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

  /**
   * The last event's seq of a segment and its size, a last line cut short by a crash removed first; null
   * when the segment cannot be continued (no header of ours, a newer version, no last event to be found).
   */
  private tailOf(first: number): { lastSeq: number; size: number; next?: number; headerless?: boolean } | null {
    const fd = openNoFollow(this.options.trustedFolders, join(this.options.dir, segmentName(first)), constants.O_RDWR);
    try {
      let size = fstatSync(fd).size;
      const from = Math.max(0, size - TAIL_BYTES);
      const bytes = Buffer.allocUnsafe(size - from);
      readSync(fd, bytes, 0, bytes.length, from);
      const end = bytes.lastIndexOf(0x0a);
      if (end + 1 < bytes.length) {
        ftruncateSync(fd, from + end + 1);
        size = from + end + 1;
      }
      const lines = bytes.toString('utf8', 0, end + 1).split('\n').filter((line) => line !== '');
      if (from === 0) {
        if (lines.length === 0) return { lastSeq: first - 1, size: 0, headerless: true };
        const header = parseHeader(lines[0]!);
        if (header === null || header.version > FEED_VERSION || header.first !== first) return null;
        if (lines.length === 1) return { lastSeq: first - 1, size };
      }
      const next = lines.length > 0 ? parseNext(lines.at(-1)!) : null;
      if (next !== null) return { lastSeq: next - 1, size, next };
      const last = lines.length > 0 ? parseEvent(lines.at(-1)!) : null;
      return last === null ? null : { lastSeq: last.seq, size };
    } finally {
      closeSync(fd);
    }
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
    return feedEnd(this.options.trustedFolders, this.options.dir);
  }

  /** The events after `position`, at most `max` (feed-reading.ts). */
  read(position: FeedPosition, max = 1000): FeedRead {
    return readFeed(this.options.trustedFolders, this.options.dir, position, max);
  }

  /** The oldest seq the feed still holds (0 when empty): a cursor before it must resync. */
  oldest(): number {
    const first = listSegments(this.options.trustedFolders, this.options.dir)[0];
    return first ?? 0;
  }

  /** The events after `seq` for a consumer that keeps only a number (a cursor; feed-reading.ts). */
  since(seq: number, max = 1000): FeedRead {
    return feedSince(this.options.trustedFolders, this.options.dir, seq, max);
  }
}
