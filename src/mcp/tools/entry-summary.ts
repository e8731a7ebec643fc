// The spec's content_list row for one translation, also used by other tools that describe entries.
import type { z } from 'zod';
import type { entryRowOutput } from '../answers/content-answers.js';
import type { ContentStore } from '../../content/store.js';
import type { Entry, Translation } from '../../content/entries/types.js';
import { formatSiteDate } from '../../lib/time-zone.js';

/** The row as content_list's output schema describes it. */
export type EntryRowAnswer = z.output<typeof entryRowOutput>;

/** The keys of a row in the order of the spec's table (content_list's `fields` picks among them). */
export const ENTRY_ROW_KEYS = ['id', 'title', 'status', 'date', 'url', 'languages', 'tags', 'category', 'start', 'created_by_assistant'] as const;

/** The row with only `keys` (null: all of them), in the row's own order whatever order they were named in. */
export function pickKeys<T extends Record<string, unknown>>(row: T, order: readonly string[], keys: readonly string[] | undefined): Partial<T> {
  if (keys === undefined) return row;
  const picked: Record<string, unknown> = {};
  for (const key of order) if (keys.includes(key)) picked[key] = row[key];
  return picked as Partial<T>;
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
