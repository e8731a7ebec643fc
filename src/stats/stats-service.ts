import type { Clock } from '../lib/clock.js';
import { statNoFollow } from '../lib/no-follow.js';
import { formatSiteDate, parseSiteTime, startOfSiteDay } from '../lib/time-zone.js';
import { AppendLog, RollupFiles, RangeTables, TodayCounter, catchUpRollups, mergeInto, finishedDays, type LiveDay, type CatchUpResult, type Rollup, type RawLine, type BotLogLine, type VisitTable } from './store/stats-store.js';
import { SaltStore, randomSalt, type SaltSource } from './salt-store.js';
import { addDays, firstDayOfMonth, lastDayOfMonth, monthOf, monthsBefore } from '../lib/day-math.js';
import { dropReason, type DropReason } from './beacon-payload.js';
import { beaconLine, type RequestHeaders } from './beacon-line.js';
import { isBotUserAgent } from './user-agent.js';
import { matchAiCrawler, type AiCrawler } from './ai-crawlers.js';
import { cleanPath } from './traffic-source.js';
import { FilteredRange } from './filtered-range.js';
import type { ConversionQuestion } from './table-questions.js';
import type { FigureParts } from './filtered-figures.js';
import type { FilteredFigures } from './table-count.js';
import type { StatsFilter } from './stats-filters.js';
import { GoalStore } from './goal-store.js';
import { TrustedFolders } from '../lib/trusted-folders.js';

export type { RequestHeaders } from './beacon-line.js';

export interface StatsOptions {
  /** `data/stats` */
  dir: string;
  clock: Clock;
  /** The site's time zone (read on every use: site.yaml may change). */
  timeZone: () => string;
  /** The site's own host names without `www.` (a referrer on them is no source); the first keys the visitor hash. */
  siteHosts: () => string[];
  salts?: SaltSource;
  /** The process log (a day log the disk refuses is told there once). */
  log?: (line: string) => void;
  /** The site's folders below which no link is followed (lib/trusted-folders.ts); without it, a value trusting `dir`. */
  trustedFolders?: TrustedFolders;
}

/** stats_query's longest range. */
const MAX_RANGE_DAYS = 400;

/** Minutes after midnight before yesterday is rolled up, so lines in flight at midnight land first. */
const SETTLE_MS = 2 * 60_000;
export const REALTIME_WINDOW_MS = 5 * 60_000;

/**
 * The statistics of one installation: collects (beacon, crawler hits, consent) into the day logs and answers
 * ranges from rollups plus the open day. Everything time-dependent reads the injected clock.
 */
export class StatsService {
  readonly files: RollupFiles;
  readonly salts: SaltStore;
  /** The site's goals (data/stats/goals.json). */
  readonly goals: GoalStore;
  private readonly log: AppendLog;
  private readonly todayCounter: TodayCounter;
  private caughtUpFor = '';
  private checkedAt = -Infinity;
  private knownDay = { timeZone: '', day: '', start: 0, end: -1 };
  private readonly rangeTables: RangeTables;
  private readonly filteredRange: FilteredRange;

  constructor(private readonly options: StatsOptions) {
    // The site's value is never widened (data/stats itself must not be a link): its own only when none is given.
    const trusted = options.trustedFolders ?? new TrustedFolders([options.dir]);
    this.log = new AppendLog(trusted, options.log);
    this.files = new RollupFiles(trusted, options.dir);
    this.salts = new SaltStore(trusted, options.dir, options.salts ?? randomSalt);
    this.goals = new GoalStore(trusted, options.dir);
    this.todayCounter = new TodayCounter(this.files, () => this.today(), () => this.timeZone);
    this.rangeTables = new RangeTables(this);
    this.filteredRange = new FilteredRange(this.rangeTables);
  }

  get timeZone(): string { return this.options.timeZone(); }
  now(): number { return this.options.clock(); }
  /** Today's name in the site time zone. */
  today(): string { return this.dayOf(this.now()); }
  /** The site-time-zone day of an instant; the current day's bounds are kept, so a beacon costs no Intl call. */
  dayOf(ms: number): string {
    const timeZone = this.timeZone;
    const known = this.knownDay;
    if (known.timeZone === timeZone && ms >= known.start && ms < known.end) return known.day;
    const day = formatSiteDate(ms, timeZone);
    this.knownDay = { timeZone, day, start: startOfSiteDay(ms, timeZone), end: parseSiteTime(addDays(day, 1), timeZone) ?? ms + 1 };
    return day;
  }

  private append(day: string, line: RawLine): void {
    this.log.append(this.files.rawPath(day), JSON.stringify(line));
    this.todayCounter.lineAdded();
  }

  private appendBot(day: string, line: BotLogLine): void {
    this.log.append(this.files.botsPath(day), JSON.stringify(line));
    this.todayCounter.lineAdded();
  }

  /**
   * Takes one beacon request. Returns the drop reason for bots (logged in the bot log, not counted) or null
   * when the line was recorded. Throws AppError('bad_request') for a body that is not a beacon's.
   */
  collect(body: string, headers: RequestHeaders, ip: string): DropReason | null {
    const t = this.now();
    const day = this.dayOf(t);
    const reason = dropReason(headers, isBotUserAgent);
    if (reason) {
      this.appendBot(day, { k: 'bot', t, r: reason });
      return reason;
    }
    this.append(day, beaconLine({ body, headers, ip }, t, this.salts.saltFor(day), this.options.siteHosts()));
    return null;
  }

  /** Records a drop seen elsewhere (a GET navigation straight to the collect address). */
  recordDrop(reason: DropReason): void {
    const t = this.now();
    this.appendBot(this.dayOf(t), { k: 'bot', t, r: reason });
  }

  /**
   * Counts a public page request by an AI crawler (they run no script). Returns the crawler, or null when
   * the user agent is not one. Call it for every successful public page request.
   */
  recordCrawlerHit(request: { userAgent: string | undefined; path: string }): AiCrawler | null {
    const crawler = matchAiCrawler(request.userAgent ?? '');
    if (!crawler) return null;
    const path = cleanPath(request.path) ?? '/';
    const t = this.now();
    this.appendBot(this.dayOf(t), { k: 'ai', t, n: crawler.name, p: path });
    return crawler;
  }

  /** Records a consent decision (no visitor key: decisions are counted, not people). */
  recordConsent(decision: { version: string; statistics: boolean; marketing: boolean; externalMedia: boolean; action: string }): void {
    const t = this.now();
    this.append(this.dayOf(t), { k: 'cs', t, bv: decision.version, st: decision.statistics, mk: decision.marketing, em: decision.externalMedia, a: decision.action });
  }

  /** Today's counts so far, read incrementally from the day logs of every process (see TodayCounter). */
  live(): LiveDay {
    const day = this.todayCounter.current();
    day.refresh();
    return day;
  }

  /** Rolls up finished days once per day (and again while yesterday was still settling). Cheap when done. */
  ensureRolledUp(): CatchUpResult | null {
    const now = this.now();
    if (now >= this.checkedAt && now - this.checkedAt < 60_000) return null;
    this.checkedAt = now;
    const today = this.today();
    const settled = now - startOfSiteDay(now, this.timeZone) >= SETTLE_MS;
    const key = `${today}:${settled}`;
    if (this.caughtUpFor === key) return null;
    const result = this.catchUp();
    this.caughtUpFor = key;
    return result;
  }

  /**
   * At server start: catch up the rollups, read the rollups a long range needs, and count today's log (from
   * its partial aggregate) in slices in the background, so the first answers do not wait for a long log.
   */
  warmUp(): void {
    this.ensureRolledUp();
    this.todayCounter.openInBackground().catch(() => { /* the first question opens the day itself */ });
    // The monthly rollups of the last 13 months and this month's daily ones: what a long range reads.
    const today = this.today();
    for (let back = 1; back <= 13; back++) this.files.readMonthly(monthOf(monthsBefore(today, back)));
    for (let day = firstDayOfMonth(monthOf(today)); day < today; day = addDays(day, 1)) this.files.readDaily(day);
    const oldest = addDays(today, -(MAX_RANGE_DAYS - 1));
    for (let day = oldest; day <= lastDayOfMonth(monthOf(oldest)); day = addDays(day, 1)) this.files.readDaily(day);
  }

  /** Rolls up now (`svc stats rollup`), deleting salts and files past retention. */
  catchUp(): CatchUpResult {
    const now = this.now();
    const today = this.today();
    const settled = now - startOfSiteDay(now, this.timeZone) >= SETTLE_MS;
    this.salts.prune(today);
    const result = catchUpRollups(this.files, today, this.timeZone, settled, (path) => this.log.release(path));
    if (result.months.length > 0 || result.deleted.length > 0) this.filteredRange.forget();
    return result;
  }

  /**
   * Everything counted from `from` to `to` (day names, both included): monthly rollups for whole finished
   * months, daily rollups for the other finished days, the live counts for today. Raw logs are read only for
   * a finished day not yet rolled up (the few minutes after midnight).
   */
  range(from: string, to: string): Rollup {
    this.ensureRolledUp();
    const today = this.today();
    const total = finishedDays(this.files, from, to, today, this.timeZone);
    if (from <= today && today <= to) mergeInto(total, this.live().rollup(false), false);
    return total;
  }

  /**
   * The page views from `from` to `to` that match every filter, counted from the days' visit tables (see
   * filtered-range.ts); with no filter, the same figures as range() plus entry and exit pages.
   */
  filtered(from: string, to: string, filters: readonly StatsFilter[], parts?: FigureParts): FilteredFigures & { missing: string[] } {
    this.ensureRolledUp();
    return this.filteredRange.count(from, to, filters, parts);
  }

  /** Whether a day has a raw log (it is counted here, so nothing may be imported for it). */
  hasRawLog(day: string): boolean {
    return statNoFollow(this.files.trusted, this.files.rawPath(day)) !== undefined;
  }

  /** Rollups were written from outside the day's own count (an import): what was counted from them is forgotten. */
  rollupsChanged(): void {
    this.filteredRange.forget();
  }

  /** The visit tables of a range (properties and the export count them): see RangeTables.tables. */
  visitTables(from: string, to: string): { tables: VisitTable[]; missing: string[] } {
    this.ensureRolledUp();
    return this.rangeTables.tables(from, to);
  }

  /** Goals' or a funnel's counts in each visit table of a range, on both cores (filtered-range.ts). */
  conversions(from: string, to: string, question: ConversionQuestion): { counts: Float64Array[]; missing: string[] } {
    const { tables, missing } = this.visitTables(from, to);
    return { counts: this.filteredRange.answer(tables, question), missing };
  }

  /** Visitors active in the last five minutes, with the page each is on. */
  activeVisitors(): { path: string; at: number }[] {
    const since = this.now() - REALTIME_WINDOW_MS;
    const active = this.live().aggregator.activeSince(since);
    // Just after midnight the window reaches into yesterday, whose visitors had other keys (other salt).
    const yesterday = this.todayCounter.previous();
    if (yesterday && since < startOfSiteDay(this.now(), this.timeZone)) {
      yesterday.refresh();
      active.push(...yesterday.aggregator.activeSince(since));
    }
    return active;
  }

  /** Stops counting in the background, writes today's partial aggregate if it would add anything, closes the logs. */
  close(): void {
    this.todayCounter.close();
    this.filteredRange.close();
    this.log.close();
  }

  /** Where the statistics live (for the CLI's messages). */
  get dir(): string { return this.options.dir; }
}
