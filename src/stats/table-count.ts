// One visit table's count for a set of filters (filtered-figures.ts) in numbers only, numbered as the table
// numbers its names, and how such counts add up into a question's figures by name. The counting thread
// sends them to the main thread as they are, a copy of a few typed arrays (a rollup with an object per
// page took tens of milliseconds to copy and rebuild across threads), a counted month is kept in this form,
// and each name is looked up once, when the counts are added into the question's figures.
import { emptyRollup, put, own, type Pair, type Rollup, type PairDimension, RUN_FACETS, type RunFacet, type VisitTable } from './store/stats-store.js';

export interface FilteredFigures {
  rollup: Rollup;
  /** page -> [visitors, visits] that entered (left) the site there */
  entryPages: Record<string, Pair>;
  exitPages: Record<string, Pair>;
  /** the days whose visit tables were counted */
  covered: string[];
}

export function emptyFigures(from: string, to: string): FilteredFigures {
  return { rollup: emptyRollup(from, to), entryPages: {}, exitPages: {}, covered: [] };
}

/** Names counted, three numbers each: the name's number in the table, visitors, page views (or count). */
export type CountedNames = Int32Array;

export interface TableCount {
  /** visitors, page views, visits, bounces, engaged milliseconds, engaged visitors */
  totals: Float64Array;
  /** visitors and page views of each hour, hour by hour (48 numbers) */
  hours: Float64Array;
  days: CountedNames;
  events: CountedNames;
  entries: CountedNames;
  exits: CountedNames;
  /** per run facet (RUN_FACETS order): its names counted, or null when not asked */
  facets: (CountedNames | null)[];
  /** pages with a matching view, and their figures, PAGE_FIGURES numbers a page (v, pv, em, ev, ss, sn, rd) */
  pageIds: Int32Array;
  pageFigures: Float64Array;
}

export const PAGE_FIGURES = 7;

const ROLLUP_OF: Record<RunFacet, PairDimension> = {
  source: 'referrers', campaign: 'campaigns', country: 'countries', language: 'languages', device: 'devices', browser: 'browsers', os: 'os',
};

/**
 * A table's pages never have came-from and went-on-to (only stats_post shows them, from daily rollups, and
 * ranges are merged without them): one empty record for all, frozen, instead of two per page.
 */
const NO_STEPS: Record<string, number> = Object.freeze({});

function addNames(record: Record<string, Pair>, counted: CountedNames, names: readonly string[]): void {
  for (let i = 0; i < counted.length; i += 3) {
    const name = names[counted[i]!]!, visitors = counted[i + 1]!, count = counted[i + 2]!;
    const pair = own(record, name);
    if (pair) { pair[0] += visitors; pair[1] += count; } else put(record, name, [visitors, count]);
  }
}

/**
 * Adds one table's count into `into` by name. `count` is null when nothing in the table matched; its days
 * are covered all the same (they were counted, and came to nothing).
 */
export function addTableCount(into: FilteredFigures, count: TableCount | null, names: VisitTable['names']): void {
  into.covered.push(...names.days);
  if (!count) return;
  const r = into.rollup, totals = count.totals;
  r.visitors += totals[0]!; r.pageviews += totals[1]!; r.visits += totals[2]!; r.bounces += totals[3]!;
  r.engaged_ms += totals[4]!; r.engaged_visitors += totals[5]!;
  for (let h = 0; h < 24; h++) { r.hours[h]![0] += count.hours[2 * h]!; r.hours[h]![1] += count.hours[2 * h + 1]!; }
  addNames(r.days, count.days, names.days);
  RUN_FACETS.forEach((facet, f) => {
    const counted = count.facets[f];
    if (counted) addNames(r[ROLLUP_OF[facet]], counted, names[facet]);
  });
  addNames(r.events, count.events, names.events);
  addNames(into.entryPages, count.entries, names.pages);
  addNames(into.exitPages, count.exits, names.pages);
  const { pageIds, pageFigures: f } = count;
  for (let i = 0; i < pageIds.length; i++) {
    const path = names.pages[pageIds[i]!]!, at = i * PAGE_FIGURES;
    let total = own(r.pages, path);
    if (!total) put(r.pages, path, (total = { v: 0, pv: 0, em: 0, ev: 0, ss: 0, sn: 0, rd: 0, from: NO_STEPS, to: NO_STEPS }));
    total.v += f[at]!; total.pv += f[at + 1]!; total.em += f[at + 2]!; total.ev += f[at + 3]!;
    total.ss += f[at + 4]!; total.sn += f[at + 5]!; total.rd += f[at + 6]!;
  }
}
