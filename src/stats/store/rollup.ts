// The daily and monthly rollup shape, and how rollups add up. Visitors are daily-unique, so a period's
// visitors are the sum of its days' visitors (Plausible's meaning); nothing here identifies a visitor.

/** [visitors, pageviews] (for events: [visitors, count]). */
export type Pair = [number, number];

export interface PageRollup {
  v: number; pv: number;
  /** engaged milliseconds, visitors with engagement, scroll-percent sum and count, visitors who read it */
  em: number; ev: number; ss: number; sn: number; rd: number;
  /** came from (source, internal path or "(direct)") and went on to (next page): counts */
  from: Record<string, number>;
  to: Record<string, number>;
}

export interface ConsentRollup {
  decisions: number;
  /** decisions that agreed to at least one optional category (missing in rollups written before it was counted) */
  agreed_any?: number;
  agreed: Record<string, number>;
  actions: Record<string, number>;
  versions: Record<string, number>;
}

export interface CrawlerRollup { hits: number; pages: Record<string, number> }

export interface Rollup {
  /** first and last day covered (equal for a daily rollup) */
  from: string;
  to: string;
  visitors: number; pageviews: number; visits: number; bounces: number;
  engaged_ms: number; engaged_visitors: number;
  /** 24 buckets by hour of the site's day */
  hours: Pair[];
  /** per day [visitors, pageviews] */
  days: Record<string, Pair>;
  pages: Record<string, PageRollup>;
  referrers: Record<string, Pair>;
  campaigns: Record<string, Pair>;
  countries: Record<string, Pair>;
  languages: Record<string, Pair>;
  devices: Record<string, Pair>;
  browsers: Record<string, Pair>;
  os: Record<string, Pair>;
  events: Record<string, Pair>;
  crawlers: Record<string, CrawlerRollup>;
  bots: Record<string, number>;
  consent: ConsentRollup;
  /** a day taken over from another tool's export (plausible-import.ts), not counted here */
  imported?: boolean;
}

export const PAIR_DIMENSIONS = ['referrers', 'campaigns', 'countries', 'languages', 'devices', 'browsers', 'os', 'events'] as const;
export type PairDimension = (typeof PAIR_DIMENSIONS)[number];

/** Long tails are cut to these many keys; the rest is summed under "(other)". */
export const CAPS = { pages: 2000, referrers: 500, campaigns: 200, countries: 250, languages: 200, devices: 10, browsers: 100, os: 50, events: 200, steps: 20, crawlerPages: 200 } as const;
export const OTHER = '(other)';

/**
 * Keys in statistics come from visitors (sources, campaigns, event names, paths, banner versions): a key
 * like `__proto__` or `constructor` must be a key like any other. So keys are only ever written as own
 * properties (`put`; plain assignment of `__proto__` would replace the prototype) and only own keys are
 * read (`own`).
 */
export function put<T>(record: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
  else record[key] = value;
}

export function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

export function dict<T>(entries?: Iterable<readonly [string, T]>): Record<string, T> {
  const record: Record<string, T> = {};
  if (entries) for (const [key, value] of entries) put(record, key, value);
  return record;
}

export function emptyRollup(from: string, to = from): Rollup {
  return {
    from, to, visitors: 0, pageviews: 0, visits: 0, bounces: 0, engaged_ms: 0, engaged_visitors: 0,
    hours: Array.from({ length: 24 }, (): Pair => [0, 0]), days: dict(), pages: dict(),
    referrers: dict(), campaigns: dict(), countries: dict(), languages: dict(), devices: dict(), browsers: dict(), os: dict(), events: dict(),
    crawlers: dict(), bots: dict(), consent: { decisions: 0, agreed_any: 0, agreed: dict(), actions: dict(), versions: dict() },
  };
}

export function emptyPage(): PageRollup {
  return { v: 0, pv: 0, em: 0, ev: 0, ss: 0, sn: 0, rd: 0, from: dict(), to: dict() };
}

function addCounts(into: Record<string, number>, from: Record<string, number>): void {
  for (const key of Object.keys(from)) put(into, key, (own(into, key) ?? 0) + from[key]!);
}

function addPairs(into: Record<string, Pair>, from: Record<string, Pair>): void {
  for (const key of Object.keys(from)) {
    const pair = from[key]!;
    const target = own(into, key);
    if (target) { target[0] += pair[0]; target[1] += pair[1]; } else put(into, key, [pair[0], pair[1]]);
  }
}

/**
 * Adds `part` into `total` (mutates total). Without `steps` the pages' came-from and went-on-to are left
 * out: only stats_post shows them, and it reads daily rollups itself, so ranges skip that work.
 */
export function mergeInto(total: Rollup, part: Rollup, steps = true): void {
  if (part.from < total.from) total.from = part.from;
  if (part.to > total.to) total.to = part.to;
  total.visitors += part.visitors; total.pageviews += part.pageviews; total.visits += part.visits;
  total.bounces += part.bounces; total.engaged_ms += part.engaged_ms; total.engaged_visitors += part.engaged_visitors;
  for (let h = 0; h < 24; h++) { total.hours[h]![0] += part.hours[h]![0]; total.hours[h]![1] += part.hours[h]![1]; }
  addPairs(total.days, part.days);
  for (const path of Object.keys(part.pages)) {
    const p = part.pages[path]!;
    let t = own(total.pages, path);
    if (!t) put(total.pages, path, t = emptyPage());
    t.v += p.v; t.pv += p.pv; t.em += p.em; t.ev += p.ev; t.ss += p.ss; t.sn += p.sn; t.rd += p.rd;
    if (steps) { addCounts(t.from, p.from); addCounts(t.to, p.to); }
  }
  for (const name of PAIR_DIMENSIONS) addPairs(total[name], part[name]);
  for (const name of Object.keys(part.crawlers)) {
    const c = part.crawlers[name]!;
    let t = own(total.crawlers, name);
    if (!t) put(total.crawlers, name, t = { hits: 0, pages: dict() });
    t.hits += c.hits; addCounts(t.pages, c.pages);
  }
  addCounts(total.bots, part.bots);
  total.consent.decisions += part.consent.decisions;
  total.consent.agreed_any = agreedAny(total.consent) + agreedAny(part.consent);
  addCounts(total.consent.agreed, part.consent.agreed);
  addCounts(total.consent.actions, part.consent.actions);
  addCounts(total.consent.versions, part.consent.versions);
}

/**
 * Decisions that agreed to at least one optional category. A rollup written before they were counted
 * knows only its refusals by action: there the old reading (decisions minus "reject all") is the best left.
 */
export function agreedAny(consent: ConsentRollup): number {
  return consent.agreed_any ?? consent.decisions - (own(consent.actions, 'reject_all') ?? 0);
}

function capCounts(record: Record<string, number>, max: number): Record<string, number> {
  const keys = Object.keys(record);
  if (keys.length <= max) return record;
  keys.sort((a, b) => record[b]! - record[a]!);
  const out: Record<string, number> = dict();
  let other = record[OTHER] ?? 0;
  let kept = 0;
  for (const key of keys) {
    if (key === OTHER) continue;
    if (kept < max - 1) { put(out, key, record[key]!); kept++; } else other += record[key]!;
  }
  out[OTHER] = other;
  return out;
}

function capPairs(record: Record<string, Pair>, max: number): Record<string, Pair> {
  const keys = Object.keys(record);
  if (keys.length <= max) return record;
  keys.sort((a, b) => record[b]![1] - record[a]![1] || record[b]![0] - record[a]![0]);
  const out: Record<string, Pair> = dict();
  const other: Pair = record[OTHER] ? [record[OTHER][0], record[OTHER][1]] : [0, 0];
  let kept = 0;
  for (const key of keys) {
    if (key === OTHER) continue;
    const pair = record[key]!;
    if (kept < max - 1) { put(out, key, pair); kept++; } else { other[0] += pair[0]; other[1] += pair[1]; }
  }
  out[OTHER] = other;
  return out;
}

/** Cuts every long tail to its cap (mutates and returns the rollup). */
export function capRollup(rollup: Rollup): Rollup {
  for (const name of PAIR_DIMENSIONS) rollup[name] = capPairs(rollup[name], CAPS[name]);
  const paths = Object.keys(rollup.pages);
  if (paths.length > CAPS.pages) {
    paths.sort((a, b) => rollup.pages[b]!.pv - rollup.pages[a]!.pv);
    const other = rollup.pages[OTHER] ?? emptyPage();
    const kept: Record<string, PageRollup> = dict();
    let count = 0;
    for (const path of paths) {
      if (path === OTHER) continue;
      const page = rollup.pages[path]!;
      if (count < CAPS.pages - 1) { put(kept, path, page); count++; continue; }
      other.v += page.v; other.pv += page.pv; other.em += page.em; other.ev += page.ev;
      other.ss += page.ss; other.sn += page.sn; other.rd += page.rd;
    }
    other.from = dict(); other.to = dict();
    kept[OTHER] = other;
    rollup.pages = kept;
  }
  for (const path of Object.keys(rollup.pages)) {
    const page = rollup.pages[path]!;
    page.from = capCounts(page.from, CAPS.steps);
    page.to = capCounts(page.to, CAPS.steps);
  }
  for (const name of Object.keys(rollup.crawlers)) rollup.crawlers[name]!.pages = capCounts(rollup.crawlers[name]!.pages, CAPS.crawlerPages);
  return rollup;
}
