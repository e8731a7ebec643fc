import type { ContentStore } from '../content/store.js';
import type { Entry, Translation } from '../content/types.js';

export interface PathTarget { entry: Entry; translation: Translation }

/**
 * Public path -> translation, rebuilt only when the store's generation changes. Every translation has a
 * path (drafts too: the caller decides who may see what). The first published translation to claim a path keeps it.
 */
export class PathIndex {
  private generation = -1;
  private byPath = new Map<string, PathTarget>();

  constructor(private readonly store: ContentStore) {}

  find(path: string): PathTarget | undefined {
    const generation = this.store.generation;
    if (generation !== this.generation) {
      const next = new Map<string, PathTarget>();
      for (const entry of this.store.entries()) {
        for (const translation of entry.translations.values()) {
          const taken = next.get(translation.path);
          if (!taken || (taken.translation.status !== 'published' && translation.status === 'published')) next.set(translation.path, { entry, translation });
        }
      }
      this.byPath = next;
      this.generation = generation;
    }
    return this.byPath.get(path);
  }
}
