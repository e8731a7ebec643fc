import { dirname } from 'node:path';
import { canEditEntry } from '../content-rights.js';
import { listFolderNoFollow } from '../../lib/no-follow.js';
import { checkUpload, checkUploadedFile, chooseFreeName, saveMedia, type CheckedUpload } from '../media.js';
import { pendingMediaFile } from '../pending-changes.js';
import type { Entry } from '../entries/types.js';
import { AppError } from '../../errors.js';
import { freshEntry, refuseUnless } from './update-entry.js';
import { recordChange, storageOf, withEntryLock } from './write-context.js';
import { holdsLiveChange, proposeMedia } from './live-proposals.js';
import type { Actor, WriteContext } from './write-context.js';

export interface UploadMediaResult {
  id: string;
  /** `media/<entry id>/<file name>` */
  file: string;
  markdown: string;
  note?: string;
  /** Approval of live changes held it back: the image waits for a person before it is served. */
  waiting?: boolean;
}

/** Checks the image (media.ts), then saves it under a free name in `content/media/<entry id>/`. */
export function uploadMedia(context: WriteContext, actor: Actor, entry: Entry, name: string, data: string): UploadMediaResult {
  // Rights first: a refused person learns nothing about their file, and no 10 MB is decoded for nothing.
  refuseUnless(canEditEntry(actor.principal, entry, undefined));
  return saveChecked(context, actor, entry, [checkUpload(name, data)])[0]!;
}

/**
 * Several files sent as they are (the panel's upload form), each checked as media_upload checks an image.
 * All or nothing: when one file is refused, none is saved, and the sentence names the file.
 */
export function uploadMediaFiles(context: WriteContext, actor: Actor, entry: Entry, files: ReadonlyArray<{ name: string; bytes: Buffer }>): UploadMediaResult[] {
  refuseUnless(canEditEntry(actor.principal, entry, undefined));
  if (files.length === 0) throw new AppError('invalid_params', 'Choose at least one image to upload.');
  const checked = files.map((file) => {
    try {
      return checkUploadedFile(file.name, file.bytes);
    } catch (error) {
      if (!(error instanceof AppError) || files.length === 1) throw error;
      throw new AppError(error.kind, `${printableName(file.name)}: ${error.message} Nothing was uploaded.`);
    }
  });
  return saveChecked(context, actor, entry, checked);
}

function saveChecked(context: WriteContext, actor: Actor, entry: Entry, uploads: CheckedUpload[]): UploadMediaResult[] {
  return withEntryLock(context, entry.id, () => {
    const fresh = freshEntry(context, entry.id);
    refuseUnless(canEditEntry(actor.principal, fresh, undefined));
    // An image for a live entry is public at its address at once: an assistant's may have to wait (live-proposals.ts).
    const held = [...fresh.translations.values()].some((t) => t.status !== 'draft') && holdsLiveChange(context, actor, 'any-public');
    const dir = context.store.mediaDir(entry.id);
    // Each upload is a picture of its own: its name groups with no file there, waiting or sent before it in this batch.
    const beside = [...context.store.mediaFiles(entry.id), ...waitingImages(context, entry.id)];
    const storage = storageOf(context);
    return uploads.map((upload) => {
      const saved = held
        ? proposeMedia(context, actor, entry.id, { ...upload, fileName: chooseFreeName(dir, upload.fileName, storage, beside) }, dir)
        : saveMedia(dir, upload, storage, beside);
      beside.push(saved);
      if (held) return { ...answerOf(entry.id, saved, upload), waiting: true };
      recordChange(context, actor, 'media_upload', entry.id, null, saved);
      return answerOf(entry.id, saved, upload);
    });
  });
}

/**
 * The images an assistant uploaded for this live entry that wait for a person (live-proposals.ts): approving
 * one moves it into the media folder under its name, so a new name must not group with it either.
 */
function waitingImages(context: WriteContext, id: string): string[] {
  try {
    return listFolderNoFollow(context.store.trustedFolders, dirname(pendingMediaFile(context.dataDir, id, 'x')))
      .filter((item) => item.isFile() && !item.name.startsWith('.'))
      .map((item) => item.name);
  } catch {
    return [];
  }
}

function answerOf(id: string, saved: string, upload: CheckedUpload): UploadMediaResult {
  const file = `media/${id}/${saved}`;
  const alt = saved.slice(0, saved.lastIndexOf('.')).replaceAll('-', ' ');
  return { id, file, markdown: `![${alt}](${file})`, ...(upload.note ? { note: upload.note } : {}) };
}

/** A file name as a person gave it, safe to repeat in a sentence: no control characters, not too long. */
function printableName(name: string): string {
  const clean = [...name].filter((c) => c >= ' ' && c !== '\u007f').join('').slice(0, 80);
  return clean === '' ? 'A file' : `“${clean}”`;
}
