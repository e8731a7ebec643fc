// How a content store is set up (store.ts): its folders, clock and log, and the thresholds of its devices.
// Types alone: nothing here is loaded when the program runs.
import type { Clock } from '../lib/clock.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

export interface ContentStoreOptions {
  root: string;
  clock: Clock;
  log: (line: string) => void;
  /** The public base address; overrides `url` in site.yaml (the address the site is really served at). */
  baseUrl?: () => string;
  /**
   * Told (soon after, never during a read) about a scheduled translation found due, so its file can be
   * rewritten as published (D2).
   */
  onScheduledDue?: (entryId: string, language: string) => void;
  /** Where the index is kept between starts (data/cache); without one it is read from the files at every start. */
  cacheDir?: string;
  /** From how many entry folders a first start reads them in threads (first-scan-reads.ts). */
  readInThreadsFrom?: number;
  /** Past this size of persisted index, first counts restore it (some 90 ms) rather than count folders (7 µs an entry). */
  countsFromIndexAbove?: number;
  /**
   * The site's data folder: with it, changes are recorded in the change feed under data/feed and the
   * changes other processes record are followed (content-changes.ts). Without it, the store sweeps.
   */
  dataDir?: string;
  /**
   * The site's folders below which no link is followed (lib/trusted-folders.ts), made with its configuration
   * (wiring/build-deps.ts); without them, a value of the store's own trusting content/ (and the data folder).
   */
  trustedFolders?: TrustedFolders;
}
