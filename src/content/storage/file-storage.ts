import { closeSync, writeSync } from 'node:fs';
import { writeFileAtomic } from '../../lib/atomic-write.js';
import { withFileLock } from '../../lib/file-lock.js';
import { createNoFollow, readTextNoFollow, removeNoFollow, statNoFollow } from '../../lib/no-follow.js';
import type { WriteStorage } from './write-storage.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

/**
 * The files on disk: what the write actions use in production. No symbolic link below content/ or the data
 * folder (the site's `trusted` folders, lib/trusted-folders.ts) is followed (lib/no-follow.ts): a link
 * reads as missing and is never written through.
 */
export const fileStorage = (trusted: TrustedFolders): WriteStorage => ({
  readText: (path) => readTextNoFollow(trusted, path),
  exists: (path) => statNoFollow(trusted, path) !== undefined,
  writeAtomic: (path, data, mode) => writeFileAtomic(trusted, path, data, mode),
  /**
   * One write() on a file opened O_APPEND, so lines of concurrent writers (the HTTP server and stdio
   * processes) never interleave, and a writer killed mid-way leaves at most one broken last line.
   */
  append: (path, text, mode) => {
    const fd = createNoFollow(trusted, path, 'append', mode);
    try {
      writeSync(fd, Buffer.from(text, 'utf8'));
    } finally {
      closeSync(fd);
    }
  },
  remove: (path) => removeNoFollow(trusted, path),
  withLock: (path, action) => withFileLock(trusted, path, action),
});
