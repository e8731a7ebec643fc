// A range of days counted for a set of filters from their visit tables (filtered-figures.ts): a finished
// month's table at once, the other finished days one by one, today from its raw log. A finished month's or
// day's table never changes, so what it counted for a set of filters is kept and asked again for nothing.
import { statNoFollow } from '../lib/no-follow.js';
import type { RollupFiles } from './rollup-files.js';
import { rollupDay } from './catch-up.js';
import { addDays, daysBetween, firstDayOfMonth, lastDayOfMonth, monthOf } from './day-math.js';
import { VisitRecorder } from './visit-recorder.js';
import { RecordedDay } from './recorded-day.js';
import type { FigureParts } from './filtered-figures.js';
import { addTableCount, emptyFigures, type FilteredFigures, type TableCount } from './table-count.js';
import { TableCountThread } from './table-count-thread.js';
import type { StatsFilter } from './stats-filters.js';
import type { VisitTable } from './visit-table.js';

/** Counted months and days kept for filters asked again (each a few typed arrays, about 60 bytes a page with views). */
const COUNTED_FIGURES = 600;

export interface FilteredRangeSource {
  files: RollupFiles;
  /** today's name in the site time zone */
  today(): string;
  readonly timeZone: string;
}

/** What a table counted for a set of filters, with the table's names its numbers point into. */
interface Counted { count: TableCount | null; names: VisitTable['names'] }
/** A finished month or day of the range: what it counted for the filters asked, or its table to count. */
interface Piece { key: string; from: string; to: string; counted: Counted | null; table: VisitTable | null; keep: boolean; month: boolean }

export class FilteredRange {
  /** Finished months and days counted for a set of filters, most recently used last. */
  private readonly counted = new Map<string, Counted>();
  private recordedToday: RecordedDay | null = null;
  private readonly thread: TableCountThread;

  constructor(private readonly source: FilteredRangeSource) {
    const { files } = source;
    this.thread = new TableCountThread({
      holds: (table) => files.holdsVisits(table),
      pageIndexPath: (table) => (table.day.length === 7 ? files.pageIndexPath(table.day) : null),
    });
  }

  /**
   * The page views from `from` to `to` that match every filter; with no filter, the same figures as the
   * rollups plus entry and exit pages. `missing` lists finished days that were counted before visit tables
   * existed: they have a rollup but no table.
   */
  count(from: string, to: string, filters: readonly StatsFilter[], parts?: FigureParts): FilteredFigures & { missing: string[] } {
    const { files } = this.source;
    const today = this.source.today();
    const asked = JSON.stringify([filters, parts ? [...parts].sort() : null]);
    // First what each finished month or day needs (counted before, or a table to count), then the tables
    // counted together (on both cores: table-count-thread.ts), then everything added up in day order.
    const pieces: Piece[] = [];
    let day = from;
    while (day <= to && day <= today) {
      const month = monthOf(day);
      const monthEnd = lastDayOfMonth(month);
      if (day === firstDayOfMonth(month) && monthEnd <= to && monthEnd < today) {
        const key = `${month} ${asked}`;
        const counted = this.counted.get(key);
        const table = counted ? null : files.readVisits(month);
        if (counted || table) {
          pieces.push({ key, from: day, to: monthEnd, counted: counted ?? null, table, keep: true, month: true });
          this.thread.expect(pieces.map((piece) => piece.table));
          day = addDays(monthEnd, 1);
          continue;
        }
      }
      if (day === today) pieces.push({ key: '', from: day, to: day, counted: null, table: this.todayTable(today), keep: false, month: false });
      else {
        const key = `${day} ${asked}`;
        const counted = this.counted.get(key);
        const table = counted ? null : (files.readVisits(day) ?? this.tableFromRawLog(day));
        pieces.push({ key, from: day, to: day, counted: counted ?? null, table, keep: files.hasDaily(day), month: false });
      }
      day = addDays(day, 1);
    }
    const toCount = pieces.filter((piece): piece is Piece & { table: VisitTable } => !piece.counted && piece.table !== null);
    const counted = this.thread.count(toCount, filters, parts);
    toCount.forEach((piece, i) => {
      piece.counted = { count: counted[i]!, names: piece.table.names };
      if (piece.keep) this.keep(piece.key, piece.counted);
    });
    const figures = { ...emptyFigures(from, to), missing: [] as string[] };
    for (const piece of pieces) {
      if (!piece.counted) {
        if (files.hasDaily(piece.from)) figures.missing.push(piece.from);
        continue;
      }
      addTableCount(figures, piece.counted.count, piece.counted.names);
      if (!piece.month) continue;
      // Days of the month counted before visit tables existed are in its rollup but not in its table.
      // A table with every day of its month (nearly always) leaves nothing to look for, day by day.
      const covered = new Set(piece.counted.names.days);
      let inside = 0;
      for (const d of covered) if (d >= piece.from && d <= piece.to) inside++;
      if (inside > daysBetween(piece.from, piece.to)) continue;
      for (let d = piece.from; d <= piece.to; d = addDays(d, 1)) if (!covered.has(d) && files.hasDaily(d)) figures.missing.push(d);
    }
    return figures;
  }

  /**
   * The visit tables of `from` to `to`, for counts that are not filtered figures (goals, funnels): a finished
   * month's table when the range holds it whole, the other finished days one by one, today from its log.
   * `missing` lists finished days that have a rollup but no table (counted before visit tables existed).
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
      const table = day === today ? this.todayTable(today) : (files.readVisits(day) ?? this.tableFromRawLog(day));
      if (table) tables.push(table);
      else if (files.hasDaily(day)) missing.push(day);
      day = addDays(day, 1);
    }
    return { tables, missing };
  }

  /** Stops the counting thread (the service is closed). */
  close(): void {
    this.thread.close();
  }

  /** Forgets what was counted (rollups were written or deleted). */
  forget(): void {
    this.counted.clear();
  }

  private keep(key: string, counted: Counted): void {
    this.counted.delete(key);
    this.counted.set(key, counted);
    if (this.counted.size > COUNTED_FIGURES) this.counted.delete(this.counted.keys().next().value!);
  }

  private todayTable(today: string): VisitTable {
    const timeZone = this.source.timeZone;
    if (!this.recordedToday || this.recordedToday.day !== today || this.recordedToday.timeZone !== timeZone) {
      this.recordedToday = new RecordedDay(today, timeZone, this.source.files.rawPath(today));
    }
    return this.recordedToday.visitTable();
  }

  /** A finished day not rolled up yet (the minutes after midnight) is counted from its raw log, kept in memory. */
  private tableFromRawLog(day: string): VisitTable | null {
    const { files } = this.source;
    if (statNoFollow(files.rawPath(day)) === undefined || files.hasDaily(day)) return null;
    const recorder = new VisitRecorder();
    rollupDay(files, day, this.source.timeZone, recorder);
    const table = recorder.toTable(day);
    files.keepVisits(table);
    return table;
  }
}
