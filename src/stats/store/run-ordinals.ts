// Per visit table, built once on its first question and kept with it: the number of each run's visitor and
// visit inside the table, so a count that touches only some runs (visit-run-match.ts, goals, funnels) still
// knows whose they are, and which runs are their visitor's only one. In shared memory, so the counting thread
// (table-count-thread.ts) takes them over instead of working them out again.
import { NEW_VISITOR, VISIT_START, type VisitTable } from './visit-table.js';

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
 * The number of run r's visitor in its table: the same for all the visitor's runs, and for a run alone
 * (its visitor's only one) a number of its own below -1, so -1 is never anybody's. Inline where it runs per
 * run in a loop: `ordinals` taken once per table, not looked up per run.
 */
export function visitorOf(ordinals: RunOrdinals, r: number): number {
  const word = r >> 5, shift = 31 - (r & 31);
  return (ordinals.alone[word]! << shift) < 0 ? -2 - r : ordinals.visitors.before[word]! + popcount(ordinals.visitors.bits[word]! << shift);
}

/** The number of run r's visitor (see visitorOf), for a count that asks it now and then. */
export function visitorOfRun(table: VisitTable, r: number): number {
  return visitorOf(runOrdinals(table), r);
}

/** Per table, built on first use: the page views that begin a new visitor's run, one bit each. */
const visitorStarts = new WeakMap<VisitTable, Int32Array>();

/**
 * A bit for each page view of `table`, set where a new visitor begins (the first view of a NEW_VISITOR run):
 * counting set bits from the first view gives a view's visitor number (the run's, as runOrdinals counts it),
 * so one flat pass over the page views knows whose each is without a loop per run (1 bit a view).
 */
export function pageViewVisitorStarts(table: VisitTable): Int32Array {
  let bits = visitorStarts.get(table);
  if (!bits) {
    const { runFlags, runStart } = table;
    bits = new Int32Array((table.pvPage.length + 31) >> 5);
    for (let r = 0; r < runFlags.length; r++) {
      if ((runFlags[r]! & NEW_VISITOR) === 0) continue;
      const k = runStart[r]!;
      bits[k >> 5]! |= 1 << (k & 31);
    }
    visitorStarts.set(table, bits);
  }
  return bits;
}
