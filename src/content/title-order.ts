// A type's entries in one language in title order (A to Z), for the panel's Content list sorted by title.
// The index keeps its lists by date (list-engine/list-index.ts); the title order is made from the list of all
// statuses once and kept while the index is unchanged (the store's generation), so paging through it costs
// what a page shows. At 100,000 posts making it reads every title once and sorts them: some tens of
// milliseconds after a change, then nothing per page. What is kept is the order alone, a number per
// row (its place in the list by date) and its status: the rows it reads are made for the pass
// (SortedRows.passingAt), and only a page's are made to keep. Kept as rows, the order held every entry of
// a 100,000-post site restored and kept for good after one visit (some 30 MB).
import type { ContentStore } from './store.js';
import type { SortedRows } from './list-engine/list-engine.js';
import type { EntryRow, EntryQuery, ListWindow } from './query.js';
import type { EntryStatus } from './entries/types.js';

interface TitleOrder {
  generation: number;
  /** The list of all statuses by date that `places` point into, as it was at `generation`. */
  list: SortedRows;
  /** The places in `list`, A to Z. */
  places: Int32Array;
  /** Each place's status (STATUSES' index), in the same order as `places`. */
  statuses: Uint8Array;
}

const STATUSES: readonly EntryStatus[] = ['draft', 'scheduled', 'published'];
const PUBLISHED = STATUSES.indexOf('published');

/** Per store, per `type\0language`: the order and the generation it was made at. */
const kept = new WeakMap<ContentStore, Map<string, TitleOrder>>();
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** A to Z by title as the list sorted by title has it (case and accents aside, numbers as numbers), then by id. */
export function byTitle(a: EntryRow, b: EntryRow): number {
  return titleThenId(a.translation.title, a.entry.id, b.translation.title, b.entry.id);
}

function titleThenId(titleA: string, idA: string, titleB: string, idB: string): number {
  return collator.compare(titleA, titleB) || (idA < idB ? -1 : idA > idB ? 1 : 0);
}

function titleOrder(store: ContentStore, type: string, language: string): TitleOrder {
  const generation = store.generation;
  let byList = kept.get(store);
  if (!byList) kept.set(store, (byList = new Map()));
  const key = `${type}\u0000${language}`;
  const found = byList.get(key);
  if (found && found.generation === generation) return found;
  const list = store.lists().list(type, language, 'any');
  const titles: string[] = new Array<string>(list.length), ids: string[] = new Array<string>(list.length);
  const statuses = new Uint8Array(list.length);
  for (let at = 0; at < list.length; at++) {
    const { entry, translation } = list.passingAt(at);
    titles[at] = translation.title;
    ids[at] = entry.id;
    statuses[at] = STATUSES.indexOf(translation.status);
  }
  const places = new Int32Array(list.length);
  for (let at = 0; at < places.length; at++) places[at] = at;
  places.sort((a, b) => titleThenId(titles[a]!, ids[a]!, titles[b]!, ids[b]!));
  const inOrder = new Uint8Array(places.length);
  for (let k = 0; k < places.length; k++) inOrder[k] = statuses[places[k]!]!;
  const order: TitleOrder = { generation, list, places, statuses: inOrder };
  byList.set(key, order);
  return order;
}

/**
 * Entries of one type in one language, A to Z by title, filtered as listEntries filters (status, words in
 * the title, who may see what); tag, category and parent are not asked for here.
 */
export function listEntriesByTitle(store: ContentStore, query: EntryQuery, window: ListWindow = {}): { rows: EntryRow[]; total: number } {
  const offset = window.offset ?? 0;
  const limit = window.limit ?? Number.POSITIVE_INFINITY;
  const { list, places, statuses } = titleOrder(store, query.type, query.language);
  const row = (place: number): EntryRow => {
    const { entry, translation } = list.at(place);
    return { entry, translation };
  };
  const status = query.status ?? 'any';
  const words = query.search ? query.search.toLowerCase().split(/\s+/).filter(Boolean) : [];
  const visible = query.visible;
  if (status === 'any' && words.length === 0 && !visible) {
    return { rows: Array.from(places.subarray(offset, Math.min(places.length, offset + limit)), row), total: places.length };
  }
  const wanted = STATUSES.indexOf(status as EntryStatus);
  const rows: EntryRow[] = [];
  let matched = 0;
  // Words and drafts are looked at in rows made for the pass; only the page's rows are made to keep.
  for (let k = 0; k < places.length; k++) {
    if (status !== 'any' && statuses[k] !== wanted) continue;
    const place = places[k]!;
    if (words.length > 0 || (visible && statuses[k] !== PUBLISHED)) {
      const { entry, translation } = list.passingAt(place);
      if (words.length > 0) {
        const title = translation.title.toLowerCase();
        if (!words.every((word) => title.includes(word))) continue;
      }
      if (visible && statuses[k] !== PUBLISHED && !visible(entry, translation)) continue;
    }
    if (matched >= offset && rows.length < limit) rows.push(row(place));
    matched++;
  }
  return { rows, total: matched };
}
