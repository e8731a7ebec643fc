import { AppError } from '../../errors.js';
import { formatSiteTime, parseSiteTime } from '../../lib/time-zone.js';
import { canPublishEntry } from '../content-rights.js';
import type { ContentStore } from '../store.js';
import type { Entry, Translation } from '../entries/types.js';
import { translationOf } from './publish-entry.js';
import { checkSendBackNote, type SendBackResult } from './send-back.js';
import { readTranslationFile, writeTranslationFile, type TranslationFile } from './translation-file.js';
import { freshEntry, refuseUnless } from './update-entry.js';
import { refuseIfChanged } from './version-stamp.js';
import { recordChange, withEntryLock } from './write-context.js';
import type { Actor, WriteContext } from './write-context.js';

// Approval mode, the person's side: drafts with a pending `review` are listed as "Waiting for approval";
// a person with the right publishes one, and the review field goes away. The person judges the text shown
// to them: an answer carries the version stamp of that text (version-stamp.ts, as the entry forms do), and
// a draft changed since (an assistant's content_update, a new requested time) is refused, never published
// or sent back unseen.

export interface PendingReview {
  entry: Entry;
  translation: Translation;
  /** `requested` or `scheduled YYYY-MM-DD HH:MM` */
  review: string;
}

/**
 * Drafts with a pending review, the most recently changed first. Read from the index's draft lists (a review
 * is only ever pending on a draft), never from the files: cheap at 100,000 entries.
 */
export function listPendingReviews(store: Pick<ContentStore, 'site' | 'lists'>): PendingReview[] {
  const site = store.site();
  const lists = store.lists();
  const rows: PendingReview[] = [];
  for (const type of site.types) {
    for (const language of Object.keys(site.languages)) {
      for (const { entry, translation } of lists.list(type.key, language, 'draft')) {
        if (translation.review !== null) rows.push({ entry, translation, review: translation.review });
      }
    }
  }
  return rows.sort((a, b) => b.translation.mtimeMs - a.translation.mtimeMs || (a.entry.id < b.entry.id ? -1 : 1));
}

export interface ApproveResult {
  id: string;
  language: string;
  status: 'published' | 'scheduled';
  date: string;
}

/** The refusal of an answer given to a text that changed after the person looked at it. */
export function changedSinceSeenSentence(entryId: string, language: string, nothing: 'published' | 'sent back'): string {
  return `The ${language} translation of ${entryId} was changed after you looked at it; nothing was ${nothing}. Look at its changes as they are now, then answer again.`;
}

/**
 * The waiting translation, read inside the entry's lock: refused when the person may not publish it, when
 * it is not waiting any more, or when `seenVersion` (the version the person judged) is not its version now.
 */
function waitingFile(context: WriteContext, actor: Actor, id: string, language: string, seenVersion: string | undefined, nothing: 'published' | 'sent back'): { translation: Translation; current: TranslationFile; review: string } {
  const fresh = freshEntry(context, id);
  const translation = translationOf(fresh, language);
  refuseUnless(canPublishEntry(actor.principal, fresh, translation));
  const current = readTranslationFile(context, translation.file);
  const review = current.fields.review;
  if (translation.status !== 'draft' || typeof review !== 'string') {
    throw new AppError('conflict', `The ${language} translation of ${id} is not waiting for approval any more.`);
  }
  refuseIfChanged(seenVersion, current.text, changedSinceSeenSentence(id, language, nothing));
  return { translation, current, review };
}

/**
 * `review: requested` -> published now; `review: scheduled <time>` -> scheduled then (published now if past),
 * or published now when the person chooses `now` over the requested time. With `seenVersion`, only the text
 * of that version is published.
 */
export function approveEntry(context: WriteContext, actor: Actor, entry: Entry, language: string, when: 'requested' | 'now' = 'requested', seenVersion?: string): ApproveResult {
  return withEntryLock(context, entry.id, () => {
    const { translation, current, review } = waitingFile(context, actor, entry.id, language, seenVersion, 'published');
    const site = context.store.site();
    const now = context.clock();
    const wanted = when === 'requested' && review.startsWith('scheduled ') ? review.slice('scheduled '.length) : null;
    const wantedMs = wanted === null ? null : parseSiteTime(wanted, site.timezone);
    const scheduled = wantedMs !== null && wantedMs > now;
    const date = scheduled ? wanted! : formatSiteTime(now, site.timezone);
    const fields: Record<string, unknown> = { ...current.fields, status: scheduled ? 'scheduled' : 'published', published: date };
    delete fields.review;
    writeTranslationFile(context, entry.id, language, translation.file, current.text, fields, current.body);
    recordChange(context, actor, 'approve', entry.id, language, scheduled ? `scheduled ${date}` : undefined);
    return { id: entry.id, language, status: scheduled ? 'scheduled' : 'published', date };
  });
}

/**
 * Sends the request back with a note (send-back.ts's answer), judged as approving is: with `seenVersion`, a
 * text changed since the person looked is refused, so a note never answers a text its writer did not see.
 */
export function sendBackReview(context: WriteContext, actor: Actor, entry: Entry, language: string, rawNote: string, seenVersion?: string): SendBackResult {
  const note = checkSendBackNote(rawNote);
  return withEntryLock(context, entry.id, () => {
    const { translation, current } = waitingFile(context, actor, entry.id, language, seenVersion, 'sent back');
    const fields: Record<string, unknown> = { ...current.fields };
    delete fields.review;
    writeTranslationFile(context, entry.id, language, translation.file, current.text, fields, current.body);
    recordChange(context, actor, 'send_back', entry.id, language, note);
    return { id: entry.id, language, status: 'draft', note };
  });
}
