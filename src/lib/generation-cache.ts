/**
 * Values kept while a generation number stays the same (the content store's: it moves with every change on
 * disk and when a scheduled time passes). A new generation empties the cache; a value computed under an
 * older generation than the one kept is out of date and not kept. At most `capacity` values, oldest out.
 */
export class GenerationCache<V> {
  private generation = -Infinity;
  private values = new Map<string, V>();

  constructor(private readonly capacity = 1000) {}

  get(generation: number, key: string): V | undefined {
    return generation === this.generation ? this.values.get(key) : undefined;
  }

  set(generation: number, key: string, value: V): void {
    if (generation < this.generation) return;
    if (generation !== this.generation) {
      this.values = new Map();
      this.generation = generation;
    }
    if (this.values.size >= this.capacity) this.values.delete(this.values.keys().next().value as string);
    this.values.set(key, value);
  }
}
