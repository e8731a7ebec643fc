// A day's page views as compact columns (`visits/YYYY-MM-DD.bin`), kept beside the daily rollup so a range
// can be answered for any combination of filters: a rollup holds each dimension on its own, and visitors
// of "country DE and source google" cannot be added up from "country DE" and "source google".
//
// Rows are runs: page views of one visitor, inside one visit, with the same source, campaign, country,
// language, device, browser and OS (nearly always a whole visit). Runs are ordered by visitor, so one
// visitor's runs are neighbours and daily-unique visitors are counted by noticing a change of visitor. Names
// are numbers into the day's own dictionaries. No visitor key or hash is stored, only the order.
import { writeFileAtomic } from '../../lib/atomic-write.js';
import { readSharedNoFollow } from '../../lib/shared-read.js';
import { endianness } from 'node:os';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

/** The run-level dimensions a filter can name, in column order. */
export const RUN_FACETS = ['source', 'campaign', 'country', 'language', 'device', 'browser', 'os'] as const;
export type RunFacet = (typeof RUN_FACETS)[number];

/** Run flags */
export const NEW_VISITOR = 1;
/** the run's first page view is its visit's first (an entry) */
export const VISIT_START = 2;
/** the run's last page view is its visit's last (an exit) */
export const VISIT_END = 4;
/** on a VISIT_START run: the visit is a bounce (one page view, no event) */
export const BOUNCE = 8;

export interface VisitTable {
  /** the day (YYYY-MM-DD), or the month (YYYY-MM) of a month's days put together */
  day: string;
  /** props and propValues: the custom properties' names and values (missing in tables written before them) */
  names: Record<RunFacet, string[]> & { pages: string[]; events: string[]; days: string[]; props?: string[]; propValues?: string[] };
  /** per run */
  runFlags: Uint8Array;
  /** the run's day: a number into names.days */
  runDay: Uint8Array;
  runFacets: Record<RunFacet, Uint16Array>;
  /** first page view of each run; one more entry than runs (the end) */
  runStart: Int32Array;
  /** per page view */
  pvPage: Uint16Array;
  pvHour: Uint8Array;
  /** engaged milliseconds reported for the page view, and its deepest scroll (percent) */
  pvEngaged: Uint32Array;
  pvScroll: Uint8Array;
  /** per event: the run the visitor was in, the event's name and page */
  evRun: Int32Array;
  evName: Uint16Array;
  evPage: Uint16Array;
  /** per custom property of an event: the event (a number into the ev columns), its name and value */
  prEv: Int32Array;
  prName: Uint16Array;
  prValue: Uint16Array;
  /** property values refused as personal data, by property name */
  propsRefused?: [string, number][];
  /**
   * A month's fingerprint of its page columns (visit-page-index-file.ts), worked out when it was written
   * and kept in its header, so reading its page index need not work it out again over every page view.
   */
  pagesFingerprint?: string;
}

const MAGIC = 'svc visit table 2\n';
const ALIGN = 8;
const padded = (n: number) => Math.ceil(n / ALIGN) * ALIGN;
const TYPES = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, i32: Int32Array } as const;
type TypeName = keyof typeof TYPES;
type AnyColumn = Uint8Array | Uint16Array | Uint32Array | Int32Array;
const typeOf = (c: AnyColumn): TypeName => (c instanceof Uint8Array ? 'u8' : c instanceof Uint16Array ? 'u16' : c instanceof Uint32Array ? 'u32' : 'i32');

function columnsOf(table: VisitTable): [string, AnyColumn][] {
  return [
    ['runFlags', table.runFlags], ['runDay', table.runDay], ...RUN_FACETS.map((facet): [string, AnyColumn] => [`run.${facet}`, table.runFacets[facet]]),
    ['runStart', table.runStart], ['pvPage', table.pvPage], ['pvHour', table.pvHour], ['pvEngaged', table.pvEngaged],
    ['pvScroll', table.pvScroll], ['evRun', table.evRun], ['evName', table.evName], ['evPage', table.evPage],
    ['prEv', table.prEv], ['prName', table.prName], ['prValue', table.prValue],
  ];
}

export function encodeVisitTable(table: VisitTable): Buffer {
  const columns = columnsOf(table);
  const header = JSON.stringify({ day: table.day, endianness: endianness(), names: table.names, columns: columns.map(([name, c]) => [name, typeOf(c), c.length]), pagesFingerprint: table.pagesFingerprint, propsRefused: table.propsRefused });
  const head = Buffer.from(MAGIC + header, 'utf8');
  const start = padded(head.length + 4);
  const out = Buffer.alloc(start + columns.reduce((sum, [, c]) => sum + padded(c.byteLength), 0));
  out.writeUInt32LE(head.length, 0);
  head.copy(out, 4);
  let at = start;
  for (const [, c] of columns) {
    out.set(new Uint8Array(c.buffer, c.byteOffset, c.byteLength), at);
    at += padded(c.byteLength);
  }
  return out;
}

/** Writes the table; returns the bytes written. */
export function writeVisitTable(trusted: TrustedFolders, path: string, table: VisitTable): Buffer {
  const bytes = encodeVisitTable(table);
  writeFileAtomic(trusted, path, bytes, 0o600);
  return bytes;
}

/**
 * Every number must point into its table, so a damaged file can never make a count land elsewhere. One
 * function per column type: each stays a tight loop of one type (a shared one is several times slower).
 */
function within8(column: Uint8Array, limit: number): boolean {
  let max = 0;
  for (let i = 0; i < column.length; i++) if (column[i]! > max) max = column[i]!;
  return column.length === 0 || max < limit;
}
function within16(column: Uint16Array, limit: number): boolean {
  let max = 0;
  for (let i = 0; i < column.length; i++) if (column[i]! > max) max = column[i]!;
  return column.length === 0 || max < limit;
}
function within32(column: Int32Array, limit: number): boolean {
  let max = 0, min = 0;
  for (let i = 0; i < column.length; i++) { const v = column[i]!; if (v > max) max = v; if (v < min) min = v; }
  return column.length === 0 || (max < limit && min >= 0);
}

/** The table in `bytes`, or null when they are not a whole, consistent visit table of `day`. */
export function decodeVisitTable(bytes: Buffer, day: string): VisitTable | null {
  try {
    const length = bytes.readUInt32LE(0);
    const head = bytes.subarray(4, 4 + length).toString('utf8');
    if (!head.startsWith(MAGIC)) return null;
    const header = JSON.parse(head.slice(MAGIC.length)) as { day: string; endianness: string; names: VisitTable['names']; columns: [string, TypeName, number][]; pagesFingerprint?: unknown; propsRefused?: unknown };
    if (header.day !== day || header.endianness !== endianness()) return null;
    const columns = new Map<string, AnyColumn>();
    // The columns are views on the bytes read when they start on an 8-byte boundary (a file read whole
    // gets a buffer of its own); a pooled Buffer may start anywhere, and is copied into an aligned one.
    const bodyAt = padded(4 + length);
    const aligned = (bytes.byteOffset + bodyAt) % ALIGN === 0;
    const body = aligned ? (bytes.buffer as ArrayBuffer) : new Uint8Array(bytes.subarray(bodyAt)).buffer;
    const bodyEnd = aligned ? bytes.byteOffset + bytes.length : body.byteLength;
    let at = aligned ? bytes.byteOffset + bodyAt : 0;
    for (const [name, type, count] of header.columns) {
      const Type = TYPES[type];
      if (!Type || !Number.isInteger(count) || count < 0 || at + count * Type.BYTES_PER_ELEMENT > bodyEnd) return null;
      columns.set(name, new Type(body, at, count));
      at += padded(count * Type.BYTES_PER_ELEMENT);
    }
    const get = <T extends AnyColumn>(name: string, Type: new (...args: never[]) => T): T => {
      const column = columns.get(name);
      if (!(column instanceof Type)) throw new Error(`column ${name} is missing`);
      return column;
    };
    // Tables written before custom properties have none: their columns read as empty.
    const optional = <T extends AnyColumn>(name: string, Type: new (n: number) => T): T => (columns.has(name) ? get(name, Type as never) as T : new Type(0));
    const names = header.names;
    const runFacets = Object.fromEntries(RUN_FACETS.map((facet) => [facet, get(`run.${facet}`, Uint16Array)])) as Record<RunFacet, Uint16Array>;
    const table: VisitTable = {
      day, names, runFlags: get('runFlags', Uint8Array), runDay: get('runDay', Uint8Array), runFacets, runStart: get('runStart', Int32Array),
      pvPage: get('pvPage', Uint16Array), pvHour: get('pvHour', Uint8Array), pvEngaged: get('pvEngaged', Uint32Array), pvScroll: get('pvScroll', Uint8Array),
      evRun: get('evRun', Int32Array), evName: get('evName', Uint16Array), evPage: get('evPage', Uint16Array),
      prEv: optional('prEv', Int32Array), prName: optional('prName', Uint16Array), prValue: optional('prValue', Uint16Array),
      ...(Array.isArray(header.propsRefused) && header.propsRefused.every((row) => Array.isArray(row) && typeof row[0] === 'string' && Number.isSafeInteger(row[1])) ? { propsRefused: header.propsRefused as [string, number][] } : {}),
      ...(typeof header.pagesFingerprint === 'string' ? { pagesFingerprint: header.pagesFingerprint } : {}),
    };
    const runs = table.runFlags.length;
    const pvs = table.pvPage.length;
    if (table.runStart.length !== runs + 1 || table.runStart[0] !== 0 || table.runStart[runs] !== pvs) return null;
    for (let r = 0; r < runs; r++) if (table.runStart[r + 1]! <= table.runStart[r]!) return null;
    if (!Array.isArray(names.days) || table.runDay.length !== runs || !within8(table.runDay, names.days.length)) return null;
    if (!RUN_FACETS.every((facet) => Array.isArray(names[facet]) && runFacets[facet].length === runs && within16(runFacets[facet], names[facet].length))) return null;
    if (table.pvHour.length !== pvs || table.pvEngaged.length !== pvs || table.pvScroll.length !== pvs || !within16(table.pvPage, names.pages.length) || !within8(table.pvHour, 24)) return null;
    const events = table.evRun.length;
    if (table.evName.length !== events || table.evPage.length !== events || !within32(table.evRun, runs) || !within16(table.evName, names.events.length) || !within16(table.evPage, names.pages.length)) return null;
    const props = table.prEv.length;
    if (table.prEv.length > 0 && (!Array.isArray(names.props) || !Array.isArray(names.propValues))) return null;
    if (table.prName.length !== props || table.prValue.length !== props || !within32(table.prEv, events) || !within16(table.prName, names.props?.length ?? 0) || !within16(table.prValue, names.propValues?.length ?? 0)) return null;
    return table;
  } catch {
    return null;
  }
}

/** The table in a file, its columns in shared memory (counting-thread.ts counts such tables on another core). */
export function readVisitTable(trusted: TrustedFolders, path: string, day: string): VisitTable | null {
  let bytes: Buffer;
  try { bytes = readSharedNoFollow(trusted, path); } catch { return null; }
  return decodeVisitTable(bytes, day);
}

/** The bytes a table holds in memory (for the cache's bound). */
export function visitTableBytes(table: VisitTable): number {
  return columnsOf(table).reduce((sum, [, c]) => sum + c.byteLength, 0) + 64 * Object.values(table.names).reduce((sum, list) => sum + list.length, 0);
}
