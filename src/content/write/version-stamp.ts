import { createHash } from '../../lib/node-builtins.js';
import { AppError } from '../../errors.js';

// A form in the panel carries the version of the file it was filled from, so a save based on an older
// text is refused rather than silently replacing what someone else saved meanwhile (issue 12: nothing is
// overwritten silently). The version is a hash of the whole file: it changes with any edit, by anyone,
// whatever the file system's time resolution.

/** A short fingerprint of a file's text; `null` (no file yet) has one too. */
export function versionOf(text: string | null): string {
  return createHash('sha256').update(text === null ? '\u0000none' : text).digest('base64url').slice(0, 22);
}

/**
 * The refusal of a change based on a text that is no longer the file's. A class of its own (still a
 * `conflict`), so a page acting on many rows at once can tell this refusal from others and say it in its
 * own words beside each row it left alone.
 */
export class ChangedSinceShown extends AppError {
  constructor(sentence: string) {
    super('conflict', sentence);
    this.name = 'ChangedSinceShown';
  }
}

/** Throws ChangedSinceShown with `sentence` when a version was sent and the file is no longer that version. */
export function refuseIfChanged(expected: string | undefined, currentText: string | null, sentence: string): void {
  if (expected !== undefined && expected !== versionOf(currentText)) throw new ChangedSinceShown(sentence);
}

/** The refusal of a publish or unpublish asked for from a page that showed an older text. */
export function staleStatusSentence(entryId: string, language: string, nothing: 'published' | 'unpublished'): string {
  return `The ${language} translation of ${entryId} was changed after it was shown to you; nothing was ${nothing}. Look at it as it is now, then try again.`;
}

/** The refusal of a translation saved from an older page. */
export function staleTranslationSentence(entryId: string, language: string): string {
  return `The ${language} translation of ${entryId} was changed by someone else since you opened it; nothing was saved. Your text is kept below beside the saved one: compare them, then save again.`;
}

/** The refusal of CSS saved from an older page. */
export function staleStyleSentence(entryId: string): string {
  return `The CSS of ${entryId} was changed by someone else since you opened it; nothing was saved. Your CSS is kept below beside the saved one: compare them, then save again.`;
}
