import { MembershipLists } from './membership-lists.js';
import { withRoom, firstRows, checkRows, type Column } from './columns.js';
import type { Pair } from './rollup.js';

/**
 * Keys counted with their daily-unique visitors (an hour, a page, a source, a country, ...): per key how
 * many visitors and how many times, and per visitor which keys they were counted under already. Exact, like
 * a Set of visitors per key, without holding one.
 */
export class UniqueCounts {
  private visitors: Int32Array = new Int32Array(0);
  private hits: Int32Array = new Int32Array(0);
  private keys = 0;
  private seen = new MembershipLists();

  /** A new key; keys are numbered in the order they are made. */
  newKey(): number {
    const key = this.keys++;
    this.visitors = withRoom(this.visitors, this.keys);
    this.hits = withRoom(this.hits, this.keys);
    return key;
  }

  count(visitor: number, key: number): void {
    if (this.seen.add(visitor, key)) this.visitors[key]!++;
    this.hits[key]!++;
  }

  /** Whether `visitor` was counted under `key` already. */
  has(visitor: number, key: number): boolean { return this.seen.find(visitor, key) >= 0; }

  /** [visitors, count] */
  pair(key: number): Pair { return [this.visitors[key]!, this.hits[key]!]; }
  hitsOf(key: number): number { return this.hits[key]!; }
  visitorsOf(key: number): number { return this.visitors[key]!; }
  get size(): number { return this.keys; }

  export(visitors: number): { keys: number; columns: Record<string, Column> } {
    const lists = this.seen.export(visitors);
    return {
      keys: this.keys,
      columns: { visitors: firstRows(this.visitors, this.keys), hits: firstRows(this.hits, this.keys), counts: lists.counts, values: lists.values },
    };
  }

  static restore(keys: number, visitors: number, columns: Record<string, Column | undefined>): UniqueCounts {
    const { visitors: unique, hits, counts, values } = columns;
    checkRows(unique, keys, 'visitors'); checkRows(hits, keys, 'hits'); checkRows(counts, visitors, 'counts');
    if (!(unique instanceof Int32Array && hits instanceof Int32Array && counts instanceof Int32Array && values instanceof Int32Array)) throw new Error('unique counts have the wrong column types');
    const restored = new UniqueCounts();
    restored.keys = keys;
    restored.visitors = unique;
    restored.hits = hits;
    restored.seen = MembershipLists.restore(counts, values, keys);
    return restored;
  }
}
