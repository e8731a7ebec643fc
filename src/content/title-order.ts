// A type's entries in one language in title order (A to Z), for the panel's Content list sorted by title.
// The index keeps its lists by date (list-engine/list-index.ts); the title order is made from the list of all
// statuses once and kept while the index is unchanged (the store's generation), so paging through it costs
// what a page shows. At 100,000 posts making it reads every title once (whileScanning) and sorts them: some
// tens of milliseconds after a change, then nothing per page.
import type { ContentStore } from './store.js';
import { whileScanning } from './list-engine/list-engine.js';
import type { EntryQuery, EntryRow, ListWindow } from './query.js';

interface TitleOrder { generation: number; rows: EntryRow[] }

/** Per store, per `type\0language`: the rows in title order and the generation they were made at. */
const kept = new WeakMap<ContentStore, Map<string, TitleOrder>>();
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** A to Z by title as the list sorted by title has it (case and accents aside, numbers as numbers), then by id. */
export function byTitle(a: EntryRow, b: EntryRow): number {
  return collator.compare(a.translation.title, b.translation.title) || (a.entry.id < b.entry.id ? -1 : a.entry.id > b.entry.id ? 1 : 0);
}

function titleOrder(store: ContentStore, type: string, language: string): EntryRow[] {
  const generation = store.generation;
  let byList = kept.get(store);
  if (!byList) kept.set(store, (byList = new Map()));
  const key = `${type}\u0000${language}`;
  const found = byList.get(key);
  if (found && found.generation === generation) return found.rows;
  const rows = whileScanning(() => {
    const made: Array<EntryRow & { title: string }> = [];
    for (const row of store.lists().list(type, language, 'any')) made.push({ entry: row.entry, translation: row.translation, title: row.translation.title });
    return made.sort((a, b) => collator.compare(a.title, b.title) || (a.entry.id < b.entry.id ? -1 : a.entry.id > b.entry.id ? 1 : 0));
  });
  byList.set(key, { generation, rows });
  return rows;
}

/**
 * Entries of one type in one language, A to Z by title, filtered as listEntries filters (status, words in
 * the title, who may see what); tag, category and parent are not asked for here.
 */
export function listEntriesByTitle(store: ContentStore, query: EntryQuery, window: ListWindow = {}): { rows: EntryRow[]; total: number } {
  const offset = window.offset ?? 0;
  const limit = window.limit ?? Number.POSITIVE_INFINITY;
  const all = titleOrder(store, query.type, query.language);
  const status = query.status ?? 'any';
  const words = query.search ? query.search.toLowerCase().split(/\s+/).filter(Boolean) : [];
  const visible = query.visible;
  if (status === 'any' && words.length === 0 && !visible) return { rows: all.slice(offset, offset + limit), total: all.length };
  const rows: EntryRow[] = [];
  let matched = 0;
  for (const row of all) {
    const { entry, translation } = row;
    if (status !== 'any' && translation.status !== status) continue;
    if (words.length > 0) {
      const title = translation.title.toLowerCase();
      if (!words.every((word) => title.includes(word))) continue;
    }
    if (visible && translation.status !== 'published' && !visible(entry, translation)) continue;
    if (matched >= offset && rows.length < limit) rows.push({ entry, translation });
    matched++;
  }
  return { rows, total: matched };
}
