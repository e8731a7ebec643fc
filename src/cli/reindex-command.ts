import { join } from 'node:path';
import { systemClock } from '../lib/clock.js';
import { ContentStore } from '../content/store.js';
import type { Parsed } from './options.js';

export const REINDEX_OPTIONS = { id: { type: 'string' } } as const;

/**
 * `svc reindex [--id ID]`: for one who just synced a folder (rsync, git pull, SFTP), a full pass at once
 * rather than within the minutes the freshness sweep takes for older entries: every entry folder (or the
 * one of --id) is compared with the kept index, and what changed is recorded in the change feed, which
 * the running server and stdio sessions follow. Prints what it is doing, then what it found.
 */
export async function runReindexCommand(parsed: Parsed, print: (line: string) => void): Promise<number> {
  const { config } = parsed;
  const id = typeof parsed.values.id === 'string' ? parsed.values.id : undefined;
  const log = (line: string) => process.stderr.write(line + '\n');
  const store = new ContentStore({ root: config.root, clock: systemClock, log, cacheDir: join(config.dataDir, 'cache'), dataDir: config.dataDir, trustedFolders: parsed.trustedFolders });
  try {
    print(id === undefined ? `Comparing every entry folder of ${config.root} with the index…` : `Reading ${id} again…`);
    const started = performance.now();
    // An id that is not one ends as its sentence (`"x" is not an entry id; ...`), exit code 1.
    const result = await store.reindex({ via: 'cli', detail: 'found by svc reindex' }, id);
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
    return 0;
  } finally {
    store.close();
  }
}
