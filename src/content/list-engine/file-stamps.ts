// The stamps the index's freshness compares (stamp-sweep.ts, recent-entries.ts): a folder's mtime, a file's
// mtime and size, read with lstat alone. lstat, as the reader: a symbolic link below content/ is never
// followed (lib/no-follow.ts), so a linked folder or file counts as none.
import { isSlug } from '../entries/entry-id.js';
import { lstatSync, opendirSync, type Dir, type Dirent } from 'node:fs';

/** A folder's mtime when there is no such folder. */
export const UNKNOWN = -1;
/** A file's stamp when there is no such file. */
export const ABSENT: readonly [number, number] = [-1, -1];
const MAY_BE_MISSING = { throwIfNoEntry: false } as const;

/** A folder's mtime; UNKNOWN when it is gone, a link or not a folder. */
export function mtimeOf(path: string): number {
  try {
    const stat = lstatSync(path, MAY_BE_MISSING);
    return stat?.isDirectory() ? stat.mtimeMs : UNKNOWN;
  } catch {
    return UNKNOWN;
  }
}

/** A file's mtime and size; ABSENT when it is gone, a link or not a file. */
export function fileStamp(path: string): readonly [number, number] {
  try {
    const stat = lstatSync(path, MAY_BE_MISSING);
    return stat?.isFile() ? [stat.mtimeMs, stat.size] : ABSENT;
  } catch {
    return ABSENT;
  }
}

/**
 * Hands each item of a folder to `visit`, read a few hundred at a time: readdir reads a whole folder into
 * one allocation per name first, some 5 MB for a type folder of 100,000 entries, which left as much free
 * memory for good in the malloc arena of the thread that read it. False when the folder cannot be read
 * (the items visited before the failure are then to be taken as none).
 */
function eachItem(dir: string, visit: (item: Dirent) => void): boolean {
  let folder: Dir;
  try {
    folder = opendirSync(dir, { bufferSize: 256 });
  } catch {
    return false;
  }
  try {
    for (let item = folder.readSync(); item !== null; item = folder.readSync()) visit(item);
    return true;
  } catch {
    return false;
  } finally {
    folder.closeSync();
  }
}

/** The items of a folder (none when it cannot be read). */
export function listing(dir: string): Dirent[] {
  const items: Dirent[] = [];
  return eachItem(dir, (item) => items.push(item)) ? items : [];
}

/**
 * The folders in `dir` whose names can be entries, sorted. Only the names are kept as the folder is read:
 * 100,000 Dirent objects held until the end were some 6 MB more of the sweep's heap at its start.
 */
export function slugFolders(dir: string): string[] {
  const names: string[] = [];
  return eachItem(dir, (item) => { if (item.isDirectory() && isSlug(item.name)) names.push(item.name); }) ? names.sort() : [];
}

/** Stores a file's stamp; true when it differs from the one there (NaN, never stored, always differs). */
export function setStamp(stamps: Float64Array, slot: number, [mtime, size]: readonly [number, number]): boolean {
  const same = stamps[slot] === mtime && stamps[slot + 1] === size;
  stamps[slot] = mtime;
  stamps[slot + 1] = size;
  return !same;
}
