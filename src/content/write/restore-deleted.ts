// Restoring from the trash (content/trash/): the entry, translation or media file goes back where it was,
// at the same public address, with its revisions and CSS versions (content/trash/trash-versions.ts); its history
// stayed under its id. What
// took its place meanwhile (a new entry at the same path, a translation added again, a file uploaded under
// the same name) is never written over: the restore is refused with the reason and the item stays in the
// trash. Recorded like every write, so the change feed tells everyone it is back.
import { join } from 'node:path';
import { AppError } from '../../errors.js';
import { movePath } from '../../lib/move-path.js';
import { statNoFollow } from '../../lib/no-follow.js';
import { parseEntryId } from '../entries/entry-id.js';
import { pendingFile, pendingFolder } from '../pending-changes.js';
import { canRestoreTrashItem } from '../trash/trash-rights.js';
import { itemFolder, readItem, removeItem, type TrashItem } from '../trash/trash-items.js';
import { versionsFromTrash } from '../trash/trash-versions.js';
import { refuseBrokenRestore } from '../trash/restore-checks.js';
import { refuseUnless } from './update-entry.js';
import { recordChange, withEntryLock } from './write-context.js';
import type { Actor, WriteContext } from './write-context.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

const exists = (trusted: TrustedFolders, path: string) => statNoFollow(trusted, path) !== undefined;

function restoreEntryFolder(context: WriteContext, item: TrashItem, folder: string): void {
  const segments = parseEntryId(item.entry);
  const target = join(context.store.contentDir, ...segments);
  if (exists(context.store.trustedFolders, target)) throw new AppError('conflict', `A new entry took the place of ${item.entry} since it was deleted; rename or delete that one first. The deleted entry stays in the trash.`);
  if (segments.length > 2 && !exists(context.store.trustedFolders, join(context.store.contentDir, ...segments.slice(0, -1)))) {
    throw new AppError('conflict', `The page ${segments.slice(0, -1).join('/')} that ${item.entry} belongs under is not there; restore it first. This one stays in the trash.`);
  }
  const media = context.store.mediaDir(item.entry);
  const hasMedia = exists(context.store.trustedFolders, join(folder, 'media'));
  if (hasMedia && exists(context.store.trustedFolders, media)) throw new AppError('conflict', `There is a media folder for ${item.entry} again (files uploaded since); move those files first. The deleted entry stays in the trash.`);
  movePath(join(folder, 'entry'), target);
  if (hasMedia) movePath(join(folder, 'media'), media);
  // Its waiting changes come back with it (none can have been made for the id meanwhile: it had no entry).
  const pending = pendingFolder(context.dataDir, item.entry);
  if (exists(context.store.trustedFolders, join(folder, 'pending')) && !exists(context.store.trustedFolders, pending)) {
    movePath(join(folder, 'pending'), pending);
  }
}

function restoreFile(context: WriteContext, item: TrashItem, folder: string): string {
  const entry = context.store.entry(item.entry);
  if (!entry) throw new AppError('conflict', `${item.entry} is not there any more (it may be in the trash itself); restore the entry first. This stays in the trash.`);
  if (item.kind === 'translation') {
    const target = join(entry.dir, `${item.language}.md`);
    if (entry.translations.has(item.language!) || exists(context.store.trustedFolders, target)) throw new AppError('conflict', `${item.entry} has a ${item.language} translation again (written since); the deleted one stays in the trash.`);
    movePath(join(folder, 'file', `${item.language}.md`), target);
    // Its waiting change, if it had one and none was made for the language since.
    const waiting = pendingFile(context.dataDir, item.entry, item.language!);
    if (!exists(context.store.trustedFolders, waiting)) {
      for (const name of [`${item.language}.md`, `${item.language}.md.base`]) {
        if (exists(context.store.trustedFolders, join(folder, 'pending', name))) movePath(join(folder, 'pending', name), join(pendingFolder(context.dataDir, item.entry), name));
      }
    }
    return target;
  }
  const target = join(context.store.mediaDir(item.entry), item.file!);
  if (exists(context.store.trustedFolders, target)) throw new AppError('conflict', `${item.entry} has a file named ${item.file} again (uploaded since); the deleted one stays in the trash.`);
  movePath(join(folder, 'file', item.file!), target);
  return target;
}

/** Puts the item back and removes it from the trash; returns it. */
export function restoreDeleted(context: WriteContext, actor: Actor, itemId: string): TrashItem {
  const item = readItem(context.dataDir, itemId);
  if (!item) throw new AppError('not_found', 'There is no such item in the trash (it may have been restored or deleted for good meanwhile).');
  refuseUnless(canRestoreTrashItem(actor.principal, item));
  return withEntryLock(context, item.entry, () => {
    // Read again inside the lock: another person may have restored it a moment ago.
    if (!readItem(context.dataDir, itemId)) throw new AppError('not_found', 'This item was restored or deleted for good a moment ago.');
    const folder = itemFolder(context.dataDir, itemId);
    refuseBrokenRestore(context.store, item, folder);
    if (item.kind === 'entry') restoreEntryFolder(context, item, folder);
    else restoreFile(context, item, folder);
    if (item.kind !== 'media') versionsFromTrash(context.store.trustedFolders, context.dataDir, item.entry, folder);
    removeItem(context.dataDir, itemId);
    context.store.invalidate(item.entry);
    const action = item.kind === 'entry' ? 'restore_deleted' : item.kind === 'translation' ? 'restore_deleted_translation' : 'restore_deleted_media';
    recordChange(context, actor, action, item.entry, item.language, item.kind === 'media' ? `${item.file} restored from the trash` : 'restored from the trash');
    return item;
  });
}
