// A person answers a change an assistant proposed to a live entry (live-proposals.ts): Publish applies it
// as the person's own change would be; Send back keeps it as a revision with a note. Either way the pending
// file goes, unless a newer proposal came meanwhile.
import { AppError } from '../../errors.js';
import { canEditEntry, canPublishEntry } from '../content-rights.js';
import { parseFrontMatter } from '../entries/front-matter.js';
import { join } from 'node:path';
import { movePath } from '../../lib/move-path.js';
import { statNoFollow } from '../../lib/no-follow.js';
import { pendingFile, pendingMediaFile } from '../pending-changes.js';
import { readPending } from './live-proposals.js';
import { saveRevision, saveStyleVersion } from '../revisions.js';
import type { Entry } from '../entries/types.js';
import { isProtectedField } from './field-rules.js';
import { NOTE_MAX } from './send-back.js';
import { styleEntry } from './style-entry.js';
import { readTranslationFile } from './translation-file.js';
import { freshEntry, refuseUnless, updateEntry } from './update-entry.js';
import { recordChange, storageOf, withEntryLock } from './write-context.js';
import type { Actor, WriteContext } from './write-context.js';

/** Removes the pending file if it is still `text` (a newer proposal that came meanwhile stays). */
function settle(context: WriteContext, id: string, language: string | null, text: string): void {
  const storage = storageOf(context);
  const file = pendingFile(context.dataDir, id, language);
  if (storage.exists(file) && storage.readText(file) === text) storage.remove(file);
}

function refuseUnlessPublisher(actor: Actor, entry: Entry, language: string | null): void {
  const translation = language === null ? undefined : entry.translations.get(language);
  refuseUnless(canPublishEntry(actor.principal, entry, translation));
}

/**
 * A person publishes the pending change: it is applied as the person's own change would be (every rule of
 * a change again, the live text kept as a revision, fields kept the same in every language follow), then the
 * pending file goes.
 */
export function approveLiveChange(context: WriteContext, actor: Actor, id: string, language: string | null, media: string | null = null): void {
  const entry = freshEntry(context, id);
  refuseUnlessPublisher(actor, entry, language);
  if (media !== null) return approveMedia(context, actor, entry, media);
  const text = readPending(context, id, language);
  if (text === null) throw new AppError('not_found', 'There is no change waiting for this entry (it was published or sent back a moment ago).');
  if (language === null) {
    styleEntry(context, actor, entry, text, undefined, { action: 'approve_change', detail: 'published the CSS an assistant proposed' });
    return settle(context, id, null, text);
  }
  const translation = entry.translations.get(language);
  if (!translation) throw new AppError('not_found', `${id} has no ${language} translation any more; send the change back.`);
  const proposed = parseFrontMatter(text);
  const current = readTranslationFile(context, translation.file);
  // Every field of the proposal is set and every other removed (status, author, via, published stay as they are).
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(proposed.fields)) if (key !== 'title' && !isProtectedField(key)) fields[key] = value;
  for (const key of Object.keys(current.fields)) if (key !== 'title' && !isProtectedField(key) && !(key in proposed.fields)) fields[key] = null;
  const title = typeof proposed.fields.title === 'string' ? proposed.fields.title : current.fields.title as string;
  updateEntry(context, actor, { entry, language, title, body: proposed.body, fields, recordAs: { action: 'approve_change', detail: 'published the change an assistant proposed' } });
  settle(context, id, language, text);
}

/** A person sends the pending change back with a note: it is kept as a revision (or CSS version), the public text stays. */
/** The waiting image goes into the entry's media folder, under the name the assistant was given. */
function approveMedia(context: WriteContext, actor: Actor, entry: Entry, name: string): void {
  const waiting = waitingImage(context, entry.id, name);
  withEntryLock(context, entry.id, () => {
    const target = join(context.store.mediaDir(entry.id), name);
    if (statNoFollow(context.store.trustedFolders, target)) throw new AppError('conflict', `${entry.id} has a file named ${name} already (uploaded since); send this one back.`);
    movePath(waiting, target);
    context.store.invalidate(entry.id);
    recordChange(context, actor, 'media_upload', entry.id, null, `${name}: published the image an assistant uploaded`);
  });
}

function waitingImage(context: WriteContext, id: string, name: string): string {
  const file = pendingMediaFile(context.dataDir, id, name);
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(name) || name.includes('..') || !statNoFollow(context.store.trustedFolders, file)?.isFile()) {
    throw new AppError('not_found', 'There is no image waiting by that name (it was published or sent back a moment ago).');
  }
  return file;
}

export function sendBackLiveChange(context: WriteContext, actor: Actor, id: string, language: string | null, note: string, media: string | null = null): void {
  const trimmed = note.trim();
  if (trimmed === '') throw new AppError('invalid_params', 'Write a note saying why the change is sent back.');
  if (trimmed.length > NOTE_MAX) throw new AppError('invalid_params', `The note is longer than ${NOTE_MAX} characters.`);
  const entry = freshEntry(context, id);
  refuseUnlessPublisher(actor, entry, language);
  refuseUnless(canEditEntry(actor.principal, entry, language === null ? undefined : entry.translations.get(language)));
  if (media !== null) {
    storageOf(context).remove(waitingImage(context, id, media));
    return recordChange(context, actor, 'send_back_change', id, null, `${media}: ${trimmed}`, { servedChanged: false });
  }
  const text = readPending(context, id, language);
  if (text === null) throw new AppError('not_found', 'There is no change waiting for this entry (it was published or sent back a moment ago).');
  const storage = storageOf(context);
  if (language === null) saveStyleVersion(context.dataDir, id, context.clock(), text, storage);
  else saveRevision(context.dataDir, id, language, context.clock(), text, storage);
  settle(context, id, language, text);
  recordChange(context, actor, 'send_back_change', id, language, trimmed, { servedChanged: false });
}
