// The stamps (mtime and size) by which a reader knows a file or an entry folder unchanged since it was read:
// what kept its stamp is not read and parsed again (entry-reader.ts), as the freshness sweep judges change
// (list-engine/stamp-sweep.ts).
import { join } from 'node:path';
import { statNoFollow } from '../../lib/no-follow.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';
import type { Entry } from './types.js';

export interface FileStamp { mtimeMs: number; size: number }

/** The stamp of a file that is not there. */
export const NO_FILE: FileStamp = { mtimeMs: -1, size: -1 };

/** The file's stamp now; undefined when it is gone, or not a file one may read (a link refused). */
export function stampOf(trusted: TrustedFolders, file: string): FileStamp | undefined {
  try {
    const stat = statNoFollow(trusted, file);
    return stat && { mtimeMs: stat.mtimeMs, size: stat.size };
  } catch {
    return undefined;
  }
}

export function sameStamp(a: FileStamp, b: FileStamp): boolean {
  return a.mtimeMs === b.mtimeMs && a.size === b.size;
}

/**
 * Whether an entry's folder is still as `previous` was read from it: the folder's mtime (`folderMtimeMs`,
 * which moves when a file in it is added, removed or renamed) and the stamp of each file read are the same,
 * as the freshness sweep judges them. A file swapped for a symbolic link is no longer a file with that
 * stamp, so it is read again, and refused there.
 */
export function folderUnchanged(trusted: TrustedFolders, previous: Entry, folderMtimeMs: number): boolean {
  if (previous.folderMtimeMs < 0 || previous.folderMtimeMs !== folderMtimeMs) return false;
  const fileKept = (file: string, mtimeMs: number, size: number) => {
    const stat = statNoFollow(trusted, file);
    return stat?.isFile() === true && stat.mtimeMs === mtimeMs && stat.size === size;
  };
  for (const translation of previous.translations.values()) {
    if (!fileKept(translation.file, translation.mtimeMs, translation.size)) return false;
  }
  return previous.styleMtimeMs < 0 || fileKept(join(previous.dir, 'style.css'), previous.styleMtimeMs, previous.styleSize);
}
