/**
 * Values kept while a generation number stays the same (the content store's: it moves with every change on
 * disk and when a scheduled time passes). A new generation empties the cache; a value computed under an
 * older generation than the one kept is out of date and not kept. At most `capacity` values, oldest out.
 *
 * With `keepOnSecondAsk`, a value is kept only for a key asked for before (among the last `capacity` x 4
 * keys not kept): when most keys are asked once (a crawler paging through everything), keeping each answer
 * would only push out the ones asked again and again, and churn memory.
 */
export class GenerationCache<V> {
  private generation = -Infinity;
  private values = new Map<string, V>();
  private readonly askedOnce: Set<string> | null;

  constructor(private readonly capacity = 1000, options: { keepOnSecondAsk?: boolean } = {}) {
    this.askedOnce = options.keepOnSecondAsk ? new Set() : null;
  }

  get(generation: number, key: string): V | undefined {
    return generation === this.generation ? this.values.get(key) : undefined;
  }

  set(generation: number, key: string, value: V): void {
    if (generation < this.generation) return;
    if (this.askedOnce !== null && !this.askedOnce.delete(key)) {
      if (this.askedOnce.size >= this.capacity * 4) this.askedOnce.delete(this.askedOnce.values().next().value as string);
      this.askedOnce.add(key);
      return;
    }
    if (generation !== this.generation) {
      this.values = new Map();
      this.generation = generation;
    }
    if (this.values.size >= this.capacity) this.values.delete(this.values.keys().next().value as string);
    this.values.set(key, value);
  }
}
