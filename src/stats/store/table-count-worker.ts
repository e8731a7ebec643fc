// The counting thread's side (table-count-thread.ts): counts the visit tables it is handed for a question,
// as the main thread does, while the main thread counts the others. The tables' columns are in shared
// memory, so a table handed over once is read where it lies, never copied; the thread keeps it until the
// main thread lets it go. A worker module calls serveTableCounts with the count it serves (the store knows
// tables, not what a question counts in them).
import { workerData, type MessagePort } from 'node:worker_threads';
import { hasPageIndex, pageIndexSource } from './visit-page-index.js';
import { adoptOrdinals, type RunOrdinals } from './run-ordinals.js';
import { FREE, THERE } from './count-claims.js';
import { readPageIndex } from './visit-page-index-file.js';
import type { VisitTable } from './visit-table.js';
import { TrustedFolders } from '../../lib/trusted-folders.js';

/** What a question counts in one table (the same function on both threads); answers cross as structured clones. */
export type TableCounter<Q, A> = (table: VisitTable, question: Q) => A;

/** `trustedFolders`: the site's (lib/trusted-folders.ts), as a list: this thread makes its own value of them. */
export interface CountThreadData { port: MessagePort; signal: Int32Array; trustedFolders: string[] }
export interface HandedTable { id: number; table: VisitTable; pageIndexPath: string | null; ordinals?: RunOrdinals }
export interface CountJob<Q> {
  job: number;
  /** tables the main thread no longer holds */
  drop: number[];
  add: HandedTable[];
  /** the units this thread may count: its own first (`own` of them), then the main thread's it may take */
  units: { at: number; id: number }[];
  own: number;
  /** per unit of the question (by `at`): count-claims.ts */
  claims: Int32Array;
  question: Q;
  /** whether the question reads page indexes: the main thread's tables are then taken only with theirs here */
  readsPageIndex: boolean;
}
/**
 * Units counted here (by `at`) and their figures, sent a table at a time, then `done`; or the sentence of
 * what went wrong (the main thread then counts what was not answered).
 */
export interface CountAnswer<A> { job: number; counted?: number[]; figures?: A[]; done?: boolean; error?: string }

/** Serves `count` on this worker thread: started by process-tuning/tuned-worker.ts, with the data as workerData.data. */
export function serveTableCounts<Q, A>(count: TableCounter<Q, A>): void {
  const { port, signal, trustedFolders } = (workerData as { data: CountThreadData }).data;
  const trusted = new TrustedFolders(trustedFolders);
  const tables = new Map<number, VisitTable>();
  const answer = (message: CountAnswer<A>): void => {
    port.postMessage(message);
    // The main thread waits on this number (Atomics.wait), as its event loop is held by the question.
    Atomics.add(signal, 0, 1);
    Atomics.notify(signal, 0);
  };

  port.on('message', (job: CountJob<Q>) => {
    for (const id of job.drop) tables.delete(id);
    for (const { id, table, pageIndexPath, ordinals } of job.add) {
      tables.set(id, table);
      // Worked out by the main thread when it counted the table: not worked out here again.
      if (ordinals) adoptOrdinals(table, ordinals);
      if (pageIndexPath !== null) pageIndexSource(table, () => readPageIndex(trusted, pageIndexPath, table));
    }
    try {
      job.units.forEach(({ at, id }, k) => {
        const table = tables.get(id);
        if (!table) throw new Error(`table ${id} was never handed over`);
        // The main thread's tables are taken only when their page index is here already (else it reads it).
        if (k >= job.own && job.readsPageIndex && !hasPageIndex(table)) return;
        if (Atomics.compareExchange(job.claims, at, FREE, THERE) !== FREE) return;
        // Each table answered as soon as it is counted: a main thread done with its own takes what it gets
        // and counts itself what this thread, held up, has not answered yet (table-count-thread.ts).
        answer({ job: job.job, counted: [at], figures: [count(table, job.question)] });
      });
      answer({ job: job.job, counted: [], figures: [], done: true });
    } catch (error) {
      answer({ job: job.job, error: String(error) });
    }
  });

  // Ready: the main thread hands over work only from now on (until then it counts everything itself, rather
  // than wait for a thread still loading).
  Atomics.add(signal, 0, 1);
}
