// Records a day's page views, engagement and events as DayAggregator counts them (with the visit's source
// and campaign it decided on), then orders them into a visit table (visit-table.ts).
import { withRoom } from './columns.js';
import { OTHER } from './rollup.js';
import { RUN_FACETS, NEW_VISITOR, VISIT_START, VISIT_END, BOUNCE, type RunFacet, type VisitTable } from './visit-table.js';

/** Distinct values a custom property keeps per day; the rest count as "(other)". */
export const MAX_VALUES_PER_PROP_DAY = 1000;
/** Distinct property names kept per day; the rest count as "(other)". */
export const MAX_PROP_NAMES_DAY = 100;
/** Names a day may hold per column before the rest are counted as "(other)" (the rollup caps lower). */
const MAX_NAMES = 65_535;
/** How far back an engagement report looks for the page view it belongs to (the same visitor's). */
const ENGAGEMENT_LOOKBACK = 64;

/** pv flags */
const STARTS_VISIT = 1;
const VISIT_HAD_EVENT = 2;

class Names {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();
  constructor(first?: string) { if (first !== undefined) this.id(first); }
  id(name: string): number {
    let id = this.index.get(name);
    if (id === undefined) {
      if (this.list.length >= MAX_NAMES - 1 && name !== OTHER) return this.id(OTHER);
      id = this.list.length;
      this.list.push(name);
      this.index.set(name, id);
    }
    return id;
  }
}

export interface RecordedView {
  visitor: number; startsVisit: boolean; path: string; hour: number;
  facets: Record<RunFacet, string>;
}

export class VisitRecorder {
  private rows = 0;
  private visitor = new Int32Array(0);
  private flags = new Uint8Array(0);
  private previous = new Int32Array(0);
  private page = new Uint16Array(0);
  private hour = new Uint8Array(0);
  private engaged = new Float64Array(0);
  private scroll = new Uint8Array(0);
  private readonly facets = RUN_FACETS.map(() => new Uint16Array(0));
  /** per visitor: their latest page view and the first page view of their current visit (-1: none) */
  private latest = new Int32Array(0);
  private visitStart = new Int32Array(0);
  private readonly events: [pv: number, name: number, page: number, props: number[] | null][] = [];
  /** custom properties: names (at most MAX_PROP_NAMES_DAY a day), values, the values seen per name, refusals */
  private readonly propNames = new Names();
  private readonly propValues = new Names();
  private readonly valuesOf = new Map<number, Set<string>>();
  private readonly refused = new Map<string, number>();
  private readonly pages = new Names();
  private readonly eventNames = new Names();
  // A campaign's first name is '' (none), so a run without one points at 0.
  private readonly names = RUN_FACETS.map((facet) => new Names(facet === 'campaign' ? '' : undefined));

  private visitorRoom(visitor: number): void {
    if (visitor < this.latest.length) return;
    const before = this.latest.length;
    this.latest = withRoom(this.latest, visitor + 1);
    this.visitStart = withRoom(this.visitStart, visitor + 1);
    this.latest.fill(-1, before);
    this.visitStart.fill(-1, before);
  }

  pageview(view: RecordedView): void {
    const row = this.rows++;
    this.visitor = withRoom(this.visitor, this.rows); this.flags = withRoom(this.flags, this.rows);
    this.previous = withRoom(this.previous, this.rows); this.page = withRoom(this.page, this.rows);
    this.hour = withRoom(this.hour, this.rows); this.engaged = withRoom(this.engaged, this.rows); this.scroll = withRoom(this.scroll, this.rows);
    RUN_FACETS.forEach((facet, i) => {
      this.facets[i] = withRoom(this.facets[i]!, this.rows);
      this.facets[i]![row] = this.names[i]!.id(view.facets[facet]);
    });
    this.visitorRoom(view.visitor);
    this.visitor[row] = view.visitor;
    this.flags[row] = view.startsVisit ? STARTS_VISIT : 0;
    this.previous[row] = this.latest[view.visitor]!;
    this.page[row] = this.pages.id(view.path);
    this.hour[row] = view.hour;
    this.engaged[row] = 0;
    this.scroll[row] = 0;
    this.latest[view.visitor] = row;
    if (view.startsVisit || this.visitStart[view.visitor]! < 0) this.visitStart[view.visitor] = row;
  }

  /** Engaged time and scroll reported for `path`: they belong to the visitor's latest view of it. */
  engagement(visitor: number, path: string, ms: number, scroll: number): void {
    if (visitor >= this.latest.length) return;
    const page = this.pages.id(path);
    let row = this.latest[visitor]!;
    for (let step = 0; row >= 0 && step < ENGAGEMENT_LOOKBACK; step++, row = this.previous[row]!) {
      if (this.page[row] !== page) continue;
      this.engaged[row]! += Math.max(0, ms);
      this.scroll[row] = Math.max(this.scroll[row]!, Math.min(100, Math.max(0, Math.round(scroll))));
      return;
    }
  }

  /**
   * An event; `inVisitWithViews` = the visit it belongs to has page views already (the latest is one of
   * them). `props` and `refused` as the log line holds them (event-properties.ts), checked again here: a log
   * line is whatever JSON it held.
   */
  event(visitor: number, name: string, path: string, inVisitWithViews: boolean, props?: unknown, refused?: unknown): void {
    if (Array.isArray(refused)) for (const what of refused) if (typeof what === 'string') this.refuse(what);
    const row = visitor < this.latest.length ? this.latest[visitor]! : -1;
    // An event before any page view has nothing a filter could match; the rollup counts it.
    if (row < 0 || !inVisitWithViews) return;
    this.flags[this.visitStart[visitor]!]! |= VISIT_HAD_EVENT;
    this.events.push([row, this.eventNames.id(name), this.pages.id(path), this.propIds(props)]);
  }

  private refuse(name: string): void {
    const key = this.refused.has(name) || this.refused.size < MAX_PROP_NAMES_DAY ? name : OTHER;
    this.refused.set(key, (this.refused.get(key) ?? 0) + 1);
  }

  /** An event's properties as [name, value] numbers; names and values past the day's limits are "(other)". */
  private propIds(props: unknown): number[] | null {
    if (!props || typeof props !== 'object' || Array.isArray(props)) return null;
    const ids: number[] = [];
    for (const [name, value] of Object.entries(props as Record<string, unknown>)) {
      if (typeof value !== 'string') continue;
      const known = this.propNames.list.length < MAX_PROP_NAMES_DAY || this.propNames.list.includes(name);
      const nameId = this.propNames.id(known ? name : OTHER);
      let values = this.valuesOf.get(nameId);
      if (!values) this.valuesOf.set(nameId, (values = new Set()));
      const kept = values.has(value) || values.size < MAX_VALUES_PER_PROP_DAY ? value : OTHER;
      values.add(kept);
      ids.push(nameId, this.propValues.id(kept));
    }
    return ids.length > 0 ? ids : null;
  }

  /** The day as a visit table: page views ordered by visitor (then as they came), cut into runs. */
  toTable(day: string): VisitTable {
    const rows = this.rows;
    const visitors = this.latest.length;
    // Counting sort by visitor keeps each visitor's views in the order they came.
    const starts = new Int32Array(visitors + 1);
    for (let i = 0; i < rows; i++) starts[this.visitor[i]! + 1]!++;
    for (let v = 0; v < visitors; v++) starts[v + 1]! += starts[v]!;
    const order = new Int32Array(rows);
    const place = starts.slice();
    for (let i = 0; i < rows; i++) order[place[this.visitor[i]!]!++] = i;
    const position = new Int32Array(rows);
    for (let k = 0; k < rows; k++) position[order[k]!] = k;

    const runOf = new Int32Array(rows);
    const runStart: number[] = [];
    const runFlags: number[] = [];
    let previous = -1;
    for (let k = 0; k < rows; k++) {
      const i = order[k]!;
      const sameVisitor = previous >= 0 && this.visitor[previous] === this.visitor[i];
      const startsVisit = !sameVisitor || (this.flags[i]! & STARTS_VISIT) !== 0;
      const sameFacets = sameVisitor && this.facets.every((column) => column[previous] === column[i]);
      if (startsVisit || !sameFacets) {
        if (runFlags.length > 0 && startsVisit) runFlags[runFlags.length - 1]! |= VISIT_END;
        runStart.push(k);
        runFlags.push((sameVisitor ? 0 : NEW_VISITOR) | (startsVisit ? VISIT_START : 0));
      }
      runOf[k] = runStart.length - 1;
      previous = i;
    }
    if (runFlags.length > 0) runFlags[runFlags.length - 1]! |= VISIT_END;
    runStart.push(rows);
    // A bounce: a visit of one page view (one run of one view) without an event.
    for (let r = 0; r < runFlags.length; r++) {
      const single = runStart[r + 1]! - runStart[r]! === 1 && (runFlags[r]! & (VISIT_START | VISIT_END)) === (VISIT_START | VISIT_END);
      if (single && (this.flags[order[runStart[r]!]!]! & VISIT_HAD_EVENT) === 0) runFlags[r]! |= BOUNCE;
    }
    const pick = <T extends Uint8Array | Uint16Array | Uint32Array>(Type: new (n: number) => T, source: ArrayLike<number>): T => {
      const out = new Type(rows);
      for (let k = 0; k < rows; k++) out[k] = source[order[k]!]!;
      return out;
    };
    const runFacets = {} as Record<RunFacet, Uint16Array>;
    RUN_FACETS.forEach((facet, f) => {
      const out = new Uint16Array(runFlags.length);
      for (let r = 0; r < runFlags.length; r++) out[r] = this.facets[f]![order[runStart[r]!]!]!;
      runFacets[facet] = out;
    });
    const events = [...this.events].map(([pv, name, page, props]) => [runOf[position[pv]!]!, name, page, props] as const).sort((a, b) => a[0] - b[0]);
    const prEv: number[] = [], prName: number[] = [], prValue: number[] = [];
    events.forEach((event, e) => {
      const props = event[3];
      if (props) for (let i = 0; i < props.length; i += 2) { prEv.push(e); prName.push(props[i]!); prValue.push(props[i + 1]!); }
    });
    const names = Object.fromEntries(RUN_FACETS.map((facet, f) => [facet, this.names[f]!.list])) as Record<RunFacet, string[]>;
    return {
      day,
      names: { ...names, pages: this.pages.list, events: this.eventNames.list, days: [day], props: this.propNames.list, propValues: this.propValues.list },
      runFlags: Uint8Array.from(runFlags), runDay: new Uint8Array(runFlags.length), runFacets, runStart: Int32Array.from(runStart),
      pvPage: pick(Uint16Array, this.page), pvHour: pick(Uint8Array, this.hour),
      pvEngaged: pick(Uint32Array, Array.from(this.engaged.subarray(0, rows), (ms) => Math.min(ms, 0xffffffff))), pvScroll: pick(Uint8Array, this.scroll),
      evRun: Int32Array.from(events, (e) => e[0]), evName: Uint16Array.from(events, (e) => e[1]), evPage: Uint16Array.from(events, (e) => e[2]),
      prEv: Int32Array.from(prEv), prName: Uint16Array.from(prName), prValue: Uint16Array.from(prValue),
      propsRefused: [...this.refused],
    };
  }
}
