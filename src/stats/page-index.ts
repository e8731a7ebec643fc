import type { Entry, SiteConfig } from '../content/entries/types.js';

/** What the statistics need of the content store (ContentStore satisfies it). */
export interface StatsContent {
  site(): SiteConfig;
  entries(): Entry[];
  entry(id: string): Entry | undefined;
  readonly generation?: number;
}

export interface PageInfo { id: string | null; title: string; language: string }

// Kept until the content changes: every statistics answer names its pages, and building the index walks
// every entry (200,000 translations on a large site) where a filtered answer over a year takes milliseconds.
const built = new WeakMap<StatsContent, { generation: number; home: string; index: Map<string, PageInfo> }>();

/** Public path -> entry id and title of the translation served there (read-only: it is shared). */
export function buildPageIndex(content: StatsContent): Map<string, PageInfo> {
  const generation = content.generation;
  const site = content.site();
  // Home pages show the site's title: a change to it (site.yaml) is a change too.
  const home = JSON.stringify([site.title, site.defaultLanguage, Object.keys(site.languages)]);
  const kept = built.get(content);
  if (kept && generation !== undefined && kept.generation === generation && kept.home === home) return kept.index;
  const index = new Map<string, PageInfo>();
  // Home pages are no entry: they show the site's title.
  for (const language of Object.keys(site.languages)) {
    index.set(language === site.defaultLanguage ? '/' : `/${language}`, { id: null, title: site.title, language });
  }
  for (const entry of content.entries()) {
    for (const translation of entry.translations.values()) {
      index.set(translation.path, { id: entry.id, title: translation.title, language: translation.language });
    }
  }
  if (generation !== undefined) built.set(content, { generation, home, index });
  return index;
}

/** A path from the statistics without its query string, for the look-up. */
export function lookupPage(index: Map<string, PageInfo>, path: string): PageInfo | undefined {
  const q = path.indexOf('?');
  return index.get(q < 0 ? path : path.slice(0, q)) ?? (path.length > 1 && path.endsWith('/') ? index.get(path.slice(0, -1)) : undefined);
}
