import type { ContentStore } from '../content/store.js';
import { listEntries } from '../content/query.js';
import type { ListRowCache } from './list-rows/list-rows.js';

export interface WarmOptions {
  /** Rows made per turn of the event loop: a turn stays around a millisecond, so answers go on between. */
  batch?: number;
  /** Stop once the kept rows take this share of their budget (the rest is for the rows asked for). */
  share?: number;
  /** Schedules the next turn (unref'd, so the warming never keeps a process alive). */
  later?: (next: () => void) => void;
  /** Called once the warming is done (the rows' share reached, or every newest row made). */
  done?: () => void;
}

/**
 * Fills the list rows kept for the Content API with the newest published entries of each type in the
 * default language (the first pages of every list, tag and category lists included, are made of these),
 * a few at a time beside the requests, once per process after its first list answer. Without this, the
 * first visit of each row after a start reads its file; at 100,000 entries that is some 24,000 file reads
 * before the lists people page through answer at full speed.
 */
export function warmListRows(store: ContentStore, rows: ListRowCache, options: WarmOptions = {}): void {
  const batch = options.batch ?? 32;
  const share = options.share ?? 0.9;
  const later = options.later ?? ((next) => void setTimeout(next, 0).unref());
  const site = store.site();
  const language = site.defaultLanguage;
  const types = site.types.map((type) => type.key);
  const offsets = types.map(() => 0);
  let type = 0;
  const step = () => {
    // A closed store, or one whose settings changed meanwhile, is not warmed further.
    if (!store.ready || store.site().defaultLanguage !== language) return;
    const generation = store.generation;
    for (let tried = 0; tried < types.length; tried++, type = (type + 1) % types.length) {
      if (rows.bytes >= rows.budget * share) return options.done?.();
      const { rows: next } = listEntries(store, { type: types[type]!, language, status: 'published' }, { offset: offsets[type]!, limit: batch, total: false });
      if (next.length === 0) continue;
      offsets[type]! += next.length;
      rows.warm(store, generation, next);
      type = (type + 1) % types.length;
      return later(step);
    }
    options.done?.();
  };
  later(step);
}
