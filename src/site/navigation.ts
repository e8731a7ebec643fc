import type { ContentStore } from '../content/store.js';
import { topLevelPages } from '../content/top-level-pages.js';

export type NavigationLinks = { path: string; title: string }[];
/** Per store: the content generation the links were made at, and the links per language. */
const navigationKept = new WeakMap<ContentStore, { generation: number; byLanguage: Map<string, NavigationLinks> }>();

/**
 * The header navigation of a language: its own menu when site.yaml has one (`navigation`, set on the panel's
 * Settings), else its top-level published pages, made once per change of the content.
 */
export function navigation(store: ContentStore, language: string): NavigationLinks {
  const own = store.site().navigation?.[language];
  if (own) return own.map((item) => ({ path: item.link, title: item.title }));
  const generation = store.generation;
  let kept = navigationKept.get(store);
  if (!kept || kept.generation !== generation) navigationKept.set(store, (kept = { generation, byLanguage: new Map() }));
  let links = kept.byLanguage.get(language);
  if (!links) {
    links = topLevelPages(store, language);
    kept.byLanguage.set(language, links);
  }
  return links;
}
