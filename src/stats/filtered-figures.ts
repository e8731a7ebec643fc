// Counts visit tables (visit-table.ts) into a rollup of the page views that match every filter, exactly as
// the day's rollup counts all of them: visitors daily-unique (per day, page, source, ... and in all), visits
// and bounces of visits with a matching page view, engagement of the matching page views. Also counts what
// rollups do not keep: entry and exit pages.
import { RUN_FACETS, VISIT_START, VISIT_END, BOUNCE, popcount, runOrdinals, type VisitTable, type RunFacet } from './store/stats-store.js';
import type { CountedNames, TableCount } from './table-count.js';
import type { StatsFilter } from './stats-filters.js';
import { matchRuns, type MatchedRuns } from './visit-run-match.js';
import { PageCounts } from './page-counts.js';

/** Counts per name id with daily-unique visitors (a stamp per id remembers the last visitor counted). */
class Tally {
  readonly visitors: Int32Array; readonly count: Int32Array; private readonly stamp: Int32Array;
  constructor(size: number) { this.visitors = new Int32Array(size); this.count = new Int32Array(size); this.stamp = new Int32Array(size).fill(-1); }
  add(id: number, visitor: number, by = 1): void {
    if (this.stamp[id] !== visitor) { this.stamp[id] = visitor; this.visitors[id]!++; }
    this.count[id]! += by;
  }
  /** The names counted, as table-count.ts lists them (campaign 0 is "none" and is left out). */
  counted(skipFirst = false): CountedNames {
    let seen = 0;
    for (let id = skipFirst ? 1 : 0; id < this.count.length; id++) if (this.count[id] !== 0) seen++;
    const out = new Int32Array(seen * 3);
    let at = 0;
    for (let id = skipFirst ? 1 : 0; id < this.count.length; id++) {
      if (this.count[id] === 0) continue;
      out[at++] = id; out[at++] = this.visitors[id]!; out[at++] = this.count[id]!;
    }
    return out;
  }
}

/** What to count beyond the totals and days (all when omitted): leaving out what is not asked saves time. */
export type FigureParts = ReadonlySet<'pages' | 'entries' | 'hours' | 'events' | RunFacet>;

/**
 * One table's count: what it reads, the tallies it adds to and the totals it comes to, counted a chunk of
 * runs a call (countRuns). Node optimises a loop that runs long in the middle of a call and reuses that code
 * in later calls; code after the loop, or a branch, that had not yet run when it did had nothing to be
 * optimised by, so each table left the optimised code there and went on unoptimised (dozens of
 * deoptimisations a question, more for a new kind of filter). Called often on short chunks, the function is
 * optimised whole, and again when a new kind of question takes a new branch.
 */
class RunCount {
  visitors = 0; pageviews = 0; visits = 0; bounces = 0; engagedMs = 0; engagedVisitors = 0;
  /** where the count stands between chunks: the last visitor and visit counted, the next event */
  countedVisitor = -1; countedVisit = -1; engagedVisitor = -1; event = 0;
  readonly hours = new Tally(24); readonly events: Tally; readonly days: Tally;
  constructor(
    readonly table: VisitTable, readonly matched: MatchedRuns, readonly facetColumns: Uint16Array[], readonly facetTallies: Tally[],
    readonly pageCounts: PageCounts | null, readonly countHours: boolean, readonly countEntries: boolean, readonly countEvents: boolean,
    readonly entries: Tally, readonly exits: Tally,
  ) {
    this.events = new Tally(table.names.events.length); this.days = new Tally(table.names.days.length);
  }
}

/** Matched runs counted a call (see RunCount). */
const CHUNK = 2048;

/** Counts matched runs `from` up to `to` of `c` into its tallies and totals (a visitor's runs may span chunks). */
function countRuns(c: RunCount, from: number, to: number): void {
  const { runFlags, runDay, runStart, pvPage, pvHour, pvEngaged, pvScroll, evRun, evName, evPage } = c.table;
  const { hours, events, days, entries, exits, pageCounts, facetColumns, facetTallies, countHours, countEntries } = c;
  const facetCount = facetColumns.length;
  const { runs: matchedRuns, page: wantPage } = c.matched;
  const { visitors: { bits: visitorBits, before: visitorsBefore }, visits: { bits: visitBits, before: visitsBefore }, alone } = runOrdinals(c.table);
  let { countedVisitor, countedVisit, engagedVisitor, visitors, pageviews, visits, bounces, engagedMs, engagedVisitors, event } = c;
  const eventCount = c.countEvents ? evRun.length : 0;
  for (let i = from; i < to; i++) {
    const r = matchedRuns[i]!, flags = runFlags[r]!, word = r >> 5, shift = 31 - (r & 31);
    // A run alone (visit-run-match.ts) is its visitor's and visit's only run: its number (below any
    // ordinal, and never the -1 of "nobody yet") tells them apart as well as an ordinal would.
    const isAlone = (alone[word]! << shift) < 0;
    const visitor = isAlone ? -2 - r : visitorsBefore[word]! + popcount(visitorBits[word]! << shift);
    if (event < eventCount) {
      while (event < eventCount && evRun[event]! < r) event++;
      for (; event < eventCount && evRun[event] === r; event++) if (wantPage < 0 || evPage[event] === wantPage) events.add(evName[event]!, visitor);
    }
    const first = runStart[r]!, end = runStart[r + 1]!;
    let views = 0;
    if (isAlone) {
      // Its visitor is engaged when any view is: figures added without a branch on the data (a branch
      // taken at random, as engagement is, costs more than the additions of zero it saves).
      let engaged = 0;
      for (let k = first; k < end; k++) {
        const page = pvPage[k]!;
        if (wantPage >= 0 && page !== wantPage) continue;
        views++;
        if (countHours) hours.add(pvHour[k]!, visitor);
        const ms = pvEngaged[k]!;
        engagedMs += ms; engaged |= ms;
        if (pageCounts !== null) pageCounts.addAlone(page, ms, pvScroll[k]!);
      }
      if (views === 0) continue;
      engagedVisitors += +(engaged !== 0);
      visitors++; visits++; bounces += +((flags & BOUNCE) !== 0);
    } else {
      for (let k = first; k < end; k++) {
        const page = pvPage[k]!;
        if (wantPage >= 0 && page !== wantPage) continue;
        views++;
        if (countHours) hours.add(pvHour[k]!, visitor);
        const ms = pvEngaged[k]!;
        if (ms > 0) { engagedMs += ms; if (engagedVisitor !== visitor) { engagedVisitor = visitor; engagedVisitors++; } }
        if (pageCounts !== null) pageCounts.add(page, visitor, ms, pvScroll[k]!);
      }
      if (views === 0) continue;
      if (countedVisitor !== visitor) { countedVisitor = visitor; visitors++; }
      const visit = visitsBefore[word]! + popcount(visitBits[word]! << shift);
      if (countedVisit !== visit) { countedVisit = visit; visits++; if (flags & BOUNCE) bounces++; }
    }
    pageviews += views;
    days.add(runDay[r]!, visitor, views);
    for (let f = 0; f < facetCount; f++) facetTallies[f]!.add(facetColumns[f]![r]!, visitor, views);
    if (countEntries) {
      if (flags & VISIT_START && (wantPage < 0 || pvPage[first] === wantPage)) entries.add(pvPage[first]!, visitor);
      if (flags & VISIT_END && (wantPage < 0 || pvPage[end - 1] === wantPage)) exits.add(pvPage[end - 1]!, visitor);
    }
  }
  c.visitors = visitors; c.pageviews = pageviews; c.visits = visits; c.bounces = bounces; c.engagedMs = engagedMs; c.engagedVisitors = engagedVisitors;
  c.countedVisitor = countedVisitor; c.countedVisit = countedVisit; c.engagedVisitor = engagedVisitor; c.event = event;
}

/**
 * Counts the page views of one table (a day's or a month's) that match every filter; null when none does.
 * A filter naming something the table never saw matches nothing, so such a table is skipped whole. Only the
 * matching runs are visited (visit-run-match.ts); what belongs to a run (its day, source, country, ...) is
 * added once per run with the run's matching page views, and only page, hour and engagement are counted page
 * view by page view.
 */
export function countTable(table: VisitTable, filters: readonly StatsFilter[], parts?: FigureParts): TableCount | null {
  const names = table.names;
  const matched = matchRuns(table, filters);
  if (!matched) return null;
  const want = (part: 'pages' | 'entries' | 'hours' | 'events' | RunFacet) => !parts || parts.has(part);
  const facets = RUN_FACETS.map((facet) => (want(facet) ? new Tally(names[facet].length) : null));
  const asked = RUN_FACETS.filter((facet, f) => facets[f] !== null);
  const countEntries = want('entries'), pages = names.pages.length;
  const c = new RunCount(
    table, matched, asked.map((facet) => table.runFacets[facet]), facets.filter((tally): tally is Tally => tally !== null),
    want('pages') ? PageCounts.for(pages) : null, want('hours'), countEntries, want('events'), new Tally(countEntries ? pages : 0), new Tally(countEntries ? pages : 0),
  );
  for (let from = 0; from < matched.count; from += CHUNK) countRuns(c, from, Math.min(matched.count, from + CHUNK));
  c.pageCounts?.close();
  const { hours, events, pageCounts } = c;
  if (c.pageviews === 0 && events.count.every((n) => n === 0)) return null;
  const hourPairs = new Float64Array(48);
  for (let h = 0; h < 24; h++) { hourPairs[2 * h] = hours.visitors[h]!; hourPairs[2 * h + 1] = hours.count[h]!; }
  const pageList = pageCounts?.collect(pages);
  return {
    totals: Float64Array.of(c.visitors, c.pageviews, c.visits, c.bounces, c.engagedMs, c.engagedVisitors), hours: hourPairs,
    days: c.days.counted(), events: events.counted(), entries: c.entries.counted(), exits: c.exits.counted(),
    facets: facets.map((tally, f) => tally?.counted(RUN_FACETS[f] === 'campaign') ?? null),
    pageIds: pageList?.ids ?? new Int32Array(0), pageFigures: pageList?.figures ?? new Float64Array(0),
  };
}
