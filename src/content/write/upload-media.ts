import { canEditEntry } from '../content-rights.js';
import { checkUpload, saveMedia } from '../media.js';
import type { Entry } from '../types.js';
import { freshEntry, refuseUnless } from './update-entry.js';
import { recordChange, storageOf, withEntryLock } from './write-context.js';
import type { Actor, WriteContext } from './write-context.js';

export interface UploadMediaResult {
  id: string;
  /** `media/<entry id>/<file name>` */
  file: string;
  markdown: string;
  note?: string;
}

/** Checks the image (media.ts), then saves it under a free name in `content/media/<entry id>/`. */
export function uploadMedia(context: WriteContext, actor: Actor, entry: Entry, name: string, data: string): UploadMediaResult {
  // Rights first: a refused person learns nothing about their file, and no 10 MB is decoded for nothing.
  refuseUnless(canEditEntry(actor.principal, entry, undefined));
  const upload = checkUpload(name, data);
  return withEntryLock(context, entry.id, () => {
    const fresh = freshEntry(context, entry.id);
    refuseUnless(canEditEntry(actor.principal, fresh, undefined));
    const saved = saveMedia(context.store.mediaDir(entry.id), upload, storageOf(context));
    recordChange(context, actor, 'media_upload', entry.id, null, saved);
    const file = `media/${entry.id}/${saved}`;
    const alt = saved.slice(0, saved.lastIndexOf('.')).replaceAll('-', ' ');
    return { id: entry.id, file, markdown: `![${alt}](${file})`, ...(upload.note ? { note: upload.note } : {}) };
  });
}
