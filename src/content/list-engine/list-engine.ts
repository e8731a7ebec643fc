import type { Clock } from '../../lib/clock.js';
import { EntryIndex } from './entry-index.js';
import { ListIndex } from './list-index.js';
import { EntryReader } from '../entries/entry-reader.js';
import { IndexFreshness } from './index-freshness.js';
import { IndexPersistence } from './index-persistence.js';
import { IndexScanner } from './index-scanner.js';
import { keptMediaIn } from './media-stamps-file.js';
import { sweepSetup } from './sweep-baseline.js';
import type { SweepSetup } from './stamp-sweep.js';
import type { MediaFollowOptions } from './media-follow.js';
import { ScheduledChanges } from './scheduled-changes.js';
import type { SiteSettings } from '../settings/site-settings.js';
import { ContentChanges } from '../changes/content-changes.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';
// The list engine: the entries by id and their sorted lists, kept in line with the disk (scans, the sweep,
// file-system events), kept between starts (the persisted index, its snapshots and the objects restored
// from it), and what changes with time alone. The rest of svc enters it here and nowhere else
// (test/architecture.test.ts holds that): what it builds, and the few names a list query needs.
// The full pass at once comes with the index side, which a stdio session's first answer does not load.
export { reindexEntries, type ReindexBy, type Reindexed } from './reindex.js';
export { NO_START, type ListIndex } from './list-index.js';
export type { PathTarget } from './path-index.js';
export type { IndexedRow, SortedRows } from './sorted-rows.js';

export interface IndexPartsOptions {
  root: string;
  contentDir: string;
  /** The site's folders below which no link is followed (lib/trusted-folders.ts). */
  trusted: TrustedFolders;
  clock: Clock;
  log: (line: string) => void;
  settings: SiteSettings;
  onScheduledDue: ((entryId: string, language: string) => void) | undefined;
  /** Where the index is kept between starts (data/cache), or undefined. */
  cacheDir: string | undefined;
  readInThreadsFrom: number | undefined;
  /** The site's data folder: changes are recorded in and followed from its change feed (content-changes.ts). */
  dataDir: string | undefined;
}

/** The store's index side: the entries and their sorted lists, and what keeps them in line with the disk. */
export interface IndexParts {
  index: EntryIndex;
  scanner: IndexScanner;
  freshness: IndexFreshness;
  persistence: IndexPersistence | null;
  /** The change feed's side, or null for a store without a data folder (it neither records nor follows changes). */
  changes: ContentChanges | null;
  /** The media folders as the sweep sees them for the settings now, and where what it knows is kept (or undefined). */
  media: { setup: () => SweepSetup; kept: MediaFollowOptions['kept'] };
}

/**
 * The index side of a ContentStore, put together when the store first needs an entry: the entries by id
 * (entry-index.ts), reading entry folders (entry-reader.ts), bringing the index in line with the disk
 * (index-scanner.ts), when to look (index-freshness.ts, index-sweeper.ts), keeping it between starts
 * (index-persistence.ts), and what changes with time alone (scheduled-changes.ts).
 */
export function buildIndexParts(options: IndexPartsOptions): IndexParts {
  const { root, contentDir, clock, log, settings, trusted } = options;
  const site = () => settings.current;
  const index = new EntryIndex(new ListIndex(site));
  const schedule = new ScheduledChanges({ clock, log, site, trusted, onScheduledDue: options.onScheduledDue });
  const reader = new EntryReader({ root, contentDir, trusted, clock, log, site, onFoundDue: (id, language) => schedule.noteDue(id, language) });
  const scanner = new IndexScanner({ contentDir, trusted, index, reader, schedule, site, log, readInThreadsFrom: options.readInThreadsFrom });
  const changes = options.dataDir === undefined ? null : new ContentChanges({ dataDir: options.dataDir, trusted, clock, log });
  const feedSeq = () => changes?.seq ?? 0;
  const persistence = options.cacheDir === undefined ? null : new IndexPersistence({ cacheDir: options.cacheDir, contentDir, trusted, index, site, clock, log, feedSeq });
  if (persistence) index.observe(() => persistence.changed());
  if (changes) scanner.observe((id, before) => changes.indexChanged(id, before));
  const keptMedia = options.cacheDir === undefined ? undefined : keptMediaIn(trusted, options.cacheDir, contentDir, log);
  const freshness = new IndexFreshness({ clock, log, contentDir, settings, reader, scanner, index, schedule, persistence, changes, ...(keptMedia ? { keptMedia } : {}) });
  return { index, scanner, freshness, persistence, changes, media: { setup: () => sweepSetup(contentDir, site()), kept: keptMedia } };
}
