// A command that fails leaves no folder behind that it made. A mistyped --data, a person who is not there, a
// disk that refuses: the command says why, and the operator finds the site as it was, not an empty data
// folder beside it that the next command (with the same typo) would take for a site's data.
//
// Only folders are taken back, and only those that hold no file: what a command made of a folder is its
// folders (mkdir -p of a data folder, its cache/ and writing/ notes); a file in one is something saved,
// by this command or by another process, and stays with the folders above it.
import { lstatSync, readdirSync, rmdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

interface Before {
  path: string;
  /** The folders `path` held, when it was a folder. */
  folders: Set<string> | null;
  /** When `path` was missing: its highest missing ancestor (or itself), which the command would make first. */
  highestMissing: string | null;
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function foldersIn(path: string): Set<string> | null {
  try {
    return new Set(readdirSync(path, { withFileTypes: true }).filter((item) => item.isDirectory()).map((item) => item.name));
  } catch {
    return null;
  }
}

function look(path: string): Before {
  if (exists(path)) return { path, folders: foldersIn(path), highestMissing: null };
  let highest = path;
  while (dirname(highest) !== highest && !exists(dirname(highest))) highest = dirname(highest);
  return { path, folders: null, highestMissing: highest };
}

/** Removes `dir` and the folders below it when none of them holds a file (or a link); says whether it did. */
function removeIfNoFiles(dir: string): boolean {
  let items;
  try {
    items = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  let empty = true;
  for (const item of items) {
    if (!item.isDirectory() || !removeIfNoFiles(join(dir, item.name))) empty = false;
  }
  if (!empty) return false;
  try {
    rmdirSync(dir);
    return true;
  } catch {
    return false;
  }
}

function takeBack(before: Before): void {
  if (before.highestMissing !== null) {
    removeIfNoFiles(before.highestMissing);
    return;
  }
  if (before.folders === null) return;
  for (const name of foldersIn(before.path) ?? []) {
    if (!before.folders.has(name)) removeIfNoFiles(join(before.path, name));
  }
}

/**
 * Runs `action` (sync or async); when it fails, the folders it made in or as `paths` (each a folder the
 * command may make, or make folders in) are removed again where they hold no file, and the failure goes on.
 */
export function leavingNoNewFolders<T>(paths: string[], action: () => T): T {
  const before = paths.map(look);
  // Deepest first: a folder made inside another watched one is looked at before its parent.
  const undo = () => { for (const item of [...before].reverse()) takeBack(item); };
  let result: T;
  try {
    result = action();
  } catch (error) {
    undo();
    throw error;
  }
  if (result instanceof Promise) {
    return result.catch((error: unknown) => {
      undo();
      throw error;
    }) as T;
  }
  return result;
}
