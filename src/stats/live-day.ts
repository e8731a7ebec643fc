import { constants, readSync, fstatSync, closeSync } from 'node:fs';
import { openNoFollow } from '../lib/no-follow.js';
import { DayAggregator } from './day-aggregator.js';
import type { RawLine, BotLogLine } from './raw-event.js';
import { parseLines } from './rollup-files.js';
import type { Rollup } from './rollup.js';

/** Reads what was appended to a file since the last call; keeps an unfinished last line for next time. */
class TailReader {
  private offset = 0;
  private rest = '';

  constructor(private readonly path: string) {}

  readNew(): string {
    let fd: number;
    try {
      fd = openNoFollow(this.path, constants.O_RDONLY);
    } catch {
      return '';
    }
    try {
      const size = fstatSync(fd).size;
      if (size <= this.offset) return '';
      const buffer = Buffer.allocUnsafe(size - this.offset);
      let read = 0;
      while (read < buffer.length) {
        const n = readSync(fd, buffer, read, buffer.length - read, this.offset + read);
        if (n === 0) break;
        read += n;
      }
      this.offset += read;
      const text = this.rest + buffer.subarray(0, read).toString('utf8');
      const cut = text.lastIndexOf('\n') + 1;
      this.rest = text.slice(cut);
      return text.slice(0, cut);
    } finally {
      closeSync(fd);
    }
  }
}

/**
 * The open day ("today") counted from its raw and bot logs, as every process wrote them. Each refresh reads
 * only the lines appended since the last one, so asking for today's numbers stays cheap all day. The
 * counts are turned into a rollup again only when enough is new (1 % of the day) or two seconds passed:
 * on a busy day that keeps a query from recounting tens of thousands of visitors each time.
 */
export class LiveDay {
  readonly aggregator: DayAggregator;
  private readonly raw: TailReader;
  private readonly bots: TailReader;
  private lines = 0;
  private linesAtSnapshot = -1;
  private snapshot: Rollup | null = null;
  private snapshotAt = 0;

  constructor(readonly day: string, timeZone: string, rawPath: string, botsPath: string) {
    this.aggregator = new DayAggregator(day, timeZone);
    this.raw = new TailReader(rawPath);
    this.bots = new TailReader(botsPath);
  }

  refresh(): DayAggregator {
    for (const line of parseLines<RawLine>(this.raw.readNew())) { this.aggregator.add(line); this.lines++; }
    for (const line of parseLines<BotLogLine>(this.bots.readNew())) { this.aggregator.addBot(line); this.lines++; }
    return this.aggregator;
  }

  /** Today's rollup so far (see the class comment for how fresh). Callers must not change it. */
  rollup(): Rollup {
    this.refresh();
    const fresh = this.lines - this.linesAtSnapshot;
    if (!this.snapshot || (fresh > 0 && (fresh * 100 >= this.lines || performance.now() - this.snapshotAt > 2000))) {
      this.snapshot = this.aggregator.toRollup();
      this.linesAtSnapshot = this.lines;
      this.snapshotAt = performance.now();
    }
    return this.snapshot;
  }
}
