// What every process that writes to a site sets up at its start, before its first write (the HTTP server, the
// stdio server and the CLI commands that write): the temp files that writers killed mid-write left behind are
// removed, this process notes its own (lib/temp-file-journal.ts), and a write the disk refuses names its file
// from the site folder (lib/save-failure.ts).
import { removeNoFollow } from './no-follow.js';
import { nameSavedFilesFrom } from './save-failure.js';
import { removeTempFilesOfGoneWriters, useTempFileJournal } from './temp-file-journal.js';
import { join } from 'node:path';
import type { TrustedFolders } from './trusted-folders.js';

/** Where the notes of temp files in flight are kept: a folder of the data folder's cache. */
export function tempFileJournalFolder(dataDir: string): string {
  return join(dataDir, 'cache', 'writing');
}

/** Returns how many temp files of gone writers it removed. */
export function prepareSiteWrites(trusted: TrustedFolders, site: { root: string; dataDir: string }): number {
  nameSavedFilesFrom(site.root);
  const journal = tempFileJournalFolder(site.dataDir);
  const removed = removeTempFilesOfGoneWriters(journal, (path) => removeNoFollow(trusted, path));
  useTempFileJournal(journal);
  return removed;
}
