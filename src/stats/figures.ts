// Small shared helpers that turn rollup counts into the figures the answers show.
import { type PageRollup, type Pair } from './store/stats-store.js';

export const round1 = (value: number): number => Math.round(value * 10) / 10;
export const round3 = (value: number): number => Math.round(value * 1000) / 1000;

/**
 * Share 0-1 (three decimals), or null when there is nothing to divide by. Never past 1: counts from
 * elsewhere (an import written before bounces were held to visits) may say more of the part than the whole.
 */
export function share(part: number, whole: number): number | null {
  return whole > 0 ? round3(Math.min(part, whole) / whole) : null;
}

export function readRate(page: PageRollup): number | null {
  return share(page.rd, page.v);
}

export function averageReadingSeconds(engagedMs: number, engagedVisitors: number): number | null {
  return engagedVisitors > 0 ? round1(engagedMs / engagedVisitors / 1000) : null;
}

/** Keys of a pair table sorted by visitors, then page views, then name. */
export function topPairs(table: Record<string, Pair>, limit: number): [string, Pair][] {
  return Object.entries(table)
    .sort((a, b) => b[1][0] - a[1][0] || b[1][1] - a[1][1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit);
}

export function topCounts(table: Record<string, number>, limit: number): [string, number][] {
  return Object.entries(table).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit);
}
