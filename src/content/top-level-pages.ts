import { queryEntries } from './query.js';
import type { ContentStore } from './store.js';

/** A language's top-level published pages by title: the site's navigation unless site.yaml gives a menu. */
export function topLevelPages(store: ContentStore, language: string): { path: string; title: string }[] {
  return queryEntries(store, { type: 'page', language, status: 'published' })
    .filter(({ entry }) => entry.parentId === null)
    .sort((a, b) => a.translation.title.localeCompare(b.translation.title))
    .map(({ translation }) => ({ path: translation.path, title: translation.title }));
}
