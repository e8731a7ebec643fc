import { DayAggregator } from './day-aggregator.js';
import type { RawLine, BotLogLine } from './raw-event.js';
import { parseLines } from './rollup-files.js';
import type { Rollup } from './rollup.js';
import { TailReader } from './tail-reader.js';
import { readPartialAggregate, decodePartialAggregate, writePartialAggregate } from './partial-aggregate-file.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

/**
 * A partial aggregate is written again once the logs grew by a quarter of what the last one covered (and
 * by at least 1 MB): the writes of a day add up to a few times the last one, and a process that starts
 * after a crash reads at most about a fifth of the day's log.
 */
const SAVE_MIN_BYTES = 1 << 20;
const SAVE_SHARE = 4;

export interface LiveDayFiles { trusted: TrustedFolders; raw: string; bots: string; partial: string }

/**
 * The open day ("today") counted from its raw and bot logs, as every process wrote them. It starts from
 * the day's partial aggregate when one fits (same day, zone, rules and logs), so only what was appended
 * after it is read, and each refresh reads only what was appended since the last. A log replaced or cut
 * shorter is counted again from its start.
 */
export class LiveDay {
  aggregator: DayAggregator;
  private raw: TailReader;
  private bots: TailReader;
  /** bytes of both logs the partial aggregate on disk covers (as far as this process knows) */
  private saved = 0;
  /** the last rollup, with and without the pages' steps, until a line is counted */
  private snapshots: [Rollup | null, Rollup | null] = [null, null];
  /** bytes of the logs the partial aggregate this process started from covered (0: none fitted) */
  readonly resumedAt: number;

  /** `partialBytes`: the partial aggregate file read already (null: there was none); read here when omitted. */
  constructor(readonly day: string, readonly timeZone: string, private readonly files: LiveDayFiles, partialBytes?: Buffer | null) {
    this.raw = new TailReader(files.trusted, files.raw);
    this.bots = new TailReader(files.trusted, files.bots);
    this.aggregator = this.resume(partialBytes) ?? new DayAggregator(day, timeZone);
    this.resumedAt = this.saved;
  }

  private resume(bytes: Buffer | null | undefined): DayAggregator | null {
    const where = { day: this.day, timeZone: this.timeZone };
    const partial = bytes === undefined ? readPartialAggregate(this.files.trusted, this.files.partial, where) : bytes && decodePartialAggregate(bytes, where);
    if (!partial) return null;
    let aggregator: DayAggregator;
    try {
      aggregator = DayAggregator.restore(partial.state, this.timeZone);
    } catch {
      return null;
    }
    const raw = new TailReader(this.files.trusted, this.files.raw);
    const bots = new TailReader(this.files.trusted, this.files.bots);
    if (!raw.resume(partial.raw) || !bots.resume(partial.bots)) return null;
    this.raw = raw;
    this.bots = bots;
    this.saved = partial.raw.offset + partial.bots.offset;
    return aggregator;
  }

  private get covered(): number { return this.raw.covered + this.bots.covered; }

  /** Counts the lines appended since the last refresh, at most about `maxBytes` of each log; true when more is waiting. */
  refresh(maxBytes = Infinity): boolean {
    const raw = this.raw.read(maxBytes);
    const bots = this.bots.read(maxBytes);
    if (raw === null || bots === null) {
      this.aggregator = new DayAggregator(this.day, this.timeZone);
      this.raw = new TailReader(this.files.trusted, this.files.raw);
      this.bots = new TailReader(this.files.trusted, this.files.bots);
      this.saved = 0;
      this.snapshots = [null, null];
      return true;
    }
    if (raw || bots) {
      this.snapshots = [null, null];
      for (const line of parseLines<RawLine>(raw)) this.aggregator.add(line);
      for (const line of parseLines<BotLogLine>(bots)) this.aggregator.addBot(line);
    }
    return this.raw.behind || this.bots.behind;
  }

  /** Today's rollup with every line appended so far (see DayAggregator.toRollup for `steps`). Callers must not change it. */
  rollup(steps = true): Rollup {
    this.refresh();
    const at = steps ? 0 : 1;
    return (this.snapshots[at] ??= this.aggregator.toRollup(steps));
  }

  /** Whether enough was counted since the partial aggregate on disk to write it again (see SAVE_SHARE). */
  get saveDue(): boolean {
    const fresh = this.covered - this.saved;
    return fresh > 0 && fresh >= Math.max(SAVE_MIN_BYTES, this.saved / SAVE_SHARE);
  }

  /**
   * Writes the partial aggregate when more was counted since it was last written or read. Several
   * processes may write it: each writes a whole, consistent one (the last one wins, at worst a next start
   * reads a little more of the log). True when written. A failed write is no error: the file only saves work.
   */
  save(): boolean {
    const covered = this.covered;
    if (covered <= this.saved) return false;
    this.saved = covered;
    try {
      writePartialAggregate(this.files.trusted, this.files.partial, { day: this.day, timeZone: this.timeZone, raw: this.raw.mark(), bots: this.bots.mark() }, this.aggregator.exportState());
      return true;
    } catch {
      return false;
    }
  }
}
