// The reads of a full scan (a first start reads 100,000 entry folders): a folder listed by its path, and
// each file read whole with its stamp from the descriptor read, in as few system calls as lib/no-follow.ts
// allows; every file is still opened checked against links there.
import type { Dirent } from 'node:fs';
import { closeSync, constants, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { openNoFollowWithStats } from './no-follow.js';
import type { TrustedFolders } from './trusted-folders.js';

/** A file read whole, with the stamp (mtime, size) of the very file the bytes came from. */
export interface FileRead { bytes: Buffer; mtimeMs: number; size: number }

/**
 * The whole file and its stamp, from the descriptor read (one fstat, which the open's check takes anyway):
 * a reader that keeps stamps need not lstat the path first. A file that grows while read is read to the
 * size its stamp says, so the stamp differs from the file's and the file is read again later.
 */
export function readFileWithStamp(trusted: TrustedFolders, path: string): FileRead {
  const { fd, stats } = openNoFollowWithStats(trusted, path, constants.O_RDONLY);
  try {
    const bytes = Buffer.allocUnsafe(stats.size);
    let filled = 0;
    while (filled < stats.size) {
      const read = readSync(fd, bytes, filled, stats.size - filled, filled);
      if (read === 0) break;
      filled += read;
    }
    return { bytes: filled === stats.size ? bytes : bytes.subarray(0, filled), mtimeMs: stats.mtimeMs, size: stats.size };
  } finally {
    closeSync(fd);
  }
}

/**
 * The folder's entries, listed by its path without opening the folder checked first (links left out, each
 * warned about once): for a caller that lstat'ed `dir` itself (statNoFollow) and reads what it lists through
 * the functions above, which check each whole path. A folder swapped for a link between the two lists the
 * link's target, whose files are then refused. A first start lists 100,000 entry folders: the checked open
 * of each was a quarter of its system calls.
 */
export function listNamesNoFollow(trusted: TrustedFolders, dir: string): Dirent[] {
  return readdirSync(dir, { withFileTypes: true }).filter((item) => {
    if (!item.isSymbolicLink()) return true;
    trusted.warnOnce(join(dir, item.name));
    return false;
  });
}

