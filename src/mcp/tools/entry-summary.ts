// The spec's content_list row for one translation, also used by other tools that describe entries.
import type { ContentStore } from '../../content/store.js';
import type { Entry, Translation } from '../../content/types.js';
import { formatSiteDate } from '../../lib/time-zone.js';

export interface EntryRowAnswer {
  id: string;
  title: string;
  status: string;
  date: string;
  url: string;
  languages: string[];
  tags: string[];
  category: string | null;
  start: string | null;
  created_by_assistant: boolean;
  [key: string]: unknown;
}

export function summarizeEntry(store: ContentStore, entry: Entry, translation: Translation, languages: string[]): EntryRowAnswer {
  const site = store.site();
  const category = entry.type.key === 'post' ? translation.category : null;
  const isDateCategory = category !== null && site.categories[category]?.kind === 'date';
  return {
    id: entry.id,
    title: translation.title,
    status: translation.status,
    date: formatSiteDate(translation.dateMs, site.timezone),
    url: store.absoluteUrl(translation.path),
    languages,
    tags: [...translation.tags],
    category,
    start: isDateCategory && typeof translation.fields.start === 'string' ? translation.fields.start : null,
    created_by_assistant: translation.via === 'mcp',
  };
}
