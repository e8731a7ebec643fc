// Follows the change feed in one process: what another process appended is handed to `onEvents` as soon as
// the kernel says the feed's folder changed (inotify, FSEvents), and at the latest at the next poll. The poll
// is one stat of the newest segment: every 2 s as a safety net where events are reliable, every 150 ms on a
// network file system (NFS, SMB, FUSE), whose writes from other machines no watch ever sees. A read of the
// content asks catchUp() first, so an answer never lags behind a change already in the feed.
import type { ChangeEvent } from './change-event.js';
import type { ChangeFeed, FeedPosition } from './change-feed.js';
import { segmentName } from './feed-segments.js';
import { makeFoldersNoFollow } from '../lib/no-follow.js';
import { isNetworkFolder } from '../lib/network-folder.js';
import { statSync, watch } from 'node:fs';
import { join } from 'node:path';

export const LOCAL_POLL_MS = 2_000;
export const NETWORK_POLL_MS = 150;
/** How often a read looks at the feed at most (a stat of one file). */
const READ_CHECK_MS = 5;

export interface FeedFollowerOptions {
  feed: ChangeFeed;
  /** Handed the events in order; `resync`: events were lost to this process, everything must be read again. */
  onEvents: (events: ChangeEvent[], resync: boolean) => void;
  /** The poll's interval (default: by the file system, see above). */
  pollMs?: number;
  /**
   * Wakes in the same turn a change is noticed: at once after this process's own appends, and right after
   * the watch's event for another's, instead of after the loop's check phase. For a follower someone waits
   * on (listeners of subscriptions/listen): the check phase also runs the slices of long background work
   * (a search index or an index snapshot being built at start), which held a notification back by 100 ms
   * and more. Bulk consumers (caches, webhooks) keep the coalescing setImmediate.
   */
  prompt?: boolean;
  log: (line: string) => void;
}

export class FeedFollower {
  private position: FeedPosition;
  private watcher: ReturnType<typeof watch> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private pending = false;
  private lastCheck = -Infinity;
  private lastSize = -1;
  /** The segment's size at which a read left a torn last line unread (-1: none): polls pass over it. */
  private unreadTailAt = -1;
  private delivering = false;
  private waking = false;
  private stopAppends: (() => void) | null = null;

  constructor(private readonly options: FeedFollowerOptions) {
    this.position = options.feed.end();
  }

  /** The last seq this process has seen. */
  get seq(): number {
    return this.position.seq;
  }

  /** Follows from `seq` on rather than from the end (a start from a kept index that knew the feed up to seq). */
  followFrom(seq: number): void {
    this.options.feed.reached(seq);
    const read = this.options.feed.since(seq, Number.MAX_SAFE_INTEGER);
    this.position = read.position;
    this.deliver(read.events, read.resync);
  }

  start(): void {
    const { feed } = this.options;
    try {
      // Made now if missing, so the watch sees the first segment made.
      makeFoldersNoFollow(feed.trustedFolders, feed.dir, 0o700);
      this.watcher = watch(feed.dir, { persistent: false }, () => (this.options.prompt ? this.wake() : this.soon()));
      this.watcher.on('error', () => { this.watcher?.close(); this.watcher = null; });
    } catch {
      // No folder yet (nothing was ever recorded) or no watch to be had: the poll sees appends.
    }
    if (this.options.prompt) this.stopAppends = feed.onAppend(() => this.wake());
    const every = this.options.pollMs ?? (isNetworkFolder(feed.dir) ? NETWORK_POLL_MS : LOCAL_POLL_MS);
    this.timer = setInterval(() => this.poll(), every);
    this.timer.unref();
  }

  stop(): void {
    this.stopAppends?.();
    this.stopAppends = null;
    this.watcher?.close();
    this.watcher = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Before a read: what is in the feed now is applied first (a stat of one file at most every few ms). */
  catchUpBeforeRead(): void {
    const now = performance.now();
    if (now - this.lastCheck < READ_CHECK_MS) return;
    this.lastCheck = now;
    // A feed with nothing in it yet begins with segment 1 (change-feed.ts): that one name is looked at, not
    // the folder listed. A feed folder put back by hand from elsewhere, whose first segment is another, is
    // found by the watch and the poll, which list the folder.
    if (this.position.segment === 0 && !this.segmentExists(1)) return;
    this.poll();
  }

  /** Reads and hands on whatever was appended since the last read; false when a read is under way already. */
  catchUp(): boolean {
    if (this.delivering) return false;
    const read = this.options.feed.read(this.position, Number.MAX_SAFE_INTEGER);
    this.position = read.resync ? this.options.feed.end() : read.position;
    this.deliver(read.events, read.resync);
    return true;
  }

  private deliver(events: ChangeEvent[], resync: boolean): void {
    if (events.length === 0 && !resync) return;
    this.delivering = true;
    try {
      this.options.onEvents(events, resync);
    } catch (error) {
      this.options.log(`svc: following the change feed failed: ${(error as Error)?.message ?? error}`);
    } finally {
      this.delivering = false;
    }
  }

  /** One stat of the segment being read: only a change of size (or a missing file) reads the feed. */
  private poll(): void {
    const { segment } = this.position;
    let size = -2;
    try {
      if (segment !== 0) size = statSync(join(this.options.feed.dir, segmentName(segment))).size;
    } catch { /* gone: read() says what follows */ }
    // Read again only when the size changed, or when the last read at this size left something unread
    // that it could read. A torn last line (or garbage put at the end) stays unread until an append ends it:
    // re-reading it at every poll and request cost 16-36 % of a core for 8-20 MB of it.
    if (size >= 0 && size === this.lastSize && (size === this.position.offset || size === this.unreadTailAt)) return;
    this.lastSize = size;
    const before = this.position;
    const read = this.catchUp();
    this.unreadTailAt = read && this.position.segment === before.segment && this.position.offset === before.offset ? size : -1;
  }

  private segmentExists(first: number): boolean {
    return statSync(join(this.options.feed.dir, segmentName(first)), { throwIfNoEntry: false }) !== undefined;
  }

  /** A look (one stat; a read only when the feed grew) once the code that noticed the change has run to its end. */
  private wake(): void {
    if (this.waking) return;
    this.waking = true;
    queueMicrotask(() => {
      this.waking = false;
      if (this.timer !== null) this.poll();
    });
  }

  private soon(): void {
    if (this.pending) return;
    this.pending = true;
    setImmediate(() => { this.pending = false; this.catchUp(); }).unref();
  }
}
