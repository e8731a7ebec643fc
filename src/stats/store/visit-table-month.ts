// A finished month's visit tables put together into one (`visits/YYYY-MM.bin`): the same rows, one
// dictionary per column, each run remembering its day. A long range then reads a dozen tables instead of
// four hundred, and what a table costs to open and to add up is paid once a month.
import { RUN_FACETS, type RunFacet, type VisitTable } from './visit-table.js';
import { OTHER } from './rollup.js';

/** Names a column can number (16 bits); a month of more distinct paths counts the rest as "(other)". */
const MAX_NAMES = 65_535;

/** Names of every table in one list; each table's numbers mapped onto it. */
function unite(lists: readonly string[][]): { names: string[]; maps: Int32Array[] } {
  const index = new Map<string, number>();
  const names: string[] = [];
  const idOf = (name: string): number => {
    let id = index.get(name);
    if (id === undefined) {
      if (names.length >= MAX_NAMES - 1 && name !== OTHER) return idOf(OTHER);
      id = names.length; names.push(name); index.set(name, id);
    }
    return id;
  };
  const maps = lists.map((list) => Int32Array.from(list, idOf));
  return { names, maps };
}

function concat<T extends Uint8Array | Uint16Array | Uint32Array | Int32Array>(Type: new (n: number) => T, parts: readonly ArrayLike<number>[], map?: (part: number, value: number) => number): T {
  const out = new Type(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  parts.forEach((part, p) => {
    if (map) for (let i = 0; i < part.length; i++) out[at + i] = map(p, part[i]!);
    else out.set(part, at);
    at += part.length;
  });
  return out;
}

/** The tables of a month's days (in day order) as one table named `month`. Returns null for none. */
export function mergeVisitTables(month: string, tables: readonly VisitTable[]): VisitTable | null {
  if (tables.length === 0) return null;
  const pages = unite(tables.map((t) => t.names.pages));
  const events = unite(tables.map((t) => t.names.events));
  const propNames = unite(tables.map((t) => t.names.props ?? []));
  const propValues = unite(tables.map((t) => t.names.propValues ?? []));
  const eventOffsets: number[] = [];
  let eventCount = 0;
  for (const t of tables) { eventOffsets.push(eventCount); eventCount += t.evRun.length; }
  const refused = new Map<string, number>();
  for (const t of tables) for (const [name, n] of t.propsRefused ?? []) refused.set(name, (refused.get(name) ?? 0) + n);
  const facetNames = {} as Record<RunFacet, string[]>;
  const runFacets = {} as Record<RunFacet, Uint16Array>;
  for (const facet of RUN_FACETS) {
    const united = unite(tables.map((t) => t.names[facet]));
    // Campaign 0 is "none" in every table, and stays 0 since every day's list starts with it.
    facetNames[facet] = united.names;
    runFacets[facet] = concat(Uint16Array, tables.map((t) => t.runFacets[facet]), (p, v) => united.maps[p]![v]!);
  }
  const dayOffsets: number[] = [];
  let days = 0;
  for (const t of tables) { dayOffsets.push(days); days += t.names.days.length; }
  const runOffsets: number[] = [];
  const pvOffsets: number[] = [];
  let runs = 0, pvs = 0;
  for (const t of tables) { runOffsets.push(runs); pvOffsets.push(pvs); runs += t.runFlags.length; pvs += t.pvPage.length; }
  const runStart = new Int32Array(runs + 1);
  tables.forEach((t, p) => { for (let r = 0; r < t.runFlags.length; r++) runStart[runOffsets[p]! + r] = t.runStart[r]! + pvOffsets[p]!; });
  runStart[runs] = pvs;
  return {
    day: month,
    names: { ...facetNames, pages: pages.names, events: events.names, days: tables.flatMap((t) => t.names.days), props: propNames.names, propValues: propValues.names },
    runFlags: concat(Uint8Array, tables.map((t) => t.runFlags)),
    runDay: concat(Uint8Array, tables.map((t) => t.runDay), (p, v) => v + dayOffsets[p]!),
    runFacets, runStart,
    pvPage: concat(Uint16Array, tables.map((t) => t.pvPage), (p, v) => pages.maps[p]![v]!),
    pvHour: concat(Uint8Array, tables.map((t) => t.pvHour)),
    pvEngaged: concat(Uint32Array, tables.map((t) => t.pvEngaged)),
    pvScroll: concat(Uint8Array, tables.map((t) => t.pvScroll)),
    evRun: concat(Int32Array, tables.map((t) => t.evRun), (p, v) => v + runOffsets[p]!),
    evName: concat(Uint16Array, tables.map((t) => t.evName), (p, v) => events.maps[p]![v]!),
    evPage: concat(Uint16Array, tables.map((t) => t.evPage), (p, v) => pages.maps[p]![v]!),
    prEv: concat(Int32Array, tables.map((t) => t.prEv), (p, v) => v + eventOffsets[p]!),
    prName: concat(Uint16Array, tables.map((t) => t.prName), (p, v) => propNames.maps[p]![v]!),
    prValue: concat(Uint16Array, tables.map((t) => t.prValue), (p, v) => propValues.maps[p]![v]!),
    propsRefused: [...refused],
  };
}
