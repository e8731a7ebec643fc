import type { Dirent, Stats } from 'node:fs';
import { AppError } from '../errors.js';
import { keepIfRegular, NONBLOCK, openFailure, openWithoutBlocking, specialKind, statsIfRegular } from './regular-file.js';
import { closeSync, constants, existsSync, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, linkSync, readlinkSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { TrustedFolders } from './trusted-folders.js';

// Files below a trusted folder (the site's content/ and its data folder, one value per site in
// lib/trusted-folders.ts) are read, written and listed without ever following a symbolic link: a link
// there could hand any token holder files outside the site. The trusted folder itself may be reached
// through links (a root at /var/www -> /srv keeps working); every path below it is judged.
//
// No check-then-use race: a file is opened with O_NOFOLLOW and the descriptor itself is asked where it is
// (Linux: /proc/self/fd/N names the opened file's real path), which must be the trusted folder's real path
// plus the path below it. Folders are opened the same way, and names inside them are reached through
// /proc/self/fd/N/<name>, which acts on the folder that descriptor holds (like openat): swapping a folder
// for a link after the check changes nothing. Without /proc, every component is checked with lstat.

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const DIRECTORY = constants.O_DIRECTORY ?? 0;
const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_APPEND } = constants;
const PROC_FD = process.platform === 'linux' && existsSync('/proc/self/fd');

/**
 * A path below a trusted folder that is, or passes through, a symbolic link. It answers as an unknown id
 * does (404 "not found"), and carries ENOENT so code that treats a missing file as absent treats it alike.
 */
export class LinkRefusedError extends AppError {
  readonly code = 'ENOENT';
  constructor(readonly path: string) {
    super('not_found', 'There is no such file.');
  }
}

/** lstat, or undefined when there is nothing to stat (missing, or a file where a folder should be). */
function lstatOf(path: string): Stats | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** stat (following links), or undefined when there is nothing to stat. */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** The first component below the trusted folder that is a link, if any (for the warning, and without /proc). */
function linkOnPath(folders: TrustedFolders, path: string): string | undefined {
  let current = folders.folderOf(path);
  for (const part of relative(current, path).split(sep)) {
    if (part === '') continue;
    current = join(current, part);
    const stat = lstatOf(current);
    if (!stat) return undefined;
    if (stat.isSymbolicLink()) return current;
  }
  return undefined;
}

function refuse(folders: TrustedFolders, path: string): never {
  const link = linkOnPath(folders, path) ?? path;
  folders.warnOnce(link);
  throw new LinkRefusedError(link);
}

/** Whether the open descriptor is the file the path names, reached without a link below the trusted folder. */
function isWherePathSays(folders: TrustedFolders, fd: number, path: string): boolean {
  const folder = folders.folderOf(path);
  if (!PROC_FD) return linkOnPath(folders, path) === undefined && isSameFile(fd, path, path === folder);
  let actual: string;
  try {
    actual = readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return false;
  }
  // Plain string work (no path.join): this runs on every open. `below` starts with the separator.
  const below = folder === sep ? path : path.slice(folder.length);
  // A file replaced (renamed over) since it was opened is " (deleted)": it was the file the path named.
  const matches = (real: string | undefined) => {
    if (real === undefined) return false;
    const expected = real === sep ? below : real + below;
    return actual === expected || actual === `${expected} (deleted)`;
  };
  // Looked up again once: the trusted folder may have moved (a deploy switching a link above the root).
  return matches(folders.realPathOf(folder, false)) || matches(folders.realPathOf(folder, true));
}

function isSameFile(fd: number, path: string, followLink = false): boolean {
  const opened = fstatSync(fd);
  const named = followLink ? statOf(path) : lstatOf(path);
  return named !== undefined && opened.ino === named.ino && opened.dev === named.dev;
}

const isLink = (path: string): boolean => lstatOf(path)?.isSymbolicLink() ?? false;

/**
 * Opens an existing file or folder (never creating one); a link anywhere below the trusted folder is refused,
 * and so is anything but a regular file (a folder with O_DIRECTORY), without blocking (lib/regular-file.ts).
 */
export function openNoFollow(folders: TrustedFolders, path: string, flags: number): number {
  return openNoFollowWithStats(folders, path, flags).fd;
}

/** openNoFollow, with the opened descriptor's stats (taken anyway to refuse what is not a file or folder). */
export function openNoFollowWithStats(folders: TrustedFolders, path: string, flags: number): { fd: number; stats: Stats } {
  let fd: number;
  try {
    // The trusted folder itself may be reached through a link (a data folder or content/ kept elsewhere):
    // only what is below it is opened O_NOFOLLOW. Its real path is what the check below compares against.
    fd = openWithoutBlocking(path, path === folders.folderOf(path) ? flags : flags | NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // O_NOFOLLOW answers ELOOP for a link; asked for a folder, Linux answers ENOTDIR.
    if (code === 'ELOOP' || (code === 'ENOTDIR' && isLink(path))) refuse(folders, path);
    throw openFailure(error, path);
  }
  if (!isWherePathSays(folders, fd, path)) {
    closeSync(fd);
    refuse(folders, path);
  }
  return { fd, stats: statsIfRegular(fd, path, (flags & DIRECTORY) !== 0) };
}

/** A folder checked once; names inside it are reached through its descriptor. Close it when done. */
export interface OpenFolder {
  /** A path naming `name` inside this very folder, whatever happens to the folder's own path meanwhile. */
  at(name: string): string;
  /**
   * Opens `name` for writing, O_NOFOLLOW: `exclusive` creates a new file (temp files, locks), `append`
   * appends, creating the file when needed. A link in its place is refused.
   */
  create(name: string, how: 'exclusive' | 'append', mode?: number): number;
  /** Renames `from` over `to` (both names in this folder); a link in `to`'s place is refused, not replaced. */
  renameOver(from: string, to: string): void;
  /** Gives `from` the name `to` as well, only if `to` is free (EEXIST otherwise, whatever is there). */
  linkNew(from: string, to: string): void;
  close(): void;
}

/** Opens a folder below a trusted one; with `createMode`, makes it (and missing folders above it) first. */
export function openFolderNoFollow(folders: TrustedFolders, dir: string, createMode?: number): OpenFolder {
  let fd: number;
  try {
    fd = openNoFollow(folders, dir, O_RDONLY | DIRECTORY);
  } catch (error) {
    if (createMode === undefined || error instanceof LinkRefusedError || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    makeFolder(folders, dir, createMode);
    fd = openNoFollow(folders, dir, O_RDONLY | DIRECTORY);
  }
  const base = PROC_FD ? `/proc/self/fd/${fd}` : dir;
  const at = (name: string) => `${base}${sep}${name}`;
  return {
    at,
    create: (name, how, mode = 0o666) => {
      try {
        // O_NONBLOCK: appending to a FIFO put in a log's place would wait for a reader (the open, then each write).
        const fd = openSync(at(name), O_WRONLY | O_CREAT | NOFOLLOW | NONBLOCK | (how === 'exclusive' ? O_EXCL : O_APPEND), mode);
        return how === 'exclusive' ? fd : keepIfRegular(fd, join(dir, name), false);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ELOOP') refuse(folders, join(dir, name));
        throw openFailure(error, join(dir, name));
      }
    },
    renameOver: (from, to) => {
      if (isLink(at(to))) refuse(folders, join(dir, to));
      renameSync(at(from), at(to));
    },
    linkNew: (from, to) => linkSync(at(from), at(to)),
    close: () => closeSync(fd),
  };
}

/** Makes `dir` one folder at a time, each inside its checked parent; the trusted folder itself as usual. */
function makeFolder(folders: TrustedFolders, dir: string, mode: number): void {
  if (dir === folders.folderOf(dir) || dirname(dir) === dir) return void mkdirSync(dir, { recursive: true, mode });
  inFolder(folders, dirname(dir), mode, (folder) => {
    try {
      mkdirSync(folder.at(basename(dir)), mode);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  });
}

/** Runs `use` with the folder open (made first when `createMode` is given), and closes it. */
function inFolder<T>(folders: TrustedFolders, dir: string, createMode: number | undefined, use: (folder: OpenFolder) => T): T {
  const folder = openFolderNoFollow(folders, dir, createMode);
  try {
    return use(folder);
  } finally {
    folder.close();
  }
}

/** Makes a folder and those above it, below a trusted folder, never through a link. */
export function makeFoldersNoFollow(folders: TrustedFolders, dir: string, mode = 0o777): void {
  openFolderNoFollow(folders, dir, mode).close();
}

/** Opens `path` for writing inside its checked folder, made when missing (see OpenFolder.create). */
export function createNoFollow(folders: TrustedFolders, path: string, how: 'exclusive' | 'append', mode = 0o666, folderMode = 0o777): number {
  return inFolder(folders, dirname(path), folderMode, (folder) => folder.create(basename(path), how, mode));
}

/** The whole file (read by `read`); throws ENOENT when it is missing, LinkRefusedError for a link (see openNoFollow). */
export function readFileNoFollow(folders: TrustedFolders, path: string, read: (fd: number) => Buffer = readFileSync): Buffer {
  const fd = openNoFollow(folders, path, O_RDONLY);
  try {
    return read(fd);
  } finally {
    closeSync(fd);
  }
}

export function readTextNoFollow(folders: TrustedFolders, path: string): string {
  return readFileNoFollow(folders, path).toString('utf8');
}

/** The folder's entries; links in it are left out (each warned about once). */
export function listFolderNoFollow(folders: TrustedFolders, dir: string): Dirent[] {
  const fd = openNoFollow(folders, dir, O_RDONLY | DIRECTORY);
  let items: Dirent[];
  try {
    items = readdirSync(PROC_FD ? `/proc/self/fd/${fd}` : dir, { withFileTypes: true });
  } finally {
    closeSync(fd);
  }
  return items.filter((item) => {
    if (!item.isSymbolicLink()) return true;
    folders.warnOnce(join(dir, item.name));
    return false;
  });
}

/**
 * lstat of the last component: undefined when it is missing or a link (warned about once), or a FIFO, socket
 * or device (which no read opens: a file that exists for the stamps would then fail to read). For stamps and
 * existence only: what is read or written goes through the functions above, which judge the whole path.
 */
export function statNoFollow(folders: TrustedFolders, path: string): Stats | undefined {
  const stat = lstatOf(path);
  if (stat !== undefined && specialKind(stat) !== null) return undefined;
  if (!stat?.isSymbolicLink()) return stat;
  folders.warnOnce(path);
  return undefined;
}

/** Removes a file from its checked folder (a link there is removed itself, never what it points to). */
export function removeNoFollow(folders: TrustedFolders, path: string): void {
  inFolder(folders, dirname(path), undefined, (folder) => unlinkSync(folder.at(basename(path))));
}
