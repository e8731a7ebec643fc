/**
 * Values kept while a generation number stays the same (the content store's: it moves with every change on
 * disk and when a scheduled time passes). A new generation empties the cache; a value computed under an
 * older generation than the one kept is out of date and not kept. At most `capacity` values, oldest out.
 *
 * With `keepOnSecondAsk`, a value is kept only for a key asked before, within about as many other keys
 * asked once as the cache holds values (at least ASKED_WINDOW_MIN): a key asked less often than that would
 * be pushed out before its next ask, so keeping it would only push out the ones asked again and again, and
 * churn memory (a crawler paging through everything; clients paging through thousands of addresses, whose
 * every answer was copied in and pushed out unused).
 *
 * With `maxBytes` and `sizeOf`, the values kept also take at most that many bytes, oldest out: a count
 * alone lets a cache of long answers hold many megabytes of resident memory that a repeat would have
 * cost far less CPU to make again.
 */
/** The fewest keys asked once that are remembered (an empty cache, a new generation). */
export const ASKED_WINDOW_MIN = 64;

export class GenerationCache<V> {
  private generation = -Infinity;
  private values = new Map<string, V>();
  private bytes = 0;
  /**
   * Keys asked once, in two generations: the newer takes keys until it holds as many as the cache holds
   * values (at least ASKED_WINDOW_MIN, at most `capacity`), then becomes the older and the older is dropped.
   * Dropping the oldest key one at a time instead cost some 5 µs a miss: a Set walks past every deleted slot
   * at its front to find its first key.
   */
  private askedOnce: Set<string> | null;
  private askedBefore = new Set<string>();
  private readonly maxBytes: number;
  private readonly sizeOf: ((value: V) => number) | null;

  constructor(private readonly capacity = 1000, options: { keepOnSecondAsk?: boolean; maxBytes?: number; sizeOf?: (value: V) => number } = {}) {
    this.askedOnce = options.keepOnSecondAsk ? new Set() : null;
    this.sizeOf = options.sizeOf ?? null;
    this.maxBytes = this.sizeOf ? (options.maxBytes ?? Infinity) : Infinity;
  }

  get(generation: number, key: string): V | undefined {
    return generation === this.generation ? this.values.get(key) : undefined;
  }

  /** Bytes the kept values take (0 without `sizeOf`). */
  get keptBytes(): number {
    return this.bytes;
  }

  /** Keeps `value` under `key` (for a key asked once before, with `keepOnSecondAsk`). */
  set(generation: number, key: string, value: V): void {
    if (generation < this.generation) return;
    const size = this.sizeOf ? this.sizeOf(value) + key.length : 0;
    if (size > this.maxBytes) return;
    if (this.askedOnce !== null && !this.askedOnce.delete(key) && !this.askedBefore.delete(key)) {
      if (this.askedOnce.size >= Math.max(ASKED_WINDOW_MIN, Math.min(this.capacity, this.values.size))) {
        this.askedBefore = this.askedOnce;
        this.askedOnce = new Set();
      }
      this.askedOnce.add(key);
      return;
    }
    if (generation !== this.generation) {
      this.values = new Map();
      this.bytes = 0;
      this.generation = generation;
    }
    this.forget(key);
    while (this.values.size > 0 && (this.values.size >= this.capacity || this.bytes + size > this.maxBytes)) {
      this.forget(this.values.keys().next().value as string);
    }
    this.values.set(key, value);
    this.bytes += size;
  }

  private forget(key: string): void {
    const value = this.values.get(key);
    if (value === undefined && !this.values.has(key)) return;
    this.values.delete(key);
    if (this.sizeOf) this.bytes -= this.sizeOf(value as V) + key.length;
  }
}
