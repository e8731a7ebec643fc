import { AppError } from '../../errors.js';
import { canPublishEntry } from '../content-rights.js';
import type { Entry } from '../entries/types.js';
import { translationOf } from './publish-entry.js';
import { readTranslationFile, writeTranslationFile } from './translation-file.js';
import { freshEntry, refuseUnless } from './update-entry.js';
import { recordChange, withEntryLock } from './write-context.js';
import type { Actor, WriteContext } from './write-context.js';

// Approval mode, the other answer a person can give: the request goes back to whoever asked, with a note
// saying why. The review request is removed and the translation stays a draft; the note is kept in the
// history (the record of the change), where the entry page and the assistant's person find it.

export const NOTE_MAX = 1000;

/** The note, tidied (line ends made `\n`, outer space trimmed), or invalid_params with one sentence. */
export function checkSendBackNote(raw: string): string {
  const note = raw.replace(/\r\n?/g, '\n').trim();
  if (note === '') throw new AppError('invalid_params', 'Write a note saying what should change before it is published.');
  // Characters as a person counts them (an emoji is one).
  const characters = [...note].length;
  if (characters > NOTE_MAX) throw new AppError('invalid_params', `The note has ${characters} characters; at most ${NOTE_MAX} are kept.`);
  // Control characters other than line ends and tabs have no place in a note and could garble the history.
  if (/[\u0000-\u0008\u000b-\u001f\u007f\u2028\u2029]/.test(note)) throw new AppError('invalid_params', 'The note contains control characters; write plain text.');
  return note;
}

export interface SendBackResult {
  id: string;
  language: string;
  status: 'draft';
  note: string;
}

/** Draft with `review` -> draft without it, recorded as `send_back` with the note. Same right as approving. */
export function sendBackEntry(context: WriteContext, actor: Actor, entry: Entry, language: string, rawNote: string): SendBackResult {
  const note = checkSendBackNote(rawNote);
  return withEntryLock(context, entry.id, () => {
    const fresh = freshEntry(context, entry.id);
    const translation = translationOf(fresh, language);
    refuseUnless(canPublishEntry(actor.principal, fresh, translation));
    const current = readTranslationFile(context, translation.file);
    if (translation.status !== 'draft' || typeof current.fields.review !== 'string') {
      throw new AppError('conflict', `The ${language} translation of ${entry.id} is not waiting for approval any more.`);
    }
    const fields: Record<string, unknown> = { ...current.fields };
    delete fields.review;
    writeTranslationFile(context, entry.id, language, translation.file, current.text, fields, current.body);
    recordChange(context, actor, 'send_back', entry.id, language, note);
    return { id: entry.id, language, status: 'draft', note };
  });
}
