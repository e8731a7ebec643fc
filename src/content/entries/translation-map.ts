import type { Translation } from './types.js';

/**
 * What a map of translations by language derives from its own get() and values(): the key of each
 * translation is its `language`.
 */
abstract class TranslationsByLanguage implements ReadonlyMap<string, Translation> {
  abstract readonly size: number;
  abstract get(language: string): Translation | undefined;
  abstract values(): MapIterator<Translation>;

  has(language: string): boolean {
    return this.get(language) !== undefined;
  }

  forEach(callback: (value: Translation, key: string, map: ReadonlyMap<string, Translation>) => void, thisArg?: unknown): void {
    for (const translation of this.values()) callback.call(thisArg, translation, translation.language, this);
  }

  *entries(): MapIterator<[string, Translation]> {
    for (const translation of this.values()) yield [translation.language, translation];
  }

  *keys(): MapIterator<string> {
    for (const translation of this.values()) yield translation.language;
  }

  [Symbol.iterator](): MapIterator<[string, Translation]> {
    return this.entries();
  }
}

/**
 * An entry's translations by language, kept in the object itself: a Map per entry costs some 200 bytes
 * even for two translations, which is 20 MB at 100,000 entries, and an array of them is two more objects
 * per entry (6 MB, and 200,000 allocations when a persisted index is taken). An entry has only a few
 * languages, so a look-up by scanning is as quick. The key of each translation is its own `language`;
 * the order is the order given.
 */
export class TranslationMap extends TranslationsByLanguage {
  private readonly first: Translation | undefined;
  private readonly second: Translation | undefined;
  /** The third and later, or null (most sites have one or two languages). */
  private readonly more: readonly Translation[] | null;
  readonly size: number;

  constructor(translations: Iterable<Translation>) {
    super();
    const all = Array.isArray(translations) ? (translations as Translation[]) : [...translations];
    this.first = all[0];
    this.second = all[1];
    this.more = all.length > 2 ? all.slice(2) : null;
    this.size = all.length;
  }

  get(language: string): Translation | undefined {
    if (this.first?.language === language) return this.first;
    if (this.second?.language === language) return this.second;
    if (this.more) for (const translation of this.more) if (translation.language === language) return translation;
    return undefined;
  }

  *values(): MapIterator<Translation> {
    if (this.first) yield this.first;
    if (this.second) yield this.second;
    if (this.more) yield* this.more;
  }
}

/**
 * The translations of a restored entry (restored-entry.ts) as a map: a view on a run of the persisted
 * index's translations (`at(n, owner)` is translation n), made when asked for, so no map is kept per entry.
 */
export class TranslationSpan<Owner> extends TranslationsByLanguage {
  /** The owner is handed to `at` rather than held in a closure made with every span. */
  constructor(private readonly at: (n: number, owner: Owner) => Translation, private readonly owner: Owner, private readonly start: number, private readonly end: number) {
    super();
  }

  get size(): number {
    return this.end - this.start;
  }

  get(language: string): Translation | undefined {
    for (let n = this.start; n < this.end; n++) {
      const translation = this.at(n, this.owner);
      if (translation.language === language) return translation;
    }
    return undefined;
  }

  *values(): MapIterator<Translation> {
    for (let n = this.start; n < this.end; n++) yield this.at(n, this.owner);
  }
}
