// For each page of a visit table (visit-table.ts), the runs with a page view of it, in run order: a filter
// on a page then visits those runs only, instead of every page view of the table. Built on the first page
// filter over a table and kept with it (4 bytes for each run and page it holds, freed with the table); a
// month's is read from the file written beside its table (visit-page-index-file.ts) when there is one.
import type { VisitTable } from './visit-table.js';

export interface PageIndex {
  /** runs of page p are runs[start[p]] up to runs[start[p + 1]] */
  start: Int32Array;
  runs: Int32Array;
}

const indexes = new WeakMap<VisitTable, PageIndex>();
/** Where a table's index may be read from instead of built (null: nothing usable there). */
const sources = new WeakMap<VisitTable, () => PageIndex | null>();

export function pageIndexOf(table: VisitTable): PageIndex {
  let index = indexes.get(table);
  if (!index) {
    index = sources.get(table)?.() ?? buildPageIndex(table);
    indexes.set(table, index);
    sources.delete(table);
  }
  return index;
}

/** Whether `table`'s index is in memory already (a page filter over it then reads no file). */
export function hasPageIndex(table: VisitTable): boolean {
  return indexes.has(table);
}

/** Lets the first page filter over `table` read its index with `read` (built as usual when that gives null). */
export function pageIndexSource(table: VisitTable, read: () => PageIndex | null): void {
  sources.set(table, read);
}

export function buildPageIndex(table: VisitTable): PageIndex {
  const pages = table.names.pages.length;
  const { runStart, pvPage } = table;
  // Two flat passes over the page views: count each page's runs (a run with the page twice counts once),
  // then place them. Runs are never empty (decodeVisitTable checks), so a run begins at most once per view.
  // Each pass a function of its own that returns: optimised whole, not left mid-loop (filtered-figures.ts),
  // which made the first tables of a question several times slower than the rest.
  const lastRun = new Int32Array(pages).fill(-1);
  const start = new Int32Array(pages + 1);
  countRunsPerPage(runStart, pvPage, lastRun, start);
  for (let p = 0; p < pages; p++) start[p + 1]! += start[p]!;
  const runs = new Int32Array(start[pages]!);
  lastRun.fill(-1);
  placeRuns(runStart, pvPage, lastRun, start.slice(0, pages), runs);
  return { start, runs };
}

/** Adds to start[page + 1] the number of runs with a view of the page. */
function countRunsPerPage(runStart: Int32Array, pvPage: Uint16Array, lastRun: Int32Array, start: Int32Array): number {
  let run = 0, next = runStart[1] ?? 0;
  for (let k = 0; k < pvPage.length; k++) {
    if (k === next) { run++; next = runStart[run + 1]!; }
    const page = pvPage[k]!;
    if (lastRun[page] !== run) { lastRun[page] = run; start[page + 1]!++; }
  }
  return run;
}

/** Writes each page's runs from at[page] on, in run order. */
function placeRuns(runStart: Int32Array, pvPage: Uint16Array, lastRun: Int32Array, at: Int32Array, runs: Int32Array): number {
  let run = 0, next = runStart[1] ?? 0;
  for (let k = 0; k < pvPage.length; k++) {
    if (k === next) { run++; next = runStart[run + 1]!; }
    const page = pvPage[k]!;
    if (lastRun[page] !== run) { lastRun[page] = run; runs[at[page]!++] = run; }
  }
  return run;
}
