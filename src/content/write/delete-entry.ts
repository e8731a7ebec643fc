// Deleting from the panel: an entry (with its media folder), one translation, or one media file goes to the
// trash (content/trash/), never away at once. Only people do this: no MCP tool and no Content API endpoint
// calls these actions (the specification: assistants never delete anything).
//
// Each runs inside the entry's lock and is recorded like every write (recordChange): the history keeps who
// and when, and the change feed tells every process and consumer the entry (or a translation, or a file) is
// gone (`entry.removed`, `entry.updated`, `entry.media`), so it leaves the site, the API, MCP and every list
// at once. Revisions and CSS versions go with it (content/trash/trash-versions.ts): its id is free for a new
// entry meanwhile, which must not list them as its own. History stays, under the entry's id.
import { isServedMediaName } from '../media-folder.js';
import { copyFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { AppError } from '../../errors.js';
import { movePath } from '../../lib/move-path.js';
import { statNoFollow } from '../../lib/no-follow.js';
import { canEditEntry } from '../content-rights.js';
import { PreviewLinks } from './preview-links.js';
import { subfolders } from '../entries/entry-folders.js';
import { pendingFile, pendingFolder } from '../pending-changes.js';
import type { Entry } from '../entries/types.js';
import { itemFolder, newItemId, removeItem, writeItem, type TrashItem } from '../trash/trash-items.js';
import { versionsIntoTrash } from '../trash/trash-versions.js';
import { versionOf } from './version-stamp.js';
import { freshEntry, refuseUnless } from './update-entry.js';
import { noSuchEntry, recordChange, storageOf, withEntryLock } from './write-context.js';
import type { Actor, WriteContext } from './write-context.js';

/** The versions (version-stamp.ts) of the translations the person saw when asking to delete, by language. */
export type SeenVersions = ReadonlyMap<string, string>;

function titleOf(context: WriteContext, entry: Entry, language?: string): string {
  const translation = (language ? entry.translations.get(language) : undefined) ?? entry.translations.get(context.store.site().defaultLanguage) ?? entry.translations.values().next().value;
  return translation?.title ?? entry.id;
}

/**
 * The stale-form rule: a delete asked for from a page showing older texts (someone saved, or added a
 * translation, since) is refused, so nobody deletes work they have not seen.
 */
function refuseIfChangedSince(context: WriteContext, entry: Entry, seen: SeenVersions | undefined, languages: string[]): void {
  if (seen === undefined) return;
  for (const language of languages) {
    const translation = entry.translations.get(language)!;
    let text: string | null = null;
    try { text = storageOf(context).readText(translation.file); } catch { /* gone: its version is that of no file */ }
    if (seen.get(language) !== versionOf(text)) {
      throw new AppError('conflict', `The ${language} translation of ${entry.id} was ${seen.has(language) ? 'changed' : 'added'} by someone else since you opened this page; nothing was deleted. Look at it again, then delete it if you still mean to.`);
    }
  }
}

const mkdirp = (folder: string) => { mkdirSync(folder, { recursive: true }); return folder; };

function itemOf(context: WriteContext, actor: Actor, entry: Entry, kind: TrashItem['kind'], language: string | null, file: string | null): TrashItem {
  const translations = language ? [entry.translations.get(language)!] : [...entry.translations.values()];
  return {
    id: newItemId(context.clock()), kind, entry: entry.id, language, file,
    title: file ?? titleOf(context, entry, language ?? undefined),
    deletedBy: actor.principal.accountId, deletedAt: new Date(context.clock()).toISOString(),
    wasPublic: kind !== 'media' && translations.some((t) => t.status !== 'draft'),
    authors: [...new Set(translations.map((t) => t.author).filter((a): a is string => a !== null))],
  };
}

/** Moves the entry's folder and its media folder to the trash; returns the trash item's id. */
export function deleteEntry(context: WriteContext, actor: Actor, id: string, seen?: SeenVersions): string {
  return withEntryLock(context, id, () => {
    const entry = freshEntry(context, id);
    // Every translation must be one this person may change: deleting the entry deletes them all.
    for (const translation of entry.translations.values()) refuseUnless(canEditEntry(actor.principal, entry, translation));
    refuseIfChangedSince(context, entry, seen, [...entry.translations.keys()]);
    const children = subfolders(context.store.trustedFolders, entry.dir).filter((name) => context.store.entry(`${id}/${name}`) !== undefined);
    if (children.length > 0) {
      throw new AppError('conflict', `${id} has pages below it (${children.map((name) => `${id}/${name}`).join(', ')}); delete or move those first.`);
    }
    const item = itemOf(context, actor, entry, 'entry', null, null);
    const folder = writeItem(context.store.trustedFolders, context.dataDir, item);
    const media = context.store.mediaDir(id);
    movePath(entry.dir, join(folder, 'entry'));
    if (statNoFollow(context.store.trustedFolders, media)?.isDirectory()) movePath(media, join(folder, 'media'));
    // Changes waiting for approval go with it: left in data/pending/, they showed under a new entry given the
    // same id, as proposals to text they were never made for.
    const pending = pendingFolder(context.dataDir, id);
    if (statNoFollow(context.store.trustedFolders, pending)?.isDirectory()) movePath(pending, join(folder, 'pending'));
    versionsIntoTrash(context.store.trustedFolders, context.dataDir, id, null, folder);
    context.store.invalidate(id);
    // Its preview links end with it, and stay ended if it is restored: whoever shares it again makes new ones.
    new PreviewLinks(context).endFor(id, null);
    recordChange(context, actor, 'delete', id, null, `moved to the trash (${item.id})`);
    return item.id;
  });
}

/** Moves one translation's file to the trash (the entry keeps its other translations). */
export function deleteTranslation(context: WriteContext, actor: Actor, id: string, language: string, seen?: SeenVersions): string {
  return withEntryLock(context, id, () => {
    const entry = freshEntry(context, id);
    const translation = entry.translations.get(language);
    if (!translation) throw new AppError('not_found', `${id} has no ${language.slice(0, 20)} translation.`);
    refuseUnless(canEditEntry(actor.principal, entry, translation));
    refuseIfChangedSince(context, entry, seen, [language]);
    if (entry.translations.size === 1) throw new AppError('conflict', `This is the only translation of ${id}; delete the entry instead.`);
    const item = itemOf(context, actor, entry, 'translation', language, null);
    const folder = writeItem(context.store.trustedFolders, context.dataDir, item);
    movePath(translation.file, join(folder, 'file', `${language}.md`));
    // Its change waiting for approval goes with it, as the entry's do (deleteEntry).
    const waiting = pendingFile(context.dataDir, id, language);
    for (const file of [waiting, `${waiting}.base`]) {
      if (statNoFollow(context.store.trustedFolders, file)?.isFile()) movePath(file, join(folder, 'pending', basename(file)));
    }
    versionsIntoTrash(context.store.trustedFolders, context.dataDir, id, language, folder);
    context.store.invalidate(id);
    new PreviewLinks(context).endFor(id, language);
    recordChange(context, actor, 'delete_translation', id, language, `moved to the trash (${item.id})`);
    return item.id;
  });
}

/** Moves one media file of the entry to the trash. */
export function deleteMedia(context: WriteContext, actor: Actor, id: string, name: string): string {
  return withEntryLock(context, id, () => {
    const entry = context.store.entry(id);
    if (!entry) throw noSuchEntry(id);
    refuseUnless(canEditEntry(actor.principal, entry, undefined));
    return trashMediaFile(context, actor, entry, name);
  });
}

/**
 * Moves one file of the entry's media folder to the trash and records it, inside the entry's lock (the
 * caller's, which may move several: a picture and its widths are one change in the feed). Returns the trash
 * item's id. `copy`: the file is copied there and stays, for a caller about to write over it; `record`: false
 * for a caller that records the change as its own (a picture replaced).
 */
export function trashMediaFile(context: WriteContext, actor: Actor, entry: Entry, name: string, { copy = false, record = true } = {}): string {
  const path = join(context.store.mediaDir(entry.id), name);
  if (!isServedMediaName(name) || !statNoFollow(context.store.trustedFolders, path)?.isFile()) {
    throw new AppError('not_found', `${entry.id} has no media file named ${name.slice(0, 80)}.`);
  }
  const item = itemOf(context, actor, entry, 'media', null, name);
  const folder = writeItem(context.store.trustedFolders, context.dataDir, item);
  try {
    if (copy) copyFileSync(path, join(mkdirp(join(folder, 'file')), name));
    else movePath(path, join(folder, 'file', name));
  } catch (error) {
    // Nothing moved: no item that holds nothing.
    removeItem(context.dataDir, item.id);
    throw error;
  }
  context.store.invalidate(entry.id);
  if (record) recordChange(context, actor, 'delete_media', entry.id, null, `${name} moved to the trash (${item.id})`);
  return item.id;
}

/** Takes a media file trashed a moment ago back to its place (a change that could not be finished). */
export function untrashMediaFile(context: WriteContext, entry: Entry, name: string, itemId: string): void {
  const kept = join(itemFolder(context.dataDir, itemId), 'file', name);
  const path = join(context.store.mediaDir(entry.id), name);
  if (statNoFollow(context.store.trustedFolders, path) === undefined) movePath(kept, path);
  removeItem(context.dataDir, itemId);
  context.store.invalidate(entry.id);
}
