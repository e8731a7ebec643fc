import { join } from 'node:path';
import { isTempFileName, removeStaleTempFile } from '../lib/atomic-write.js';
import { listFolderNoFollow, readTextNoFollow } from '../lib/no-follow.js';
import { AppError } from '../errors.js';
import { parseEntryId } from './entries/entry-id.js';
import type { WriteStorage } from './storage/write-storage.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

// Earlier versions, kept before every change: a translation's whole file (front matter + body) under
// `data/revisions/<entry id>/<lang>/<time>.md`, an entry's CSS under `data/styles/<entry id>/<time>.css`.
// Versions are files and child entries are folders, so `pages/about`'s and `pages/about/team`'s versions
// never mix. Names sort by time; a second version in the same millisecond gets `-2`, `-3`.
// Write them while holding the entry's lock.

const VERSION_ID = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z(?:-\d{1,4})?$/;
/** `2026-11-21T13-40-12-345Z` */
const STAMP_LENGTH = 24;
const LANGUAGE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/;

export interface VersionInfo {
  /** The file name without extension; pass it to readRevision / readStyleVersion. */
  id: string;
  /** ISO 8601 UTC. */
  time: string;
}

function stampOf(ms: number): string {
  return new Date(ms).toISOString().replace(/:/g, '-').replace('.', '-');
}

/** The ISO UTC time a version id (a checked one) names. */
export function versionTime(id: string): string {
  const [date, clock] = id.split('T') as [string, string];
  const [h, m, s, ms] = clock.split('-');
  return `${date}T${h}:${m}:${s}.${ms!.slice(0, 3)}Z`;
}

/** Whether a folder name under an entry's revisions is a language's (child entries' are named by slug). */
export function isLanguageFolder(name: string): boolean {
  return LANGUAGE.test(name);
}

/** An entry's revisions folder: a folder per language (and a child page's own, named by its slug). */
export function revisionsDir(dataDir: string, entryId: string): string {
  return join(dataDir, 'revisions', ...parseEntryId(entryId));
}

function revisionDir(dataDir: string, entryId: string, language: string): string {
  if (!LANGUAGE.test(language)) throw new AppError('invalid_params', `"${language.slice(0, 20)}" is not a language code.`);
  return join(revisionsDir(dataDir, entryId), language);
}

/** An entry's CSS versions folder. */
export function styleDir(dataDir: string, entryId: string): string {
  return join(dataDir, 'styles', ...parseEntryId(entryId));
}

function writeVersion(storage: WriteStorage, dir: string, ms: number, extension: string, text: string): string {
  const stamp = stampOf(ms);
  let id = stamp;
  for (let n = 2; storage.exists(join(dir, `${id}${extension}`)); n++) id = `${stamp}-${n}`;
  storage.writeAtomic(join(dir, `${id}${extension}`), text, 0o600);
  return id;
}

function listVersions(trusted: TrustedFolders, dir: string, extension: string): VersionInfo[] {
  let names: string[];
  try {
    names = listFolderNoFollow(trusted, dir).filter((item) => item.isFile()).map((item) => item.name);
    for (const name of names) if (isTempFileName(name)) removeStaleTempFile(trusted, join(dir, name));
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith(extension) && VERSION_ID.test(name.slice(0, -extension.length)))
    .map((name) => name.slice(0, -extension.length))
    .sort(compareIds)
    .reverse()
    .map((id) => ({ id, time: versionTime(id) }));
}

/** Same-millisecond versions are numbered; `x-10` comes after `x-9`. */
function compareIds(a: string, b: string): number {
  const stampA = a.slice(0, STAMP_LENGTH);
  const stampB = b.slice(0, STAMP_LENGTH);
  if (stampA !== stampB) return stampA < stampB ? -1 : 1;
  const number = (id: string) => (id.length > STAMP_LENGTH ? Number(id.slice(STAMP_LENGTH + 1)) : 1);
  return number(a) - number(b);
}

function readVersion(trusted: TrustedFolders, dir: string, id: string, extension: string): string {
  if (!VERSION_ID.test(id)) throw new AppError('invalid_params', 'That is not a version id; list the versions first.');
  try {
    return readTextNoFollow(trusted, join(dir, `${id}${extension}`));
  } catch {
    throw new AppError('not_found', 'There is no such version; list the versions first.');
  }
}

/** Keeps a translation's previous file text. Returns the revision id. */
export function saveRevision(dataDir: string, entryId: string, language: string, ms: number, text: string, storage: WriteStorage): string {
  return writeVersion(storage, revisionDir(dataDir, entryId, language), ms, '.md', text);
}

export function listRevisions(trusted: TrustedFolders, dataDir: string, entryId: string, language: string): VersionInfo[] {
  return listVersions(trusted, revisionDir(dataDir, entryId, language), '.md');
}

export function readRevision(trusted: TrustedFolders, dataDir: string, entryId: string, language: string, id: string): string {
  return readVersion(trusted, revisionDir(dataDir, entryId, language), id, '.md');
}

/** Languages that have revisions of this entry. */
export function revisedLanguages(trusted: TrustedFolders, dataDir: string, entryId: string): string[] {
  const dir = revisionsDir(dataDir, entryId);
  try {
    return listFolderNoFollow(trusted, dir)
      .filter((item) => item.isDirectory() && LANGUAGE.test(item.name) && listVersions(trusted, join(dir, item.name), '.md').length > 0)
      .map((item) => item.name)
      .sort();
  } catch {
    return [];
  }
}

/** Keeps an entry's previous CSS. Returns the version id. */
export function saveStyleVersion(dataDir: string, entryId: string, ms: number, css: string, storage: WriteStorage): string {
  return writeVersion(storage, styleDir(dataDir, entryId), ms, '.css', css);
}

export function listStyleVersions(trusted: TrustedFolders, dataDir: string, entryId: string): VersionInfo[] {
  return listVersions(trusted, styleDir(dataDir, entryId), '.css');
}

export function readStyleVersion(trusted: TrustedFolders, dataDir: string, entryId: string, id: string): string {
  return readVersion(trusted, styleDir(dataDir, entryId), id, '.css');
}
