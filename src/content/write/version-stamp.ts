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

/** Throws `conflict` with `sentence` when a version was sent and the file is no longer that version. */
export function refuseIfChanged(expected: string | undefined, currentText: string | null, sentence: string): void {
  if (expected !== undefined && expected !== versionOf(currentText)) throw new AppError('conflict', sentence);
}

/** The refusal of a translation saved from an older page. */
export function staleTranslationSentence(entryId: string, language: string): string {
  return `The ${language} translation of ${entryId} was changed by someone else since you opened it; nothing was saved. Your text is kept below beside the saved one: compare them, then save again.`;
}

/** The refusal of CSS saved from an older page. */
export function staleStyleSentence(entryId: string): string {
  return `The CSS of ${entryId} was changed by someone else since you opened it; nothing was saved. Your CSS is kept below beside the saved one: compare them, then save again.`;
}
