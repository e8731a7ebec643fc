// The Content list's search through the full-text index (content/search/): typing a word finds the entries
// whose title, excerpt, tags or body hold it, not only their titles. The matches (1,000 at most, as every
// search: the newest for the list by date, unranked, as ranking them was work the date order threw away;
// the best for the list by title) are then put in the list's order and paged as the list pages. Who finds
// what is content_list's rule (the index's reader, then each row again). While the index is being built,
// or on a Node whose SQLite lacks FTS5, the list searches titles as it did (listEntries' search).
import type { Principal } from '../../auth/principal.js';
import { searcherOf } from '../../content/content-rights.js';
import { listEntries, type EntryQuery, type EntryRow, type ListWindow } from '../../content/query.js';
import { MAX_HITS } from '../../content/search/site-search.js';
import type { ContentStore } from '../../content/store.js';
import { byTitle, listEntriesByTitle } from '../../content/title-order.js';

/** Newest first, as the index's lists are. */
const byDate = (a: EntryRow, b: EntryRow) => b.translation.dateMs - a.translation.dateMs || (a.entry.id < b.entry.id ? -1 : a.entry.id > b.entry.id ? 1 : 0);

/** The matches of `query.search` this person may see, in `order`; null when the index cannot answer now. */
function fullTextRows(store: ContentStore, principal: Principal, query: EntryQuery, order: 'date' | 'title'): EntryRow[] | null {
  const found = store.search.search({
    text: query.search!, language: query.language, type: query.type, searcher: searcherOf(principal), status: query.status ?? 'any',
    limit: MAX_HITS, snippets: false, order: order === 'date' ? 'newest' : 'best',
  });
  if (!found.ready) return null;
  const rows: EntryRow[] = found.rows.map(({ entry, translation }) => ({ entry, translation }));
  return rows.sort(order === 'title' ? byTitle : byDate);
}

/**
 * Where the list's rows come from (entries-list.ts EntrySource): the full-text matches when words are
 * searched and the index is ready, else the index's lists with the words looked for in titles.
 */
export function fullTextSource(principal: Principal, order: 'date' | 'title') {
  return (store: ContentStore, query: EntryQuery, window: ListWindow): { rows: EntryRow[]; total: number } => {
    const matched = query.search === undefined || query.search === '' ? null : fullTextRows(store, principal, query, order);
    if (matched === null) return order === 'title' ? listEntriesByTitle(store, query, window) : listEntries(store, query, window);
    const offset = window.offset ?? 0;
    return { rows: matched.slice(offset, offset + (window.limit ?? matched.length)), total: matched.length };
  };
}
