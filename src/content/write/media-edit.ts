// The media library's changes to a picture already uploaded: its alt text, and replacing it with another
// image at the same address (every text, card and cover that shows it shows the new one). People only (the
// panel): no MCP tool calls these. Both run inside the entry's lock and are recorded like every write.
import { isServedMediaName } from '../media-folder.js';
import { join } from 'node:path';
import { AppError } from '../../errors.js';
import { statNoFollow } from '../../lib/no-follow.js';
import { canEditEntry } from '../content-rights.js';
import { ALT_FILE, MAX_ALT_LENGTH, altFileWith, cleanAltText, readAltTexts } from '../media-alt.js';
import { checkUploadedFile } from '../media.js';
import { isImageName } from '../media-library.js';
import { groupVariants } from '../media-variants.js';
import { removeItem } from '../trash/trash-items.js';
import { trashMediaFile, untrashMediaFile } from './delete-entry.js';
import { freshEntry, refuseUnless } from './update-entry.js';
import { recordChange, storageOf, withEntryLock, type Actor, type WriteContext } from './write-context.js';

/** The picture's path, refused unless it is a plain image file of the entry's media folder. */
function imagePath(context: WriteContext, id: string, name: string): string {
  const path = join(context.store.mediaDir(id), name);
  if (!isServedMediaName(name) || !isImageName(name) || !statNoFollow(context.store.trustedFolders, path)?.isFile()) {
    throw new AppError('not_found', `${id} has no image named ${[...name].filter((c) => c >= ' ').join('').slice(0, 80)}.`);
  }
  return path;
}

/** Sets (or, with '', removes) an image's alt text. Answers the text as kept. */
export function setMediaAlt(context: WriteContext, actor: Actor, id: string, name: string, text: string): string {
  const alt = cleanAltText(text);
  if (alt.length > MAX_ALT_LENGTH) throw new AppError('invalid_params', `The alt text is ${alt.length} characters; at most ${MAX_ALT_LENGTH} are kept. Describe the picture in a sentence; a longer text belongs in a caption.`);
  return withEntryLock(context, id, () => {
    refuseUnless(canEditEntry(actor.principal, freshEntry(context, id), undefined));
    imagePath(context, id, name);
    const dir = context.store.mediaDir(id);
    const current = readAltTexts(context.store.trustedFolders, dir);
    if ((current[name] ?? '') === alt) return alt;
    storageOf(context).writeAtomic(join(dir, ALT_FILE), altFileWith(current, name, alt));
    recordChange(context, actor, 'media_alt', id, null, alt === '' ? `${name}: alt text removed` : `${name}: alt text set`);
    return alt;
  });
}

/**
 * Moves a picture and its width variants to the trash (each restorable), as one change. Its alt text stays
 * in the folder's list, so a restored picture has it again. Answers the trash items' ids.
 */
export function deletePicture(context: WriteContext, actor: Actor, id: string, name: string): string[] {
  return withEntryLock(context, id, () => {
    const entry = freshEntry(context, id);
    refuseUnless(canEditEntry(actor.principal, entry, undefined));
    return [name, ...variantsOf(context, id, name)].map((file) => trashMediaFile(context, actor, entry, file));
  });
}

/** The width variants of a picture, as every reader sees the folder (content/media-folder.ts); none without a folder. */
function variantsOf(context: WriteContext, id: string, name: string): string[] {
  return groupVariants(context.store.mediaFiles(id)).find((group) => group.name === name)?.variants ?? [];
}

/**
 * Replaces an image with another of the same type at the same address, as one change. The new file passes
 * media_upload's checks first; then the old picture's width variants go to the trash, the old picture is
 * copied there and the new one written over it (renamed into place: its address never goes missing), each
 * restorable like any deleted file. A write that fails takes the variants back: nothing changed.
 */
export function replaceMedia(context: WriteContext, actor: Actor, id: string, name: string, upload: { name: string; bytes: Buffer }): { file: string; width: number; height: number; trashed: string[] } {
  refuseUnless(canEditEntry(actor.principal, freshEntry(context, id), undefined));
  imagePath(context, id, name);
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  // The new file is judged under the old name's extension, so a JPEG for a .png address is named for what it is.
  const checked = checkUploadedFile(`${name.slice(0, name.lastIndexOf('.'))}.${extension}`, upload.bytes);
  if (checked.note !== null) {
    throw new AppError('invalid_params', `The new file is a ${checked.kind.toUpperCase()} image; the address ends in .${extension}, so only a ${extension.toUpperCase()} image can take its place. Nothing was replaced.`);
  }
  const trashed = withEntryLock(context, id, () => {
    const entry = freshEntry(context, id);
    refuseUnless(canEditEntry(actor.principal, entry, undefined));
    const path = imagePath(context, id, name);
    const variants: Array<{ file: string; item: string }> = [];
    let picture: string | undefined;
    try {
      for (const file of variantsOf(context, id, name)) variants.push({ file, item: trashMediaFile(context, actor, entry, file, { record: false }) });
      picture = trashMediaFile(context, actor, entry, name, { copy: true, record: false });
      storageOf(context).writeAtomic(path, checked.bytes);
    } catch (error) {
      if (picture !== undefined) removeItem(context.dataDir, picture);
      for (const { file, item } of variants) untrashMediaFile(context, entry, file, item);
      throw error;
    }
    context.store.invalidate(id);
    recordChange(context, actor, 'media_replace', id, null, `${name} replaced (the old one is in the trash)`);
    return [picture, ...variants.map(({ item }) => item)];
  });
  return { file: `media/${id}/${name}`, width: checked.width, height: checked.height, trashed };
}
