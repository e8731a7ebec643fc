// An entry's translations as rows of the search index: the texts a reader searches (title, excerpt, tags,
// body) and what decides who may find them (status as a time from which it is public, author).
import { parseSiteTime } from '../../lib/time-zone.js';
import type { Entry, SiteConfig, Translation } from '../entries/types.js';
import type { SearchDocument } from './search-database.js';
import { searchableBody, tagWords } from './search-text.js';

/** From when anyone may see the translation: published 0, scheduled its time (D2: due is public), draft never. */
function publicFrom(translation: Translation, site: SiteConfig): number | null {
  if (translation.status === 'published') return 0;
  if (translation.status !== 'scheduled' || translation.published === null) return null;
  return parseSiteTime(translation.published, site.timezone);
}

/** One row per translation of `entry` (none for an entry gone). */
export function searchDocuments(entry: Entry | undefined, site: SiteConfig): SearchDocument[] {
  if (!entry) return [];
  const documents: SearchDocument[] = [];
  for (const translation of entry.translations.values()) {
    // Fields and body are read from the file when not in memory; a file gone meanwhile leaves the row out
    // (the change that removed it is in the feed, and is applied next).
    let excerpt: string;
    let body: string;
    try {
      excerpt = typeof translation.fields.excerpt === 'string' ? translation.fields.excerpt : '';
      body = searchableBody(translation.body);
    } catch {
      continue;
    }
    documents.push({
      entry: entry.id, language: translation.language, type: entry.type.key, status: translation.status, publicFrom: publicFrom(translation, site),
      author: translation.author, dateMs: translation.dateMs, title: translation.title, excerpt, tags: tagWords(translation.tags), body,
    });
  }
  return documents;
}
