import { closeSync, existsSync, writeSync } from 'node:fs';
import { createNoFollow, removeNoFollow } from '../../lib/no-follow.js';
import { writeFileAtomic } from '../../lib/atomic-write.js';
import { startOfSiteDay } from '../../lib/time-zone.js';
import type { StatsService } from '../../stats/stats-service.js';
import type { StatsContent } from '../../stats/page-index.js';
import { seededRandom } from './seed-random.js';
import { seedPages, generateDayRollup, generateRawLines } from './seed-day.js';
import { rollupMonth, DayAggregator, VisitRecorder, mergeVisitTables, type VisitTable } from '../../stats/store/stats-store.js';
import { addDays, eachDay, lastDayOfMonth, monthOf } from '../../lib/day-math.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

export interface SeedOptions {
  /** Days of history before today (default 400). */
  days?: number;
  /** Average page views a day (default 250); the total is exactly days x this. */
  pageviewsPerDay?: number;
  /** Generated pages added to the site's real paths (default 0), for volume tests. */
  extraPages?: number;
  /** The last N finished days are written as raw log lines and rolled up like real traffic (default 0). */
  rawDays?: number;
  /** Roll up the raw days at once (default true; the benchmark scans them first). */
  rollUpRaw?: boolean;
  /** Also write today's traffic so far as raw lines (default true). */
  today?: boolean;
  /**
   * Past days get page views made one by one and counted like real traffic, so they have a visit table
   * and can be filtered (default true); false writes their rollups straight from shares (faster, no table).
   */
  visitTables?: boolean;
  /** Overwrite days that already have a rollup or a log (default false: they are kept). */
  force?: boolean;
  seed?: number;
}

export interface SeedResult { days: number; skipped: number; pageviews: number; rawLines: number; months: number; paths: number }

/** Public paths of the site's published translations, home pages first. */
export function sitePaths(content: StatsContent): string[] {
  const site = content.site();
  const paths = ['/', ...Object.keys(site.languages).filter((code) => code !== site.defaultLanguage).map((code) => `/${code}`)];
  const entries = content.entries()
    .flatMap((entry) => [...entry.translations.values()].filter((t) => t.status === 'published').map((t) => ({ path: t.path, date: t.dateMs, type: entry.type.key })))
    // Posts first (they get most of the traffic), newest first.
    .sort((a, b) => (a.type === 'post' ? 0 : 1) - (b.type === 'post' ? 0 : 1) || b.date - a.date);
  for (const entry of entries) if (!paths.includes(entry.path)) paths.push(entry.path);
  return paths;
}

function dailyVolumes(days: string[], perDay: number, random: () => number): number[] {
  const shape = days.map((day, i) => {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const trend = 0.55 + 0.45 * (i / Math.max(1, days.length - 1));
    const spike = random() < 0.025 ? 2 + random() * 2 : 1;
    return trend * (weekday === 0 || weekday === 6 ? 0.72 : 1) * (0.85 + random() * 0.3) * spike;
  });
  const sum = shape.reduce((a, b) => a + b, 0);
  const total = Math.round(perDay * days.length);
  const volumes = shape.map((s) => Math.floor((s / sum) * total));
  let rest = total - volumes.reduce((a, b) => a + b, 0);
  for (let i = volumes.length - 1; rest > 0; i = (i - 1 + volumes.length) % volumes.length, rest--) volumes[i]!++;
  return volumes;
}

function writeLines(trusted: TrustedFolders, path: string, lines: unknown[], replace: boolean): void {
  // The seed is a one-off bulk writer: many lines at once (the live collector appends one at a time),
  // never through a symbolic link (lib/no-follow.ts), serialized in chunks (one string of a day of a
  // million page views would pass the longest string V8 makes).
  const chunk = 50_000;
  const chunks: Buffer[] = [];
  for (let i = 0; i < lines.length; i += chunk) chunks.push(Buffer.from(lines.slice(i, i + chunk).map((line) => JSON.stringify(line)).join('\n') + '\n'));
  if (replace) {
    // --force replaces the log whole and at once: appended to, each run added its lines to the last
    // run's (today's page views went 24, 48, 72), and a reader never sees it half written.
    if (chunks.length > 0) writeFileAtomic(trusted, path, Buffer.concat(chunks), 0o600);
    else removeIfThere(trusted, path);
    return;
  }
  if (chunks.length === 0) return;
  // Appended: today's bot log may hold the lines of real requests already.
  const fd = createNoFollow(trusted, path, 'append', 0o600);
  try {
    for (const bytes of chunks) writeSync(fd, bytes);
  } finally {
    closeSync(fd);
  }
}

function removeIfThere(trusted: TrustedFolders, path: string): void {
  try { removeNoFollow(trusted, path); } catch { /* not there */ }
}

/**
 * Fills the statistics with realistic generated traffic: rollups written directly for past days (fast:
 * no events are made), raw lines for the last `rawDays` finished days and for today so far, monthly rollups
 * for finished months. Uses the site's real page paths.
 */
export function seedStats(stats: StatsService, content: StatsContent, options: SeedOptions = {}): SeedResult {
  const random = seededRandom(options.seed ?? 1);
  const historyDays = options.days ?? 400;
  const perDay = options.pageviewsPerDay ?? 250;
  const rawDays = Math.min(options.rawDays ?? 0, historyDays);
  const paths = sitePaths(content);
  for (let i = 0; i < (options.extraPages ?? 0); i++) paths.push(`/generated/page-${i + 1}`);
  const pages = seedPages(paths, random);
  const today = stats.today();
  const tz = stats.timeZone;
  const days = historyDays > 0 ? eachDay(addDays(today, -historyDays), addDays(today, -1)) : [];
  const volumes = dailyVolumes([...days, today], perDay, random);
  const files = stats.files;
  const result: SeedResult = { days: 0, skipped: 0, pageviews: 0, rawLines: 0, months: 0, paths: paths.length };
  const touchedMonths = new Set<string>();
  days.forEach((day, i) => {
    const isRaw = i >= days.length - rawDays;
    const exists = files.hasDaily(day) || existsSync(files.rawPath(day));
    if (exists && !options.force) { result.skipped++; return; }
    const pageviews = volumes[i]!;
    if (isRaw) {
      const start = startOfSiteDay(Date.parse(`${day}T12:00:00Z`), tz);
      const end = startOfSiteDay(Date.parse(`${addDays(day, 1)}T12:00:00Z`), tz);
      const { raw, bots } = generateRawLines(pageviews, start, end, pages, random);
      writeLines(files.trusted, files.rawPath(day), raw, exists);
      writeLines(files.trusted, files.botsPath(day), bots, exists);
      // Rolled up again from the new lines (catch-up passes over a day with a rollup): a rollup kept
      // from an earlier run would go on showing that run's figures.
      if (exists) for (const path of [files.dailyPath(day), files.visitsPath(day)]) removeIfThere(files.trusted, path);
      result.rawLines += raw.length;
    } else if (options.visitTables !== false) {
      const start = startOfSiteDay(Date.parse(`${day}T12:00:00Z`), tz);
      const end = startOfSiteDay(Date.parse(`${addDays(day, 1)}T12:00:00Z`), tz);
      const { raw, bots } = generateRawLines(pageviews, start, end, pages, random);
      const recorder = new VisitRecorder();
      const aggregator = new DayAggregator(day, tz, recorder);
      for (const line of raw) aggregator.add(line);
      for (const line of bots) aggregator.addBot(line);
      files.writeDaily(aggregator.toRollup());
      files.writeVisits(recorder.toTable(day));
      touchedMonths.add(monthOf(day));
    } else {
      files.writeDaily(generateDayRollup(day, pageviews, pages, random));
      touchedMonths.add(monthOf(day));
    }
    result.days++;
    result.pageviews += pageviews;
  });
  const todayExists = existsSync(files.rawPath(today));
  if (options.today !== false && (!todayExists || options.force)) {
    const start = startOfSiteDay(stats.now(), tz);
    const now = stats.now();
    const share = (now - start) / 86_400_000;
    const pageviews = Math.round(volumes[volumes.length - 1]! * share);
    if (pageviews > 0 || todayExists) {
      const { raw, bots } = generateRawLines(pageviews, start, now, pages, random);
      writeLines(files.trusted, files.rawPath(today), raw, todayExists);
      writeLines(files.trusted, files.botsPath(today), bots, todayExists);
      result.rawLines += raw.length;
      result.pageviews += pageviews;
    }
  }
  for (const month of [...touchedMonths].sort()) {
    if (month >= monthOf(today) || lastDayOfMonth(month) >= today) continue;
    files.writeMonthly(month, rollupMonth(files, month));
    const tables = eachDay(`${month}-01`, lastDayOfMonth(month)).map((day) => files.readVisits(day)).filter((t): t is VisitTable => t !== null);
    const merged = mergeVisitTables(month, tables);
    if (merged) files.writeVisits(merged);
    result.months++;
  }
  files.forget();
  // Raw days are rolled up like real traffic would be (and their months' rollups rebuilt).
  if (rawDays > 0 && options.rollUpRaw !== false) result.months += stats.catchUp().months.length;
  return result;
}
