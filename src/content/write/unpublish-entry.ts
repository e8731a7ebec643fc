import { canPublishEntry } from '../content-rights.js';
import type { Entry } from '../entries/types.js';
import { translationOf } from './publish-entry.js';
import { readTranslationFile, writeTranslationFile } from './translation-file.js';
import { freshEntry, refuseUnless } from './update-entry.js';
import { refuseIfChanged, staleStatusSentence } from './version-stamp.js';
import { recordChange, withEntryLock } from './write-context.js';
import type { Actor, WriteContext } from './write-context.js';

export interface UnpublishResult {
  id: string;
  status: 'draft';
  note?: string;
}

/**
 * Published or scheduled -> draft: `status: draft`, and `published` and a pending `review` removed (the
 * earlier text, with its publication time, stays in the revisions). A draft with a pending review has the
 * request withdrawn; a plain draft is left as it is. With `seenVersion` (as publishEntry), a file changed
 * since the page showed it is refused inside the lock.
 */
export function unpublishEntry(context: WriteContext, actor: Actor, entry: Entry, language: string, seenVersion?: string): UnpublishResult {
  return withEntryLock(context, entry.id, () => {
    const fresh = freshEntry(context, entry.id);
    const translation = translationOf(fresh, language);
    refuseUnless(canPublishEntry(actor.principal, fresh, translation));
    const current = readTranslationFile(context, translation.file);
    refuseIfChanged(seenVersion, current.text, staleStatusSentence(entry.id, language, 'unpublished'));
    const pendingReview = current.fields.review !== undefined;
    if (translation.status === 'draft' && !pendingReview) return { id: entry.id, status: 'draft', note: 'It was already a draft; nothing changed.' };
    const fields: Record<string, unknown> = { ...current.fields, status: 'draft' };
    delete fields.published;
    delete fields.review;
    writeTranslationFile(context, entry.id, language, translation.file, current.text, fields, current.body);
    const withdrawn = translation.status === 'draft';
    recordChange(context, actor, 'unpublish', entry.id, language, withdrawn ? 'review request withdrawn' : undefined);
    return withdrawn ? { id: entry.id, status: 'draft', note: 'The request for approval was withdrawn.' } : { id: entry.id, status: 'draft' };
  });
}
