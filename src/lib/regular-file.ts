import type { Stats } from 'node:fs';
import { AppError } from '../errors.js';
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync } from 'node:fs';

// Every file the service reads below the site (content/, the data folder, theme/, plugins/) is opened here
// or through lib/no-follow.ts, which asks this module: a FIFO, a socket or a device put where a file should
// be is refused, and refusing never blocks. A plain open of a FIFO waits for a writer (on the main thread for
// openSync, on a thread-pool thread for open): one request for it hung the whole server. So every open is
// O_NONBLOCK (which changes nothing for a regular file), and the descriptor itself is asked what it is:
// never stat-then-open, which a swap between the two would fool.

/**
 * O_NONBLOCK: a FIFO opens at once (with no writer, reads as empty); a socket fails to open (ENXIO). O_NOCTTY:
 * a terminal device opened is never made the process's controlling terminal.
 */
export const NONBLOCK = (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

const DIRECTORY = constants.O_DIRECTORY ?? 0;

/**
 * A FIFO, socket or device where a file or folder should be. It answers as a missing file does (404 "not
 * found"), and carries ENOENT so code that treats a missing file as absent treats it alike (an unknown token,
 * no plugin): a visitor has no business knowing more. The operator reads `fileKind` in the log and `svc check`
 * (file-problem.ts puts it in a sentence).
 */
export class NotRegularFileError extends AppError {
  readonly code = 'ENOENT';
  constructor(readonly path: string, readonly fileKind: string) {
    super('not_found', 'There is no such file.');
  }
}

/** What a non-regular file is, in words: "a FIFO", "a socket", "a character device", "a block device". */
export function specialKind(stats: Pick<Stats, 'isFIFO' | 'isSocket' | 'isCharacterDevice' | 'isBlockDevice'>): string | null {
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  return null;
}

/** The sentence for the operator: `it is a FIFO, not a regular file`. */
export function notRegularReason(kind: string): string {
  return `it is ${kind}, not a regular file`;
}

let refusedOpen: ((path: string) => boolean) | null = null;

/**
 * For tests only: opens of paths `refuse` picks fail with EACCES. A test run as root cannot make a file
 * unreadable with chmod (root reads it anyway), so the fault is put at the one place every read opens.
 */
export function refuseOpensForTests(refuse: ((path: string) => boolean) | null): void {
  refusedOpen = refuse;
}

/** openSync, O_NONBLOCK added (and the fault a test asked for). */
export function openWithoutBlocking(path: string, flags: number, mode?: number): number {
  if (refusedOpen?.(path)) throw Object.assign(new Error(`EACCES: permission denied, open '${path}'`), { code: 'EACCES', path });
  return openSync(path, flags | NONBLOCK, mode);
}

/**
 * Opens `path` without blocking and keeps the descriptor only if it is what is expected (see
 * keepIfRegular). A socket cannot be opened at all: its ENXIO is refused the same way.
 */
export function openRegular(path: string, flags: number): number {
  let fd: number;
  try {
    fd = openWithoutBlocking(path, flags);
  } catch (error) {
    throw openFailure(error, path);
  }
  return keepIfRegular(fd, path, (flags & DIRECTORY) !== 0);
}

/** What a failed open throws: a socket's ENXIO becomes the refusal of a non-regular file. */
export function openFailure(error: unknown, path: string): unknown {
  const failure = error as NodeJS.ErrnoException | null;
  if (failure?.code === 'ENXIO') return new NotRegularFileError(path, kindAt(path) ?? 'a socket');
  // Opened inside a checked folder's descriptor (no-follow.ts: /proc/self/fd/N/<name>): the error names the
  // path a person knows, not one only this process could follow.
  if (failure instanceof Error && typeof failure.path === 'string' && failure.path !== path && failure.path.startsWith('/proc/self/fd/')) {
    failure.message = failure.message.split(failure.path).join(path);
    failure.path = path;
  }
  return error;
}

/** For the refusal's words only (nothing is opened by what this says). */
function kindAt(path: string): string | null {
  try {
    return specialKind(lstatSync(path));
  } catch {
    return null;
  }
}

/**
 * Checks what an open descriptor is: a folder when `folder` is asked for, else a regular file. Anything
 * else is closed and refused (EISDIR for a folder where a file should be, NotRegularFileError otherwise).
 */
export function keepIfRegular(fd: number, path: string, folder: boolean): number {
  statsIfRegular(fd, path, folder);
  return fd;
}

/** keepIfRegular, giving the descriptor's stats (its stamp: what was opened, not what a path names later). */
export function statsIfRegular(fd: number, path: string, folder: boolean): Stats {
  let stats: Stats;
  try {
    stats = fstatSync(fd);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  if (folder ? stats.isDirectory() : stats.isFile()) return stats;
  closeSync(fd);
  if (stats.isDirectory()) throw Object.assign(new Error(`EISDIR: not a file, read '${path}'`), { code: 'EISDIR', path });
  throw new NotRegularFileError(path, specialKind(stats) ?? 'no file');
}

/**
 * Opens `path` for reading, following links (theme/ and plugins/, which the operator installs, may be links:
 * lib/no-follow.ts is for content/ and the data folder), refusing anything but a regular file.
 */
export function openRegularFile(path: string): number {
  return openRegular(path, constants.O_RDONLY);
}

/** The whole regular file at `path` (links followed); see openRegularFile. */
export function readRegularFile(path: string): Buffer {
  const fd = openRegularFile(path);
  try {
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}
