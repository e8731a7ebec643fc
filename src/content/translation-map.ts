import type { Translation } from './types.js';

/**
 * An entry's translations by language, kept as one small array: a Map per entry costs some 200 bytes even
 * for two translations, which is 20 MB at 100,000 entries, and an entry has only a few languages, so a
 * look-up by scanning is as quick. The key of each translation is its own `language`.
 */
export class TranslationMap implements ReadonlyMap<string, Translation> {
  private readonly items: readonly Translation[];

  constructor(translations: Iterable<Translation>) {
    this.items = [...translations];
  }

  get size(): number {
    return this.items.length;
  }

  get(language: string): Translation | undefined {
    for (const translation of this.items) if (translation.language === language) return translation;
    return undefined;
  }

  has(language: string): boolean {
    return this.get(language) !== undefined;
  }

  forEach(callback: (value: Translation, key: string, map: ReadonlyMap<string, Translation>) => void, thisArg?: unknown): void {
    for (const translation of this.items) callback.call(thisArg, translation, translation.language, this);
  }

  *entries(): MapIterator<[string, Translation]> {
    for (const translation of this.items) yield [translation.language, translation];
  }

  *keys(): MapIterator<string> {
    for (const translation of this.items) yield translation.language;
  }

  values(): MapIterator<Translation> {
    return this.items.values();
  }

  [Symbol.iterator](): MapIterator<[string, Translation]> {
    return this.entries();
  }
}
