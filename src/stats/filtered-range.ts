// A range of days counted for a set of filters from their visit tables (filtered-figures.ts): a finished
// month's table at once, the other finished days one by one, today from its raw log. A finished month's or
// day's table never changes, so what it counted for a set of filters is kept and asked again for nothing.
// Goals and funnels are counted over the same tables on the same two threads (answer).
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, daysBetween, firstDayOfMonth, lastDayOfMonth, monthOf } from '../lib/day-math.js';
import { TableCountThread, type RangeTables, type VisitTable } from './store/stats-store.js';
import type { FigureParts } from './filtered-figures.js';
import { answerQuestion, readsPageIndex, type ConversionQuestion, type TableAnswer, type TableQuestion } from './table-questions.js';
import { addTableCount, emptyFigures, type FilteredFigures, type TableCount } from './table-count.js';
import type { StatsFilter } from './stats-filters.js';

/** Counted months and days kept for filters asked again (each a few typed arrays, about 60 bytes a page with views). */
const COUNTED_FIGURES = 600;

/** The module the counting thread runs (beside this one: .ts from source, .js built). */
const WORKER_URL = new URL(`./table-question-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

/** What a table counted for a set of filters, with the table's names its numbers point into. */
interface Counted { count: TableCount | null; names: VisitTable['names'] }
/** A finished month or day of the range: what it counted for the filters asked, or its table to count. */
interface Piece { key: string; from: string; to: string; counted: Counted | null; table: VisitTable | null; keep: boolean; month: boolean }

export class FilteredRange {
  /** Finished months and days counted for a set of filters, most recently used last. */
  private readonly counted = new Map<string, Counted>();
  private readonly thread: TableCountThread<TableQuestion, TableAnswer>;

  constructor(private readonly source: RangeTables) {
    const { files } = source;
    this.thread = new TableCountThread({
      count: answerQuestion,
      workerUrl: WORKER_URL,
      trustedFolders: files.trusted,
      readsPageIndex,
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
      if (day === today) pieces.push({ key: '', from: day, to: day, counted: null, table: this.source.todayTable(today), keep: false, month: false });
      else {
        const key = `${day} ${asked}`;
        const counted = this.counted.get(key);
        const table = counted ? null : this.source.dayTable(day);
        pieces.push({ key, from: day, to: day, counted: counted ?? null, table, keep: files.hasDaily(day), month: false });
      }
      day = addDays(day, 1);
    }
    const toCount = pieces.filter((piece): piece is Piece & { table: VisitTable } => !piece.counted && piece.table !== null);
    const counted = this.thread.count(toCount, { kind: 'figures', filters: [...filters], parts: parts ? [...parts] : null }) as (TableCount | null)[];
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

  /** Each table's counts for goals (two numbers a goal) or a funnel (one a step), on both cores when worth it. */
  answer(tables: readonly VisitTable[], question: ConversionQuestion): Float64Array[] {
    // Goals on events alone read the events, a few per hundred page views: handing tables over costs more.
    if (question.kind === 'goals' && question.goals.every((goal) => goal.kind !== 'page' && goal.kind !== 'scroll')) {
      return tables.map((table) => answerQuestion(table, question) as Float64Array);
    }
    this.thread.expect(tables);
    return this.thread.count(tables.map((table) => ({ table })), question) as Float64Array[];
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
}
