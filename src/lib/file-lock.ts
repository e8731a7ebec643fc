import { AppError } from '../errors.js';
import { createNoFollow, readTextNoFollow, removeNoFollow, statNoFollow } from './no-follow.js';
import { closeSync, readFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename } from 'node:path';
import type { TrustedFolders } from './trusted-folders.js';

// A write holds a lock for milliseconds. A lock names its holder (`<pid>@<host>@<start>`): one held by a
// process of this machine that is no longer running (or whose pid another process has by now, told by its
// start) is broken at once, so a writer killed in the middle of a change holds up the next for no time. One
// of a process of this machine that is still running is not broken for its age, however long it takes
// (swapping, a stopped process, a slow disk): broken, the holder went on and wrote over the change let
// through, which was lost without a revision. Only past LIVE_STALE_MS, where no start can be compared (no
// /proc, a lock of an earlier version). A pid says nothing of another machine's
// processes: there, a lock older than STALE_MS is taken for a dead writer's, well before a waiting writer
// gives up.
const STALE_MS = 3_000;
const LIVE_STALE_MS = 60_000;
const WAIT_MS = 6_000;

const HOST = hostname();

/**
 * When a process started (clock ticks since the machine's boot, Linux's /proc/<pid>/stat), so that a lock of
 * a pid used again by another process (a server restarted in a container often has the same) is told from
 * one of the process that took it; '' where there is no /proc. Its threads share it.
 */
function startOf(pid: number | 'self'): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}
const START = startOf('self');
const HOLDER = `${process.pid}@${HOST}${START ? `@${START}` : ''}`;

/** Who holds the lock: a process of this machine that has ended, one that is running, or one of elsewhere. */
function holderOf(trusted: TrustedFolders, lockPath: string): 'gone' | 'running' | 'this process' | 'elsewhere' {
  const [pid, host, start] = readTextNoFollow(trusted, lockPath).split('@');
  if (host !== HOST || !/^[1-9][0-9]*$/.test(pid ?? '')) return 'elsewhere';
  try {
    if (Number(pid) !== process.pid) process.kill(Number(pid), 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH' ? 'gone' : 'running';
  }
  // Running, unless that pid is another process's by now.
  const now = start ? startOf(Number(pid)) : '';
  if (now !== '' && now !== start) return 'gone';
  // This process's own lock that it waits for was left by one of its threads that ended holding it (a worker
  // thread that failed): only its age tells, as for another machine's.
  return Number(pid) === process.pid ? 'this process' : 'running';
}

/** Whether a lock of this age, so held, was left by a writer that died. */
function isStale(trusted: TrustedFolders, lockPath: string, ageMs: number): boolean {
  const holder = holderOf(trusted, lockPath);
  return holder === 'gone' || ageMs > (holder === 'running' ? LIVE_STALE_MS : STALE_MS);
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs `action` while holding a lock file created with O_EXCL. Two processes (the HTTP server and a stdio
 * server) serialize their changes to one entry this way. A lock left by a writer that died is broken (above). The lock file is made in its folder without following a link (lib/no-follow.ts).
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
      if (stat && isStale(trusted, lockPath, Date.now() - stat.mtimeMs)) removeNoFollow(trusted, lockPath);
    } catch { /* removed by its owner meanwhile */ }
    if (Date.now() > deadline) throw new AppError('conflict', 'The entry is being changed by someone else; try again in a moment.');
    return undefined;
  }
}

/** Lets the lock go: the file is removed only while it is still this holder's (one broken as stale may be another's by now). */
function unlock(trusted: TrustedFolders, fd: number, lockPath: string): void {
  closeSync(fd);
  try {
    if (readTextNoFollow(trusted, lockPath) === HOLDER) removeNoFollow(trusted, lockPath);
  } catch { /* broken as stale by another process, and gone */ }
}
