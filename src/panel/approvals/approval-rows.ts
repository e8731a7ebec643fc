// What each "Waiting for approval" row shows, gathered from the index (the pending drafts), the history
// (who asked, through which token, when) and the kept versions (the text as it was last public). The row's
// diff and its version stamp come from one read of the waiting file: the stamp is that of the text shown.
import { readTextNoFollow } from '../../lib/no-follow.js';
import { parseSiteTime } from '../../lib/time-zone.js';
import type { Principal } from '../../auth/principal.js';
import { canPublishEntry } from '../../content/content-rights.js';
import type { HistoryRecord } from '../../content/history.js';
import { lastPublishedVersion } from '../../content/last-published.js';
import { diffRevision, type RevisionDiff } from '../../content/revision-diff.js';
import { latestReviewRequests, reviewRequestOf } from '../../content/review-history.js';
import type { PendingReview } from '../../content/write/approve-entry.js';
import { versionOf } from '../../content/write/version-stamp.js';
import type { PanelDeps } from '../panel-deps.js';
import { words } from '../words/panel-words.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

/** Rows shown at most (each reads files: the current text and kept versions); the rest are counted. */
export const ROWS_SHOWN = 50;

export interface ApprovalRow {
  id: string;
  language: string;
  title: string;
  authorName: string;
  /** `YYYY-MM-DD HH:MM` in the site's zone when a time was asked for, else null (as soon as approved). */
  requestedTime: string | null;
  /** The requested time has passed: publishing "at" it publishes now. */
  requestedPast: boolean;
  /** The `request_review` record and its person's name, when the history still has it. */
  asked: (HistoryRecord & { personName: string }) | null;
  /** The diff from the last published text to the waiting one, or null when it was never published. */
  published: { published: string | null; keptAt: string; diff: RevisionDiff } | null;
  /** Never published: the whole waiting text (as a diff from nothing), so the page shows what is judged. */
  whole: RevisionDiff | null;
  /** The version stamp of the waiting text shown, carried by the answer forms. */
  version: string;
  /** Why this person may not publish it (nor send it back), or null when they may. */
  refusal: string | null;
}

/** A file's text, or '' when it is not there (a translation removed meanwhile). */
export function readCurrent(trusted: TrustedFolders, file: string): string {
  try {
    return readTextNoFollow(trusted, file);
  } catch {
    return '';
  }
}

export function buildApprovalRows(deps: PanelDeps, principal: Principal, pending: readonly PendingReview[]): ApprovalRow[] {
  const names = new Map(deps.auth.accounts.list().map((account) => [account.id, account.name]));
  const nameOf = (id: string | null) => (id ? names.get(id) ?? id : words().approvals.unknownPerson);
  const shown = pending.slice(0, ROWS_SHOWN);
  const requests = latestReviewRequests(deps.trustedFolders, deps.config.dataDir, shown.map((row) => ({ entry: row.entry.id, language: row.translation.language })));
  const timeZone = deps.content.site().timezone;
  return shown.map(({ entry, translation, review }) => {
    const asked = reviewRequestOf(requests, entry.id, translation.language);
    const version = lastPublishedVersion(deps.trustedFolders, deps.config.dataDir, entry.id, translation.language, timeZone);
    const right = canPublishEntry(principal, entry, translation);
    const requestedTime = review.startsWith('scheduled ') ? review.slice('scheduled '.length) : null;
    const requestedMs = requestedTime === null ? null : parseSiteTime(requestedTime, timeZone);
    const text = readCurrent(deps.trustedFolders, translation.file);
    return {
      id: entry.id,
      language: translation.language,
      title: translation.title,
      authorName: nameOf(translation.author),
      requestedTime,
      requestedPast: requestedMs !== null && requestedMs <= deps.clock(),
      asked: asked ? { ...asked, personName: nameOf(asked.person) } : null,
      published: version ? { published: version.published, keptAt: version.keptAt, diff: diffRevision(version.text, text) } : null,
      whole: version ? null : diffRevision('', text),
      version: versionOf(text),
      refusal: right.allowed ? null : right.reason,
    };
  });
}
