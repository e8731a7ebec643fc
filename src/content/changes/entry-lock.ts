import { join } from 'node:path';

/**
 * The lock file that serializes changes to one entry across processes, under `data/locks/`. Ids are
 * `[a-z0-9-]` segments, so replacing `/` with `+` keeps names distinct.
 */
export function entryLockPath(dataDir: string, name: string): string {
  return join(dataDir, 'locks', `${name.replaceAll('/', '+')}.lock`);
}
