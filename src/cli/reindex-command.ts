import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { systemClock } from '../lib/clock.js';
import { ContentStore } from '../content/store.js';
import { parseEntryId } from '../content/entries/entry-id.js';
import { CommandError, refusedValueIsUsage } from './cli-error.js';
import type { CommandShape, Parsed } from './options.js';

export const REINDEX_COMMAND: CommandShape = { options: { id: { type: 'string' } }, arguments: 0 };

/**
 * `svc reindex [--id ID]`: for one who just synced a folder (rsync, git pull, SFTP), a full pass at once
 * rather than within the minutes the freshness sweep takes for older entries: every entry folder (or the
 * one of --id) is compared with the kept index, and what changed is recorded in the change feed, which
 * the running server and stdio sessions follow. Prints what it is doing, then what it found.
 */
export async function runReindexCommand(parsed: Parsed, print: (line: string) => void): Promise<number> {
  const { config } = parsed;
  const id = typeof parsed.values.id === 'string' ? parsed.values.id : undefined;
  // An id that is not one (`../../etc`) is a bad value: its sentence, exit code 2.
  if (id !== undefined) await refusedValueIsUsage(() => parseEntryId(id));
  const log = (line: string) => process.stderr.write(line + '\n');
  const store = new ContentStore({ root: config.root, clock: systemClock, log, cacheDir: join(config.dataDir, 'cache'), dataDir: config.dataDir, trustedFolders: parsed.trustedFolders });
  try {
    print(id === undefined ? `Comparing every entry folder of ${config.root} with the index…` : `Reading ${id} again…`);
    const started = performance.now();
    const result = await store.reindex({ via: 'cli', detail: 'found by svc reindex' }, id);
    // No folder and nothing changed: the index did not know it either (an entry whose folder went is a
    // change, its deletion recorded). Said as such, not as "0 of 1 entry changed".
    if (id !== undefined && result.changed === 0 && result.unrecorded === 0 && !existsSync(join(config.root, 'content', id))) {
      throw new CommandError(`There is no entry ${id}: content/${id} is not there, and the index has no such entry.`);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (result.unrecorded > 0) {
      // The kept index is left as it was: the next start or reindex compares with it, finds these changes
      // again and records them then (kept with them in, nothing would ever tell the feed's readers).
      log(`svc: ${result.unrecorded} of the changes found could not be recorded in the change feed (see above); nothing was lost: run svc reindex again once the feed can be written (data/feed/, data/locks/).`);
      return 1;
    }
    // Kept for the next start and the next reindex, which compare with it.
    await store.persistIndex();
    if (result.everything) print(`Read all ${result.entries} entries from their files in ${seconds} s (there was no kept index to compare with); recorded that everything may have changed.`);
    else print(`${result.changed} of ${id === undefined ? result.entries : 1} ${id === undefined && result.entries !== 1 ? 'entries' : 'entry'} changed on disk, recorded in the change feed (${seconds} s).`);
    if (result.media > 0) print(`The media of ${result.media} ${result.media === 1 ? 'entry' : 'entries'} changed, recorded too.`);
    if (result.mediaTakenAsIs && id === undefined) print('The media folders were taken as they are (no stamps of them were kept to compare with); they are kept now, for the next time.');
    return 0;
  } finally {
    await store.close();
  }
}
