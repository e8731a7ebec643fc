// Goals and funnels counted in flat passes over the visit tables (goal-count.ts, funnel-count.ts) against the
// plainest counting there is, written here without the store's devices: every run looked at, its filters
// checked by name, visitors and visits numbered by counting their flags from the first run, each visit's
// page views and events put in order and walked. Day tables and month tables, nothing filtered and every
// kind of filter; every figure must come out the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeTestSite } from '../helpers/test-site.ts';
import { seedStats } from '../../dist/cli/demo-traffic/seed.js';
import { addDays } from '../../dist/lib/day-math.js';
import { countGoals } from '../../dist/stats/goal-count.js';
import { countFunnel } from '../../dist/stats/funnel-count.js';
import { compileGoal, type Goal } from '../../dist/stats/goals.js';
import { parseFunnel } from '../../dist/stats/funnel.js';
import { parseFilters, type StatsFilter } from '../../dist/stats/stats-filters.js';
import { NEW_VISITOR, VISIT_START, type VisitTable } from '../../dist/stats/store/visit-table.js';

/** Whether run r passes every filter, each checked by name. */
function keeps(table: VisitTable, r: number, filters: readonly StatsFilter[]): boolean {
  const views = (page: string) => { for (let k = table.runStart[r]!; k < table.runStart[r + 1]!; k++) if (table.names.pages[table.pvPage[k]!] === page) return true; return false; };
  const carries = (name: string, value: string) => {
    for (let i = 0; i < table.prEv.length; i++) {
      if (table.evRun[table.prEv[i]!] === r && table.names.props![table.prName[i]!] === name && table.names.propValues![table.prValue[i]!] === value) return true;
    }
    return false;
  };
  return filters.every((filter) => {
    if (filter.dimension === 'page') return views(filter.value);
    if (filter.dimension === 'prop') return carries(filter.name!, filter.value);
    return table.names[filter.dimension][table.runFacets[filter.dimension][r]!] === filter.value;
  });
}

/** Visitor and visit numbers of each run: its flags counted from the first run. */
function numbers(table: VisitTable): { visitor: Int32Array; visit: Int32Array } {
  const runs = table.runFlags.length, visitor = new Int32Array(runs), visit = new Int32Array(runs);
  let v = 0, s = 0;
  for (let r = 0; r < runs; r++) {
    if (table.runFlags[r]! & NEW_VISITOR) v++;
    if (table.runFlags[r]! & (NEW_VISITOR | VISIT_START)) s++;
    visitor[r] = v; visit[r] = s;
  }
  return { visitor, visit };
}

function plainGoals(table: VisitTable, filters: readonly StatsFilter[], goals: readonly Goal[]): number[] {
  const { visitor } = numbers(table);
  return goals.flatMap((goal) => {
    const { pattern, minScroll, event } = compileGoal(goal);
    const converted = new Set<number>();
    let conversions = 0;
    for (let r = 0; r < table.runFlags.length; r++) {
      if (!keeps(table, r, filters)) continue;
      let hits = 0;
      if (event !== null) { for (let e = 0; e < table.evRun.length; e++) if (table.evRun[e] === r && table.names.events[table.evName[e]!] === event) hits++; }
      else for (let k = table.runStart[r]!; k < table.runStart[r + 1]!; k++) if (pattern!.matches(table.names.pages[table.pvPage[k]!]!) && table.pvScroll[k]! >= minScroll) hits++;
      if (hits > 0) { conversions += hits; converted.add(visitor[r]!); }
    }
    return [converted.size, conversions];
  });
}

function plainFunnel(table: VisitTable, filters: readonly StatsFilter[], texts: readonly string[], goals: readonly Goal[]): number[] {
  const steps = parseFunnel(texts, goals);
  const { visitor, visit } = numbers(table);
  // Each visit's kept page views and events in order: an event after the first view of its page in its run.
  const visits = new Map<number, { visitor: number; items: ({ page: string; scroll: number } | { event: string })[] }>();
  for (let r = 0; r < table.runFlags.length; r++) {
    if (!keeps(table, r, filters)) continue;
    let entry = visits.get(visit[r]!);
    if (!entry) visits.set(visit[r]!, (entry = { visitor: visitor[r]!, items: [] }));
    const first = table.runStart[r]!, end = table.runStart[r + 1]!;
    const placed: { at: number; event: string }[] = [];
    for (let e = 0; e < table.evRun.length; e++) {
      if (table.evRun[e] !== r) continue;
      let at = end;
      for (let k = first; k < end; k++) if (table.pvPage[k] === table.evPage[e]) { at = k; break; }
      placed.push({ at, event: table.names.events[table.evName[e]!]! });
    }
    placed.sort((a, b) => a.at - b.at);
    for (let k = first; k <= end; k++) {
      if (k < end) entry.items.push({ page: table.names.pages[table.pvPage[k]!]!, scroll: table.pvScroll[k]! });
      for (const item of placed) if (item.at === k) entry.items.push({ event: item.event });
    }
  }
  const reached = steps.map(() => new Set<number>());
  for (const { visitor: who, items } of visits.values()) {
    let s = 0;
    for (const item of items) {
      if (s === steps.length) break;
      const { pattern, minScroll, event } = steps[s]!.match;
      if ('page' in item ? event === null && pattern!.matches(item.page) && item.scroll >= minScroll : event !== null && item.event === event) s++;
    }
    for (let i = 0; i < s; i++) reached[i]!.add(who);
  }
  return reached.map((set) => set.size);
}

test('goals and funnels counted in flat passes give the figures of counting every run by hand, filtered or not, in day and month tables', { timeout: 120_000 }, async () => {
  const site = await makeTestSite();
  try {
    const stats = site.deps.stats;
    seedStats(stats, site.deps.content, { days: 45, pageviewsPerDay: 150, rawDays: 2, seed: 11 });
    const today = stats.today();
    const { tables } = stats.visitTables(addDays(today, -44), today);
    assert.ok(tables.some((table) => table.day.length === 7) && tables.some((table) => table.day.length === 10), 'month and day tables');
    const goals: Goal[] = [
      { id: 'home', name: 'Home', kind: 'page', pattern: '/' },
      { id: 'all', name: 'Any page', kind: 'page', pattern: '/*' },
      { id: 'deep', name: 'Deep', kind: 'scroll', pattern: '/*', scroll: 75 },
      { id: 'nothing', name: 'Nothing', kind: 'page', pattern: '/no-such-page/*' },
      { id: 'out', name: 'Outbound', kind: 'outbound' },
    ];
    let checked = 0;
    for (const table of tables) {
      const events = table.names.events;
      const page = table.names.pages[table.pvPage[0]!]!;
      const eventGoals: Goal[] = events.slice(0, 3).map((event, i) => ({ id: `e${i}`, name: event, kind: 'event', event }));
      const filterSets: StatsFilter[][] = [
        [], parseFilters([`country:${table.names.country[table.runFacets.country[0]!]}`]), parseFilters([`page:${page}`]),
        parseFilters([`device:${table.names.device[table.runFacets.device[1] ?? 0]}`, `source:${table.names.source[table.runFacets.source[0]!]}`]),
        ...(table.names.propValues?.includes('pro') ? [parseFilters(['prop:plan:pro'])] : []),
      ];
      for (const filters of filterSets) {
        const all = [...goals, ...eventGoals];
        assert.deepEqual([...countGoals(table, filters, all.map(compileGoal))], plainGoals(table, filters, all), `goals in ${table.day}, ${JSON.stringify(filters)}`);
        for (const steps of [['/', '/*'], [page, ...(events[0] ? [`event:${events[0]}`] : []), '/*', 'goal:deep'], ['/*', '/*', '/*']]) {
          assert.deepEqual([...countFunnel(table, filters, parseFunnel(steps, goals))], plainFunnel(table, filters, steps, goals), `funnel ${steps} in ${table.day}, ${JSON.stringify(filters)}`);
        }
        checked++;
      }
    }
    assert.ok(checked >= 10, `${checked} tables and filter sets`);
  } finally {
    site.cleanup();
  }
});
