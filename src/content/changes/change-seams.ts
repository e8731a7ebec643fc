// What the feed's side of the content store (content-changes.ts) meets: what a write recorded, the index
// operations it needs from the store, and what it is built with.
import type { Clock } from '../../lib/clock.js';
import type { ChangeVia } from '../../feed/change-event.js';
import type { Entry } from '../entries/types.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

/** What a write action recorded (its history line): the feed's event is made from these. */
export interface RecordedWrite {
  action: string;
  language: string | null;
  detail?: string;
  via: ChangeVia;
  person: string | null;
  token: string | null;
}

/** How a file of an entry's media folder changed. */
export type MediaHow = 'added' | 'changed' | 'removed';
/** One entry's media folder found changed on disk (list-engine/media-sweep.ts): the files, each with how. */
export interface MediaChange { id: string; files: Array<[name: string, how: MediaHow]> }

/** The index operations the feed's side needs (the store's index parts). */
export interface ChangeTarget {
  /** The entry as the index has it now (no disk read). */
  indexed(id: string): Entry | undefined;
  /** Reads the entry's folder again (an id not known yet is looked for at any depth). */
  readAgain(id: string): void;
  /** Everything is read again (events were lost to this process). */
  readEverything(): void;
  /**
   * The entry's media files changed through svc (a write of this process, or an event of another): what
   * answers show of them is made again. `recorded`: the change is in the feed, and the finder takes the
   * folder's stamps as they are now; otherwise (the feed could not take it) its sweep finds and records it.
   */
  mediaChanged(id: string, recorded: boolean): void;
  /** Every media change found on disk is recorded now: the sweep may keep its stamps for the next start. */
  mediaAllRecorded(): void;
  /** Whether the sweep should look for changes on disk continuously (this process is the finder). */
  setFinder(finding: boolean): void;
}

export interface ContentChangesOptions {
  dataDir: string;
  /** The site's folders below which no link is followed (lib/trusted-folders.ts). */
  trusted: TrustedFolders;
  clock: Clock;
  log: (line: string) => void;
}
