// The entries a batch of webhook messages carries, handed from the server's thread, which holds the content
// index, to the webhook thread (webhook-thread.ts), which renders them as the Content API shows them. What
// crosses is what the index knows of each translation, not its body or front matter: the webhook thread
// reads the file itself, by the stamp the index has, so the server's thread neither reads, parses nor
// renders anything for a webhook. The tags' entries come along for their titles.
import { apiEntry, type ViewStore } from '../api/answers/entry-view.js';
import type { ContentStore } from '../content/store.js';
import { loadDocument } from '../content/entries/translation.js';
import type { Entry, SiteConfig, Translation } from '../content/entries/types.js';
import type { TakenContent } from '../edge/webhook-message.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

type PortableTranslation = Omit<Translation, 'body' | 'fields'>;
type PortableEntry = Omit<Entry, 'translations'> & { translations: Array<[string, PortableTranslation]> };

/** What the server's thread answers for a batch of entry ids: those that exist, their tags, the settings. */
export interface EntriesAnswer { site: SiteConfig; entries: PortableEntry[]; tags: PortableEntry[] }

/** On the server's thread: the entries as they are now (read again from disk first, as a write reads them). */
export function entriesAnswer(content: ContentStore, ids: readonly string[]): EntriesAnswer {
  const entries: PortableEntry[] = [];
  const tagIds = new Set<string>();
  for (const id of ids) {
    const entry = lookUp(() => content.entry(id));
    if (!entry) continue;
    entries.push(portable(entry));
    for (const translation of entry.translations.values()) for (const slug of translation.tags) tagIds.add(`tags/${slug}`);
  }
  const tags: PortableEntry[] = [];
  for (const id of tagIds) {
    const tag = lookUp(() => content.indexed(id));
    if (tag) tags.push(portable(tag));
  }
  return { site: content.site(), entries, tags };
}

/** A malformed id names no entry. */
function lookUp(find: () => Entry | undefined): Entry | undefined {
  try { return find(); } catch { return undefined; }
}

function portable(entry: Entry): PortableEntry {
  // Field by field (the index's translations read body and front matter through getters, which a message
  // would not carry); the types make a field added to Translation or Entry a compile error here until handed on.
  const translations = [...entry.translations].map(([language, t]): [string, PortableTranslation] => [language, {
    language: t.language, file: t.file, mtimeMs: t.mtimeMs, size: t.size, title: t.title, status: t.status, published: t.published,
    dateMs: t.dateMs, path: t.path, tags: t.tags, category: t.category, author: t.author, via: t.via, start: t.start, review: t.review, embeds: t.embeds,
  }]);
  return {
    id: entry.id, type: entry.type, dir: entry.dir, slug: entry.slug, parentId: entry.parentId, style: entry.style,
    folderMtimeMs: entry.folderMtimeMs, styleMtimeMs: entry.styleMtimeMs, styleSize: entry.styleSize, translations,
  };
}

/** On the webhook thread: the answer as entries, and each as the Content API shows it to a token with content:read. */
export function takenContent(trusted: TrustedFolders, answer: EntriesAnswer, contentDir: string): TakenContent {
  const entries = new Map(answer.entries.map((entry) => [entry.id, entryOf(trusted, entry)]));
  const tags = new Map(answer.tags.map((tag) => [tag.id, entryOf(trusted, tag)]));
  const store: ViewStore = { contentDir, trustedFolders: trusted, site: () => answer.site, indexed: (id) => tags.get(id) };
  return {
    entry: (id) => entries.get(id),
    view: (entry, languages, drafts) => {
      // Drafts only to endpoints that ask for them; the event's language first, else the site's, else any shown.
      const visible = (translation: Translation) => drafts || translation.status === 'published';
      const translation = [...languages, answer.site.defaultLanguage].map((language) => entry.translations.get(language)).find((t) => t !== undefined && visible(t))
        ?? [...entry.translations.values()].find(visible);
      return translation ? apiEntry(store, entry, translation, true, visible) : null;
    },
  };
}

function entryOf(trusted: TrustedFolders, entry: PortableEntry): Entry {
  return { ...entry, translations: new Map(entry.translations.map(([language, translation]) => [language, translationOf(trusted, translation)])) };
}

function translationOf(trusted: TrustedFolders, translation: PortableTranslation): Translation {
  const { file, mtimeMs, size } = translation;
  return {
    ...translation,
    get body() { return loadDocument(trusted, file, mtimeMs, size).body; },
    get fields() { return loadDocument(trusted, file, mtimeMs, size).fields; },
  };
}
