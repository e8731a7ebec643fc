// Sends cache purges for every change in the feed (DESIGN.md section 6), one consumer per purge target with
// its own cursor (data/feed/cursors/purge-<target>.json), so a restart goes on where it stopped and a target
// that is down holds back only its own purges. One process at a time sends them (the lease in
// data/feed/purger.json, as the finder's): two instances on one site purge once per change, not twice.
// Nothing here runs on a write's path: a write appends to the feed and is answered; the purger learns of it
// from the feed's folder (a watch) within milliseconds, or at the latest at its poll.
import type { Clock } from '../lib/clock.js';
import type { ChangeFeed } from '../feed/change-feed.js';
import { FeedCursor } from '../feed/feed-cursor.js';
import { FeedFollower } from '../feed/feed-follower.js';
import { FinderLease } from '../feed/finder-lease.js';
import type { PurgeTarget } from './edge-settings.js';
import { sendPurge } from './purge-request.js';
import { PurgeTags, type PurgeContent } from './purge-tags.js';
import { PurgeStatus, type TargetState } from './purge-status.js';
import { join } from 'node:path';

/** Events taken in one purge (their tags in one request per chunk). */
const BATCH = 500;
/** A failed purge is tried again after 1 s, doubling to at most a minute. */
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 60_000;

export interface CachePurgerOptions {
  feed: ChangeFeed;
  content: PurgeContent;
  targets: PurgeTarget[];
  dataDir: string;
  clock: Clock;
  log: (line: string) => void;
  /** The follower's poll (tests); default: the feed follower's. */
  pollMs?: number;
}

export class CachePurger {
  private readonly lease: FinderLease;
  private readonly follower: FeedFollower;
  private readonly tags: PurgeTags;
  private readonly consumers: TargetConsumer[];
  readonly status: PurgeStatus;

  constructor(options: CachePurgerOptions) {
    this.tags = new PurgeTags(options.content);
    this.status = new PurgeStatus(options.feed.trustedFolders, join(options.dataDir, 'feed', 'purge-status.json'));
    this.consumers = options.targets.map((target) => new TargetConsumer(target, options, this.tags, this.status));
    this.lease = new FinderLease({
      trustedFolders: options.feed.trustedFolders,
      feedDir: options.feed.dir, lockPath: join(options.dataDir, 'locks', 'purger.lock'), fileName: 'purger.json', clock: options.clock, log: options.log,
      onChange: (holding) => { for (const consumer of this.consumers) consumer.setHolding(holding); },
    });
    this.follower = new FeedFollower({ feed: options.feed, onEvents: () => this.wake(), log: options.log, ...(options.pollMs ? { pollMs: options.pollMs } : {}) });
  }

  start(): void {
    if (this.consumers.length === 0) return;
    this.follower.start();
    this.lease.start();
  }

  stop(): void {
    this.follower.stop();
    this.lease.stop();
    for (const consumer of this.consumers) consumer.setHolding(false);
  }

  /** Whether this process sends the purges now. */
  get holding(): boolean {
    return this.lease.holding;
  }

  private wake(): void {
    for (const consumer of this.consumers) consumer.wake();
  }
}

/** One target's consumer: reads from its cursor, purges, saves the cursor; retries with backoff. */
class TargetConsumer {
  private readonly cursor: FeedCursor;
  private holding = false;
  private running = false;
  private again = false;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly state: TargetState;

  constructor(private readonly target: PurgeTarget, private readonly options: CachePurgerOptions, private readonly tags: PurgeTags, private readonly status: PurgeStatus) {
    this.cursor = new FeedCursor(options.feed.trustedFolders, options.feed.dir, `purge-${target.name}`);
    this.state = { name: target.name, kind: target.kind, where: target.where, seq: 0, lastPurgeAt: null, lastError: null, failingSince: null, pending: 0 };
  }

  setHolding(holding: boolean): void {
    this.holding = holding;
    if (!holding && this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    if (holding) this.wake();
  }

  wake(): void {
    if (!this.holding || this.retryTimer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.run().finally(() => {
      this.running = false;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  private async run(): Promise<void> {
    const { feed, clock, log } = this.options;
    let seq = this.cursor.load();
    if (seq === null) {
      // A target purges what changes from its first start on; what was before is not in its cache's keeping.
      seq = feed.end().seq;
      await this.cursor.saveAsync(seq);
    }
    while (this.holding) {
      const read = feed.since(seq, BATCH);
      if (read.events.length === 0 && !read.resync) break;
      const purge = this.tags.of(read.events, read.resync);
      try {
        await sendPurge(this.target, purge);
      } catch (error) {
        const reason = (error as Error).message;
        if (this.state.lastError !== reason) log(`svc: a cache purge to ${this.target.name} failed (${reason}); it is tried again.`);
        this.state.lastError = reason;
        this.state.failingSince ??= new Date(clock()).toISOString();
        this.state.pending = feed.end().seq - seq;
        await this.status.save(this.state);
        this.retryTimer = setTimeout(() => { this.retryTimer = null; this.wake(); }, this.retryMs);
        this.retryTimer.unref();
        this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
        return;
      }
      seq = read.events.at(-1)?.seq ?? read.position.seq;
      // On the thread pool: the write whose change this purged, and the requests after it, are not held up.
      await this.cursor.saveAsync(seq);
      this.retryMs = FIRST_RETRY_MS;
      Object.assign(this.state, { seq, lastPurgeAt: new Date(clock()).toISOString(), lastError: null, failingSince: null, pending: 0 });
      await this.status.save(this.state);
    }
  }
}
