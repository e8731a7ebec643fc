// Which runs of a visit table (store/visit-table.ts) the filters of a question keep, so the counting
// (filtered-figures.ts) touches only those runs; the store's run ordinals (store/run-ordinals.ts) still tell
// whose they are. One pass over the run columns the filters name; with a page filter, over the runs the
// table's page index lists for that page (store/visit-page-index.ts).
import { pageIndexOf, type PageIndex, type VisitTable } from './store/stats-store.js';
import { isRunFacet, type StatsFilter } from './stats-filters.js';
import { keepRunsWithProps } from './visit-prop-match.js';

export interface MatchedRuns {
  /** how many runs matched; the arrays below are valid up to here */
  count: number;
  runs: Int32Array;
  /** the page a page filter asks for (a number into the table's pages), or -1 */
  page: number;
}

// Reused from table to table (counting is synchronous): a year of tables then allocates nothing per table.
let scratch = new Int32Array(0);

function scratchFor(runs: number): Int32Array {
  if (scratch.length < runs) scratch = new Int32Array(Math.max(runs, Math.ceil(scratch.length * 1.5)));
  return scratch;
}

/**
 * The runs of `table` that match every run-level filter, or null when a filter names something the table
 * never saw (then nothing in it matches). The arrays are shared scratch: read them before the next call.
 */
export function matchRuns(table: VisitTable, filters: readonly StatsFilter[]): MatchedRuns | null {
  const names = table.names;
  const columns: Uint16Array[] = [];
  const ids: number[] = [];
  let page = -1;
  const props: StatsFilter[] = [];
  for (const filter of filters) {
    if (filter.dimension === 'prop') { props.push(filter); continue; }
    if (!isRunFacet(filter.dimension)) {
      page = names.pages.indexOf(filter.value);
      if (page < 0) return null;
      continue;
    }
    const id = names[filter.dimension].indexOf(filter.value);
    if (id < 0) return null;
    columns.push(table.runFacets[filter.dimension]);
    ids.push(id);
  }
  const total = table.runFlags.length;
  const runs = scratchFor(total);
  // Each loop is a function of its own that only returns its count: Node optimises a long loop in the middle
  // of a call and reuses that code later, and code after the loop that had not run yet made every later
  // call leave it there (filtered-figures.ts tells more).
  let count: number;
  if (page >= 0) count = pageRuns(pageIndexOf(table), page, columns, ids, runs);
  else if (columns.length === 0) count = everyRun(total, runs);
  else if (columns.length === 1) count = oneColumn(columns[0]!, ids[0]!, total, runs);
  else if (columns.length === 2) count = twoColumns(columns[0]!, ids[0]!, columns[1]!, ids[1]!, total, runs);
  else count = manyColumns(columns, ids, total, runs);
  if (props.length > 0) {
    count = keepRunsWithProps(table, props, runs, count);
    if (count < 0) return null;
  }
  return { count, runs, page };
}

/** Only the runs with a page view of the page can match: the page's index lists them. */
function pageRuns(index: PageIndex, page: number, columns: readonly Uint16Array[], ids: readonly number[], runs: Int32Array): number {
  const n = columns.length;
  let count = 0;
  for (let i = index.start[page]!, end = index.start[page + 1]!; i < end; i++) {
    const r = index.runs[i]!;
    let keep = 1;
    for (let c = 0; c < n && keep; c++) keep = columns[c]![r] === ids[c] ? 1 : 0;
    runs[count] = r; count += keep;
  }
  return count;
}

function everyRun(total: number, runs: Int32Array): number {
  for (let r = 0; r < total; r++) runs[r] = r;
  return total;
}

// The common shapes get loops of their own, without a branch per run: a run is written, and kept by moving
// on when it matches ((x - 1) >>> 31 is 1 for x = 0 and 0 for any other 16-bit difference). Four runs a
// step: a third less time than one a step (the loop's own compare and jump were most of it).
function oneColumn(a: Uint16Array, ia: number, total: number, runs: Int32Array): number {
  let count = 0, r = 0;
  for (; r + 3 < total; r += 4) {
    runs[count] = r; count += ((a[r]! ^ ia) - 1) >>> 31;
    runs[count] = r + 1; count += ((a[r + 1]! ^ ia) - 1) >>> 31;
    runs[count] = r + 2; count += ((a[r + 2]! ^ ia) - 1) >>> 31;
    runs[count] = r + 3; count += ((a[r + 3]! ^ ia) - 1) >>> 31;
  }
  for (; r < total; r++) { runs[count] = r; count += ((a[r]! ^ ia) - 1) >>> 31; }
  return count;
}

function twoColumns(a: Uint16Array, ia: number, b: Uint16Array, ib: number, total: number, runs: Int32Array): number {
  let count = 0, r = 0;
  for (; r + 3 < total; r += 4) {
    runs[count] = r; count += (((a[r]! ^ ia) | (b[r]! ^ ib)) - 1) >>> 31;
    runs[count] = r + 1; count += (((a[r + 1]! ^ ia) | (b[r + 1]! ^ ib)) - 1) >>> 31;
    runs[count] = r + 2; count += (((a[r + 2]! ^ ia) | (b[r + 2]! ^ ib)) - 1) >>> 31;
    runs[count] = r + 3; count += (((a[r + 3]! ^ ia) | (b[r + 3]! ^ ib)) - 1) >>> 31;
  }
  for (; r < total; r++) { runs[count] = r; count += (((a[r]! ^ ia) | (b[r]! ^ ib)) - 1) >>> 31; }
  return count;
}

function manyColumns(columns: readonly Uint16Array[], ids: readonly number[], total: number, runs: Int32Array): number {
  const n = columns.length;
  let count = 0;
  for (let r = 0; r < total; r++) {
    let keep = 1;
    for (let c = 0; c < n && keep; c++) keep = columns[c]![r] === ids[c] ? 1 : 0;
    runs[count] = r; count += keep;
  }
  return count;
}
