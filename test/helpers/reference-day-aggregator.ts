// The day aggregator as it was before it kept its figures in typed arrays: a Set of visitor hashes per
// key, every figure recounted by toRollup(). Slow and memory-hungry, but plainly right, so the tests hold
// the real aggregator (and its restarts from a partial aggregate) to it figure by figure.
import { wallClock } from '../../dist/lib/time-zone.js';
import type { RawLine, BotLogLine } from '../../src/stats/store/raw-event.ts';
import { CONSENT_CATEGORIES, CONSENT_KEYS } from '../../dist/stats/store/raw-event.js';
import { dict, put, emptyRollup, capRollup, type Rollup, type Pair, type PairDimension } from '../../dist/stats/store/rollup.js';

const VISIT_GAP_MS = 30 * 60_000;
const READ_MIN_MS = 30_000;
const READ_MIN_SCROLL = 75;
const DIRECT = '(direct)';

interface VisitorState { last: number; visitPv: number; visitEv: boolean; path: string | null; lastPv: number; source: string; campaign: string | null }
interface Keyed { visitors: Set<string>; n: number }
interface PageState {
  visitors: Set<string>; pv: number;
  engagement: Map<string, { ms: number; scroll: number }>;
  from: Map<string, number>; to: Map<string, number>;
}
interface CrawlerState { hits: number; pages: Map<string, number> }

function bump(map: Map<string, number>, key: string, by = 1): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

/**
 * Counts one day of raw lines into a rollup. It holds visitor keys in memory while the day is open (that is
 * what makes visitors daily-unique and visits 30-minute sessions); `toRollup()` keeps only counts.
 * Lines are taken in the order given: the rollup of a finished day sorts them by time first.
 */
export class ReferenceDayAggregator {
  private readonly visitorsSeen = new Map<string, VisitorState>();
  private visits = 0;
  private closedBounces = 0;
  private pageviews = 0;
  private readonly hours = Array.from({ length: 24 }, () => ({ visitors: new Set<string>(), n: 0 }));
  private readonly pages = new Map<string, PageState>();
  private readonly dims = new Map<PairDimension, Map<string, Keyed>>();
  private readonly crawlers = new Map<string, CrawlerState>();
  private readonly bots = new Map<string, number>();
  private readonly consent = { decisions: 0, agreedAny: 0, agreed: new Map<string, number>(), actions: new Map<string, number>(), versions: new Map<string, number>() };
  private hourCache = new Map<number, number>();

  readonly day: string;
  private readonly timeZone: string;

  constructor(day: string, timeZone: string) {
    this.day = day;
    this.timeZone = timeZone;
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

  private count(dimension: PairDimension, key: string, visitor: string): void {
    let map = this.dims.get(dimension);
    if (!map) this.dims.set(dimension, (map = new Map()));
    let keyed = map.get(key);
    if (!keyed) map.set(key, (keyed = { visitors: new Set(), n: 0 }));
    keyed.visitors.add(visitor);
    keyed.n++;
  }

  private page(path: string): PageState {
    let page = this.pages.get(path);
    if (!page) this.pages.set(path, (page = { visitors: new Set(), pv: 0, engagement: new Map(), from: new Map(), to: new Map() }));
    return page;
  }

  /** Starts or continues the visitor's visit; returns the state. */
  private touch(visitor: string, t: number, starts: boolean): VisitorState | null {
    let state = this.visitorsSeen.get(visitor);
    if (!state) {
      if (!starts) return null;
      state = { last: t, visitPv: 0, visitEv: false, path: null, lastPv: t, source: DIRECT, campaign: null };
      this.visitorsSeen.set(visitor, state);
      this.visits++;
      return state;
    }
    if (t - state.last > VISIT_GAP_MS) {
      if (!starts) return null;
      if (state.visitPv === 1 && !state.visitEv) this.closedBounces++;
      this.visits++;
      state.visitPv = 0; state.visitEv = false;
    }
    if (t > state.last) state.last = t;
    return state;
  }

  add(line: RawLine): void {
    switch (line.k) {
      case 'pv': {
        const state = this.touch(line.v, line.t, true)!;
        // A visit keeps the source and campaign it arrived with: the first of each a page view of the visit
        // brings is the visit's for the rest of it; until a source comes the visit is direct.
        if (state.visitPv === 0) { state.source = DIRECT; state.campaign = null; }
        if (line.s && state.source === DIRECT) state.source = String(line.s);
        if (line.c && state.campaign === null) state.campaign = String(line.c);
        state.visitPv++;
        state.path = line.p;
        state.lastPv = line.t;
        this.pageviews++;
        const hour = this.hours[this.hourOf(line.t)]!;
        hour.visitors.add(line.v); hour.n++;
        const page = this.page(line.p);
        page.visitors.add(line.v); page.pv++;
        if (line.f && line.f !== line.p) {
          bump(page.from, line.f);
          bump(this.page(line.f).to, line.p);
        } else if (!line.f) bump(page.from, line.s ? String(line.s) : state.source);
        this.count('referrers', state.source, line.v);
        if (state.campaign) this.count('campaigns', state.campaign, line.v);
        this.count('countries', line.co, line.v);
        this.count('languages', line.l, line.v);
        this.count('devices', line.d, line.v);
        this.count('browsers', line.b, line.v);
        this.count('os', line.o, line.v);
        return;
      }
      case 'en': {
        // Only a visitor who viewed the page this day counts (day-aggregator.ts).
        const page = this.pages.get(line.p);
        if (!page?.visitors.has(line.v)) return;
        this.touch(line.v, line.t, false);
        const seen = page.engagement.get(line.v);
        if (seen) { seen.ms += line.e; seen.scroll = Math.max(seen.scroll, line.sc); } else page.engagement.set(line.v, { ms: line.e, scroll: line.sc });
        return;
      }
      case 'ev': {
        const state = this.touch(line.v, line.t, true)!;
        state.visitEv = true;
        this.count('events', line.n, line.v);
        return;
      }
      case 'cs': {
        this.consent.decisions++;
        for (const category of CONSENT_CATEGORIES) if (line[CONSENT_KEYS[category]]) bump(this.consent.agreed, category);
        if (CONSENT_CATEGORIES.some((category) => line[CONSENT_KEYS[category]])) this.consent.agreedAny++;
        bump(this.consent.actions, line.a);
        bump(this.consent.versions, line.bv);
        return;
      }
    }
  }

  addBot(line: BotLogLine): void {
    if (line.k === 'bot') { bump(this.bots, line.r); return; }
    let crawler = this.crawlers.get(line.n);
    if (!crawler) this.crawlers.set(line.n, (crawler = { hits: 0, pages: new Map() }));
    crawler.hits++;
    bump(crawler.pages, line.p);
  }

  /** Visitors whose last page view was at or after `since`, with the page they are on. */
  activeSince(since: number): { path: string; at: number }[] {
    const out: { path: string; at: number }[] = [];
    for (const state of this.visitorsSeen.values()) if (state.last >= since && state.path) out.push({ path: state.path, at: state.last });
    return out;
  }

  toRollup(): Rollup {
    const r = emptyRollup(this.day);
    r.visitors = this.visitorsSeen.size;
    r.pageviews = this.pageviews;
    r.visits = this.visits;
    let openBounces = 0;
    for (const state of this.visitorsSeen.values()) if (state.visitPv === 1 && !state.visitEv) openBounces++;
    r.bounces = this.closedBounces + openBounces;
    r.hours = this.hours.map((h): Pair => [h.visitors.size, h.n]);
    if (r.pageviews > 0 || r.visitors > 0) r.days[this.day] = [r.visitors, r.pageviews];
    const engagedVisitors = new Set<string>();
    for (const [path, page] of this.pages) {
      let em = 0, ev = 0, ss = 0, sn = 0, rd = 0;
      for (const [visitor, e] of page.engagement) {
        em += e.ms; ss += e.scroll; sn++;
        if (e.ms > 0) { ev++; engagedVisitors.add(visitor); }
        if (e.ms >= READ_MIN_MS && e.scroll >= READ_MIN_SCROLL) rd++;
      }
      r.engaged_ms += em;
      if (page.pv === 0 && em === 0 && page.to.size === 0) continue;
      put(r.pages, path, { v: page.visitors.size, pv: page.pv, em, ev, ss, sn, rd, from: dict(page.from), to: dict(page.to) });
    }
    r.engaged_visitors = engagedVisitors.size;
    for (const [dimension, map] of this.dims) {
      const out: Record<string, Pair> = dict();
      for (const [key, keyed] of map) put(out, key, [keyed.visitors.size, keyed.n]);
      r[dimension] = out;
    }
    for (const [name, crawler] of this.crawlers) put(r.crawlers, name, { hits: crawler.hits, pages: dict(crawler.pages) });
    r.bots = dict(this.bots);
    r.consent = {
      decisions: this.consent.decisions,
      agreed_any: this.consent.agreedAny,
      agreed: dict(this.consent.agreed),
      actions: dict(this.consent.actions),
      versions: dict(this.consent.versions),
    };
    return capRollup(r);
  }
}
