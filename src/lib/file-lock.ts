import { AppError } from '../errors.js';
import { createNoFollow, removeNoFollow, statNoFollow } from './no-follow.js';
const { closeSync, writeSync } = process.getBuiltinModule('node:fs');

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
 * that died and is broken. The lock file is made in its folder without following a link (lib/no-follow.ts).
 */
export function withFileLock<T>(lockPath: string, action: () => T): T {
  const deadline = Date.now() + WAIT_MS;
  let fd: number | undefined;
  while (fd === undefined) {
    try {
      fd = createNoFollow(lockPath, 'exclusive');
      writeSync(fd, String(process.pid));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        const stat = statNoFollow(lockPath);
        if (stat && Date.now() - stat.mtimeMs > STALE_MS) removeNoFollow(lockPath);
      } catch { /* removed by its owner meanwhile */ }
      if (Date.now() > deadline) throw new AppError('conflict', 'The entry is being changed by someone else; try again in a moment.');
      sleepSync(5 + Math.floor(Math.random() * 10));
    }
  }
  try {
    return action();
  } finally {
    closeSync(fd);
    try { removeNoFollow(lockPath); } catch { /* broken as stale by another process */ }
  }
}
