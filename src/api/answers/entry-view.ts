import { formatIsoWithOffset } from '../../lib/time-zone.js';
import { resolveCover } from '../../content/cover.js';
import { renderKept } from '../../content/markdown.js';
import { plainText } from '../../content/plain-text.js';
import type { ContentStore } from '../../content/store.js';
import type { Entry, Translation } from '../../content/entries/types.js';
import type { z } from 'zod';
import type { entrySchema } from './api-schemas.js';
import { ENTRY_KEYS, type EntryKey } from './entry-keys.js';

/** One entry as the Content API answers it: the type of its schema (api-schemas.ts). */
export type ApiEntry = z.output<typeof entrySchema>;

const WITHOUT_BODY: readonly EntryKey[] = ENTRY_KEYS;
const WITH_BODY: readonly EntryKey[] = [...ENTRY_KEYS, 'markdown', 'html'];

/**
 * What a view reads of the store: the settings, the content folder (covers) and the index (tag titles). A
 * thread that renders views without the index hands in these alone (wiring/webhook-entries.ts).
 */
export type ViewStore = Pick<ContentStore, 'site' | 'contentDir' | 'indexed' | 'trustedFolders'>;

/** What the parts of one entry's view are made from; the body's HTML is drawn once for html and plaintext. */
interface ViewSource {
  store: ViewStore;
  entry: Entry;
  translation: Translation;
  visible: (t: Translation) => boolean;
  html?: string;
}

const htmlOf = (source: ViewSource) => (source.html ??= renderKept(source.translation.body).html);

/** How each key of the view is made. */
const PARTS: Readonly<Record<EntryKey, (source: ViewSource) => unknown>> = {
  id: ({ entry }) => entry.id,
  title: ({ translation }) => translation.title,
  url: ({ store, translation }) => store.site().url + translation.path,
  status: ({ translation }) => translation.status,
  date: ({ store, translation }) => formatIsoWithOffset(translation.dateMs, store.site().timezone),
  excerpt: ({ translation }) => (typeof translation.fields.excerpt === 'string' ? translation.fields.excerpt : ''),
  tags: ({ store, translation }) => translation.tags.map((slug) => ({ slug, title: tagTitle(store, slug, translation.language) })),
  cover: ({ store, translation }) => resolveCover(store.trustedFolders, store.contentDir, store.site().url, translation.fields.cover),
  translations: ({ store, entry, visible }) => {
    const translations: Record<string, string> = {};
    for (const [language, other] of entry.translations) {
      if (visible(other)) translations[language] = store.site().url + other.path;
    }
    return translations;
  },
  fields: ({ translation }) => translation.fields,
  markdown: ({ translation }) => translation.body,
  html: htmlOf,
  plaintext: (source) => plainText(htmlOf(source)),
};

/** One entry as the Content API shows it (the spec's "Entry (API)" table). */
export function apiEntry(store: ViewStore, entry: Entry, translation: Translation, withBody: boolean, visible: (t: Translation) => boolean): ApiEntry {
  return entryView(store, entry, translation, withBody ? WITH_BODY : WITHOUT_BODY, visible) as unknown as ApiEntry;
}

/** The entry's view with exactly `keys`, in the order given (callers give them in ALL_ENTRY_KEYS's order). */
export function entryView(store: ViewStore, entry: Entry, translation: Translation, keys: readonly EntryKey[], visible: (t: Translation) => boolean): Record<string, unknown> {
  const source: ViewSource = { store, entry, translation, visible };
  const view: Record<string, unknown> = {};
  for (const key of keys) view[key] = PARTS[key](source);
  return view;
}

/** The tag's title in `language` (else the default language) as the index has it; its slug without a published one. */
export function tagTitle(store: ViewStore, slug: string, language: string): string {
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
