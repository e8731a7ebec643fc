import { join } from 'node:path';
import { writeFileAtomic, isTempFileName, removeStaleTempFile } from '../../lib/atomic-write.js';
import { listFolderNoFollow, readTextNoFollow, statNoFollow } from '../../lib/no-follow.js';
import type { Rollup } from './rollup.js';
import { isRollup } from './rollup-shape.js';
import { LruCache } from '../../lib/lru.js';
import { decodeVisitTable, readVisitTable, writeVisitTable, visitTableBytes, type VisitTable } from './visit-table.js';
import { buildPageIndex, pageIndexSource } from './visit-page-index.js';
import { pageColumnsFingerprint, readPageIndex, writePageIndex } from './visit-page-index-file.js';
import { sharedCopy } from '../../lib/shared-read.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

/**
 * The files under `data/stats/`: raw/ and bots/ day logs, daily/ and monthly/ rollups. Rollups are
 * immutable once written, so parsed ones are cached (monthly ones all, daily ones most recently used). No
 * symbolic link below the data folder is followed (lib/no-follow.ts): a linked file or folder is missing.
 */
export class RollupFiles {
  private readonly monthlyCache = new Map<string, Rollup | null>();
  private readonly dailyCache = new LruCache<string, Rollup>(64);
  /**
   * Visit tables most recently used, up to this many bytes: the 400 days of a site with 10 million page
   * views (about 220 MB of tables) stay in memory, so a new set of filters over them reads no file. A
   * table's page index (visit-page-index.ts, about a fifth of its size) and run numbers are freed with it.
   */
  private readonly visitsCache = new LruCache<string, VisitTable>(Infinity, { maxBytes: 256 * 1024 * 1024, sizeOf: visitTableBytes });

  constructor(readonly trusted: TrustedFolders, readonly dir: string) {}

  rawPath(day: string): string { return join(this.dir, 'raw', `${day}.ndjson`); }
  botsPath(day: string): string { return join(this.dir, 'bots', `${day}.ndjson`); }
  dailyPath(day: string): string { return join(this.dir, 'daily', `${day}.json`); }
  monthlyPath(month: string): string { return join(this.dir, 'monthly', `${month}.json`); }
  visitsPath(day: string): string { return join(this.dir, 'visits', `${day}.bin`); }
  /** A month table's page index (visit-page-index-file.ts); days' tables are small enough to index when asked. */
  pageIndexPath(month: string): string { return join(this.dir, 'visits', `${month}.pages.bin`); }
  /** The open day's partial aggregate (live-day.ts); deleted when the day is rolled up. */
  partialPath(day: string): string { return join(this.dir, 'partial', `${day}.bin`); }

  hasDaily(day: string): boolean { return this.dailyCache.has(day) || statNoFollow(this.trusted, this.dailyPath(day)) !== undefined; }
  hasMonthly(month: string): boolean { return Boolean(this.monthlyCache.get(month)) || statNoFollow(this.trusted, this.monthlyPath(month)) !== undefined; }

  readDaily(day: string): Rollup | null {
    const cached = this.dailyCache.get(day);
    if (cached) return cached;
    const rollup = readJson(this.trusted, this.dailyPath(day));
    if (rollup) this.dailyCache.set(day, rollup);
    return rollup;
  }

  readMonthly(month: string): Rollup | null {
    const cached = this.monthlyCache.get(month);
    if (cached) return cached;
    const rollup = readJson(this.trusted, this.monthlyPath(month));
    // A missing monthly rollup is not cached: it may be written by another process later.
    if (rollup) this.monthlyCache.set(month, rollup);
    return rollup;
  }

  writeDaily(rollup: Rollup): void {
    writeFileAtomic(this.trusted, this.dailyPath(rollup.from), JSON.stringify(rollup));
    this.dailyCache.delete(rollup.from);
  }

  writeMonthly(month: string, rollup: Rollup): void {
    writeFileAtomic(this.trusted, this.monthlyPath(month), JSON.stringify(rollup));
    this.monthlyCache.delete(month);
  }

  /** A finished day's visit table (visit-table.ts), or null when it has none or it is damaged. */
  readVisits(day: string): VisitTable | null {
    const cached = this.visitsCache.get(day);
    if (cached) return cached;
    const table = readVisitTable(this.trusted, this.visitsPath(day), day);
    if (table) this.keepVisits(table);
    if (table && isMonth(day)) pageIndexSource(table, () => readPageIndex(this.trusted, this.pageIndexPath(day), table));
    return table;
  }

  /** Whether `table` is still the one kept for its day (else its memory is let go once nothing else holds it). */
  holdsVisits(table: VisitTable): boolean {
    return this.visitsCache.peek(table.day) === table;
  }

  /** Keeps a table in the cache (also one counted from a raw log before its day was rolled up). */
  keepVisits(table: VisitTable): void {
    this.visitsCache.set(table.day, table);
  }

  /** Writes a table; a month's with its page index, made now once rather than by a page filter later. */
  writeVisits(written: VisitTable): void {
    const fingerprint = isMonth(written.day) ? { pagesFingerprint: pageColumnsFingerprint(written) } : {};
    const bytes = writeVisitTable(this.trusted, this.visitsPath(written.day), { ...written, ...fingerprint });
    // Kept as it would be read back: in shared memory, so the counting thread can count it too.
    const table = decodeVisitTable(sharedCopy(bytes), written.day) ?? written;
    this.keepVisits(table);
    if (!isMonth(table.day)) return;
    // Written after the table: a crash in between leaves no index or one of the table before, both refused.
    writePageIndex(this.trusted, this.pageIndexPath(table.day), table, buildPageIndex(table));
    pageIndexSource(table, () => readPageIndex(this.trusted, this.pageIndexPath(table.day), table));
  }

  /** Forget cached rollups (after files were deleted or rewritten by the seed generator). */
  forget(): void {
    this.monthlyCache.clear();
    this.dailyCache.clear();
    this.visitsCache.clear();
  }

  /** The names (without extension) of the files in a subfolder, sorted. */
  list(folder: 'raw' | 'bots' | 'daily' | 'monthly' | 'partial' | 'visits'): string[] {
    try {
      const dir = join(this.dir, folder);
      return listFolderNoFollow(this.trusted, dir)
        .filter((item) => item.isFile())
        .map((item) => item.name)
        .filter((name) => {
          if (isTempFileName(name)) removeStaleTempFile(this.trusted, join(dir, name));
          return !isTempFileName(name) && /\.(json|ndjson|bin)$/.test(name);
        })
        .map((name) => name.replace(/\.((nd)?json|bin)$/, ''))
        .sort();
    } catch {
      return [];
    }
  }
}

const isMonth = (name: string) => name.length === 7;

/** A rollup file, or null when it is missing, no JSON or JSON of another shape (its day counts as damaged). */
function readJson(trusted: TrustedFolders, path: string): Rollup | null {
  let value: unknown;
  try {
    value = JSON.parse(readTextNoFollow(trusted, path));
  } catch {
    return null;
  }
  return isRollup(value) ? value : null;
}

/** Parses ndjson text into objects, skipping blank or damaged lines (a crash mid-write leaves at most one). */
export function parseLines<T>(text: string): T[] {
  const out: T[] = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (end > start) {
      try { out.push(JSON.parse(text.slice(start, end)) as T); } catch { /* damaged line */ }
    }
    start = end + 1;
  }
  return out;
}

export function readLinesOf<T>(trusted: TrustedFolders, path: string): T[] {
  try {
    return parseLines<T>(readTextNoFollow(trusted, path));
  } catch {
    return [];
  }
}
