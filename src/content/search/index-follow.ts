// The change feed's events applied to the search index: each entry an event names is read again from disk
// and its rows replaced. The seq applied up to is kept in the index, read and moved in the same write
// transaction as the rows (BEGIN IMMEDIATE), so of several processes following one feed whichever comes
// first applies an event, once, and a crash between the rows and the seq cannot happen.
import type { ChangeFeed } from '../../feed/change-feed.js';
import type { Entry, SiteConfig } from '../entries/types.js';
import type { SearchDatabase } from './search-database.js';
import { searchDocuments } from './search-document.js';
import { stemmedLanguage } from './index-build.js';

/** Events applied in one transaction. */
const EVENTS_AT_ONCE = 200;
/** Changes that leave the searchable text and who may see it as they were. */
const NOT_SEARCHED = new Set(['entry.style', 'entry.media']);

/** What following needs of the content store. */
export interface FollowSource {
  site(): SiteConfig;
  /** The entry read again from disk. */
  entry(id: string): Entry | undefined;
  /** The store's time: the rows are indexed as public or hidden as they are then (search-tables.ts). */
  now(): number;
}

/**
 * Applies what the index has not seen of the feed, EVENTS_AT_ONCE at most ('more': call again, a turn of
 * the event loop later, so that a start after many changes answers pages meanwhile). 'rebuild': the feed no
 * longer reaches back to the index's seq, or says everything was read again (`site.reindexed`); the index is
 * marked stale for a build.
 */
export function applyFeed(db: SearchDatabase, feed: ChangeFeed, source: FollowSource): 'applied' | 'more' | 'rebuild' | 'not ready' {
  // A look without a transaction first: most wake-ups find the events applied (by this or another process).
  if (db.meta('state') !== 'ready') return 'not ready';
  const seen = feed.since(Number(db.meta('seq') ?? '0'), 1);
  if (seen.events.length === 0 && !seen.resync) return 'applied';
  return db.transaction((): 'more' | 'applied' | 'rebuild' | 'not ready' => {
    if (db.meta('state') !== 'ready') return 'not ready';
    const read = feed.since(Number(db.meta('seq') ?? '0'), EVENTS_AT_ONCE);
    if (read.resync || read.events.some((event) => event.kind === 'site.reindexed')) {
      db.setMeta('state', 'stale');
      return 'rebuild';
    }
    const site = source.site();
    const now = source.now();
    const ids = new Set(read.events.filter((event) => event.entry !== null && !NOT_SEARCHED.has(event.kind)).map((event) => event.entry!));
    for (const id of ids) {
      let entry: Entry | undefined;
      try { entry = source.entry(id); } catch { continue; /* not an entry id: nothing of ours */ }
      db.replaceEntry(id, entry ? searchDocuments(entry, site) : null, stemmedLanguage, now);
    }
    const last = read.events.at(-1)?.seq;
    if (last !== undefined) db.setMeta('seq', String(last));
    return read.events.length === EVENTS_AT_ONCE ? 'more' : 'applied';
  });
}
