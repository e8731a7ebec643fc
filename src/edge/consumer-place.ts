// A consumer's place in the change feed (a purge target's, the webhooks'): the last seq it handled, kept in
// memory while it runs and saved in its cursor file (feed/feed-cursor.ts) for the next start. Memory is what
// a running consumer goes by: a cursor file removed or damaged under it changes nothing and is written again
// (issue 32: "a reader whose cursor is gone ... none loses an event"). A save the disk refuses (full,
// read-only, a folder made immutable) is said once in the log and tried again later, 1 s doubling to a
// minute, never in a loop; meanwhile the consumer goes on from memory, and what it handled is saved once the
// disk takes it again. Only when neither memory nor the file knows does the consumer decide (lost()).
import type { ChangeFeed } from '../feed/change-feed.js';
import { FeedCursor } from '../feed/feed-cursor.js';
import { statNoFollow } from '../lib/no-follow.js';
import { join } from 'node:path';

const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 60_000;

/** What the cursor file says: a seq, or that it is missing or damaged. */
export type CursorFile = { seq: number } | { lost: 'missing' | 'damaged' };

export interface ConsumerPlaceOptions {
  feed: ChangeFeed;
  /** The cursor's name (feed-cursor.ts). */
  name: string;
  /** Who, for the log: "cache purges to url-1", "webhooks". */
  what: string;
  log: (line: string) => void;
  /** Called when a refused save is due again (the consumer saves on its next run); without it, the first run after. */
  onSaveDue?: () => void;
}

export class ConsumerPlace {
  private readonly cursor: FeedCursor;
  private readonly file: string;
  private kept: number | null = null;
  /** What the file holds as this process last knew it (null: nothing of ours). */
  private saved: number | null = null;
  private failing: string | null = null;
  private retryMs = FIRST_RETRY_MS;
  /** Set while a refused save waits for its backoff. */
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: ConsumerPlaceOptions) {
    this.cursor = new FeedCursor(options.feed.trustedFolders, options.feed.dir, options.name);
    this.file = join(options.feed.dir, 'cursors', `${options.name}.json`);
  }

  /** The cursor file as it is now. */
  read(): CursorFile {
    const seq = this.cursor.load();
    if (seq !== null) return { seq };
    return { lost: statNoFollow(this.options.feed.trustedFolders, this.file) === undefined ? 'missing' : 'damaged' };
  }

  /**
   * Where to go on from: the later of memory and the file (another instance may have moved the file on while
   * this one did not hold the lease), or, when neither knows, what became of the file.
   */
  resume(): { seq: number } | { lost: 'missing' | 'damaged' } {
    const file = this.read();
    if ('seq' in file) {
      this.saved = file.seq;
      if (this.kept === null || file.seq > this.kept) this.kept = file.seq;
      return { seq: this.kept };
    }
    if (this.kept === null) return file;
    if (this.saved !== null) this.options.log(`svc: the cursor of ${this.options.what} (${this.shownFile()}) is ${file.lost}; it is written again from memory (after change ${this.kept}).`);
    this.saved = null;
    return { seq: this.kept };
  }

  /** The consumer handled everything up to `seq` (saved by the next save()). */
  moveTo(seq: number): void {
    this.kept = seq;
  }

  /**
   * Saves the place unless the file has it; never throws. A refusal is logged once (until a save succeeds)
   * and tried again after the backoff: a call before then saves nothing.
   */
  async save(): Promise<void> {
    const seq = this.kept;
    if (seq === null || seq === this.saved || this.timer !== null) return;
    try {
      await this.cursor.saveAsync(seq);
    } catch (error) {
      const reason = (error as Error)?.message ?? String(error);
      if (this.failing === null) this.options.log(`svc: ${this.options.what} could not save their place in the change feed (${reason}); they go on from memory and try again later.`);
      this.failing = reason;
      this.timer = setTimeout(() => { this.timer = null; this.options.onSaveDue?.(); }, this.retryMs);
      this.timer.unref();
      this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
      return;
    }
    this.saved = seq;
    this.retryMs = FIRST_RETRY_MS;
    if (this.failing !== null) this.options.log(`svc: ${this.options.what} save their place in the change feed again (after change ${seq}).`);
    this.failing = null;
  }

  /** Ends the wait of a refused save (the consumer stopped, or gave its lease away): its next run tries at once. */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private shownFile(): string {
    return `feed/cursors/${this.options.name}.json`;
  }
}
