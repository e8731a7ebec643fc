import { AppError } from '../errors.js';
import { createNoFollow, readTextNoFollow, removeNoFollow, statNoFollow } from './no-follow.js';
import { closeSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename } from 'node:path';
import type { TrustedFolders } from './trusted-folders.js';

// A write holds a lock for milliseconds; one older than STALE_MS was left by a writer that died, and is
// broken well before a waiting writer gives up. A lock names its holder (`<pid>@<host>`): one held by a
// process of this machine that is no longer running is broken at once, so a writer killed in the middle
// of a change holds up the next for no time (a pid says nothing of another machine's processes: there,
// only age counts).
const STALE_MS = 3_000;
const WAIT_MS = 6_000;

const HOST = hostname();
const HOLDER = `${process.pid}@${HOST}`;

/** Whether the lock was taken by a process of this machine that is no longer running. */
function holderIsGone(trusted: TrustedFolders, lockPath: string): boolean {
  const [pid, host] = readTextNoFollow(trusted, lockPath).split('@');
  if (host !== HOST || !/^[1-9][0-9]*$/.test(pid ?? '') || Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs `action` while holding a lock file created with O_EXCL. Two processes (the HTTP server and a stdio
 * server) serialize their changes to one entry this way. A lock older than STALE_MS belongs to a writer
 * that died and is broken. The lock file is made in its folder without following a link (lib/no-follow.ts).
 */
export function withFileLock<T>(trusted: TrustedFolders, lockPath: string, action: () => T): T {
  const deadline = Date.now() + WAIT_MS;
  let fd: number | undefined;
  while ((fd = tryLock(trusted, lockPath, deadline)) === undefined) sleepSync(5 + Math.floor(Math.random() * 10));
  try {
    return action();
  } finally {
    unlock(trusted, fd, lockPath);
  }
}

/**
 * withFileLock for an action that awaits (its writes run on the thread pool, so the event loop goes on with
 * requests meanwhile), waiting for the lock without holding up the event loop either. A lock file taken
 * this way must never be waited for by withFileLock in the same process, whose wait would stop the holder
 * from finishing: a file is changed through one of the two only.
 */
export async function withFileLockAsync<T>(trusted: TrustedFolders, lockPath: string, action: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  let fd: number | undefined;
  while ((fd = tryLock(trusted, lockPath, deadline)) === undefined) await new Promise((resolve) => setTimeout(resolve, 5 + Math.floor(Math.random() * 10)));
  try {
    return await action();
  } finally {
    unlock(trusted, fd, lockPath);
  }
}

/** The lock's descriptor, or undefined while another holds it (one left by a dead writer is broken first). */
function tryLock(trusted: TrustedFolders, lockPath: string, deadline: number): number | undefined {
  try {
    const fd = createNoFollow(trusted, lockPath, 'exclusive');
    writeSync(fd, HOLDER);
    return fd;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    let stat: ReturnType<typeof statNoFollow>;
    try { stat = statNoFollow(trusted, lockPath); } catch { stat = undefined; }
    // A folder in its place is no lock any writer made, and no waiting ends it: said at once, not after WAIT_MS
    // of a stopped event loop at every write.
    if (stat?.isDirectory()) throw new AppError('conflict', `The lock ${basename(lockPath)} is a folder where a file belongs; remove it.`);
    try {
      if (stat && (Date.now() - stat.mtimeMs > STALE_MS || holderIsGone(trusted, lockPath))) removeNoFollow(trusted, lockPath);
    } catch { /* removed by its owner meanwhile */ }
    if (Date.now() > deadline) throw new AppError('conflict', 'The entry is being changed by someone else; try again in a moment.');
    return undefined;
  }
}

function unlock(trusted: TrustedFolders, fd: number, lockPath: string): void {
  closeSync(fd);
  try { removeNoFollow(trusted, lockPath); } catch { /* broken as stale by another process */ }
}
