// The stamps the index's freshness compares (stamp-sweep.ts, recent-entries.ts): a folder's mtime, a file's
// mtime and size, read with lstat alone. lstat, as the reader: a symbolic link below content/ is never
// followed (lib/no-follow.ts), so a linked folder or file counts as none.
import { lstatSync, opendirSync, type Dir, type Dirent } from 'node:fs';

/** A folder's mtime when there is no such folder. */
export const UNKNOWN = -1;
/** A file's stamp when there is no such file. */
export const ABSENT: readonly [number, number] = [-1, -1];
const MAY_BE_MISSING = { throwIfNoEntry: false } as const;
const SLUG = /^[a-z0-9][a-z0-9-]*$/;

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
 * The items of a folder (none when it cannot be read), read a few hundred at a time: readdir reads a whole
 * folder into one allocation per name first, some 5 MB for a type folder of 100,000 entries, which left as
 * much free memory for good in the malloc arena of the sweep's worker thread.
 */
export function listing(dir: string): Dirent[] {
  let folder: Dir;
  try {
    folder = opendirSync(dir, { bufferSize: 256 });
  } catch {
    return [];
  }
  const items: Dirent[] = [];
  try {
    for (let item = folder.readSync(); item !== null; item = folder.readSync()) items.push(item);
  } catch {
    return [];
  } finally {
    folder.closeSync();
  }
  return items;
}

/** The folders in `dir` whose names can be entries, sorted. */
export function slugFolders(dir: string): string[] {
  return listing(dir).filter((item) => item.isDirectory() && SLUG.test(item.name)).map((item) => item.name).sort();
}

/** Stores a file's stamp; true when it differs from the one there (NaN, never stored, always differs). */
export function setStamp(stamps: Float64Array, slot: number, [mtime, size]: readonly [number, number]): boolean {
  const same = stamps[slot] === mtime && stamps[slot + 1] === size;
  stamps[slot] = mtime;
  stamps[slot + 1] = size;
  return !same;
}
