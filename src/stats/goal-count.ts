// Counts goals (goals.ts) in one visit table: for each goal the visitors who converted (daily-unique, as
// every visitor figure) and the conversions (matching page views, or events). Runs are those the filters
// keep (visit-run-match.ts); a visitor's runs are neighbours, so remembering the last visitor counted tells
// a new one. Each goal is one pass over typed columns, never an object per run or event: with nothing
// filtered, page goals one flat pass over the page views and event goals over the events (no list of runs is
// made, and no branch per view); filtered, over the kept runs. A run's visitor is worked out only for a run
// that converts (store/run-ordinals.ts).
import { pageViewVisitorStarts, runOrdinals, visitorOf, type RunOrdinals, type VisitTable } from './store/stats-store.js';
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

/** Two numbers a goal: visitors who converted, conversions. */
export function countGoals(table: VisitTable, filters: readonly StatsFilter[], goals: readonly CompiledGoal[]): Float64Array {
  const out = new Float64Array(goals.length * 2);
  // No filter keeps every run: the passes go over the whole columns (runs = null).
  const matched = filters.length === 0 ? null : matchRuns(table, filters);
  if (filters.length > 0 && (!matched || matched.count === 0)) return out;
  const runs = matched ? matched.runs : null;
  const count = matched ? matched.count : table.runFlags.length;
  const ordinals = runOrdinals(table);
  for (let g = 0; g < goals.length; g++) {
    const goal = goals[g]!;
    if (goal.event !== null) {
      const name = table.names.events.indexOf(goal.event);
      if (name < 0) continue;
      if (runs) eventGoalInRuns(table, ordinals, name, runs, count, out, 2 * g);
      else eventGoal(table, ordinals, name, out, 2 * g);
    } else if (goal.pattern) {
      const pages = pagesMatching(table, goal.pattern);
      if (!pages.includes(1)) continue;
      if (runs) pageGoalInRuns(table, ordinals, pages, goal.minScroll, runs, count, out, 2 * g);
      else pageGoal(table, pageViewVisitorStarts(table), pages, goal.minScroll, out, 2 * g);
    }
  }
  return out;
}

/**
 * A page goal with nothing filtered: one flat pass over the page views without a branch per view. A loop per
 * run costs several times more (runs are one to a few views long, and the processor cannot guess where each
 * ends), and so does a branch on a matching view; here each view's visitor number is counted along from the
 * table's visitor starts (a bit a view), and a view adds a visitor when it matches and its number differs
 * from the last matching view's (numbers only grow). Into out[at], out[at + 1].
 */
function pageGoal(table: VisitTable, starts: Int32Array, pages: Uint8Array, minScroll: number, out: Float64Array, at: number): void {
  const { pvPage, pvScroll } = table;
  let visitors = 0, conversions = 0, visitor = 0, last = -1;
  for (let k = 0; k < pvPage.length; k++) {
    visitor += (starts[k >> 5]! >>> (k & 31)) & 1;
    // (minScroll - 1 - scroll) >>> 31 is 1 when scroll >= minScroll; (d | -d) >>> 31 is 1 when d is not 0.
    const hit = pages[pvPage[k]!]! & ((minScroll - 1 - pvScroll[k]!) >>> 31);
    const other = visitor ^ last;
    conversions += hit;
    visitors += hit & ((other | -other) >>> 31);
    // last = hit ? visitor : last, without a branch (-hit is all ones or zero)
    last += (visitor - last) & -hit;
  }
  out[at] = visitors; out[at + 1] = conversions;
}

/** A page goal over the kept runs (`runs[0..count)`): the views of a matching page, and their runs' visitors. */
function pageGoalInRuns(table: VisitTable, ordinals: RunOrdinals, pages: Uint8Array, minScroll: number, runs: Int32Array, count: number, out: Float64Array, at: number): void {
  const { runStart, pvPage, pvScroll } = table;
  let visitors = 0, conversions = 0, last = -1;
  for (let i = 0; i < count; i++) {
    const r = runs[i]!;
    let hits = 0;
    for (let k = runStart[r]!, end = runStart[r + 1]!; k < end; k++) hits += pages[pvPage[k]!]! & (pvScroll[k]! >= minScroll ? 1 : 0);
    if (hits === 0) continue;
    conversions += hits;
    const visitor = visitorOf(ordinals, r);
    if (visitor !== last) { last = visitor; visitors++; }
  }
  out[at] = visitors; out[at + 1] = conversions;
}

/** An event goal with nothing filtered: one pass over the events (in run order, so a visitor's are neighbours). */
function eventGoal(table: VisitTable, ordinals: RunOrdinals, name: number, out: Float64Array, at: number): void {
  const { evRun, evName } = table;
  let visitors = 0, conversions = 0, last = -1;
  for (let e = 0; e < evName.length; e++) {
    if (evName[e] !== name) continue;
    conversions++;
    const visitor = visitorOf(ordinals, evRun[e]!);
    if (visitor !== last) { last = visitor; visitors++; }
  }
  out[at] = visitors; out[at + 1] = conversions;
}

/** An event goal over the kept runs: the events walked alongside the runs (both in run order). */
function eventGoalInRuns(table: VisitTable, ordinals: RunOrdinals, name: number, runs: Int32Array, count: number, out: Float64Array, at: number): void {
  const { evRun, evName } = table;
  const events = evRun.length;
  let visitors = 0, conversions = 0, last = -1, e = 0;
  for (let i = 0; i < count && e < events; i++) {
    const r = runs[i]!;
    while (e < events && evRun[e]! < r) e++;
    let hits = 0;
    for (; e < events && evRun[e] === r; e++) if (evName[e] === name) hits++;
    if (hits === 0) continue;
    conversions += hits;
    const visitor = visitorOf(ordinals, r);
    if (visitor !== last) { last = visitor; visitors++; }
  }
  out[at] = visitors; out[at + 1] = conversions;
}
