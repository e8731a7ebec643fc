import { dirname } from 'node:path';
import { AppError } from '../errors.js';
import { builtinModule } from './builtin-module.js';
const { openSync, closeSync, unlinkSync, statSync, mkdirSync, writeSync } = builtinModule('node:fs');

// A write holds a lock for milliseconds; one older than STALE_MS was left by a writer that died, and is
// broken well before a waiting writer gives up.
const STALE_MS = 3_000;
const WAIT_MS = 6_000;

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs `action` while holding a lock file created with O_EXCL. Two processes (the HTTP server and a stdio
 * server) serialize their changes to one entry this way. A lock older than STALE_MS belongs to a writer
 * that died and is broken.
 */
export function withFileLock<T>(lockPath: string, action: () => T): T {
  mkdirSync(dirname(lockPath), { recursive: true });
  const deadline = Date.now() + WAIT_MS;
  let fd: number | undefined;
  while (fd === undefined) {
    try {
      fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lockPath).mtimeMs > STALE_MS) unlinkSync(lockPath);
      } catch { /* removed by its owner meanwhile */ }
      if (Date.now() > deadline) throw new AppError('conflict', 'The entry is being changed by someone else; try again in a moment.');
      sleepSync(5 + Math.floor(Math.random() * 10));
    }
  }
  try {
    return action();
  } finally {
    closeSync(fd);
    try { unlinkSync(lockPath); } catch { /* broken as stale by another process */ }
  }
}
