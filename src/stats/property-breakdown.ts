// Custom properties broken down (stats_query dimension `props`): without a property, each property name with
// the visitors whose events carried it and how many events did; with one, each of its values. Counted from
// the visit tables' property rows (events with properties, far fewer than page views) of the runs the
// filters keep, with the refusals (values that looked like personal data) of the same days.
import type { StatsService } from './stats-service.js';
import type { StatsFilter } from './stats-filters.js';
import { runOrdinals, visitorOf, type VisitTable } from './store/stats-store.js';
import { matchRuns } from './visit-run-match.js';

export interface PropertyRow { key: string; visitors: number; events: number }

/** What the rows are: property names, the values of one property, or name and value together (`name\u0000value`). */
export type PropertyRows = { names: true } | { property: string } | { pairs: true };

function countTable(table: VisitTable, filters: readonly StatsFilter[], asked: PropertyRows, into: Map<string, { visitors: number; events: number }>, refused: Map<string, number>): void {
  const property = 'property' in asked ? asked.property : undefined;
  for (const [name, n] of table.propsRefused ?? []) if (property === undefined || name === property) refused.set(name, (refused.get(name) ?? 0) + n);
  const { prEv, prName, prValue, evRun, evPage } = table;
  if (prEv.length === 0) return;
  const names = table.names.props ?? [], values = table.names.propValues ?? [];
  const only = property === undefined ? -1 : names.indexOf(property);
  if (property !== undefined && only < 0) return;
  const matched = matchRuns(table, filters);
  if (!matched || matched.count === 0) return;
  const keep = new Uint8Array(table.runFlags.length);
  for (let i = 0; i < matched.count; i++) keep[matched.runs[i]!] = 1;
  // Per key of this table: its row and the last visitor counted (a visitor's rows are neighbours).
  const seen = new Map<number, { row: { visitors: number; events: number }; visitor: number }>();
  const ordinals = runOrdinals(table);
  for (let i = 0; i < prEv.length; i++) {
    if (only >= 0 && prName[i] !== only) continue;
    const event = prEv[i]!, run = evRun[event]!;
    if (keep[run] !== 1 || (matched.page >= 0 && evPage[event] !== matched.page)) continue;
    const id = only >= 0 ? prValue[i]! : 'pairs' in asked ? prName[i]! * 65_536 + prValue[i]! : prName[i]!;
    let counted = seen.get(id);
    if (!counted) {
      const key = only >= 0 ? values[id]! : 'pairs' in asked ? `${names[prName[i]!]!}\u0000${values[prValue[i]!]!}` : names[id]!;
      let row = into.get(key);
      if (!row) into.set(key, (row = { visitors: 0, events: 0 }));
      seen.set(id, (counted = { row, visitor: NaN }));
    }
    counted.row.events++;
    const visitor = visitorOf(ordinals, run);
    if (counted.visitor !== visitor) { counted.visitor = visitor; counted.row.visitors++; }
  }
}

export function propertyBreakdown(stats: StatsService, from: string, to: string, filters: readonly StatsFilter[], asked: PropertyRows) {
  const rows = new Map<string, { visitors: number; events: number }>();
  const refused = new Map<string, number>();
  const { tables, missing } = stats.visitTables(from, to);
  for (const table of tables) countTable(table, filters, asked, rows, refused);
  const sorted: PropertyRow[] = [...rows].map(([key, row]) => ({ key, ...row }))
    .sort((a, b) => b.visitors - a.visitors || b.events - a.events || (a.key < b.key ? -1 : 1));
  return { rows: sorted, refused: Object.fromEntries([...refused].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))), missing };
}
