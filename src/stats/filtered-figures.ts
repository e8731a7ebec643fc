// Counts visit tables (visit-table.ts) into a rollup of the page views that match every filter, exactly as
// the day's rollup counts all of them: visitors daily-unique (per day, page, source, ... and in all), visits
// and bounces of visits with a matching page view, engagement of the matching page views. Also counts what
// rollups do not keep: entry and exit pages.
import { emptyRollup, mergeInto, put, own, OTHER, type Pair, type Rollup, type PairDimension } from './rollup.js';
import { RUN_FACETS, VISIT_START, VISIT_END, BOUNCE, type VisitTable, type RunFacet } from './visit-table.js';
import type { StatsFilter } from './stats-filters.js';
import { matchRuns, popcount, runOrdinals, type MatchedRuns } from './visit-run-match.js';
import { PageCounts } from './page-counts.js';

export interface FilteredFigures {
  rollup: Rollup;
  /** page -> [visitors, visits] that entered (left) the site there */
  entryPages: Record<string, Pair>;
  exitPages: Record<string, Pair>;
  /** the days whose visit tables were counted */
  covered: string[];
}

const ROLLUP_OF: Record<RunFacet, PairDimension> = {
  source: 'referrers', campaign: 'campaigns', country: 'countries', language: 'languages', device: 'devices', browser: 'browsers', os: 'os',
};

export function emptyFigures(from: string, to: string): FilteredFigures {
  return { rollup: emptyRollup(from, to), entryPages: {}, exitPages: {}, covered: [] };
}

/**
 * A table's pages never have came-from and went-on-to (only stats_post shows them, from daily rollups, and
 * ranges are merged without them): one empty record for all, frozen, instead of two per page and table.
 */
const NO_STEPS: Record<string, number> = Object.freeze({});

/** Counts per name id with daily-unique visitors (a stamp per id remembers the last visitor counted). */
class Tally {
  readonly visitors: Int32Array; readonly count: Int32Array; private readonly stamp: Int32Array;
  constructor(size: number) { this.visitors = new Int32Array(size); this.count = new Int32Array(size); this.stamp = new Int32Array(size).fill(-1); }
  add(id: number, visitor: number, by = 1): void {
    if (this.stamp[id] !== visitor) { this.stamp[id] = visitor; this.visitors[id]!++; }
    this.count[id]! += by;
  }
  into(record: Record<string, Pair>, names: readonly string[], skipFirst = false): void {
    for (let id = skipFirst ? 1 : 0; id < this.count.length; id++) {
      if (this.count[id] === 0) continue;
      const pair = own(record, names[id]!);
      if (pair) { pair[0] += this.visitors[id]!; pair[1] += this.count[id]!; } else put(record, names[id]!, [this.visitors[id]!, this.count[id]!]);
    }
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
    for (let k = first; k < end; k++) {
      const page = pvPage[k]!;
      if (wantPage >= 0 && page !== wantPage) continue;
      views++;
      if (countHours) hours.add(pvHour[k]!, visitor);
      const ms = pvEngaged[k]!;
      if (ms > 0) { engagedMs += ms; if (engagedVisitor !== visitor) { engagedVisitor = visitor; engagedVisitors++; } }
      if (pageCounts === null) continue;
      if (isAlone) pageCounts.addAlone(page, ms, pvScroll[k]!);
      else pageCounts.add(page, visitor, ms, pvScroll[k]!);
    }
    if (views === 0) continue;
    pageviews += views;
    if (countedVisitor !== visitor) { countedVisitor = visitor; visitors++; }
    const visit = isAlone ? visitor : visitsBefore[word]! + popcount(visitBits[word]! << shift);
    if (countedVisit !== visit) { countedVisit = visit; visits++; if (flags & BOUNCE) bounces++; }
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
 * Adds the matching page views of one table (a day's or a month's) into `into`. A filter naming something
 * the table never saw matches nothing, so such a table is skipped whole. Only the matching runs are visited
 * (visit-run-match.ts); what belongs to a run (its day, source, country, ...) is added once per run with the
 * run's matching page views, and only page, hour and engagement are counted page view by page view.
 */
export function countVisitTable(into: FilteredFigures, table: VisitTable, filters: readonly StatsFilter[], parts?: FigureParts): void {
  const names = table.names;
  into.covered.push(...names.days);
  const matched = matchRuns(table, filters);
  if (!matched) return;
  const want = (part: 'pages' | 'entries' | 'hours' | 'events' | RunFacet) => !parts || parts.has(part);
  const facets = RUN_FACETS.filter(want).map((facet) => ({ facet, column: table.runFacets[facet], tally: new Tally(names[facet].length) }));
  const countEntries = want('entries'), pages = names.pages.length;
  const c = new RunCount(
    table, matched, facets.map((f) => f.column), facets.map((f) => f.tally), want('pages') ? PageCounts.for(pages) : null,
    want('hours'), countEntries, want('events'), new Tally(countEntries ? pages : 0), new Tally(countEntries ? pages : 0),
  );
  for (let from = 0; from < matched.count; from += CHUNK) countRuns(c, from, Math.min(matched.count, from + CHUNK));
  c.pageCounts?.close();
  const { visitors, pageviews, visits, bounces, engagedMs, engagedVisitors, hours, events, days, entries, exits, pageCounts } = c;
  if (pageviews === 0 && events.count.every((n) => n === 0)) return;
  const r = into.rollup;
  r.visitors += visitors; r.pageviews += pageviews; r.visits += visits; r.bounces += bounces;
  r.engaged_ms += engagedMs; r.engaged_visitors += engagedVisitors;
  for (let h = 0; h < 24; h++) { r.hours[h]![0] += hours.visitors[h]!; r.hours[h]![1] += hours.count[h]!; }
  days.into(r.days, names.days);
  for (const { facet, tally } of facets) tally.into(r[ROLLUP_OF[facet]], names[facet], facet === 'campaign');
  events.into(r.events, names.events);
  entries.into(into.entryPages, names.pages);
  exits.into(into.exitPages, names.pages);
  if (!pageCounts) return;
  for (let page = 0; page < pages; page++) {
    if (pageCounts.views(page) === 0) continue;
    const path = names.pages[page]!, counted = pageCounts.figures(page);
    let total = own(r.pages, path);
    if (!total) put(r.pages, path, (total = { v: 0, pv: 0, em: 0, ev: 0, ss: 0, sn: 0, rd: 0, from: NO_STEPS, to: NO_STEPS }));
    total.v += counted.v; total.pv += counted.pv;
    total.em += counted.em; total.ev += counted.ev; total.ss += counted.ss; total.sn += counted.sn; total.rd += counted.rd;
  }
}

/** Adds `part` into `into` (a month counted once and kept, see filtered-range.ts). */
export function mergeFigures(into: FilteredFigures, part: FilteredFigures): void {
  mergeInto(into.rollup, part.rollup, false);
  into.covered.push(...part.covered);
  for (const [target, source] of [[into.entryPages, part.entryPages], [into.exitPages, part.exitPages]] as const) {
    for (const key of Object.keys(source)) {
      const pair = source[key]!;
      const have = own(target, key);
      if (have) { have[0] += pair[0]; have[1] += pair[1]; } else put(target, key, [pair[0], pair[1]]);
    }
  }
}

/** The names kept as "(other)" by a day's table cannot be filtered on: they are many names in one. */
export function isFilterable(filter: StatsFilter): boolean {
  return filter.value !== OTHER;
}
