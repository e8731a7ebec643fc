import { constants, readFile, closeSync } from 'node:fs';
import { openNoFollow } from '../../lib/no-follow.js';
import { LiveDay } from './live-day.js';
import type { RollupFiles } from './rollup-files.js';
import { addDays } from '../../lib/day-math.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

/** Lines collected are counted into today's figures this long after the first of them, together. */
const COUNT_DELAY_MS = 1000;
/** What one background turn counts of each log (about 20 ms of work), so requests between turns wait little. */
const COUNT_SLICE_BYTES = 512 * 1024;

/**
 * Keeps today's figures counted as lines arrive, off the path of the requests that brought them: after a
 * line is collected, a timer counts what every process appended to today's logs, a slice at a time, and
 * writes the partial aggregate when due. So a question about today finds almost everything counted
 * already, however busy the day, and the next process starts from the partial aggregate.
 */
export class TodayCounter {
  private day: LiveDay | null = null;
  /** The day before, kept after midnight so the last five minutes can reach across it. */
  private dayBefore: LiveDay | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly files: RollupFiles, private readonly today: () => string, private readonly timeZone: () => string) {}

  /** Today's counts, opened from the partial aggregate when the day (or the site's zone) changed. */
  current(partialBytes?: Buffer | null): LiveDay {
    const today = this.today();
    if (!this.isCurrent(today)) {
      this.dayBefore = this.day && this.day.day === addDays(today, -1) ? this.day : null;
      const files = { trusted: this.files.trusted, raw: this.files.rawPath(today), bots: this.files.botsPath(today), partial: this.files.partialPath(today) };
      this.day = new LiveDay(today, this.timeZone(), files, partialBytes);
    }
    return this.day!;
  }

  /** Yesterday's counts when today began while this process ran (for the last five minutes after midnight). */
  previous(): LiveDay | null { return this.dayBefore; }

  private isCurrent(today: string): boolean {
    return this.day !== null && this.day.day === today && this.day.timeZone === this.timeZone();
  }

  /** A line was appended: count it (and whatever else came) soon. */
  lineAdded(): void { this.countSoon(COUNT_DELAY_MS); }

  private countSoon(delayMs: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.countSlice(), delayMs);
    this.timer.unref();
  }

  private countSlice(): void {
    this.timer = null;
    try {
      const day = this.current();
      if (day.refresh(COUNT_SLICE_BYTES)) this.countSoon(0);
      else if (day.saveDue) day.save();
    } catch {
      // Nothing is lost: the next question or turn reads the logs from where this one stopped.
    }
  }

  /**
   * Starts counting today in the background: the partial aggregate (tens of MB on a busy day) is read
   * without blocking, so requests meanwhile are answered; then the logs after it, a slice at a time.
   */
  async openInBackground(): Promise<void> {
    const today = this.today();
    if (!this.isCurrent(today)) {
      const bytes = await readWithoutBlocking(this.files.trusted, this.files.partialPath(today));
      // A question may have opened the day meanwhile (reading the file itself).
      if (this.today() === today && !this.isCurrent(today)) this.current(bytes);
    }
    this.countSoon(0);
  }

  /** Stops counting in the background and writes today's partial aggregate if it would add anything. */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try { this.day?.save(); } catch { /* only a shortcut for the next start */ }
  }
}

/** The whole file read on the thread pool (opened here, never through a link), or null when it cannot be read. */
function readWithoutBlocking(trusted: TrustedFolders, path: string): Promise<Buffer | null> {
  let fd: number;
  try { fd = openNoFollow(trusted, path, constants.O_RDONLY); } catch { return Promise.resolve(null); }
  return new Promise((done) => readFile(fd, (error, bytes) => {
    closeSync(fd);
    done(error ? null : bytes);
  }));
}
