import { queryEntries } from '../content/query.js';
import type { ContentStore } from '../content/store.js';

export type NavigationLinks = { path: string; title: string }[];
/** Per store: the content generation the links were made at, and the links per language. */
const navigationKept = new WeakMap<ContentStore, { generation: number; byLanguage: Map<string, NavigationLinks> }>();

/** Top-level published pages in a language, for the header navigation; made once per change of the content. */
export function navigation(store: ContentStore, language: string): NavigationLinks {
  const generation = store.generation;
  let kept = navigationKept.get(store);
  if (!kept || kept.generation !== generation) navigationKept.set(store, (kept = { generation, byLanguage: new Map() }));
  let links = kept.byLanguage.get(language);
  if (!links) {
    links = queryEntries(store, { type: 'page', language, status: 'published' })
      .filter(({ entry }) => entry.parentId === null)
      .sort((a, b) => a.translation.title.localeCompare(b.translation.title))
      .map(({ translation }) => ({ path: translation.path, title: translation.title }));
    kept.byLanguage.set(language, links);
  }
  return links;
}
