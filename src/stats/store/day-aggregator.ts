import { wallClock } from '../../lib/time-zone.js';
import { hasLineTime, type RawLine, type BotLogLine } from './raw-event.js';
import { DayTallies, type DayTalliesState } from './day-tallies.js';
import { dict, put, emptyRollup, capRollup, PAIR_DIMENSIONS, type Rollup, type Pair, type PairDimension } from './rollup.js';
import { VisitTracker } from './visit-tracker.js';
import { UniqueCounts } from './unique-counts.js';
import { EngagementTable } from './engagement-table.js';
import type { Column } from './columns.js';
import type { VisitRecorder } from './visit-recorder.js';

export { VISIT_GAP_MS, DIRECT } from './visit-tracker.js';
export { READ_MIN_MS, READ_MIN_SCROLL } from './engagement-table.js';

interface PageState { path: string; key: number; from: Map<string, number>; to: Map<string, number> }

/** A day's aggregate as plain data: small tables for JSON, the rest as typed-array columns (see partial-aggregate-file.ts). */
export interface DayState { tables: DayTables; columns: Record<string, Column> }
interface DayTables extends DayTalliesState {
  day: string; pageviews: number; engagedVisitors: number; hourKeys: number[];
  visitors: unknown; keys: number;
  pages: [path: string, key: number, from: [string, number][], to: [string, number][]][];
  dims: [PairDimension, [string, number][]][];
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/**
 * Counts one day of raw lines into a rollup, exactly (visitors are daily-unique, visits are 30-minute
 * sessions). Every figure of the rollup is kept up to date as lines are added, so `toRollup()` costs what
 * the rollup holds (pages, sources, ...), not what the day saw (visitors): today's numbers stay instant after
 * 300,000 visitors. Visitor hashes stay in memory while the day is open; `toRollup()` keeps only counts.
 * Lines are taken in the order given: the rollup of a finished day sorts them by time first.
 */
export class DayAggregator {
  private visitors = new VisitTracker();
  private counts = new UniqueCounts();
  private engagement = new EngagementTable();
  private pageviews = 0;
  private hourKeys: number[];
  private readonly pages: PageState[] = [];
  private readonly pageIndex = new Map<string, number>();
  private readonly dims = new Map<PairDimension, Map<string, number>>();
  /** what the day's lines say without a visitor: bots, crawler hits, consent decisions */
  private tallies = new DayTallies();
  private readonly hourCache = new Map<number, number>();

  /** `recorder`: also records the day's page views for the visit table (filters need it). */
  constructor(readonly day: string, private readonly timeZone: string, private readonly recorder?: VisitRecorder) {
    this.hourKeys = Array.from({ length: 24 }, () => this.counts.newKey());
  }

  private hourOf(t: number): number {
    // The hour changes only at quarter-hour boundaries in every real zone, so 15-minute buckets are exact.
    const bucket = Math.floor(t / 900_000);
    let hour = this.hourCache.get(bucket);
    if (hour === undefined) {
      hour = wallClock(bucket * 900_000, this.timeZone).hour;
      this.hourCache.set(bucket, hour);
    }
    return hour;
  }

  private count(dimension: PairDimension, name: string, visitor: number): void {
    let keys = this.dims.get(dimension);
    if (!keys) this.dims.set(dimension, (keys = new Map()));
    let key = keys.get(name);
    if (key === undefined) keys.set(name, (key = this.counts.newKey()));
    this.counts.count(visitor, key);
  }

  private page(path: string): number {
    let page = this.pageIndex.get(path);
    if (page === undefined) {
      page = this.pages.length;
      this.pages.push({ path, key: this.counts.newKey(), from: new Map(), to: new Map() });
      this.pageIndex.set(path, page);
    }
    return page;
  }

  add(line: RawLine): void {
    // A log line is whatever JSON the line held: anything but an object with a time is skipped, the rest
    // counted as it is.
    if (typeof line !== 'object' || line === null || !hasLineTime(line)) return;
    switch (line.k) {
      case 'pv': {
        const v = this.visitors.id(line.v);
        const page = this.page(line.p);
        const visit = this.visitors.view(v, line.t, page, line.s, line.c);
        this.pageviews++;
        const hour = this.hourOf(line.t);
        this.counts.count(v, this.hourKeys[hour]!);
        this.recorder?.pageview({
          visitor: v, startsVisit: this.visitors.pageviewsInVisit(v) === 1, path: line.p, hour,
          facets: { source: visit.source, campaign: visit.campaign ?? '', country: line.co, language: line.l, device: line.d, browser: line.b, os: line.o },
        });
        const state = this.pages[page]!;
        this.counts.count(v, state.key);
        // Came from: the page on the site, else the source this view brought, else (no referrer) the visit's.
        if (line.f && line.f !== line.p) {
          bump(state.from, line.f);
          bump(this.pages[this.page(line.f)]!.to, line.p);
        } else if (!line.f) bump(state.from, line.s ? String(line.s) : visit.source);
        this.count('referrers', visit.source, v);
        if (visit.campaign) this.count('campaigns', visit.campaign, v);
        this.count('countries', line.co, v);
        this.count('languages', line.l, v);
        this.count('devices', line.d, v);
        this.count('browsers', line.b, v);
        this.count('os', line.o, v);
        return;
      }
      case 'en': {
        const v = this.visitors.id(line.v);
        // Engagement counts only for a visitor who viewed that page this day: a read rate is a share of the
        // page's visitors and reading time an average over them, so a report from anyone else (a beacon sent
        // without a page view, a forged one) would push the rate past 100 % and the time anywhere.
        const page = this.pageIndex.get(line.p);
        if (page === undefined || !this.counts.has(v, this.pages[page]!.key)) return;
        this.visitors.touch(v, line.t, false);
        this.engagement.report(v, page, line.e, line.sc);
        this.recorder?.engagement(v, line.p, line.e, line.sc);
        return;
      }
      case 'ev': {
        const v = this.visitors.id(line.v);
        this.visitors.event(v, line.t);
        this.count('events', line.n, v);
        this.recorder?.event(v, line.n, line.p, this.visitors.pageviewsInVisit(v) > 0, line.pr, line.rf);
        return;
      }
      case 'cs':
        this.tallies.consent(line);
        return;
    }
  }

  addBot(line: BotLogLine): void {
    this.tallies.bot(line);
  }

  /** Visitors whose last page view or event was at or after `since`, with the page they are on. */
  activeSince(since: number): { path: string; at: number }[] {
    return this.visitors.activeSince(since).map(({ page, at }) => ({ path: this.pages[page]!.path, at }));
  }

  /**
   * The day's rollup. Without `steps` the pages' came-from and went-on-to are left empty: ranges do not
   * show them (see mergeInto), and they are the one part whose size grows with pages times pages.
   */
  toRollup(steps = true): Rollup {
    const r = emptyRollup(this.day);
    const visitors = this.visitors;
    r.visitors = visitors.started;
    r.pageviews = this.pageviews;
    r.visits = visitors.visits;
    r.bounces = visitors.closedBounces + visitors.openBounces;
    r.hours = this.hourKeys.map((key): Pair => this.counts.pair(key));
    if (r.pageviews > 0 || r.visitors > 0) r.days[this.day] = [r.visitors, r.pageviews];
    this.pages.forEach((page, i) => {
      const { em, ev, ss, sn, rd } = this.engagement.page(i);
      r.engaged_ms += em;
      const [v, pv] = this.counts.pair(page.key);
      if (pv === 0 && em === 0 && page.to.size === 0) return;
      put(r.pages, page.path, { v, pv, em, ev, ss, sn, rd, from: steps ? dict(page.from) : dict(), to: steps ? dict(page.to) : dict() });
    });
    r.engaged_visitors = this.engagement.engagedVisitors;
    for (const [dimension, keys] of this.dims) {
      const out: Record<string, Pair> = dict();
      for (const [name, key] of keys) put(out, name, this.counts.pair(key));
      r[dimension] = out;
    }
    this.tallies.into(r);
    return capRollup(r);
  }

  /** Everything counted so far as plain data, to be written as a partial aggregate. */
  exportState(): DayState {
    const visitors = this.visitors.export();
    const rows = this.visitors.size;
    const counts = this.counts.export(rows);
    const engagement = this.engagement.export(rows, this.pages.length);
    const entries = <T>(map: Map<string, T>) => [...map.entries()];
    const tables: DayTables = {
      day: this.day, pageviews: this.pageviews, engagedVisitors: engagement.engagedVisitors, hourKeys: this.hourKeys,
      visitors: visitors.tables, keys: counts.keys,
      pages: this.pages.map((page) => [page.path, page.key, entries(page.from), entries(page.to)]),
      dims: [...this.dims].map(([dimension, keys]) => [dimension, entries(keys)]),
      ...this.tallies.export(),
    };
    const columns: Record<string, Column> = {};
    for (const [part, set] of [['visitors', visitors.columns], ['counts', counts.columns], ['engagement', engagement.columns]] as const) {
      for (const [name, column] of Object.entries(set)) columns[`${part}.${name}`] = column;
    }
    return { tables, columns };
  }

  /**
   * An aggregator that goes on from an exported state; throws when the state is damaged (nothing is
   * half-restored). It takes the state's columns over (no copy): pass ones nobody else changes.
   */
  static restore(state: DayState, timeZone: string): DayAggregator {
    const t = state.tables;
    const part = (name: string) => Object.fromEntries(Object.entries(state.columns).filter(([key]) => key.startsWith(`${name}.`)).map(([key, column]) => [key.slice(name.length + 1), column]));
    const keys = t.keys;
    const isKey = (key: unknown): key is number => Number.isInteger(key) && (key as number) >= 0 && (key as number) < keys;
    if (!Number.isSafeInteger(t.pageviews) || !Number.isSafeInteger(t.engagedVisitors)) throw new Error('counters are damaged');
    if (!Number.isInteger(keys) || !Array.isArray(t.hourKeys) || t.hourKeys.length !== 24 || !t.hourKeys.every(isKey)) throw new Error('hours are damaged');
    if (!Array.isArray(t.pages) || !t.pages.every((page) => Array.isArray(page) && typeof page[0] === 'string' && isKey(page[1]))) throw new Error('pages are damaged');
    if (!Array.isArray(t.dims) || !t.dims.every(([dimension, list]) => PAIR_DIMENSIONS.includes(dimension) && Array.isArray(list) && list.every(([name, key]) => typeof name === 'string' && isKey(key)))) {
      throw new Error('dimensions are damaged');
    }
    const aggregator = new DayAggregator(String(t.day), timeZone);
    aggregator.visitors = VisitTracker.restore(t.visitors, t.pages.length, part('visitors'));
    aggregator.counts = UniqueCounts.restore(keys, aggregator.visitors.size, part('counts'));
    aggregator.engagement = EngagementTable.restore(aggregator.visitors.size, t.pages.length, t.engagedVisitors, part('engagement'));
    aggregator.pageviews = t.pageviews;
    aggregator.hourKeys = t.hourKeys;
    for (const [path, key, from, to] of t.pages) {
      aggregator.pageIndex.set(path, aggregator.pages.length);
      aggregator.pages.push({ path, key, from: new Map(from), to: new Map(to) });
    }
    for (const [dimension, list] of t.dims) aggregator.dims.set(dimension, new Map(list));
    aggregator.tallies = DayTallies.restore(t);
    return aggregator;
  }
}
