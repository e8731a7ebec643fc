// Counts visit tables (visit-table.ts) into a rollup of the page views that match every filter, exactly as
// the day's rollup counts all of them: visitors daily-unique (per day, page, source, ... and in all), visits
// and bounces of visits with a matching page view, engagement of the matching page views. Also counts what
// rollups do not keep: entry and exit pages.
import { emptyRollup, emptyPage, put, own, OTHER, type Pair, type Rollup, type PairDimension } from './rollup.js';
import { RUN_FACETS, NEW_VISITOR, VISIT_START, VISIT_END, BOUNCE, type VisitTable, type RunFacet } from './visit-table.js';
import { isRunFacet, type StatsFilter } from './stats-filters.js';
import { READ_MIN_MS, READ_MIN_SCROLL } from './engagement-table.js';

export interface FilteredFigures {
  rollup: Rollup;
  /** page -> [visitors, visits] that entered (left) the site there */
  entryPages: Record<string, Pair>;
  exitPages: Record<string, Pair>;
}

const ROLLUP_OF: Record<RunFacet, PairDimension> = {
  source: 'referrers', campaign: 'campaigns', country: 'countries', language: 'languages', device: 'devices', browser: 'browsers', os: 'os',
};

export function emptyFigures(from: string, to: string): FilteredFigures {
  return { rollup: emptyRollup(from, to), entryPages: {}, exitPages: {} };
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

/**
 * Adds the matching page views of one day's table into `into`. A filter naming something the day never saw
 * matches nothing, so such a day is skipped whole.
 */
export function countVisitTable(into: FilteredFigures, table: VisitTable, filters: readonly StatsFilter[]): void {
  const want: [RunFacet, number][] = [];
  let wantPage = -1;
  for (const filter of filters) {
    const id = isRunFacet(filter.dimension) ? table.names[filter.dimension].indexOf(filter.value) : table.names.pages.indexOf(filter.value);
    if (id < 0) return;
    if (isRunFacet(filter.dimension)) want.push([filter.dimension, id]); else wantPage = id;
  }
  const wantColumns = want.map(([facet, id]) => [table.runFacets[facet], id] as const);
  const { runFlags, runStart, pvPage, pvHour, pvEngaged, pvScroll, evRun, evName, evPage } = table;
  const names = table.names;
  const facets = RUN_FACETS.map((facet) => ({ facet, column: table.runFacets[facet], tally: new Tally(names[facet].length) }));
  const pages = names.pages.length;
  const pageTally = new Tally(pages), entries = new Tally(pages), exits = new Tally(pages), hours = new Tally(24), events = new Tally(names.events.length);
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
  const runs = runFlags.length;
  for (let r = 0; r < runs; r++) {
    const flags = runFlags[r]!;
    if (flags & NEW_VISITOR) { closeVisitor(); visitor++; }
    if (flags & VISIT_START) visit++;
    let matches = true;
    for (const [column, id] of wantColumns) if (column[r] !== id) { matches = false; break; }
    while (event < evRun.length && evRun[event]! < r) event++;
    if (!matches) continue;
    for (; event < evRun.length && evRun[event] === r; event++) {
      if (wantPage < 0 || evPage[event] === wantPage) events.add(evName[event]!, visitor);
    }
    const first = runStart[r]!, end = runStart[r + 1]!;
    for (let k = first; k < end; k++) {
      const page = pvPage[k]!;
      if (wantPage >= 0 && page !== wantPage) continue;
      pageviews++;
      if (countedVisitor !== visitor) { countedVisitor = visitor; visitors++; }
      if (countedVisit !== visit) { countedVisit = visit; visits++; if (flags & BOUNCE) bounces++; }
      hours.add(pvHour[k]!, visitor);
      for (const { column, tally } of facets) tally.add(column[r]!, visitor);
      pageTally.add(page, visitor);
      if (k === first && flags & VISIT_START) entries.add(page, visitor);
      if (k === end - 1 && flags & VISIT_END) exits.add(page, visitor);
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
  if (pageviews > 0) put(r.days, table.day, [visitors, pageviews]);
  for (const { facet, tally } of facets) tally.into(r[ROLLUP_OF[facet]], names[facet], facet === 'campaign');
  events.into(r.events, names.events);
  entries.into(into.entryPages, names.pages);
  exits.into(into.exitPages, names.pages);
  for (let page = 0; page < pages; page++) {
    if (pageTally.count[page] === 0 && em[page] === 0) continue;
    const path = names.pages[page]!;
    let total = own(r.pages, path);
    if (!total) put(r.pages, path, (total = emptyPage()));
    total.v += pageTally.visitors[page]!; total.pv += pageTally.count[page]!;
    total.em += em[page]!; total.ev += ev[page]!; total.ss += ss[page]!; total.sn += sn[page]!; total.rd += rd[page]!;
  }
}

/** The names kept as "(other)" by a day's table cannot be filtered on: they are many names in one. */
export function isFilterable(filter: StatsFilter): boolean {
  return filter.value !== OTHER;
}
