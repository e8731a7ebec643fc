// A person answers a change an assistant proposed to a live entry (live-proposals.ts): Publish applies it
// as the person's own change would be; Send back keeps it as a revision with a note. Either way the pending
// file goes, unless a newer proposal came meanwhile.
//
// The person judges the diff shown to them, so an answer carries what it was (SeenChange: the version stamps
// of the proposal and of the live text it was compared with, version-stamp.ts) and a change or live text that
// differs now is refused, never published unseen. An outdated proposal (the live text changed after it was
// based) is never published: it would undo that later change without anyone deciding so.
import { isServedMediaName } from '../media-folder.js';
import { AppError } from '../../errors.js';
import { canEditEntry, canPublishEntry } from '../content-rights.js';
import { parseFrontMatter } from '../entries/front-matter.js';
import { join } from 'node:path';
import { movePath } from '../../lib/move-path.js';
import { statNoFollow } from '../../lib/no-follow.js';
import { pendingMediaFile } from '../pending-changes.js';
import { isOutdated, liveTextOf, proposalBase, readProposal, removeProposal } from './live-proposals.js';
import { saveRevision, saveStyleVersion } from '../revisions.js';
import type { Entry } from '../entries/types.js';
import { isProtectedField } from './field-rules.js';
import { checkSendBackNote } from './send-back.js';
import { styleEntry } from './style-entry.js';
import { readTranslationFile } from './translation-file.js';
import { freshEntry, refuseUnless, updateEntry } from './update-entry.js';
import { refuseIfChanged, versionOf } from './version-stamp.js';
import { recordChange, storageOf, withEntryLock } from './write-context.js';
import type { Actor, WriteContext } from './write-context.js';

/** What the person was shown: the proposal's version and the live text's (an image: its version alone). */
export interface SeenChange {
  version: string;
  liveVersion?: string;
}

const NO_CHANGE = 'There is no change waiting for this entry (it was published or sent back a moment ago).';

/** What the change is about, in a sentence. */
function what(id: string, language: string | null): string {
  return language === null ? `the CSS of ${id}` : `the ${language} text of ${id}`;
}

/** The refusal of an answer to a proposal replaced by a newer one after the person looked. */
export function replacedSinceSeenSentence(id: string, language: string | null, nothing: 'published' | 'sent back'): string {
  return `The change waiting for ${what(id, language)} was replaced by a newer one after you looked at it; nothing was ${nothing}. Look at the change as it is now, then answer again.`;
}

/** The refusal of publishing when the live text changed after the person looked. */
export function liveChangedSinceSeenSentence(id: string, language: string | null): string {
  return `The live version of ${what(id, language)} was changed after you looked at the change; nothing was published. Look at the change against the live version as it is now, then answer again.`;
}

/** The refusal of publishing an outdated proposal. */
export function outdatedSentence(id: string, language: string | null): string {
  return `The live version of ${what(id, language)} was changed after this change was proposed, and publishing it would undo that later change; nothing was published. Send the change back (the assistant's next change builds on the live version as it is now), or make it in the entry yourself.`;
}

/** The version stamp of a waiting image (its size and time: images are not read whole to list them). */
export function waitingImageVersion(context: WriteContext, id: string, name: string): string {
  const stat = statNoFollow(context.store.trustedFolders, pendingMediaFile(context.dataDir, id, name));
  return versionOf(stat ? `${stat.ino} ${stat.size} ${stat.mtimeMs}` : null);
}

function refuseUnlessPublisher(actor: Actor, entry: Entry, language: string | null): void {
  const translation = language === null ? undefined : entry.translations.get(language);
  refuseUnless(canPublishEntry(actor.principal, entry, translation));
}

/**
 * A person publishes the pending change: it is applied as the person's own change would be (every rule of
 * a change again, the live text kept as a revision, fields kept the same in every language follow), then the
 * pending file goes. What is applied is the proposal as read here, and only if it and the live text are what
 * the person saw (`seen`) and the live text is still the one the proposal was based on.
 */
export function approveLiveChange(context: WriteContext, actor: Actor, id: string, language: string | null, media: string | null = null, seen?: SeenChange): void {
  const entry = freshEntry(context, id);
  refuseUnlessPublisher(actor, entry, language);
  if (media !== null) return approveMedia(context, actor, entry, media, seen);
  const text = readProposal(context, id, language);
  if (text === null) throw new AppError('not_found', NO_CHANGE);
  refuseIfChanged(seen?.version, text, replacedSinceSeenSentence(id, language, 'published'));
  const translation = language === null ? undefined : entry.translations.get(language);
  if (language !== null && !translation) throw new AppError('not_found', `${id} has no ${language} translation any more; send the change back.`);
  const live = liveTextOf(context, entry, language);
  refuseIfChanged(seen?.liveVersion, live, liveChangedSinceSeenSentence(id, language));
  if (isOutdated(proposalBase(context, id, language), live, language)) throw new AppError('conflict', outdatedSentence(id, language));
  // The write checks the live version again inside the entry's lock: a save between here and there is
  // refused, not undone.
  const expectedVersion = versionOf(live);
  try {
    if (language === null) {
      styleEntry(context, actor, entry, text, expectedVersion, { action: 'approve_change', detail: 'published the CSS an assistant proposed' });
    } else {
      updateEntry(context, actor, { entry, language, ...changeOf(context, translation!.file, text), expectedVersion, recordAs: { action: 'approve_change', detail: 'published the change an assistant proposed' } });
    }
  } catch (error) {
    if (error instanceof AppError && error.kind === 'conflict' && versionOf(liveTextOf(context, freshEntry(context, id), language)) !== expectedVersion) {
      throw new AppError('conflict', liveChangedSinceSeenSentence(id, language));
    }
    throw error;
  }
  withEntryLock(context, id, () => removeProposal(context, id, language, text));
}

/** The proposal as a change of the live translation: every field of it set, every other removed (status, author, via, published stay). */
function changeOf(context: WriteContext, file: string, text: string): { title: string; body: string; fields: Record<string, unknown> } {
  const proposed = parseFrontMatter(text);
  const current = readTranslationFile(context, file);
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(proposed.fields)) if (key !== 'title' && !isProtectedField(key)) fields[key] = value;
  for (const key of Object.keys(current.fields)) if (key !== 'title' && !isProtectedField(key) && !(key in proposed.fields)) fields[key] = null;
  const title = typeof proposed.fields.title === 'string' ? proposed.fields.title : current.fields.title as string;
  return { title, body: proposed.body, fields };
}

/** The waiting image goes into the entry's media folder, under the name the assistant was given. */
function approveMedia(context: WriteContext, actor: Actor, entry: Entry, name: string, seen: SeenChange | undefined): void {
  withEntryLock(context, entry.id, () => {
    const waiting = waitingImage(context, entry.id, name, seen, 'published');
    const target = join(context.store.mediaDir(entry.id), name);
    if (statNoFollow(context.store.trustedFolders, target)) throw new AppError('conflict', `${entry.id} has a file named ${name} already (uploaded since); send this one back.`);
    movePath(waiting, target);
    context.store.invalidate(entry.id);
    recordChange(context, actor, 'media_upload', entry.id, null, `${name}: published the image an assistant uploaded`);
  });
}

/** The waiting image's file; refused when there is none by that name, or it is not the one the person saw. */
function waitingImage(context: WriteContext, id: string, name: string, seen: SeenChange | undefined, nothing: 'published' | 'sent back'): string {
  const file = pendingMediaFile(context.dataDir, id, name);
  if (!isServedMediaName(name) || !statNoFollow(context.store.trustedFolders, file)?.isFile()) {
    throw new AppError('not_found', 'There is no image waiting by that name (it was published or sent back a moment ago).');
  }
  if (seen !== undefined && seen.version !== waitingImageVersion(context, id, name)) {
    throw new AppError('conflict', `The image ${name} waiting for ${id} was replaced after you looked at it; nothing was ${nothing}. Look at it again, then answer.`);
  }
  return file;
}

/** A person sends the pending change back with a note: it is kept as a revision (or CSS version), the public text stays. */
export function sendBackLiveChange(context: WriteContext, actor: Actor, id: string, language: string | null, note: string, media: string | null = null, seen?: SeenChange): void {
  // The note of a draft sent back is held to the same rules (one line end, no control characters, its length).
  const trimmed = checkSendBackNote(note);
  const entry = freshEntry(context, id);
  refuseUnlessPublisher(actor, entry, language);
  refuseUnless(canEditEntry(actor.principal, entry, language === null ? undefined : entry.translations.get(language)));
  // Inside the lock: a newer proposal cannot come between the check and the removal.
  withEntryLock(context, id, () => {
    if (media !== null) {
      storageOf(context).remove(waitingImage(context, id, media, seen, 'sent back'));
      return recordChange(context, actor, 'send_back_change', id, null, `${media}: ${trimmed}`, { servedChanged: false });
    }
    const text = readProposal(context, id, language);
    if (text === null) throw new AppError('not_found', NO_CHANGE);
    // Only the proposal the note answers; the live text is not changed by sending back, so its stamp does not matter.
    refuseIfChanged(seen?.version, text, replacedSinceSeenSentence(id, language, 'sent back'));
    const storage = storageOf(context);
    if (language === null) saveStyleVersion(context.dataDir, id, context.clock(), text, storage);
    else saveRevision(context.dataDir, id, language, context.clock(), text, storage);
    removeProposal(context, id, language, text);
    recordChange(context, actor, 'send_back_change', id, language, trimmed, { servedChanged: false });
  });
}
