// How a command reaches the site's folders: one that only reads (a listing, the check, server-json) makes
// nothing, so that a mistyped --data stays a mistake said rather than a new empty folder; one that writes
// starts as the servers do and, should it fail, leaves no folder it made (new-folders.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { checkConfiguredFolders } from '../lib/configured-folders.js';
import { prepareSiteWrites } from '../lib/site-writes.js';
import { checkSiteFolders, folderProblemSentence, StartFailure } from '../wiring/start-failure.js';
import { CommandError } from './cli-error.js';
import { leavingNoNewFolders } from './new-folders.js';
import type { Parsed } from './options.js';

/** The commands that work on a site refuse a folder without one; the data folder is made (a server's start). */
export function requireSite(parsed: Parsed): Parsed {
  try {
    checkSiteFolders(parsed.config);
  } catch (error) {
    if (error instanceof StartFailure) throw new CommandError(error.message);
    throw error;
  }
  return parsed;
}

/**
 * For a command that only reads: the site must be there, and nothing is made. A data folder named with
 * --data or SVC_DATA that is not there is a mistake to say (`listing` names what would have been listed);
 * the site's own data/ not there yet is a site with nothing in it.
 */
export function requireSiteToRead(parsed: Parsed, listing?: string): void {
  const { config } = parsed;
  const problem = checkConfiguredFolders(config);
  if (problem !== null) throw new CommandError(folderProblemSentence(problem, config));
  if (listing !== undefined && !existsSync(config.dataDir) && config.dataDir !== join(config.root, 'data')) {
    throw new CommandError(`There is no data folder ${config.dataDir}, so there are no ${listing} to list; check --data (or SVC_DATA).`);
  }
}

/**
 * Runs a command that writes: the site checked and the data folder made as a server's start makes it, the
 * temp files of writers gone removed (lib/site-writes.ts), then `action`. When it fails, the folders it made
 * are removed again where they hold no file.
 */
export function writingToSite<T>(parsed: Parsed, action: () => T): T {
  const { dataDir } = parsed.config;
  return leavingNoNewFolders([dataDir, join(dataDir, 'cache')], () => {
    prepareSiteWrites(parsed.trustedFolders, requireSite(parsed).config);
    return action();
  });
}
