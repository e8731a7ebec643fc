import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.js';
import { withFileLock } from '../../lib/file-lock.js';
import type { WriteStorage } from './write-storage.js';

/** The files on disk: what the write actions use in production. */
export const fileStorage: WriteStorage = {
  readText: (path) => readFileSync(path, 'utf8'),
  exists: (path) => existsSync(path),
  writeAtomic: (path, data, mode) => writeFileAtomic(path, data, mode),
  /**
   * One write() on a file opened O_APPEND, so lines of concurrent writers (the HTTP server and stdio
   * processes) never interleave, and a writer killed mid-way leaves at most one broken last line.
   */
  append: (path, text, mode) => {
    mkdirSync(dirname(path), { recursive: true });
    const fd = openSync(path, 'a', mode);
    try {
      writeSync(fd, Buffer.from(text, 'utf8'));
    } finally {
      closeSync(fd);
    }
  },
  remove: (path) => unlinkSync(path),
  withLock: (path, action) => withFileLock(path, action),
};
