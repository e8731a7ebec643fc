// Tools, resources and prompts are declared lazily: each registry line names the item and how to load its
// module. A stdio process answering its first tools/call then loads one tool module, not all of them (the
// writing and statistics tools pull in image, CSS and Markdown code), which keeps start-up fast (DESIGN §5).

export interface Lazy<T> {
  readonly key: string;
  readonly load: () => Promise<T>;
}

/** One registry line: the item's key and how to load it (wiring/mcp-registry.ts loads through wiring/on-demand.ts). */
export function lazy<T>(key: string, load: () => Promise<T>): Lazy<T> {
  return { key, load };
}

/** An item given directly (tests, small registries) or lazily. */
export type Declared<T> = T | Lazy<T>;

function isLazy<T>(item: Declared<T>): item is Lazy<T> {
  return typeof (item as Lazy<T>).load === 'function' && typeof (item as Lazy<T>).key === 'string';
}

/** Items by key, loaded on first use and kept. */
export class Catalog<T> {
  private readonly entries = new Map<string, () => Promise<T>>();
  private readonly loaded = new Map<string, Promise<T>>();
  private readonly ready = new Map<string, T>();

  constructor(items: readonly Declared<T>[], private readonly keyOf: (item: T) => string) {
    for (const item of items) {
      if (isLazy(item)) this.entries.set(item.key, item.load);
      else {
        const key = keyOf(item);
        this.entries.set(key, () => Promise.resolve(item));
      }
    }
  }

  /** Keys in declaration order. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The item when it is already loaded (no waiting on the hot path), else undefined: then use get. */
  peek(key: string): T | undefined {
    return this.ready.get(key);
  }

  async get(key: string): Promise<T | undefined> {
    const load = this.entries.get(key);
    if (!load) return undefined;
    let promise = this.loaded.get(key);
    if (!promise) {
      promise = load().then((item) => {
        if (this.keyOf(item) !== key) throw new Error(`registry line ${key} loaded ${this.keyOf(item)}`);
        this.ready.set(key, item);
        return item;
      });
      this.loaded.set(key, promise);
    }
    return promise;
  }

  async getMany(keys: readonly string[]): Promise<T[]> {
    return Promise.all(keys.map(async (key) => (await this.get(key))!));
  }

  all(): Promise<T[]> {
    return this.getMany(this.keys());
  }
}
