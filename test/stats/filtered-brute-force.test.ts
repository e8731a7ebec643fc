// The filtered count (filtered-figures.ts) against a count done here the slow, obvious way, on random visit
// tables: visitors who saw one page once, a page twice, several runs or visits, long runs, engagement just
// over and under the read line. Runs that are their visitor's only run are counted by a shorter path
// (visit-run-match.ts, page-counts.ts); every figure must come out the same either way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countTable } from '../../dist/stats/filtered-figures.js';
import { addTableCount, emptyFigures } from '../../dist/stats/table-count.js';
import { RUN_FACETS, NEW_VISITOR, VISIT_START, VISIT_END, BOUNCE, type RunFacet, type VisitTable } from '../../dist/stats/store/visit-table.js';
import { READ_MIN_MS, READ_MIN_SCROLL } from '../../dist/stats/store/engagement-table.js';
import type { StatsFilter } from '../../src/stats/stats-filters.ts';
import { seededRandom as random } from '../../dist/cli/demo-traffic/seed-random.js';

const PAGES = ['/', '/a', '/b', '/c', '/d', '/e'];
const VALUES = ['x', 'y', 'z'];

function randomTable(seed: number): VisitTable {
  const next = random(seed);
  const pick = (n: number) => Math.floor(next() * n);
  const runFlags: number[] = [], runStart: number[] = [], pvPage: number[] = [], pvEngaged: number[] = [], pvScroll: number[] = [];
  const facets = RUN_FACETS.map(() => [] as number[]);
  const visitors = 40 + pick(40);
  for (let v = 0; v < visitors; v++) {
    // Most visitors have one run of a few distinct pages; some have more runs, visits and repeated pages.
    const runs = next() < 0.6 ? 1 : 1 + pick(4);
    for (let r = 0; r < runs; r++) {
      const startsVisit = r === 0 || next() < 0.4;
      if (startsVisit && runFlags.length > 0 && r > 0) runFlags[runFlags.length - 1]! |= VISIT_END;
      runFlags.push((r === 0 ? NEW_VISITOR : 0) | (startsVisit ? VISIT_START : 0));
      runStart.push(pvPage.length);
      for (const column of facets) column.push(pick(VALUES.length));
      const views = next() < 0.1 ? 7 + pick(5) : 1 + pick(3);
      for (let k = 0; k < views; k++) {
        pvPage.push(pick(PAGES.length));
        const engaged = next();
        pvEngaged.push(engaged < 0.3 ? 0 : engaged < 0.6 ? READ_MIN_MS - 1 + pick(3) : pick(2 * READ_MIN_MS));
        pvScroll.push(next() < 0.3 ? 0 : READ_MIN_SCROLL - 1 + pick(3) + (next() < 0.5 ? 0 : -pick(50)));
      }
    }
    if (runFlags.length > 0) runFlags[runFlags.length - 1]! |= VISIT_END;
  }
  runStart.push(pvPage.length);
  for (let r = 0; r + 1 < runStart.length; r++) {
    const oneVisit = (runFlags[r]! & (VISIT_START | VISIT_END)) === (VISIT_START | VISIT_END);
    if (oneVisit && runStart[r + 1]! - runStart[r]! === 1 && next() < 0.7) runFlags[r]! |= BOUNCE;
  }
  const names = Object.fromEntries(RUN_FACETS.map((facet) => [facet, VALUES])) as Record<RunFacet, string[]>;
  return {
    day: '2026-01-15', names: { ...names, pages: PAGES, events: [], days: ['2026-01-15'] },
    runFlags: Uint8Array.from(runFlags), runDay: new Uint8Array(runFlags.length),
    runFacets: Object.fromEntries(RUN_FACETS.map((facet, f) => [facet, Uint16Array.from(facets[f]!)])) as Record<RunFacet, Uint16Array>,
    runStart: Int32Array.from(runStart), pvPage: Uint16Array.from(pvPage), pvHour: new Uint8Array(pvPage.length),
    pvEngaged: Uint32Array.from(pvEngaged), pvScroll: Uint8Array.from(pvScroll),
    evRun: new Int32Array(0), evName: new Uint16Array(0), evPage: new Uint16Array(0), prEv: new Int32Array(0), prName: new Uint16Array(0), prValue: new Uint16Array(0),
  };
}

/** Every figure of a page and the totals, counted view by view with sets and maps. */
function bruteForce(table: VisitTable, filters: readonly StatsFilter[]) {
  const pages = new Map<string, { visitors: Set<number>; pv: number; em: number; perVisitor: Map<number, { ms: number; scroll: number; engaged: boolean }> }>();
  const visitors = new Set<number>(), visits = new Set<number>(), engagedVisitors = new Set<number>();
  let pageviews = 0, engagedMs = 0, bounces = 0, visitor = -1, visit = -1;
  for (let r = 0; r < table.runFlags.length; r++) {
    if (table.runFlags[r]! & NEW_VISITOR) visitor++;
    if (table.runFlags[r]! & VISIT_START) visit++;
    const keep = filters.every((filter) => filter.dimension === 'page' || table.names[filter.dimension][table.runFacets[filter.dimension][r]!] === filter.value);
    if (!keep) continue;
    let matched = 0;
    for (let k = table.runStart[r]!; k < table.runStart[r + 1]!; k++) {
      const path = PAGES[table.pvPage[k]!]!, ms = table.pvEngaged[k]!, scroll = table.pvScroll[k]!;
      if (filters.some((filter) => filter.dimension === 'page' && filter.value !== path)) continue;
      matched++;
      pageviews++; engagedMs += ms;
      if (ms > 0) engagedVisitors.add(visitor);
      let page = pages.get(path);
      if (!page) pages.set(path, (page = { visitors: new Set(), pv: 0, em: 0, perVisitor: new Map() }));
      page.visitors.add(visitor); page.pv++;
      const mine = page.perVisitor.get(visitor) ?? { ms: 0, scroll: 0, engaged: false };
      page.perVisitor.set(visitor, mine);
      if (ms > 0 || scroll > 0) { mine.engaged = true; mine.ms += ms; mine.scroll = Math.max(mine.scroll, scroll); page.em += ms; }
    }
    if (matched === 0) continue;
    visitors.add(visitor);
    if (!visits.has(visit) && table.runFlags[r]! & BOUNCE) bounces++;
    visits.add(visit);
  }
  const perPage = Object.fromEntries([...pages].map(([path, page]) => {
    const engaged = [...page.perVisitor.values()].filter((mine) => mine.engaged);
    return [path, {
      v: page.visitors.size, pv: page.pv, em: page.em, ev: engaged.filter((mine) => mine.ms > 0).length,
      ss: engaged.reduce((sum, mine) => sum + mine.scroll, 0), sn: engaged.length,
      rd: engaged.filter((mine) => mine.ms >= READ_MIN_MS && mine.scroll >= READ_MIN_SCROLL).length,
    }];
  }));
  return { visitors: visitors.size, pageviews, visits: visits.size, bounces, engaged_ms: engagedMs, engaged_visitors: engagedVisitors.size, pages: perPage };
}

const FILTER_SETS: StatsFilter[][] = [
  [], [{ dimension: 'country', value: 'x' }], [{ dimension: 'device', value: 'y' }, { dimension: 'source', value: 'z' }],
  [{ dimension: 'page', value: '/a' }], [{ dimension: 'page', value: '/' }, { dimension: 'language', value: 'x' }],
];

test('filtered figures of random visit tables equal a view-by-view count, for every kind of filter', () => {
  for (let seed = 1; seed <= 40; seed++) {
    const table = randomTable(seed);
    for (const filters of FILTER_SETS) {
      const figures = emptyFigures(table.day, table.day);
      addTableCount(figures, countTable(table, filters, new Set(['pages'])), table.names);
      const r = figures.rollup;
      const counted = {
        visitors: r.visitors, pageviews: r.pageviews, visits: r.visits, bounces: r.bounces, engaged_ms: r.engaged_ms, engaged_visitors: r.engaged_visitors,
        pages: Object.fromEntries(Object.entries(r.pages).map(([path, page]) => [path, { v: page.v, pv: page.pv, em: page.em, ev: page.ev, ss: page.ss, sn: page.sn, rd: page.rd }])),
      };
      assert.deepEqual(counted, bruteForce(table, filters), `seed ${seed}, filters ${JSON.stringify(filters)}`);
    }
  }
});
