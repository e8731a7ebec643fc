// Which process finds changes made on disk (an editor, git, rsync) and records them in the change feed: one
// at a time, so a hand edit is recorded once, however many processes serve the site; the others learn of it
// from the feed and sweep nothing. The finder holds a lease in data/feed/finder.json and renews it; when it
// stops, it gives the lease back, and when it dies, the lease runs out and another process takes it over.
import { hostname } from 'node:os';
import type { Clock } from '../lib/clock.js';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { withFileLock } from '../lib/file-lock.js';
import { readTextNoFollow, removeNoFollow } from '../lib/no-follow.js';
import { join } from 'node:path';
import type { TrustedFolders } from '../lib/trusted-folders.js';

/** A lease runs this long from its last renewal... */
export const LEASE_MS = 15_000;
/** ...and is renewed this often, or taken when free. */
export const RENEW_MS = 5_000;

interface Lease { pid: number; host: string; until: number }

export interface FinderLeaseOptions {
  feedDir: string;
  /** The site's folders below which no link is followed (lib/trusted-folders.ts). */
  trustedFolders: TrustedFolders;
  /** data/locks/finder.lock: taken for the moment a lease is read and written. */
  lockPath: string;
  /**
   * The lease's file in the feed's folder: finder.json, or another job's that one process at a time does
   * (sending cache purges: purger.json).
   */
  fileName?: string;
  clock: Clock;
  /** Told when this process becomes the finder, and when it stops being one. */
  onChange: (holding: boolean) => void;
  log: (line: string) => void;
}

export class FinderLease {
  private readonly file: string;
  private readonly me = { pid: process.pid, host: hostname() };
  private timer: NodeJS.Timeout | null = null;
  private held = false;

  constructor(private readonly options: FinderLeaseOptions) {
    this.file = join(options.feedDir, options.fileName ?? 'finder.json');
  }

  get holding(): boolean {
    return this.held;
  }

  /** Tries at once, then at every renewal. */
  start(): void {
    this.renew();
    this.timer = setInterval(() => this.renew(), RENEW_MS);
    this.timer.unref();
  }

  /** Stops renewing and gives the lease back, so another process takes over at its next try. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (!this.held) return;
    this.set(false);
    try {
      withFileLock(this.options.trustedFolders, this.options.lockPath, () => { if (this.isMine(this.read())) removeNoFollow(this.options.trustedFolders, this.file); });
    } catch { /* it runs out */ }
  }

  private renew(): void {
    let holding = false;
    try {
      holding = withFileLock(this.options.trustedFolders, this.options.lockPath, () => {
        const now = this.options.clock();
        const lease = this.read();
        if (lease !== null && !this.isMine(lease) && lease.until > now && lease.until - now <= 2 * LEASE_MS) return false;
        writeFileAtomic(this.options.trustedFolders, this.file, JSON.stringify({ ...this.me, until: now + LEASE_MS } satisfies Lease) + '\n', 0o600);
        return true;
      });
    } catch (error) {
      // data/ read-only or full: nobody records hand edits until it can be written again (they still show here).
      if (this.held) this.options.log(`svc: could not renew the lease to record changes on disk (${(error as Error)?.message ?? error}).`);
    }
    this.set(holding);
  }

  private set(holding: boolean): void {
    if (holding === this.held) return;
    this.held = holding;
    this.options.onChange(holding);
  }

  private isMine(lease: Lease | null): boolean {
    return lease !== null && lease.pid === this.me.pid && lease.host === this.me.host;
  }

  private read(): Lease | null {
    try {
      const value = JSON.parse(readTextNoFollow(this.options.trustedFolders, this.file)) as Partial<Lease>;
      if (!Number.isSafeInteger(value.pid) || typeof value.host !== 'string' || typeof value.until !== 'number') return null;
      return value as Lease;
    } catch {
      return null;
    }
  }
}
