// Counts a funnel (funnel.ts) in one visit table: in each visit, the steps reached in order (a greedy walk:
// the earliest place that reaches a step is never worse than a later one), then per step the visitors who
// reached it (daily-unique, as every visitor figure). Only the runs the filters keep take part. An event is
// placed right after the first view of the page it was sent from in its run: the table keeps no finer order.
import { NEW_VISITOR, VISIT_START, popcount, runOrdinals, type VisitTable } from './store/stats-store.js';
import type { StatsFilter } from './stats-filters.js';
import type { FunnelStep } from './funnel.js';
import { matchRuns } from './visit-run-match.js';
import { pagesMatching } from './goal-count.js';

const NO_PAGES = new Uint8Array(0);

/** Visitors who reached each step (one number a step). */
export function countFunnel(table: VisitTable, filters: readonly StatsFilter[], steps: readonly FunnelStep[]): Float64Array {
  const out = new Float64Array(steps.length);
  const matched = matchRuns(table, filters);
  if (!matched || matched.count === 0) return out;
  const total = steps.length;
  // Per step: the pages that reach it (empty for an event step), the least scroll, the event (-1: a page
  // step; -2: an event this table never saw).
  const stepPages: Uint8Array[] = [], stepScroll = new Uint8Array(total), stepEvent = new Int32Array(total);
  steps.forEach(({ match }, s) => {
    if (match.event !== null) { stepPages.push(NO_PAGES); const id = table.names.events.indexOf(match.event); stepEvent[s] = id < 0 ? -2 : id; }
    else { stepPages.push(pagesMatching(table, match.pattern!)); stepScroll[s] = match.minScroll; stepEvent[s] = -1; }
  });
  const { runFlags, runStart, pvPage, pvScroll, evRun, evName, evPage } = table;
  const hasEvents = evRun.length > 0 && stepEvent.some((id) => id >= 0);
  const stamps = new Float64Array(total).fill(NaN);
  const runs = matched.runs, count = matched.count;
  // The visit in progress: its first kept run (whose visitor it is) and the steps reached so far.
  let reached = 0, visitRun = -1, event = 0;
  const { visitors: { bits, before }, alone } = runOrdinals(table);
  const finish = () => {
    // The visit's visitor, as visit-run-match.ts numbers them (inline: this runs once a visit).
    const word = visitRun >> 5, shift = 31 - (visitRun & 31);
    const visitor = (alone[word]! << shift) < 0 ? -2 - visitRun : before[word]! + popcount(bits[word]! << shift);
    for (let s = 0; s < reached; s++) if (stamps[s] !== visitor) { stamps[s] = visitor; out[s]!++; }
    reached = 0;
  };
  const eventAt: number[] = [], eventName: number[] = [];
  let previous = -1;
  for (let i = 0; i < count; i++) {
    const r = runs[i]!;
    // A new visit begins at a run flagged so, or after runs the filters left out that began one.
    let startsVisit = (runFlags[r]! & (NEW_VISITOR | VISIT_START)) !== 0;
    for (let skipped = previous + 1; !startsVisit && skipped < r; skipped++) if (runFlags[skipped]! & (NEW_VISITOR | VISIT_START)) startsVisit = true;
    previous = r;
    if (startsVisit) { if (reached > 0) finish(); visitRun = r; }
    if (reached === total) continue;
    const first = runStart[r]!, end = runStart[r + 1]!;
    let events = 0;
    if (hasEvents) {
      while (event < evRun.length && evRun[event]! < r) event++;
      for (let e = event; e < evRun.length && evRun[e] === r; e++) {
        let at = end;
        for (let k = first; k < end; k++) if (pvPage[k] === evPage[e]) { at = k; break; }
        // Kept in order of place (insertion: a run has few events).
        let j = events++;
        while (j > 0 && eventAt[j - 1]! > at) { eventAt[j] = eventAt[j - 1]!; eventName[j] = eventName[j - 1]!; j--; }
        eventAt[j] = at; eventName[j] = evName[e]!;
      }
    }
    if (events === 0) {
      // The common case: page views alone, a tight loop.
      for (let k = first; k < end; k++) {
        if (stepPages[reached]![pvPage[k]!] === 1 && pvScroll[k]! >= stepScroll[reached]! && ++reached === total) break;
      }
      continue;
    }
    let next = 0;
    for (let k = first; k <= end && reached < total; k++) {
      if (k < end && stepPages[reached]![pvPage[k]!] === 1 && pvScroll[k]! >= stepScroll[reached]!) reached++;
      for (; next < events && eventAt[next] === k && reached < total; next++) if (stepEvent[reached] === eventName[next]) reached++;
    }
  }
  if (reached > 0) finish();
  return out;
}
