import { join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.js';
import { readTextNoFollow, removeNoFollow } from '../../lib/no-follow.js';
import { withFileLock } from '../../lib/file-lock.js';
import { DayAggregator } from './day-aggregator.js';
import { VisitRecorder } from './visit-recorder.js';
import { mergeVisitTables } from './visit-table-month.js';
import type { VisitTable } from './visit-table.js';
import { hasLineTime, type RawLine, type BotLogLine } from './raw-event.js';
import { parseLines, readLinesOf, type RollupFiles } from './rollup-files.js';
import { dict, emptyRollup, mergeInto, capRollup, type Rollup } from './rollup.js';
import { addDays, eachDay, firstDayOfMonth, lastDayOfMonth, monthOf } from '../../lib/day-math.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

export const RETENTION = { rawDays: 35, botDays: 30, dailyMonths: 25 } as const;

export interface CatchUpResult { days: string[]; months: string[]; deleted: string[] }

/** Counts a finished day from its raw and bot logs, lines in time order (recording its visit table too when given a recorder). */
export function rollupDay(files: RollupFiles, day: string, timeZone: string, recorder?: VisitRecorder): Rollup {
  const aggregator = new DayAggregator(day, timeZone, recorder);
  // Lines without a time are left out before the sort (the aggregator would skip them anyway): a comparison
  // that answers NaN leaves the rest out of order.
  const lines = readLinesOf<RawLine>(files.trusted, files.rawPath(day)).filter((line) => typeof line === 'object' && line !== null && hasLineTime(line));
  // Stable sort: lines of several processes are nearly in order already.
  lines.sort((a, b) => a.t - b.t);
  for (const line of lines) aggregator.add(line);
  for (const line of readLinesOf<BotLogLine>(files.trusted, files.botsPath(day))) aggregator.addBot(line);
  return aggregator.toRollup();
}

/**
 * Builds a month's rollup from its daily rollups. Pages keep their counts but not their came-from and
 * went-on-to steps: only stats_post shows those, and it reads daily rollups (this keeps monthly files small,
 * so a 400-day range parses little).
 */
export function rollupMonth(files: RollupFiles, month: string): Rollup {
  const total = emptyRollup(firstDayOfMonth(month), lastDayOfMonth(month));
  for (const day of eachDay(firstDayOfMonth(month), lastDayOfMonth(month))) {
    const daily = files.readDaily(day);
    if (daily) mergeInto(total, daily, false);
  }
  capRollup(total);
  for (const path of Object.keys(total.pages)) { total.pages[path]!.from = dict(); total.pages[path]!.to = dict(); }
  return total;
}

/** Rewrites a rolled-up raw log without visitor keys: no hash survives the rollup (D12). */
function stripVisitorKeys(trusted: TrustedFolders, path: string): void {
  let text: string;
  try { text = readTextNoFollow(trusted, path); } catch { return; }
  const out: string[] = [];
  for (const line of parseLines<Record<string, unknown> | null>(text)) {
    // A line of `null` is JSON too: deleting a key of it threw, and the day kept its hashes.
    if (line !== null && typeof line === 'object') delete line.v;
    out.push(JSON.stringify(line));
  }
  writeFileAtomic(trusted, path, out.length > 0 ? out.join('\n') + '\n' : '', 0o600);
}

function monthsAgo(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
}

/**
 * Writes the daily rollup of every finished day that has logs but no rollup yet, the monthly rollup of
 * every finished month, and deletes what retention says is too old. Runs at start, on demand and from
 * `svc stats rollup`; a lock keeps two processes from doing the same work at once.
 * `settled` = whether yesterday may be rolled (a short grace after midnight lets in-flight lines land).
 */
export function catchUpRollups(files: RollupFiles, today: string, timeZone: string, settled: boolean, release?: (path: string) => void): CatchUpResult {
  return withFileLock(files.trusted, join(files.dir, 'rollup.lock'), () => {
    const result: CatchUpResult = { days: [], months: [], deleted: [] };
    const last = settled ? addDays(today, -1) : addDays(today, -2);
    const days = new Set([...files.list('raw'), ...files.list('bots')].filter((day) => day <= last));
    for (const day of [...days].sort()) {
      if (files.hasDaily(day)) continue;
      const recorder = new VisitRecorder();
      files.writeDaily(rollupDay(files, day, timeZone, recorder));
      files.writeVisits(recorder.toTable(day));
      release?.(files.rawPath(day));
      stripVisitorKeys(files.trusted, files.rawPath(day));
      result.days.push(day);
    }
    // A partial aggregate holds visitor hashes too: it goes with the day's rollup (or, written late by a
    // process still counting that day, at the next catch-up).
    for (const day of files.list('partial')) {
      if (day <= last) try { removeNoFollow(files.trusted, files.partialPath(day)); } catch { /* gone already */ }
    }
    const thisMonth = monthOf(today);
    const months = new Set(files.list('daily').map(monthOf));
    for (const month of [...months].sort()) {
      if (month >= thisMonth || lastDayOfMonth(month) > last) continue;
      if (files.hasMonthly(month) && !result.days.some((day) => monthOf(day) === month)) continue;
      files.writeMonthly(month, rollupMonth(files, month));
      const tables = eachDay(firstDayOfMonth(month), lastDayOfMonth(month)).map((day) => files.readVisits(day)).filter((t): t is VisitTable => t !== null);
      const merged = mergeVisitTables(month, tables);
      if (merged) files.writeVisits(merged);
      result.months.push(month);
    }
    const remove = (path: string, name: string) => {
      try { removeNoFollow(files.trusted, path); result.deleted.push(name); } catch { /* gone already */ }
    };
    const rawLimit = addDays(today, -RETENTION.rawDays);
    for (const day of files.list('raw')) if (day < rawLimit) remove(files.rawPath(day), `raw/${day}`);
    const botLimit = addDays(today, -RETENTION.botDays);
    for (const day of files.list('bots')) if (day < botLimit) remove(files.botsPath(day), `bots/${day}`);
    const dailyLimit = monthsAgo(today, RETENTION.dailyMonths);
    for (const day of files.list('daily')) if (day < dailyLimit) remove(files.dailyPath(day), `daily/${day}`);
    // A month's table stays, like its rollup; the days' tables go with the daily rollups.
    for (const day of files.list('visits')) if (day.length === 10 && day < dailyLimit) remove(files.visitsPath(day), `visits/${day}`);
    if (result.deleted.length > 0) files.forget();
    return result;
  });
}
