// A month's page index (visit-page-index.ts) written beside its visit table when the month is rolled up
// (`visits/YYYY-MM.pages.bin`), so the first page filter over a month reads it instead of building it from
// every page view. It is a file of its own, read only when a page filter asks: a site nobody filters by page
// never holds it in memory. It names the table it was made for by a fingerprint of the table's page
// columns (kept in the table's header since it is worked out when the month is written); an index of another
// table (the month rolled up again) or a damaged one is refused, and the index is then built from the table
// as before.
import { endianness } from 'node:os';
import { writeFileAtomic } from '../../lib/atomic-write.js';
import { readFileNoFollow } from '../../lib/no-follow.js';
import type { VisitTable } from './visit-table.js';
import type { PageIndex } from './visit-page-index.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

const MAGIC = 'svc page index 1\n';

/**
 * FNV-1a over the columns the index is made from (each run's first page view, each page view's page) and
 * their lengths: any change to them changes it. A few milliseconds for a month, several times less than
 * building the index.
 */
export function pageColumnsFingerprint(table: VisitTable): string {
  const { runStart, pvPage } = table;
  // Each loop a function of its own that returns a number: optimised whole, never mid-loop (filtered-figures.ts).
  // Two page numbers a step, into two lanes, so each loop is half as long; an odd last one goes to the second.
  const paired = pvPage.length & ~1;
  const a = hashPages(pvPage, hashRuns(runStart), 0, paired);
  let b = hashPages(pvPage, 0x01000193 ^ pvPage.length, 1, paired);
  if (pvPage.length & 1) b = Math.imul(b ^ pvPage[pvPage.length - 1]!, 0x01000193);
  return `${runStart.length}.${pvPage.length}.${table.names.pages.length}.${(a >>> 0).toString(16)}.${(b >>> 0).toString(16)}`;
}

/** The fingerprint the table's header keeps, or (a table written before headers kept it) worked out. */
function fingerprintOf(table: VisitTable): string {
  return table.pagesFingerprint ?? pageColumnsFingerprint(table);
}

function hashRuns(runStart: Int32Array): number {
  let a = 0x811c9dc5;
  for (let i = 0; i < runStart.length; i++) a = Math.imul(a ^ runStart[i]!, 0x01000193);
  return a;
}

/** Every other page number from `first`, up to `end`. */
function hashPages(pvPage: Uint16Array, seed: number, first: number, end: number): number {
  let h = seed;
  for (let i = first; i < end; i += 2) h = Math.imul(h ^ pvPage[i]!, 0x01000193);
  return h;
}

export function encodePageIndex(table: VisitTable, index: PageIndex): Buffer {
  const header = Buffer.from(MAGIC + JSON.stringify({ of: fingerprintOf(table), endianness: endianness(), pages: index.start.length - 1, entries: index.runs.length }), 'utf8');
  const at = Math.ceil((4 + header.length) / 4) * 4;
  const out = Buffer.alloc(at + 4 * (index.start.length + index.runs.length));
  out.writeUInt32LE(header.length, 0);
  header.copy(out, 4);
  out.set(new Uint8Array(index.start.buffer, index.start.byteOffset, index.start.byteLength), at);
  out.set(new Uint8Array(index.runs.buffer, index.runs.byteOffset, index.runs.byteLength), at + index.start.byteLength);
  return out;
}

export function writePageIndex(trusted: TrustedFolders, path: string, table: VisitTable, index: PageIndex): void {
  writeFileAtomic(trusted, path, encodePageIndex(table, index), 0o600);
}

/** The index in `bytes` when it is whole and made for `table`, else null. */
export function decodePageIndex(bytes: Buffer, table: VisitTable): PageIndex | null {
  try {
    const length = bytes.readUInt32LE(0);
    const head = bytes.subarray(4, 4 + length).toString('utf8');
    if (!head.startsWith(MAGIC)) return null;
    const header = JSON.parse(head.slice(MAGIC.length)) as { of: unknown; endianness: unknown; pages: unknown; entries: unknown };
    const pages = table.names.pages.length, runCount = table.runFlags.length;
    if (header.endianness !== endianness() || header.pages !== pages || !Number.isInteger(header.entries)) return null;
    const entries = header.entries as number;
    const at = Math.ceil((4 + length) / 4) * 4;
    if (bytes.length !== at + 4 * (pages + 1 + entries)) return null;
    // Views on the bytes read (a file read whole has a buffer of its own); copied when they do not start
    // on a 4-byte boundary.
    const body: Uint8Array = (bytes.byteOffset + at) % 4 === 0 ? bytes : new Uint8Array(bytes);
    const bodyAt = body.byteOffset + at;
    const start = new Int32Array(body.buffer, bodyAt, pages + 1), runs = new Int32Array(body.buffer, bodyAt + 4 * (pages + 1), entries);
    // Every number points into the table, and each page's runs are in run order, whatever the file says.
    if (start[0] !== 0 || start[pages] !== entries) return null;
    if (!inRunOrder(start, runs, pages, runCount)) return null;
    if (header.of !== fingerprintOf(table)) return null;
    return { start, runs };
  } catch {
    return null;
  }
}

function inRunOrder(start: Int32Array, runs: Int32Array, pages: number, runCount: number): boolean {
  for (let p = 0; p < pages; p++) {
    const from = start[p]!, to = start[p + 1]!;
    if (to < from) return false;
    let last = -1;
    for (let i = from; i < to; i++) {
      const run = runs[i]!;
      if (run <= last || run >= runCount) return false;
      last = run;
    }
  }
  return true;
}

/** The index written for `table` at `path`, or null when there is none or it is damaged or of another table. */
export function readPageIndex(trusted: TrustedFolders, path: string, table: VisitTable): PageIndex | null {
  let bytes: Buffer;
  try { bytes = readFileNoFollow(trusted, path); } catch { return null; }
  return decodePageIndex(bytes, table);
}
