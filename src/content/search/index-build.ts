// A build of the search index from scratch: every translation of the entries the content index holds,
// a slice of entries per turn of the event loop (pages are answered between slices), each slice one
// transaction, how far it is written in the file too (another process's search and the panel show it).
// It ends by naming the feed's seq taken before it began: the changes made meanwhile are applied after.
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
  /** The feed's last seq before `ids` were taken. */
  startSeq: number;
  progress: BuildProgress;
  /** False once the build is no longer wanted (a stop, a newer build): it ends at the next slice. */
  wanted: () => boolean;
}

/** Fills a new, empty index; true when it was built to the end, false when it was given up. */
export async function buildIndex(db: SearchDatabase, input: BuildInput): Promise<boolean> {
  const { ids, entry, site, progress, wanted } = input;
  db.transaction(() => {
    db.setMeta('state', 'building');
    db.setMeta('progress', `0/${ids.length}`);
  });
  for (let at = 0; at < ids.length;) {
    if (!wanted()) return false;
    const until = performance.now() + SLICE_MS;
    db.transaction(() => {
      for (; at < ids.length && performance.now() < until; at++) {
        for (const document of searchDocuments(entry(ids[at]!), site)) db.insert(document, stemmedLanguage(document.language));
      }
      db.setMeta('progress', `${at}/${ids.length}`);
    });
    progress.reached(at);
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (!wanted()) return false;
  db.transaction(() => {
    db.setMeta('seq', String(input.startSeq));
    db.setMeta('state', 'ready');
  });
  progress.end();
  return true;
}
