// Which runs of a visit table (visit-table.ts) the filters of a question keep, so the counting
// (filtered-figures.ts) touches only those runs; and the number of a run's visitor and visit inside the
// table (runOrdinals), so it still knows whose they are. One pass over the run columns the filters name; with a page filter, over
// the runs the table's page index lists for that page (visit-page-index.ts).
import { NEW_VISITOR, VISIT_START, type VisitTable } from './visit-table.js';
import { isRunFacet, type StatsFilter } from './stats-filters.js';
import { pageIndexOf, type PageIndex } from './visit-page-index.js';
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

/** A run flag's bits packed 32 runs a word, with the count of set bits before each word. */
export interface FlagCounts { bits: Int32Array; before: Int32Array }
export interface RunOrdinals { visitors: FlagCounts; visits: FlagCounts; alone: Int32Array }
/** Per table, built once on its first filtered question: how many visitors and visits begin up to a run. */
const ordinals = new WeakMap<VisitTable, RunOrdinals>();

/** Numbers in memory the counting thread can share (table-count-thread.ts hands them over with the table). */
const sharedInts = (length: number) => new Int32Array(new SharedArrayBuffer(4 * length));

function countFlag(flags: Uint8Array, flag: number): FlagCounts {
  const words = (flags.length + 31) >> 5;
  const bits = sharedInts(words), before = sharedInts(words);
  let total = 0;
  for (let w = 0; w < words; w++) {
    before[w] = total;
    let word = 0;
    const end = Math.min(flags.length, (w + 1) << 5);
    for (let r = w << 5; r < end; r++) if (flags[r]! & flag) word |= 1 << (r & 31);
    bits[w] = word;
    total += popcount(word);
  }
  return { bits, before };
}

export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * The NEW_VISITOR and VISIT_START flags of `table` packed and counted: set flags in runs 0..r (both
 * included) are the number of r's visitor or visit, the same for all its runs (a first run without its flag
 * gets 0 too). filtered-figures.ts counts them inline: before[r >> 5] + popcount(bits[r >> 5] << (31 - (r & 31))).
 * `alone` marks the runs that are their visitor's only run and visit in the table, each page at most once
 * (nearly every run of a site's traffic): such a run needs no number, and each of its page views is its
 * visitor's whole engagement with that page (page-counts.ts counts it without gathering a visitor's pages).
 */
export function runOrdinals(table: VisitTable): RunOrdinals {
  let counts = ordinals.get(table);
  if (!counts) {
    counts = { visitors: countFlag(table.runFlags, NEW_VISITOR), visits: countFlag(table.runFlags, VISIT_START), alone: aloneRuns(table) };
    ordinals.set(table, counts);
  }
  return counts;
}

/** The ordinals of `table` worked out already on this thread, if they are (handed to the counting thread with it). */
export function knownOrdinals(table: VisitTable): RunOrdinals | undefined {
  return ordinals.get(table);
}

/** Takes ordinals worked out on the other thread for `table` (the same table: its columns are shared). */
export function adoptOrdinals(table: VisitTable, counts: RunOrdinals): void {
  const words = (table.runFlags.length + 31) >> 5;
  const fits = [counts.visitors.bits, counts.visitors.before, counts.visits.bits, counts.visits.before, counts.alone].every((column) => column.length === words);
  if (fits && !ordinals.has(table)) ordinals.set(table, counts);
}

/** Runs longer than this are never taken as alone: telling their pages apart would cost more than it saves. */
const ALONE_MAX_VIEWS = 8;

function aloneRuns(table: VisitTable): Int32Array {
  const { runFlags, runStart, pvPage } = table;
  const total = runFlags.length;
  const bits = sharedInts((total + 31) >> 5);
  for (let r = 0; r < total; r++) {
    if ((runFlags[r]! & (NEW_VISITOR | VISIT_START)) !== (NEW_VISITOR | VISIT_START)) continue;
    if (r + 1 < total && (runFlags[r + 1]! & NEW_VISITOR) === 0) continue;
    const first = runStart[r]!, end = runStart[r + 1]!;
    if (end - first > ALONE_MAX_VIEWS || !distinctPages(pvPage, first, end)) continue;
    bits[r >> 5]! |= 1 << (r & 31);
  }
  return bits;
}

function distinctPages(pvPage: Uint16Array, first: number, end: number): boolean {
  for (let a = first + 1; a < end; a++) for (let b = first; b < a; b++) if (pvPage[a] === pvPage[b]) return false;
  return true;
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
