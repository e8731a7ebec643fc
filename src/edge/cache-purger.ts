// Sends cache purges for every change in the feed (DESIGN.md section 6), one consumer per purge target with
// its own cursor (data/feed/cursors/purge-<target>.json), so a restart goes on where it stopped and a target
// that is down holds back only its own purges. One process at a time sends them (the lease in
// data/feed/purger.json, as the finder's): two instances on one site purge once per change, not twice.
// Nothing here runs on a write's path: a write appends to the feed and is answered; the purger learns of it
// from the feed's folder (a watch) within milliseconds, or at the latest at its poll.
import type { Clock } from '../lib/clock.js';
import type { ChangeFeed } from '../feed/change-feed.js';
import { FeedFollower } from '../feed/feed-follower.js';
import { FinderLease } from '../feed/finder-lease.js';
import { withoutSecrets, type PurgeTarget } from './edge-settings.js';
import { sendPurge } from './purge-request.js';
import { PurgeTags, type PurgeContent } from './purge-tags.js';
import { PurgeStatus, type TargetState } from './purge-status.js';
import { ConsumerPlace } from './consumer-place.js';
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

/** One target's consumer: reads from its place, purges, saves the place; retries with backoff. */
class TargetConsumer {
  private readonly place: ConsumerPlace;
  private holding = false;
  private running = false;
  private again = false;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  /** The place was lost and cannot be told: the next purge is of everything (the site-wide tag). */
  private purgeAll = false;
  /** The last unexpected failure said in the log (each said once). */
  private lastProblem: string | null = null;
  private readonly state: TargetState;

  constructor(private readonly target: PurgeTarget, private readonly options: CachePurgerOptions, private readonly tags: PurgeTags, private readonly status: PurgeStatus) {
    this.place = new ConsumerPlace({ feed: options.feed, name: `purge-${target.name}`, what: `cache purges to ${target.name}`, log: options.log, onSaveDue: () => this.wake() });
    // Named without its secrets: the status file is shown on the Site check of every instance.
    this.state = { name: target.name, kind: target.kind, where: target.shown, seq: 0, lastPurgeAt: null, lastError: null, failingSince: null, pending: 0 };
  }

  setHolding(holding: boolean): void {
    this.holding = holding;
    if (!holding && this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    if (!holding) this.place.stop();
    if (holding) this.wake();
  }

  wake(): void {
    if (!this.holding || this.retryTimer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    // Whatever fails in a run (a refused save is not a failure: ConsumerPlace says it and keeps the place)
    // is said once and tried again with the backoff: a rejection left unhandled ended the server.
    void this.run().catch((error: unknown) => {
      const reason = withoutSecrets(this.target, (error as Error)?.message ?? String(error));
      if (this.lastProblem !== reason) this.options.log(`svc: cache purges to ${this.target.name} stopped on a problem (${reason}); they are tried again.`);
      this.lastProblem = reason;
      this.retryLater();
    }).finally(() => {
      this.running = false;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  private retryLater(): void {
    if (!this.holding) return;
    this.retryTimer = setTimeout(() => { this.retryTimer = null; this.wake(); }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
  }

  private async run(): Promise<void> {
    const { feed, clock, log } = this.options;
    const resumed = this.place.resume();
    let seq = 'seq' in resumed ? resumed.seq : this.placeLost(resumed.lost);
    if (!('seq' in resumed)) {
      this.place.moveTo(seq);
      // The place is saved once the purge of everything owed went out (a stop before it owes it again).
      if (!this.purgeAll) {
        await this.place.save();
        // Said in the status at once, so that a cursor lost later is known to be lost, not a first start.
        this.state.seq = seq;
        await this.status.save(this.state);
      }
    }
    // The status names only a change purged (with a purge of everything owed, the one it had).
    if (!this.purgeAll) this.state.seq = seq;
    while (this.holding) {
      const read = feed.since(seq, BATCH);
      const everything = read.resync || this.purgeAll;
      if (read.events.length === 0 && !everything) break;
      const purge = this.tags.of(read.events, everything);
      try {
        await sendPurge(this.target, purge);
      } catch (error) {
        // Into the log and the status file, so without anything of the target's settings that is a key.
        const reason = withoutSecrets(this.target, (error as Error).message);
        if (this.state.lastError !== reason) log(`svc: a cache purge to ${this.target.name} failed (${reason}); it is tried again.`);
        this.state.lastError = reason;
        this.state.failingSince ??= new Date(clock()).toISOString();
        this.state.pending = feed.end().seq - seq;
        await this.status.save(this.state);
        this.retryLater();
        return;
      }
      this.purgeAll = false;
      this.lastProblem = null;
      seq = read.events.at(-1)?.seq ?? read.position.seq;
      this.place.moveTo(seq);
      // On the thread pool: the write whose change this purged, and the requests after it, are not held up.
      // A refused save keeps the place in memory and is tried again later; the purges go on meanwhile.
      await this.place.save();
      this.retryMs = FIRST_RETRY_MS;
      Object.assign(this.state, { seq, lastPurgeAt: new Date(clock()).toISOString(), lastError: null, failingSince: null, pending: 0 });
      await this.status.save(this.state);
    }
    // A save refused earlier, due again (nothing new to purge).
    if (!this.purgeAll) await this.place.save();
  }

  /**
   * Neither memory nor the cursor file knows where this target got to. A true first start (no cursor file,
   * no line in the status) begins at the feed's end: what changed before the cache was configured is not in
   * it. A target that ran before goes on after the last change the status says it purged (the status is
   * written after the cursor, so at worst a batch is purged twice); where that cannot be known either,
   * everything is purged once, with the site-wide tag, as after a resync. Never silently from the end: the
   * changes in between would stay stale in the cache (issue 32: a reader whose cursor is gone loses none).
   */
  private placeLost(lost: 'missing' | 'damaged'): number {
    const { feed, log } = this.options;
    const name = this.target.name;
    const known = this.status.find(name);
    // A line of an earlier version written before its first purge said seq 0 without meaning it.
    if (typeof known === 'object' && (known.seq > 0 || known.lastPurgeAt !== null) && Number.isSafeInteger(known.seq) && known.seq >= 0) {
      log(`svc: the cursor of cache purges to ${name} (feed/cursors/purge-${name}.json) is ${lost}; they go on after change ${known.seq}, the last the purge status says was purged.`);
      return known.seq;
    }
    const end = feed.end().seq;
    if (lost === 'missing' && known === 'none') return end;
    log(`svc: the cursor of cache purges to ${name} (feed/cursors/purge-${name}.json) is ${lost} and the purge status does not say how far they got; everything is purged once (the site-wide tag), and they go on after change ${end}.`);
    this.purgeAll = true;
    return end;
  }
}
