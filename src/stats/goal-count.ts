// Counts goals (goals.ts) in one visit table: for each goal the visitors who converted (daily-unique, as
// every visitor figure) and the conversions (matching page views, or events). Runs are those the filters
// keep (visit-run-match.ts); a visitor's runs are neighbours, so a stamp per goal tells a new visitor.
import { popcount, runOrdinals, type VisitTable } from './store/stats-store.js';
import type { StatsFilter } from './stats-filters.js';
import type { CompiledGoal } from './goals.js';
import type { PathPattern } from './path-pattern.js';
import { matchRuns } from './visit-run-match.js';

/** Per table and pattern: which of the table's pages match (worked out once per page name, not per view). */
const pageMatches = new WeakMap<VisitTable, Map<string, Uint8Array>>();

export function pagesMatching(table: VisitTable, pattern: PathPattern): Uint8Array {
  let byPattern = pageMatches.get(table);
  if (!byPattern) pageMatches.set(table, (byPattern = new Map()));
  let matches = byPattern.get(pattern.text);
  if (!matches) {
    const pages = table.names.pages;
    matches = new Uint8Array(pages.length);
    for (let i = 0; i < pages.length; i++) matches[i] = pattern.matches(pages[i]!) ? 1 : 0;
    if (byPattern.size > 200) byPattern.clear();
    byPattern.set(pattern.text, matches);
  }
  return matches;
}

/** The number of run r's visitor in its table (visit-run-match.ts: a run alone gets one of its own). */
export function visitorOfRun(table: VisitTable, r: number): number {
  const { visitors: { bits, before }, alone } = runOrdinals(table);
  const word = r >> 5, shift = 31 - (r & 31);
  return (alone[word]! << shift) < 0 ? -2 - r : before[word]! + popcount(bits[word]! << shift);
}

/** Two numbers a goal: visitors who converted, conversions. */
export function countGoals(table: VisitTable, filters: readonly StatsFilter[], goals: readonly CompiledGoal[]): Float64Array {
  const out = new Float64Array(goals.length * 2);
  const matched = matchRuns(table, filters);
  if (!matched || matched.count === 0) return out;
  const { runStart, pvPage, pvScroll, evRun, evName } = table;
  const pageGoals: { at: number; pages: Uint8Array; minScroll: number }[] = [];
  const eventGoals: { at: number; name: number }[] = [];
  goals.forEach((goal, g) => {
    if (goal.event !== null) {
      const name = table.names.events.indexOf(goal.event);
      if (name >= 0) eventGoals.push({ at: g, name });
    } else if (goal.pattern) pageGoals.push({ at: g, pages: pagesMatching(table, goal.pattern), minScroll: goal.minScroll });
  });
  if (pageGoals.length === 0 && eventGoals.length === 0) return out;
  const stamps = new Float64Array(goals.length).fill(NaN);
  const runs = matched.runs;
  // Matched runs come in order, as events do: one pointer walks the events alongside.
  let e = 0;
  for (let i = 0; i < matched.count; i++) {
    const r = runs[i]!;
    let visitor = NaN;
    for (const goal of pageGoals) {
      let conversions = 0;
      for (let k = runStart[r]!, end = runStart[r + 1]!; k < end; k++) if (goal.pages[pvPage[k]!] === 1 && pvScroll[k]! >= goal.minScroll) conversions++;
      if (conversions === 0) continue;
      if (Number.isNaN(visitor)) visitor = visitorOfRun(table, r);
      out[2 * goal.at + 1]! += conversions;
      if (stamps[goal.at] !== visitor) { stamps[goal.at] = visitor; out[2 * goal.at]!++; }
    }
    if (eventGoals.length === 0) continue;
    while (e < evRun.length && evRun[e]! < r) e++;
    if (e >= evRun.length || evRun[e] !== r) continue;
    const first = e;
    for (const goal of eventGoals) {
      let conversions = 0;
      for (let e = first; e < evRun.length && evRun[e] === r; e++) if (evName[e] === goal.name) conversions++;
      if (conversions === 0) continue;
      if (Number.isNaN(visitor)) visitor = visitorOfRun(table, r);
      out[2 * goal.at + 1]! += conversions;
      if (stamps[goal.at] !== visitor) { stamps[goal.at] = visitor; out[2 * goal.at]!++; }
    }
  }
  return out;
}
