/**
 * A bounded map that forgets the least recently used key first: at most `capacity` values, and with
 * `sizeOf`, at most `maxBytes` of them (the value just set is never the one forgotten).
 */
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();
  private bytes = 0;

  constructor(private readonly capacity: number, private readonly bound: { maxBytes: number; sizeOf: (value: V) => number } | null = null) {}

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  /** Whether `key` is kept, without counting as a use. */
  has(key: K): boolean {
    return this.map.has(key);
  }

  /** The value kept for `key`, without counting as a use. */
  peek(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): void {
    this.delete(key);
    this.map.set(key, value);
    if (this.bound) this.bytes += this.bound.sizeOf(value);
    for (const oldest of this.map.keys()) {
      if (oldest === key || (this.map.size <= this.capacity && (!this.bound || this.bytes <= this.bound.maxBytes))) break;
      this.delete(oldest);
    }
  }

  delete(key: K): void {
    const value = this.map.get(key);
    if (value === undefined && !this.map.has(key)) return;
    this.map.delete(key);
    if (this.bound && value !== undefined) this.bytes -= this.bound.sizeOf(value);
  }

  clear(): void {
    this.map.clear();
    this.bytes = 0;
  }
}
