// A build of the search index from scratch: every translation of the entries the content index holds, each
// slice of entries one transaction, how far it is written in the file too (another process's search and the
// panel show it). It ends by naming the feed's seq taken before it began: the changes made meanwhile are
// applied after. A server builds in a thread of its own (build-thread.ts); this file's buildIndex builds on
// the calling thread, a slice per turn of the event loop (pages are answered between slices), for an index
// held in memory, which no other thread can reach, and where a thread failed twice.
import type { Entry, SiteConfig } from '../entries/types.js';
import type { BuildProgress } from './build-progress.js';
import type { SearchDatabase } from './search-database.js';
import { searchDocuments } from './search-document.js';

/** How long the build works before it lets requests in (a turn of the event loop). */
const SLICE_MS = 12;

/** Languages FTS5 stems (its porter tokenizer); others are folded only (docs/decisions.md). */
export const stemmedLanguage = (language: string): boolean => language === 'en' || language.startsWith('en-');

export interface BuildInput {
  /** The entries' ids as the content index has them when the build begins. */
  ids: readonly string[];
  /** The entry as the content index has it now (undefined: gone since; the feed says so after the build). */
  entry: (id: string) => Entry | undefined;
  site: SiteConfig;
  /** The store's time: a translation public then goes to the public rows (search-tables.ts). */
  now: () => number;
  /** The feed's last seq before `ids` were taken. */
  startSeq: number;
  progress: BuildProgress;
  /** False once the build is no longer wanted (a stop, a newer build): it ends at the next slice. */
  wanted: () => boolean;
}

/** Marks a new, empty index as being built, of `total` entries. */
export function beginBuild(db: SearchDatabase, total: number): void {
  db.transaction(() => {
    db.setMeta('state', 'building');
    db.setMeta('progress', `0/${total}`);
  });
}

/** The rows of one entry's translations (none for an entry gone), as public or hidden at `now`; inside a transaction. */
export function indexEntry(db: SearchDatabase, entry: Entry | undefined, site: SiteConfig, now: number): void {
  for (const document of searchDocuments(entry, site)) db.insert(document, stemmedLanguage(document.language), now);
}

/** Marks the index built: searches answer from it, and the feed is applied from `startSeq` on. */
export function endBuild(db: SearchDatabase, startSeq: number): void {
  db.transaction(() => {
    db.setMeta('seq', String(startSeq));
    db.setMeta('state', 'ready');
  });
}

/** Fills a new, empty index on this thread; true when it was built to the end, false when it was given up. */
export async function buildIndex(db: SearchDatabase, input: BuildInput): Promise<boolean> {
  const { ids, entry, site, progress, wanted, now } = input;
  beginBuild(db, ids.length);
  for (let at = 0; at < ids.length;) {
    if (!wanted()) return false;
    const until = performance.now() + SLICE_MS;
    db.transaction(() => {
      const when = now();
      for (; at < ids.length && performance.now() < until; at++) indexEntry(db, entry(ids[at]!), site, when);
      db.setMeta('progress', `${at}/${ids.length}`);
    });
    progress.reached(at);
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (!wanted()) return false;
  endBuild(db, input.startSeq);
  progress.end();
  return true;
}
