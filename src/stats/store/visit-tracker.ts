import { withRoom, firstRows, checkRows, checkRange, type Column } from './columns.js';
import { VisitorKeys } from './visitor-keys.js';

export const VISIT_GAP_MS = 30 * 60_000;
export const DIRECT = '(direct)';

/** flags: the visitor was counted (a page view or event started a visit), the current visit had an event */
const STARTED = 1;
const HAD_EVENT = 2;

/**
 * The open day's visitors by number (in order of first appearance in the log), with their visits: 30
 * minutes without an event end a visit, a visit of one page view and no event is a bounce. The number of
 * open visits that are bounces so far is kept as lines arrive, so a rollup needs no pass over visitors.
 */
export class VisitTracker {
  private keys = new VisitorKeys();
  private rows = 0;
  private last: Float64Array = new Float64Array(0);
  private visitPv: Int32Array = new Int32Array(0);
  private flags: Uint8Array = new Uint8Array(0);
  /** the page they are on: page number + 1 (0 = none yet) */
  private onPage: Int32Array = new Int32Array(0);
  /** the current visit's source: a number in `sources` */
  private source: Int32Array = new Int32Array(0);
  private sources = new NameTable(DIRECT);
  /** the current visit's campaign: a number in `campaigns` (0 = none) */
  private campaign: Int32Array = new Int32Array(0);
  private campaigns = new NameTable('');
  started = 0;
  visits = 0;
  closedBounces = 0;
  openBounces = 0;

  get size(): number { return this.rows; }

  /** Page views in the visitor's current visit so far. */
  pageviewsInVisit(v: number): number { return this.visitPv[v] ?? 0; }

  /** The number of a visitor hash, made on first sight (engagement alone makes a number, not a visitor). */
  id(key: string): number {
    // A hand-edited log line may carry anything as its visitor: it is a visitor by its text.
    const id = this.keys.id(typeof key === 'string' ? key : String(key));
    if (id === this.rows) {
      const rows = ++this.rows;
      this.last = withRoom(this.last, rows); this.visitPv = withRoom(this.visitPv, rows); this.flags = withRoom(this.flags, rows);
      this.onPage = withRoom(this.onPage, rows); this.source = withRoom(this.source, rows); this.campaign = withRoom(this.campaign, rows);
    }
    return id;
  }

  private isOpenBounce(v: number): boolean {
    return (this.flags[v]! & STARTED) !== 0 && this.visitPv[v] === 1 && (this.flags[v]! & HAD_EVENT) === 0;
  }

  /** Starts or continues the visitor's visit at `t`; false (and nothing changed) when `starts` is false and there is no open visit. */
  touch(v: number, t: number, starts: boolean): boolean {
    if ((this.flags[v]! & STARTED) === 0) {
      if (!starts) return false;
      this.flags[v] = STARTED;
      this.last[v] = t; this.visitPv[v] = 0; this.onPage[v] = 0; this.source[v] = 0; this.campaign[v] = 0;
      this.started++;
      this.visits++;
      return true;
    }
    if (t - this.last[v]! > VISIT_GAP_MS) {
      if (!starts) return false;
      if (this.isOpenBounce(v)) { this.closedBounces++; this.openBounces--; }
      this.visits++;
      this.visitPv[v] = 0;
      this.flags[v] = STARTED;
    }
    if (t > this.last[v]!) this.last[v] = t;
    return true;
  }

  /**
   * A page view, counted for its visit's source and campaign: a visit keeps the source and the campaign it
   * arrived with. The first page view of the visit that brings a source (a tag, or a referrer on another
   * site) sets the visit's for the rest of it, and likewise the first that brings a campaign; every page
   * view of the visit counts for them, whether it brings none (no referrer, or one on the site itself) or
   * another one. Until a source comes the visit is "(direct)".
   */
  view(v: number, t: number, page: number, source: string | null, campaign: string | null): { source: string; campaign: string | null } {
    this.touch(v, t, true);
    const wasBounce = this.isOpenBounce(v);
    if (this.visitPv[v] === 0) { this.source[v] = 0; this.campaign[v] = 0; }
    // A hand-edited log line may carry anything: a name is its text.
    if (source && this.source[v] === 0) this.source[v] = this.sources.id(String(source));
    if (campaign && this.campaign[v] === 0) this.campaign[v] = this.campaigns.id(String(campaign));
    this.visitPv[v]!++;
    this.onPage[v] = page + 1;
    this.openBounces += Number(this.isOpenBounce(v)) - Number(wasBounce);
    return { source: this.sources.names[this.source[v]!]!, campaign: this.campaign[v] === 0 ? null : this.campaigns.names[this.campaign[v]!]! };
  }

  event(v: number, t: number): void {
    this.touch(v, t, true);
    if (this.isOpenBounce(v)) this.openBounces--;
    this.flags[v]! |= HAD_EVENT;
  }

  /** Visitors whose last event was at or after `since`, with the page they are on (a page number). */
  activeSince(since: number): { page: number; at: number }[] {
    const out: { page: number; at: number }[] = [];
    for (let v = 0; v < this.rows; v++) {
      if ((this.flags[v]! & STARTED) !== 0 && this.last[v]! >= since && this.onPage[v]! > 0) out.push({ page: this.onPage[v]! - 1, at: this.last[v]! });
    }
    return out;
  }

  export(): { tables: { rows: number; sources: string[]; campaigns: string[]; started: number; visits: number; closedBounces: number; openBounces: number }; columns: Record<string, Column> } {
    const rows = this.rows;
    return {
      tables: { rows, sources: this.sources.names, campaigns: this.campaigns.names, started: this.started, visits: this.visits, closedBounces: this.closedBounces, openBounces: this.openBounces },
      columns: {
        ...this.keys.export(),
        last: firstRows(this.last, rows), visitPv: firstRows(this.visitPv, rows), flags: firstRows(this.flags, rows),
        onPage: firstRows(this.onPage, rows), source: firstRows(this.source, rows), campaign: firstRows(this.campaign, rows),
      },
    };
  }

  static restore(tables: unknown, pages: number, columns: Record<string, Column | undefined>): VisitTracker {
    const t = tables as Partial<ReturnType<VisitTracker['export']>['tables']> | null;
    if (!t || !Number.isSafeInteger(t.rows) || !isStrings(t.sources) || t.sources[0] !== DIRECT || !isStrings(t.campaigns) || t.campaigns[0] !== '') throw new Error('visitors are damaged');
    const counters = [t.started, t.visits, t.closedBounces, t.openBounces];
    if (!counters.every((n): n is number => Number.isSafeInteger(n) && (n as number) >= 0)) throw new Error('visit counters are damaged');
    const rows = t.rows!;
    const { last, visitPv, flags, onPage, source, campaign } = columns;
    checkRows(last, rows, 'last'); checkRows(visitPv, rows, 'visitPv'); checkRows(flags, rows, 'flags');
    checkRows(onPage, rows, 'onPage'); checkRows(source, rows, 'source'); checkRows(campaign, rows, 'campaign');
    if (!(last instanceof Float64Array && visitPv instanceof Int32Array && flags instanceof Uint8Array && onPage instanceof Int32Array && source instanceof Int32Array && campaign instanceof Int32Array)) {
      throw new Error('visitors have the wrong column types');
    }
    checkRange(onPage, 0, pages + 1, 'onPage');
    checkRange(source, 0, t.sources.length, 'source');
    checkRange(campaign, 0, t.campaigns.length, 'campaign');
    const tracker = new VisitTracker();
    tracker.keys = VisitorKeys.restore(rows, columns);
    tracker.rows = rows;
    tracker.sources = NameTable.restore(t.sources);
    tracker.campaigns = NameTable.restore(t.campaigns);
    [tracker.started, tracker.visits, tracker.closedBounces, tracker.openBounces] = counters as [number, number, number, number];
    tracker.last = last; tracker.visitPv = visitPv; tracker.flags = flags;
    tracker.onPage = onPage; tracker.source = source; tracker.campaign = campaign;
    return tracker;
  }
}

/** Names by number, made on first sight; number 0 is the name given first (the "none" of its column). */
class NameTable {
  names: string[];
  private index: Map<string, number>;

  constructor(first: string) {
    this.names = [first];
    this.index = new Map([[first, 0]]);
  }

  id(name: string): number {
    let id = this.index.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.index.set(name, id);
    }
    return id;
  }

  static restore(names: string[]): NameTable {
    const table = new NameTable(names[0]!);
    table.names = names;
    table.index = new Map(names.map((name, i) => [name, i]));
    return table;
  }
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
