// The export's rows counted from the visit tables, a day at a time within each table (a month's table holds
// its days one after another, each day's runs ordered by visitor): entry and exit pages, and custom
// properties. One pass over a table; what it holds per day is given out before the next table is read.
import { VISIT_START, VISIT_END, popcount, runOrdinals, visitorOfRun, type VisitTable } from './store/stats-store.js';

type Cell = string | number;
interface Count { visitors: number; count: number; visitor: number }

function bump(map: Map<string, Count>, key: string, visitor: number): void {
  let row = map.get(key);
  if (!row) map.set(key, (row = { visitors: 0, count: 0, visitor: NaN }));
  row.count++;
  if (row.visitor !== visitor) { row.visitor = visitor; row.visitors++; }
}

/** Counts per page number with daily-unique visitors, reset per day through the list of pages touched. */
class PageTally {
  readonly visitors: Int32Array; readonly count: Int32Array; private readonly stamp: Float64Array; readonly touched: number[] = [];
  constructor(size: number) { this.visitors = new Int32Array(size); this.count = new Int32Array(size); this.stamp = new Float64Array(size).fill(NaN); }
  add(page: number, visitor: number): void {
    if (this.count[page] === 0) this.touched.push(page);
    this.count[page]!++;
    if (this.stamp[page] !== visitor) { this.stamp[page] = visitor; this.visitors[page]!++; }
  }
  rows(names: readonly string[]): Cell[][] {
    const rows = this.touched.map((page): Cell[] => [names[page]!, this.visitors[page]!, this.count[page]!]);
    for (const page of this.touched) { this.count[page] = 0; this.visitors[page] = 0; this.stamp[page] = NaN; }
    this.touched.length = 0;
    return rows;
  }
}

/** Per day of the table: entry pages [page, visitors, entrances] and exit pages [page, visitors, exits]. */
export function entriesAndExits(table: VisitTable): { day: string; entries: Cell[][]; exits: Cell[][] }[] {
  const { runFlags, runDay, runStart, pvPage } = table;
  const pages = table.names.pages;
  const { visitors: { bits, before }, alone } = runOrdinals(table);
  const out: { day: string; entries: Cell[][]; exits: Cell[][] }[] = [];
  const entries = new PageTally(pages.length), exits = new PageTally(pages.length);
  let current = -1;
  const close = () => { if (current >= 0) out.push({ day: table.names.days[current]!, entries: entries.rows(pages), exits: exits.rows(pages) }); };
  for (let r = 0; r < runFlags.length; r++) {
    if (runDay[r] !== current) { close(); current = runDay[r]!; }
    const flags = runFlags[r]!;
    if ((flags & (VISIT_START | VISIT_END)) === 0) continue;
    // The run's visitor as visit-run-match.ts numbers them (inline: once a visit).
    const word = r >> 5, shift = 31 - (r & 31);
    const visitor = (alone[word]! << shift) < 0 ? -2 - r : before[word]! + popcount(bits[word]! << shift);
    if (flags & VISIT_START) entries.add(pvPage[runStart[r]!]!, visitor);
    if (flags & VISIT_END) exits.add(pvPage[runStart[r + 1]! - 1]!, visitor);
  }
  close();
  return out;
}

/** Per day of the table: custom properties [property, value, visitors, events]. */
export function propsByDay(table: VisitTable): { day: string; rows: Cell[][] }[] {
  const { prEv, prName, prValue, evRun, runDay } = table;
  const names = table.names.props ?? [], values = table.names.propValues ?? [];
  const out: { day: string; rows: Cell[][] }[] = [];
  let current = -1, rows = new Map<string, Count>();
  const close = () => {
    if (current >= 0 && rows.size > 0) out.push({ day: table.names.days[current]!, rows: [...rows].map(([key, c]): Cell[] => [...key.split('\u0000'), c.visitors, c.count]) });
    rows = new Map();
  };
  for (let i = 0; i < prEv.length; i++) {
    const run = evRun[prEv[i]!]!;
    if (runDay[run] !== current) { close(); current = runDay[run]!; }
    bump(rows, `${names[prName[i]!]}\u0000${values[prValue[i]!]}`, visitorOfRun(table, run));
  }
  close();
  return out;
}
