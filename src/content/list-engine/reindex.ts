import { parseEntryId } from '../entries/entry-id.js';
import type { ContentChanges } from '../changes/content-changes.js';
import type { EntryIndex } from './entry-index.js';
import type { IndexFreshness } from './index-freshness.js';
import type { IndexScanner } from './index-scanner.js';

/** The parts of the index side a full pass uses (index-parts.ts puts them together). */
export interface ReindexParts { freshness: IndexFreshness; index: EntryIndex; scanner: IndexScanner; changes: ContentChanges | null }

/** Who asked for a full pass, and the note its events carry. */
export interface ReindexBy { via: 'cli' | 'panel'; detail: string }

/** `unrecorded`: changes taken into the index that the change feed could not take (tried again by this process). */
export interface Reindexed { entries: number; changed: number; unrecorded: number; everything: boolean }

/**
 * A full pass at once (`svc reindex`, the panel's Site check), for one who just synced a folder: every
 * entry folder (or the one of `id`) is compared with the index, and each changed one is read again and
 * recorded in the change feed as found on disk. When the index was read from every file just now there is
 * nothing to compare with: then one event says everything was read again.
 */
export async function reindexEntries(parts: ReindexParts, by: ReindexBy, id?: string): Promise<Reindexed> {
  const { freshness, index, changes, scanner } = parts;
  if (id !== undefined) parseEntryId(id);
  const builtNow = !freshness.ready;
  // Built if need be; else what other processes recorded is applied, and nothing else read: the pass
  // compares the disk with the index as it is.
  if (builtNow) freshness.refreshIfStale();
  changes?.catchUp();
  if (builtNow && freshness.readEveryFile && id === undefined) {
    changes?.recordEverythingRead(by.via, by.detail);
    return { entries: index.size, changed: 0, unrecorded: 0, everything: true };
  }
  const found = id === undefined ? await freshness.changedOnDisk() : new Map([[id, index.get(id)]]);
  if (!changes) {
    for (const changed of found.keys()) scanner.readAgain(changed, changed.split('/'), true);
    return { entries: index.size, changed: found.size, unrecorded: 0, everything: false };
  }
  const { recorded, unrecorded } = changes.recordReindexed(found, by.detail);
  return { entries: index.size, changed: recorded, unrecorded, everything: false };
}
