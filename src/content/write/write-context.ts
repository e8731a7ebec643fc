import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { LinkRefusedError } from '../../lib/no-follow.js';
import { isEntryId } from '../entries/entry-id.js';
import type { Principal } from '../../auth/principal.js';
import type { ContentStore } from '../store.js';
import { appendHistory } from '../history.js';
import type { HistoryAction } from '../history.js';
import { fileStorage } from '../storage/file-storage.js';
import type { WriteStorage } from '../storage/write-storage.js';
import { entryLockPath } from '../changes/entry-lock.js';

// What every write action receives: what the index says, where files are read and written, the clock, and
// who acts through what. The same actions serve MCP tools (via: mcp, with the token's name in the history)
// and the panel (via: panel). Rules (field-rules.ts, slug-rules.ts, content-rights.ts) refuse; actions
// change files only through the storage, so their unit tests run on memory.

/** What the write actions ask of the content index: the store, or in unit tests an index over memory. */
export type ContentView = Pick<ContentStore, 'root' | 'contentDir' | 'site' | 'entry' | 'entries' | 'absoluteUrl' | 'invalidate' | 'mediaDir' | 'mediaFiles' | 'trustedFolders' | 'atPath'> & Partial<Pick<ContentStore, 'changes'>>;

export interface WriteContext {
  store: ContentView;
  /** Where files are read and written: the disk when absent; memory in the rules' unit tests. */
  storage?: WriteStorage;
  /** The private data folder (revisions, styles, history, locks). */
  dataDir: string;
  clock: Clock;
}

export interface Actor {
  principal: Principal;
  via: 'mcp' | 'panel';
}

export function storageOf(context: WriteContext): WriteStorage {
  return context.storage ?? fileStorage(context.store.trustedFolders);
}

/** The answer for an id the store does not know, or whose files cannot be reached. */
export function noSuchEntry(id: string): AppError {
  return new AppError('not_found', `There is no entry with the id "${id}". Call content_list to see the entries' ids.`);
}

/**
 * Serializes changes to one entry across processes (the HTTP server and stdio servers) with a lock file
 * under `data/locks/` (entry-lock.ts). A symbolic link met on the way (the entry's style.css or media
 * folder, its revisions folder, the lock folder) is never followed (lib/no-follow.ts); the change then
 * answers as an unknown id does. What the action recorded (recordChange) goes into the change feed before
 * the lock is let go (content-changes.ts), so another process that takes the lock finds it there.
 */
export function withEntryLock<T>(context: WriteContext, lockName: string, action: () => T): T {
  const changes = context.store.changes;
  const subject = isEntryId(lockName) ? lockName : lockName === 'site' ? null : undefined;
  const recorded = changes && subject !== undefined ? () => changes.write(subject, (id) => context.store.entry(id), action) : action;
  try {
    return storageOf(context).withLock(entryLockPath(context.dataDir, lockName), recorded);
  } catch (error) {
    if (error instanceof LinkRefusedError && isEntryId(lockName)) throw noSuchEntry(lockName);
    throw error;
  }
}

/**
 * Adds the change to the history log. It comes after the change itself, so a history file or folder that
 * is a symbolic link (never written through, warned about once) leaves the change standing unrecorded
 * rather than answering an error for a change that was made.
 */
export function recordChange(context: WriteContext, actor: Actor, action: HistoryAction, entry: string | null, language: string | null, detail?: string, { servedChanged = true } = {}): void {
  // A change nothing served shows (a change proposed for approval) is the history's only, not the feed's.
  if (servedChanged) context.store.changes?.noteWrite(entry, {
    action, language, via: actor.via, person: actor.principal.accountId, token: actor.via === 'mcp' ? actor.principal.tokenName : null,
    ...(detail === undefined ? {} : { detail }),
  });
  try {
    appendHistory(context.dataDir, {
      time: new Date(context.clock()).toISOString(),
      person: actor.principal.accountId,
      action,
      entry,
      language,
      via: actor.via,
      token: actor.via === 'mcp' ? actor.principal.tokenName : null,
      ...(detail === undefined ? {} : { detail }),
    }, storageOf(context));
  } catch (error) {
    if (!(error instanceof LinkRefusedError)) throw error;
  }
}
