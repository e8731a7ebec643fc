/** A kept value, with its key as first given and whether it was asked for since eviction last passed it. */
interface Slot<K, V> { key: K; value: V; used: boolean }

/**
 * A bounded map that forgets values little used first: at most `capacity` values, and with `sizeOf`, at
 * most `maxBytes` of them (the value just set is never the one forgotten). Eviction is the clock's second
 * chance, an approximation of least recently used: a get only marks its value as used, and when room must
 * be made, the oldest value goes unless it was used since it was set or last passed over, in which case it
 * is moved to the newest end with its mark cleared. A get that moved its key to the end itself (delete, then
 * set) stored the caller's key object each time, and churned the map's table: a panel Content list page's
 * 50 hits kept 50 new strings a page, and with its thumbnails' rechecks some 19 KB a page outlived the young
 * generation (at 100,000 posts; 3.9 KB with neither).
 */
export class LruCache<K, V> {
  private readonly map = new Map<K, Slot<K, V>>();
  private bytes = 0;

  constructor(private readonly capacity: number, private readonly bound: { maxBytes: number; sizeOf: (value: V) => number } | null = null) {}

  get(key: K): V | undefined {
    const slot = this.map.get(key);
    if (slot === undefined) return undefined;
    slot.used = true;
    return slot.value;
  }

  /** Whether `key` is kept, without counting as a use. */
  has(key: K): boolean {
    return this.map.has(key);
  }

  /** The value kept for `key`, without counting as a use. */
  peek(key: K): V | undefined {
    return this.map.get(key)?.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    this.map.set(key, { key, value, used: false });
    if (this.bound) this.bytes += this.bound.sizeOf(value);
    // Values moved to the end are met again by this loop, unmarked then: each is passed at most twice.
    for (const slot of this.map.values()) {
      if (this.map.size <= this.capacity && (!this.bound || this.bytes <= this.bound.maxBytes)) break;
      if (slot.key === key) continue;
      if (slot.used) {
        slot.used = false;
        this.map.delete(slot.key);
        this.map.set(slot.key, slot);
      } else {
        this.delete(slot.key);
      }
    }
  }

  delete(key: K): void {
    const slot = this.map.get(key);
    if (slot === undefined) return;
    this.map.delete(key);
    if (this.bound) this.bytes -= this.bound.sizeOf(slot.value);
  }

  clear(): void {
    this.map.clear();
    this.bytes = 0;
  }
}
