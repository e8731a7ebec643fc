// Custom property filters (`prop:<name>:<value>`) on a visit table: a run is kept when an event in it carried
// every property value asked for. Property rows are few (events with properties, not page views), so the
// runs are marked from them once per question.
import { type VisitTable } from './store/stats-store.js';
import type { StatsFilter } from './stats-filters.js';

/**
 * Keeps, of the first `count` runs in `runs` (in order), those with every property filter's value; returns
 * how many are left, or -1 when a filter names a property or value the table never saw.
 */
export function keepRunsWithProps(table: VisitTable, filters: readonly StatsFilter[], runs: Int32Array, count: number): number {
  const propNames = table.names.props ?? [];
  const propValues = table.names.propValues ?? [];
  const wanted = filters.map((filter) => [propNames.indexOf(filter.name ?? ''), propValues.indexOf(filter.value)] as const);
  if (wanted.some(([name, value]) => name < 0 || value < 0)) return -1;
  const marks = new Uint8Array(table.runFlags.length);
  const { prEv, prName, prValue, evRun } = table;
  wanted.forEach(([name, value], f) => {
    for (let i = 0; i < prEv.length; i++) if (prName[i] === name && prValue[i] === value) marks[evRun[prEv[i]!]!]! |= 1 << f;
  });
  const all = (1 << wanted.length) - 1;
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const r = runs[i]!;
    runs[kept] = r; kept += marks[r] === all ? 1 : 0;
  }
  return kept;
}
