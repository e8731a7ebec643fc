// The spec's content_list row for one translation, also used by other tools that describe entries.
import type { z } from 'zod';
import type { entryRowOutput } from '../answers/content-answers.js';
import type { ContentStore } from '../../content/store.js';
import type { Entry, Translation } from '../../content/entries/types.js';
import { formatSiteDate } from '../../lib/time-zone.js';

/** The row as content_list's output schema describes it. */
export type EntryRowAnswer = z.output<typeof entryRowOutput>;

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
