import { formatIsoWithOffset } from '../../lib/time-zone.js';
import { resolveCover, type Cover } from '../../content/cover.js';
import { renderMarkdown } from '../../content/markdown.js';
import type { ContentStore } from '../../content/store.js';
import type { Entry, Translation } from '../../content/entries/types.js';

export interface ApiEntry {
  id: string;
  title: string;
  url: string;
  status: string;
  date: string;
  excerpt: string;
  tags: { slug: string; title: string }[];
  cover: Cover | null;
  translations: Record<string, string>;
  fields: Record<string, unknown>;
  markdown?: string;
  html?: string;
}

/** One entry as the Content API shows it (the spec's "Entry (API)" table). */
export function apiEntry(store: ContentStore, entry: Entry, translation: Translation, withBody: boolean, visible: (t: Translation) => boolean): ApiEntry {
  const site = store.site();
  const translations: Record<string, string> = {};
  for (const [language, other] of entry.translations) {
    if (visible(other)) translations[language] = site.url + other.path;
  }
  const view: ApiEntry = {
    id: entry.id,
    title: translation.title,
    url: site.url + translation.path,
    status: translation.status,
    date: formatIsoWithOffset(translation.dateMs, site.timezone),
    excerpt: typeof translation.fields.excerpt === 'string' ? translation.fields.excerpt : '',
    tags: translation.tags.map((slug) => ({ slug, title: tagTitle(store, slug, translation.language) })),
    cover: resolveCover(store.contentDir, site.url, translation.fields.cover),
    translations,
    fields: translation.fields,
  };
  if (withBody) {
    view.markdown = translation.body;
    view.html = renderMarkdown(translation.body).html;
  }
  return view;
}

/** The tag's title in `language` (else the default language) as the index has it; its slug without a published one. */
export function tagTitle(store: ContentStore, slug: string, language: string): string {
  let tag;
  // From the index: reading each tag's folder again for every row of a list would cost more than the list.
  try { tag = store.indexed(`tags/${slug}`); } catch { return slug; }
  if (!tag) return slug;
  // Only a published tag translation names the tag in public: a draft's title is not out yet.
  const published = (code: string) => {
    const translation = tag.translations.get(code);
    return translation?.status === 'published' ? translation : undefined;
  };
  return (published(language) ?? published(store.site().defaultLanguage))?.title ?? slug;
}
