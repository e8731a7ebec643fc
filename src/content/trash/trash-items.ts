// The trash: what people deleted in the panel (an entry with its media, one translation, one media file),
// kept under `data/trash/<item>/` with who and when, until it is restored, deleted for good by an admin, or
// 30 days have passed. Each item is a folder: `item.json` (what it is), the files as they were moved out
// of content/ (`entry/` and `media/` for an entry, `file/<name>` for a translation or a media file), and the
// earlier versions that went with them (`versions/`, trash-versions.ts).
//
// Item folder names begin with the deletion time (`20261204T235501123Z-3fa9c1`), so the newest come first
// by name and the expired are known by name: a trash of 10,000 items is paged and emptied without reading
// 10,000 files.
import { randomBytes } from '../../lib/node-builtins.js';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.js';
import { AppError } from '../../errors.js';
import { isEntryId } from '../entries/entry-id.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';
import type { ContentStore } from '../store.js';
import { removeVersionsLeftBehind } from './trash-versions.js';

/** Items are deleted for good this long after they were put in the trash. */
export const TRASH_KEEP_DAYS = 30;
const KEEP_MS = TRASH_KEEP_DAYS * 24 * 3600_000;
const ITEM_NAME = /^(\d{8}T\d{9}Z)-([0-9a-f]{6})$/;

export type TrashKind = 'entry' | 'translation' | 'media';

export interface TrashItem {
  /** The item's folder name under data/trash/. */
  id: string;
  kind: TrashKind;
  /** The entry the item belonged to (the entry itself for kind `entry`). */
  entry: string;
  /** The translation's language (kind `translation`). */
  language: string | null;
  /** The media file's name (kind `media`). */
  file: string | null;
  /** What the panel calls it: the entry's title, or the file name. */
  title: string;
  /** Account id of the person who deleted it. */
  deletedBy: string;
  /** ISO 8601 UTC. */
  deletedAt: string;
  /** Whether a translation in it was public (restoring it makes it public again). */
  wasPublic: boolean;
  /** Authors of the translations in it. */
  authors: string[];
}

export function trashDir(dataDir: string): string {
  return join(dataDir, 'trash');
}

/** A new item's folder name at `now`. */
export function newItemId(now: number): string {
  return `${new Date(now).toISOString().replace(/[-:.]/g, '')}-${randomBytes(3).toString('hex')}`;
}

export function isItemId(value: string): boolean {
  return ITEM_NAME.test(value);
}

/** When the item was deleted, from its name (epoch ms). */
export function itemTime(id: string): number {
  const stamp = ITEM_NAME.exec(id)?.[1] ?? '';
  return Date.parse(`${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}.${stamp.slice(15, 18)}Z`);
}

/** When the item will be deleted for good (epoch ms). */
export function itemExpiry(id: string): number {
  return itemTime(id) + KEEP_MS;
}

export function itemFolder(dataDir: string, id: string): string {
  if (!isItemId(id)) throw new AppError('not_found', 'There is no such item in the trash.');
  return join(trashDir(dataDir), id);
}

/** Item names, newest first. */
export function itemIds(dataDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(trashDir(dataDir));
  } catch {
    return [];
  }
  return names.filter(isItemId).sort().reverse();
}

/** Writes `item.json` into its (new) folder: the first thing written, so a move cut short is still an item. */
export function writeItem(trusted: TrustedFolders, dataDir: string, item: TrashItem): string {
  const folder = itemFolder(dataDir, item.id);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  writeFileAtomic(trusted, join(folder, 'item.json'), JSON.stringify(item, null, 2) + '\n', 0o600);
  return folder;
}

/** The item, or null when it is not there (restored, deleted for good) or its description is damaged. */
export function readItem(dataDir: string, id: string): TrashItem | null {
  if (!isItemId(id)) return null;
  try {
    const value = JSON.parse(readFileSync(join(trashDir(dataDir), id, 'item.json'), 'utf8')) as TrashItem;
    if (value.id !== id || !['entry', 'translation', 'media'].includes(value.kind) || !isEntryId(value.entry)) return null;
    if (typeof value.title !== 'string' || typeof value.deletedBy !== 'string' || typeof value.deletedAt !== 'string') return null;
    return { ...value, language: value.language ?? null, file: value.file ?? null, wasPublic: value.wasPublic === true, authors: Array.isArray(value.authors) ? value.authors.filter((a) => typeof a === 'string') : [] };
  } catch {
    return null;
  }
}

/** Removes an item's folder (restored: what it held is back in place). */
export function removeItem(dataDir: string, id: string): void {
  rmSync(itemFolder(dataDir, id), { recursive: true, force: true });
}

/** What deleting for good reads of the site: whether what an item held is in use again. */
export type EntriesNow = Pick<ContentStore, 'entry'>;

/**
 * Whether what an item held is in use again: an entry at its id, or its translation written again (then
 * versions under that id are the new one's, not the item's: trash-versions.ts).
 */
function inUseAgain(site: EntriesNow, item: TrashItem): boolean {
  const entry = site.entry(item.entry);
  return entry !== undefined && (item.language === null || entry.translations.has(item.language));
}

/** Deletes an item for good (as read, or by its id): its files, and the versions it held or left under the entry's id. */
/** Deletes the item for good; false when it was gone already (restored or deleted by another request meanwhile). */
export function deleteForGood(trusted: TrustedFolders, dataDir: string, site: EntriesNow, itemOrId: TrashItem | string): boolean {
  const item = typeof itemOrId === 'string' ? readItem(dataDir, itemOrId) : itemOrId;
  const id = typeof itemOrId === 'string' ? itemOrId : itemOrId.id;
  if (!existsSync(itemFolder(dataDir, id))) return false;
  if (item && item.kind !== 'media') removeVersionsLeftBehind(trusted, dataDir, item.entry, item.language, itemFolder(dataDir, id), inUseAgain(site, item));
  removeItem(dataDir, id);
  return true;
}

/** Deletes for good the items older than TRASH_KEEP_DAYS; returns how many. */
export function removeExpired(trusted: TrustedFolders, dataDir: string, site: EntriesNow, now: number): number {
  let removed = 0;
  // Oldest last: stop at the first that is still kept.
  for (const id of itemIds(dataDir).reverse()) {
    if (itemExpiry(id) > now) break;
    deleteForGood(trusted, dataDir, site, id);
    removed++;
  }
  return removed;
}
