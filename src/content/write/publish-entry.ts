import { AppError } from '../../errors.js';
import { formatSiteTime } from '../../lib/time-zone.js';
import { canPublishEntry } from '../content-rights.js';
import { findCardWarnings } from '../cards.js';
import type { CardWarning } from '../cards.js';
import type { Entry, Translation } from '../entries/types.js';
import { parseTimeValue } from './field-rules.js';
import { RuleRefusal } from './rule-refusal.js';
import { isApprovalModeOn } from './approval-mode.js';
import { readTranslationFile, writeTranslationFile } from './translation-file.js';
import { freshEntry, refuseUnless } from './update-entry.js';
import { refuseIfChanged, staleStatusSentence } from './version-stamp.js';
import { recordChange, storageOf, withEntryLock } from './write-context.js';
import type { Actor, WriteContext } from './write-context.js';

export type PublishResult =
  | { id: string; status: 'published' | 'scheduled'; date: string; url: string; card_warnings?: CardWarning[]; note?: string }
  | { id: string; status: 'waiting_for_approval'; message: string; review: string };

export const APPROVAL_MESSAGE = 'The site requires approval before anything is published. The entry stays a draft and is listed in the panel under Waiting for approval, where a person with the right publishes it. Tell the person it is waiting for approval.';

/** The translation, or not_found naming the tool that lists translations. */
export function translationOf(entry: Entry, language: string): Translation {
  const translation = entry.translations.get(language);
  if (!translation) {
    throw new AppError('not_found', `The entry ${entry.id} has no ${language} translation (it has ${[...entry.translations.keys()].join(', ')}). Call content_read to see its translations.`);
  }
  return translation;
}

/** `at` must be a real time in the site's zone and in the future; nothing to check without one. */
export function checkPublishTime(context: WriteContext, at: string | undefined): void {
  if (at === undefined) return;
  const site = context.store.site();
  const ms = parseTimeValue('at', at, site);
  if (ms <= context.clock()) {
    const now = formatSiteTime(context.clock(), site.timezone);
    throw new RuleRefusal('invalid_params', `at (${at}) is not in the future (now it is ${now} in ${site.timezone}); leave at out to publish now.`, 'publish_time_past', { value: at, now, zone: site.timezone });
  }
}

/**
 * The spec's "States and transitions" for content_publish: a draft becomes published (now) or scheduled
 * (`at`); in approval mode, through MCP, it stays a draft with `review: requested` / `review: scheduled <time>`.
 * With `seenVersion` (the version stamp of the file as a page showed it: the panel's bulk actions), only
 * that text is published: a file changed since is refused inside the lock, never published unseen.
 */
export function publishEntry(context: WriteContext, actor: Actor, entry: Entry, language: string, at: string | undefined, seenVersion?: string): PublishResult {
  const site = context.store.site();
  checkPublishTime(context, at);
  return withEntryLock(context, entry.id, () => {
    const fresh = freshEntry(context, entry.id);
    const translation = translationOf(fresh, language);
    refuseUnless(canPublishEntry(actor.principal, fresh, translation));
    const current = readTranslationFile(context, translation.file);
    refuseIfChanged(seenVersion, current.text, staleStatusSentence(entry.id, language, 'published'));
    if (translation.status === 'published') {
      if (at !== undefined) throw new AppError('invalid_params', `The ${language} translation of ${entry.id} is already published; call content_unpublish first to schedule it instead.`);
      return { id: entry.id, status: 'published', date: translation.published ?? '', url: context.store.absoluteUrl(translation.path), note: 'It was already published; nothing changed.' };
    }
    const fields = { ...current.fields };
    // Approval mode holds back assistants (content_publish); a person whose role may publish publishes in the
    // panel directly (the spec: "a person publishes in the panel ... published").
    if (actor.via === 'mcp' && isApprovalModeOn(context.store, storageOf(context))) {
      const review = at === undefined ? 'requested' : `scheduled ${at}`;
      fields.review = review;
      writeTranslationFile(context, entry.id, language, translation.file, current.text, fields, current.body);
      recordChange(context, actor, 'request_review', entry.id, language, review);
      return { id: entry.id, status: 'waiting_for_approval', message: APPROVAL_MESSAGE, review };
    }
    const date = at ?? formatSiteTime(context.clock(), site.timezone);
    fields.status = at === undefined ? 'published' : 'scheduled';
    fields.published = date;
    delete fields.review;
    writeTranslationFile(context, entry.id, language, translation.file, current.text, fields, current.body);
    recordChange(context, actor, at === undefined ? 'publish' : 'schedule', entry.id, language, at);
    const warnings = findCardWarnings(context.store, current.body, language);
    return {
      id: entry.id,
      status: at === undefined ? 'published' : 'scheduled',
      date,
      url: context.store.absoluteUrl(translation.path),
      ...(warnings.length > 0 ? { card_warnings: warnings } : {}),
    };
  });
}
