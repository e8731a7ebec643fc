import { DayAggregator } from './day-aggregator.js';
import { VisitRecorder } from './visit-recorder.js';
import { TailReader } from './tail-reader.js';
import { parseLines } from './rollup-files.js';
import type { RawLine } from './raw-event.js';
import type { VisitTable } from './visit-table.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

/**
 * The open day's visit table, counted from its raw log on the first filtered question and then only from
 * what was appended since. Kept apart from today's running counts (live-day.ts), which start from a partial
 * aggregate without the page views a table needs: this one costs memory only once someone filters today.
 */
export class RecordedDay {
  private recorder = new VisitRecorder();
  private aggregator: DayAggregator;
  private reader: TailReader;
  private table: VisitTable | null = null;

  constructor(readonly day: string, readonly timeZone: string, private readonly trusted: TrustedFolders, private readonly rawPath: string) {
    this.aggregator = new DayAggregator(day, timeZone, this.recorder);
    this.reader = new TailReader(trusted, rawPath);
  }

  visitTable(): VisitTable {
    let text = this.reader.read();
    if (text === null) {
      // The log was replaced or cut: count it again from its start.
      this.recorder = new VisitRecorder();
      this.aggregator = new DayAggregator(this.day, this.timeZone, this.recorder);
      this.reader = new TailReader(this.trusted, this.rawPath);
      this.table = null;
      text = this.reader.read() ?? '';
    }
    if (text) {
      for (const line of parseLines<RawLine>(text)) this.aggregator.add(line);
      this.table = null;
    }
    return (this.table ??= this.recorder.toTable(this.day));
  }
}
