// Counts visit tables (visit-table.ts) into a rollup of the page views that match every filter, exactly as
// the day's rollup counts all of them: visitors daily-unique (per day, page, source, ... and in all), visits
// and bounces of visits with a matching page view, engagement of the matching page views. Also counts what
// rollups do not keep: entry and exit pages.
import { emptyRollup, emptyPage, mergeInto, put, own, OTHER, type Pair, type Rollup, type PairDimension } from './rollup.js';
import { RUN_FACETS, NEW_VISITOR, VISIT_START, VISIT_END, BOUNCE, type VisitTable, type RunFacet } from './visit-table.js';
import { isRunFacet, type StatsFilter } from './stats-filters.js';
import { READ_MIN_MS, READ_MIN_SCROLL } from './engagement-table.js';

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
 * Adds the matching page views of one table (a day's or a month's) into `into`. A filter naming something
 * the table never saw matches nothing, so such a table is skipped whole.
 */
export function countVisitTable(into: FilteredFigures, table: VisitTable, filters: readonly StatsFilter[], parts?: FigureParts): void {
  const runs = table.runFlags.length;
  const names = table.names;
  into.covered.push(...names.days);
  // Which runs match the run-level filters: one tight pass per filter.
  let match: Uint8Array | null = null;
  let wantPage = -1;
  for (const filter of filters) {
    if (!isRunFacet(filter.dimension)) {
      wantPage = names.pages.indexOf(filter.value);
      if (wantPage < 0) return;
      continue;
    }
    const id = names[filter.dimension].indexOf(filter.value);
    if (id < 0) return;
    const column = table.runFacets[filter.dimension];
    if (!match) { match = new Uint8Array(runs); for (let r = 0; r < runs; r++) match[r] = column[r] === id ? 1 : 0; }
    else for (let r = 0; r < runs; r++) if (column[r] !== id) match[r] = 0;
  }
  const want = (part: 'pages' | 'entries' | 'hours' | 'events' | RunFacet) => !parts || parts.has(part);
  const { runFlags, runDay, runStart, pvPage, pvHour, pvEngaged, pvScroll, evRun, evName, evPage } = table;
  const facets = RUN_FACETS.filter(want).map((facet) => ({ facet, column: table.runFacets[facet], tally: new Tally(names[facet].length) }));
  const facetColumns = facets.map((f) => f.column), facetTallies = facets.map((f) => f.tally), facetCount = facets.length;
  const countPages = want('pages'), countEntries = want('entries'), countHours = want('hours'), countEvents = want('events');
  const pages = names.pages.length;
  const pageTally = new Tally(countPages ? pages : 0), entries = new Tally(countEntries ? pages : 0), exits = new Tally(countEntries ? pages : 0);
  const hours = new Tally(24), events = new Tally(names.events.length), days = new Tally(names.days.length);
  // Engagement per page: added up per visitor and page first (reading is "at least 30 s and 75 % in all").
  const em = new Float64Array(pages), ev = new Int32Array(pages), ss = new Float64Array(pages), sn = new Int32Array(pages), rd = new Int32Array(pages);
  const visitorMs = new Float64Array(pages), visitorScroll = new Uint8Array(pages), visitorSeen = new Uint8Array(pages);
  const touched: number[] = [];
  let visitor = -1, visit = -1, countedVisitor = -1, countedVisit = -1;
  let visitors = 0, pageviews = 0, visits = 0, bounces = 0, engagedMs = 0, engagedVisitors = 0, engagedVisitor = false;
  const closeVisitor = () => {
    for (const page of touched) {
      const ms = visitorMs[page]!, scroll = visitorScroll[page]!;
      if (ms > 0) ev[page]!++;
      sn[page]!++; ss[page]! += scroll;
      if (ms >= READ_MIN_MS && scroll >= READ_MIN_SCROLL) rd[page]!++;
      visitorMs[page] = 0; visitorScroll[page] = 0; visitorSeen[page] = 0;
    }
    touched.length = 0;
    if (engagedVisitor) engagedVisitors++;
    engagedVisitor = false;
  };
  let event = 0;
  const eventCount = evRun.length;
  for (let r = 0; r < runs; r++) {
    const flags = runFlags[r]!;
    if (flags & NEW_VISITOR) { if (touched.length > 0 || engagedVisitor) closeVisitor(); visitor++; }
    if (flags & VISIT_START) visit++;
    if (match !== null && match[r] === 0) continue;
    if (countEvents && event < eventCount) {
      while (event < eventCount && evRun[event]! < r) event++;
      for (; event < eventCount && evRun[event] === r; event++) if (wantPage < 0 || evPage[event] === wantPage) events.add(evName[event]!, visitor);
    }
    const first = runStart[r]!, end = runStart[r + 1]!;
    for (let k = first; k < end; k++) {
      const page = pvPage[k]!;
      if (wantPage >= 0 && page !== wantPage) continue;
      pageviews++;
      if (countedVisitor !== visitor) { countedVisitor = visitor; visitors++; }
      if (countedVisit !== visit) { countedVisit = visit; visits++; if (flags & BOUNCE) bounces++; }
      days.add(runDay[r]!, visitor);
      if (countHours) hours.add(pvHour[k]!, visitor);
      for (let f = 0; f < facetCount; f++) facetTallies[f]!.add(facetColumns[f]![r]!, visitor);
      if (countPages) pageTally.add(page, visitor);
      if (countEntries) {
        if (k === first && flags & VISIT_START) entries.add(page, visitor);
        if (k === end - 1 && flags & VISIT_END) exits.add(page, visitor);
      }
      const ms = pvEngaged[k]!, scroll = pvScroll[k]!;
      if (ms > 0 || scroll > 0) {
        if (!visitorSeen[page]) { visitorSeen[page] = 1; touched.push(page); }
        visitorMs[page]! += ms;
        if (scroll > visitorScroll[page]!) visitorScroll[page] = scroll;
        em[page]! += ms; engagedMs += ms;
        if (ms > 0) engagedVisitor = true;
      }
    }
  }
  closeVisitor();
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
  for (let page = 0; page < pages; page++) {
    const views = countPages ? pageTally.count[page]! : 0;
    if (views === 0 && em[page] === 0 && sn[page] === 0) continue;
    const path = names.pages[page]!;
    let total = own(r.pages, path);
    if (!total) put(r.pages, path, (total = emptyPage()));
    if (countPages) { total.v += pageTally.visitors[page]!; total.pv += views; }
    total.em += em[page]!; total.ev += ev[page]!; total.ss += ss[page]!; total.sn += sn[page]!; total.rd += rd[page]!;
  }
}

/** Adds `part` into `into` (a month counted once and kept, see StatsService.filtered). */
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
