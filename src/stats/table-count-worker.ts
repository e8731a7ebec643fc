// The counting thread (table-count-thread.ts): counts the visit tables it is handed for a set of filters, as
// the main thread does (filtered-figures.ts), while the main thread counts the others. The tables' columns
// are in shared memory, so a table handed over once is read where it lies, never copied; the thread keeps
// it until the main thread lets it go.
import { workerData, type MessagePort } from 'node:worker_threads';
import { countTable, type FigureParts } from './filtered-figures.js';
import type { TableCount } from './table-count.js';
import { hasPageIndex, pageIndexSource } from './visit-page-index.js';
import { adoptOrdinals, type RunOrdinals } from './visit-run-match.js';
import { FREE, THERE } from './count-claims.js';
import { readPageIndex } from './visit-page-index-file.js';
import type { StatsFilter } from './stats-filters.js';
import type { VisitTable } from './visit-table.js';

export interface CountThreadData { port: MessagePort; signal: Int32Array }
export interface HandedTable { id: number; table: VisitTable; pageIndexPath: string | null; ordinals?: RunOrdinals }
export interface CountJob {
  job: number;
  /** tables the main thread no longer holds */
  drop: number[];
  add: HandedTable[];
  /** the units this thread may count: its own first (`own` of them), then the main thread's it may take */
  units: { at: number; id: number }[];
  own: number;
  /** per unit of the question (by `at`): count-claims.ts */
  claims: Int32Array;
  filters: StatsFilter[];
  parts: string[] | null;
}
/**
 * Units counted here (by `at`) and their figures, sent a table at a time, then `done`; or the sentence of
 * what went wrong (the main thread then counts what was not answered).
 */
export interface CountAnswer { job: number; counted?: number[]; figures?: (TableCount | null)[]; done?: boolean; error?: string }


// Started by process-tuning/tuned-worker.ts, which hands the data on as workerData.data.
const { port, signal } = (workerData as { data: CountThreadData }).data;
const tables = new Map<number, VisitTable>();

port.on('message', (job: CountJob) => {
  for (const id of job.drop) tables.delete(id);
  for (const { id, table, pageIndexPath, ordinals } of job.add) {
    tables.set(id, table);
    // Worked out by the main thread when it counted the table: not worked out here again.
    if (ordinals) adoptOrdinals(table, ordinals);
    if (pageIndexPath !== null) pageIndexSource(table, () => readPageIndex(pageIndexPath, table));
  }
  try {
    const parts = job.parts ? (new Set(job.parts) as FigureParts) : undefined;
    const pageFilter = job.filters.some((filter) => filter.dimension === 'page');
    job.units.forEach(({ at, id }, k) => {
      const table = tables.get(id);
      if (!table) throw new Error(`table ${id} was never handed over`);
      // The main thread's tables are taken only when their page index is here already (else it reads it).
      if (k >= job.own && pageFilter && !hasPageIndex(table)) return;
      if (Atomics.compareExchange(job.claims, at, FREE, THERE) !== FREE) return;
      // Each table answered as soon as it is counted: a main thread done with its own takes what it gets
      // and counts itself what this thread, held up, has not answered yet (table-count-thread.ts).
      answer({ job: job.job, counted: [at], figures: [countTable(table, job.filters, parts)] });
    });
    answer({ job: job.job, counted: [], figures: [], done: true });
  } catch (error) {
    answer({ job: job.job, error: String(error) });
  }
});

function answer(message: CountAnswer): void {
  port.postMessage(message);
  // The main thread waits on this number (Atomics.wait), as its event loop is held by the question.
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
}

// Ready: the main thread hands over work only from now on (until then it counts everything itself, rather
// than wait for a thread still loading).
Atomics.add(signal, 0, 1);
