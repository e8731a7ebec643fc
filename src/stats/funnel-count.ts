// Counts a funnel (funnel.ts) in one visit table: in each visit, the steps reached in order (a greedy walk:
// the earliest place that reaches a step is never worse than a later one), then per step the visitors who
// reached it (daily-unique, as every visitor figure). Only the runs the filters keep take part (every run
// when nothing is filtered: no list of runs is made). An event is placed right after the first view of the
// page it was sent from in its run: the table keeps no finer order. One flat walk over typed columns: the
// steps' pages in one array (step by page), a visit's visitor worked out once, when it is done.
import { NEW_VISITOR, VISIT_START, runOrdinals, visitorOf, type RunOrdinals, type VisitTable } from './store/stats-store.js';
import type { StatsFilter } from './stats-filters.js';
import type { FunnelStep } from './funnel.js';
import { matchRuns } from './visit-run-match.js';
import { pagesMatching } from './goal-count.js';

/** What the walk reads of the steps, numbered as the table numbers pages and events. */
interface StepColumns {
  /** 1 where page p reaches step s: at s * pages + p (all 0 for an event step) */
  pages: Uint8Array;
  pageCount: number;
  /** the least scroll of each page step */
  scroll: Uint8Array;
  /** each step's event (-1: a page step; -2: an event this table never saw) */
  event: Int32Array;
  /** whether any step is an event the table holds */
  events: boolean;
}

function stepColumns(table: VisitTable, steps: readonly FunnelStep[]): StepColumns {
  const pageCount = table.names.pages.length;
  const pages = new Uint8Array(steps.length * pageCount), scroll = new Uint8Array(steps.length), event = new Int32Array(steps.length);
  steps.forEach(({ match }, s) => {
    if (match.event !== null) { const id = table.names.events.indexOf(match.event); event[s] = id < 0 ? -2 : id; return; }
    pages.set(pagesMatching(table, match.pattern!), s * pageCount);
    scroll[s] = match.minScroll; event[s] = -1;
  });
  return { pages, pageCount, scroll, event, events: table.evRun.length > 0 && event.some((id) => id >= 0) };
}

/** Visitors who reached each step (one number a step). */
export function countFunnel(table: VisitTable, filters: readonly StatsFilter[], steps: readonly FunnelStep[]): Float64Array {
  const out = new Float64Array(steps.length);
  const matched = filters.length === 0 ? null : matchRuns(table, filters);
  if (filters.length > 0 && (!matched || matched.count === 0)) return out;
  walk(table, runOrdinals(table), stepColumns(table, steps), matched ? matched.runs : null, matched ? matched.count : table.runFlags.length, out);
  return out;
}

// Per run, its events in order of place (reused: a run has few events, a table many runs).
let eventAt: Int32Array = new Int32Array(16), eventName: Int32Array = new Int32Array(16);

/** The walk over the kept runs (`runs[0..count)`, or runs 0..count when `runs` is null), into `out`. */
function walk(table: VisitTable, ordinals: RunOrdinals, steps: StepColumns, runs: Int32Array | null, count: number, out: Float64Array): void {
  const { runFlags, runStart, pvPage, pvScroll, evRun, evName, evPage } = table;
  const total = out.length, pageCount = steps.pageCount, stepPages = steps.pages, stepScroll = steps.scroll, stepEvent = steps.event;
  const stamps = new Float64Array(total).fill(-1);
  // The visit in progress: its first kept run (whose visitor it is) and the steps reached so far.
  let reached = 0, visitRun = -1, event = 0, previous = -1;
  for (let i = 0; i < count; i++) {
    const r = runs === null ? i : runs[i]!;
    // A new visit begins at a run flagged so, or after runs the filters left out that began one.
    let startsVisit = (runFlags[r]! & (NEW_VISITOR | VISIT_START)) !== 0;
    for (let skipped = previous + 1; !startsVisit && skipped < r; skipped++) if (runFlags[skipped]! & (NEW_VISITOR | VISIT_START)) startsVisit = true;
    previous = r;
    if (startsVisit) {
      if (reached > 0) {
        const visitor = visitorOf(ordinals, visitRun);
        for (let s = 0; s < reached; s++) if (stamps[s] !== visitor) { stamps[s] = visitor; out[s]!++; }
        reached = 0;
      }
      visitRun = r;
    }
    if (reached === total) continue;
    const first = runStart[r]!, end = runStart[r + 1]!;
    let events = 0;
    if (steps.events) {
      while (event < evRun.length && evRun[event]! < r) event++;
      for (let e = event; e < evRun.length && evRun[e] === r; e++) {
        let at = end;
        for (let k = first; k < end; k++) if (pvPage[k] === evPage[e]) { at = k; break; }
        if (events === eventAt.length) { eventAt = grow(eventAt); eventName = grow(eventName); }
        // Kept in order of place (insertion: a run has few events).
        let j = events++;
        while (j > 0 && eventAt[j - 1]! > at) { eventAt[j] = eventAt[j - 1]!; eventName[j] = eventName[j - 1]!; j--; }
        eventAt[j] = at; eventName[j] = evName[e]!;
      }
    }
    if (events === 0) {
      // The common case: page views alone, a tight loop.
      for (let k = first; k < end; k++) {
        if (stepPages[reached * pageCount + pvPage[k]!] === 1 && pvScroll[k]! >= stepScroll[reached]! && ++reached === total) break;
      }
      continue;
    }
    let next = 0;
    for (let k = first; k <= end && reached < total; k++) {
      if (k < end && stepPages[reached * pageCount + pvPage[k]!] === 1 && pvScroll[k]! >= stepScroll[reached]!) reached++;
      for (; next < events && eventAt[next] === k && reached < total; next++) if (stepEvent[reached] === eventName[next]) reached++;
    }
  }
  if (reached > 0) {
    const visitor = visitorOf(ordinals, visitRun);
    for (let s = 0; s < reached; s++) if (stamps[s] !== visitor) { stamps[s] = visitor; out[s]!++; }
  }
}

function grow(column: Int32Array): Int32Array {
  const bigger = new Int32Array(column.length * 2);
  bigger.set(column);
  return bigger;
}
