// The visit tables that cover a range of days: a finished month's table when the range holds it whole, the
// other finished days one by one (from a finished day's log not rolled up yet, the minutes after midnight,
// counted in memory), today from its raw log as it grows.
import { statNoFollow } from '../../lib/no-follow.js';
import { addDays, firstDayOfMonth, lastDayOfMonth, monthOf } from '../../lib/day-math.js';
import type { RollupFiles } from './rollup-files.js';
import { rollupDay } from './catch-up.js';
import { VisitRecorder } from './visit-recorder.js';
import { RecordedDay } from './recorded-day.js';
import type { VisitTable } from './visit-table.js';

export interface RangeTablesSource {
  files: RollupFiles;
  /** today's name in the site time zone */
  today(): string;
  readonly timeZone: string;
}

export class RangeTables {
  private recordedToday: RecordedDay | null = null;

  constructor(private readonly source: RangeTablesSource) {}

  get files(): RollupFiles { return this.source.files; }
  today(): string { return this.source.today(); }

  /**
   * The visit tables of `from` to `to`, in day order. `missing` lists finished days that have a rollup but
   * no table (counted before visit tables existed).
   */
  tables(from: string, to: string): { tables: VisitTable[]; missing: string[] } {
    const { files } = this.source;
    const today = this.source.today();
    const tables: VisitTable[] = [];
    const missing: string[] = [];
    let day = from;
    while (day <= to && day <= today) {
      const month = monthOf(day);
      const monthEnd = lastDayOfMonth(month);
      const whole = day === firstDayOfMonth(month) && monthEnd <= to && monthEnd < today ? files.readVisits(month) : null;
      if (whole) {
        tables.push(whole);
        const covered = new Set(whole.names.days);
        for (let d = day; d <= monthEnd; d = addDays(d, 1)) if (!covered.has(d) && files.hasDaily(d)) missing.push(d);
        day = addDays(monthEnd, 1);
        continue;
      }
      const table = day === today ? this.todayTable(today) : this.dayTable(day);
      if (table) tables.push(table);
      else if (files.hasDaily(day)) missing.push(day);
      day = addDays(day, 1);
    }
    return { tables, missing };
  }

  /** Today's table so far, from its raw log (read on from where it was). */
  todayTable(today: string): VisitTable {
    const timeZone = this.source.timeZone;
    if (!this.recordedToday || this.recordedToday.day !== today || this.recordedToday.timeZone !== timeZone) {
      this.recordedToday = new RecordedDay(today, timeZone, this.source.files.trusted, this.source.files.rawPath(today));
    }
    return this.recordedToday.visitTable();
  }

  /** A finished day's table: its file, or its raw log when the day is not rolled up yet; null when neither. */
  dayTable(day: string): VisitTable | null {
    return this.source.files.readVisits(day) ?? this.tableFromRawLog(day);
  }

  /** A finished day not rolled up yet (the minutes after midnight) is counted from its raw log, kept in memory. */
  private tableFromRawLog(day: string): VisitTable | null {
    const { files } = this.source;
    if (statNoFollow(files.trusted, files.rawPath(day)) === undefined || files.hasDaily(day)) return null;
    const recorder = new VisitRecorder();
    rollupDay(files, day, this.source.timeZone, recorder);
    const table = recorder.toTable(day);
    files.keepVisits(table);
    return table;
  }
}
