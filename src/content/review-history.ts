import { readHistory, type HistoryAction, type HistoryRecord } from './history.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

// What the history says about approval requests: who asked (and through which token, when) for each pending
// request, and the note of a request sent back. Read from the history's end, a bounded number of records,
// so a long history costs no more than a recent one.

/** How many records are looked at, newest first. */
export const REVIEW_SCAN = 20_000;

/** Changes that end or replace a review request: after one of them, an older note no longer applies. */
const REVIEW_STEPS: ReadonlySet<HistoryAction> = new Set<HistoryAction>(['request_review', 'approve', 'send_back', 'publish', 'schedule', 'unpublish']);

function keyOf(entry: string, language: string): string {
  return `${entry}\u0000${language}`;
}

/** For each (entry, language) asked about, its latest `request_review` record, when the scanned history has it. */
export function latestReviewRequests(trusted: TrustedFolders, dataDir: string, wanted: ReadonlyArray<{ entry: string; language: string }>, scan = REVIEW_SCAN): Map<string, HistoryRecord> {
  const open = new Set(wanted.map((item) => keyOf(item.entry, item.language)));
  const found = new Map<string, HistoryRecord>();
  if (open.size === 0) return found;
  readHistory(trusted, dataDir, {
    scan,
    limit: open.size,
    keep: (record) => {
      if (record.action !== 'request_review' || record.entry === null || record.language === null) return false;
      const key = keyOf(record.entry, record.language);
      if (!open.has(key)) return false;
      open.delete(key);
      found.set(key, record);
      return true;
    },
  });
  return found;
}

export function reviewRequestOf(requests: Map<string, HistoryRecord>, entry: string, language: string): HistoryRecord | undefined {
  return requests.get(keyOf(entry, language));
}

/**
 * Per language of the entry, the `send_back` record still in force: the latest review step of that
 * language was sending it back (asking again, publishing or withdrawing ends it).
 */
export function sendBackNotes(trusted: TrustedFolders, dataDir: string, entryId: string, languages: readonly string[], scan = REVIEW_SCAN): Map<string, HistoryRecord> {
  const decided = new Set<string>();
  const notes = new Map<string, HistoryRecord>();
  readHistory(trusted, dataDir, {
    entry: entryId,
    scan,
    // One deciding record per language: reading stops once every language has its own.
    limit: languages.length,
    keep: (record) => {
      if (record.language === null || !languages.includes(record.language) || decided.has(record.language) || !REVIEW_STEPS.has(record.action)) return false;
      decided.add(record.language);
      if (record.action === 'send_back') notes.set(record.language, record);
      return true;
    },
  });
  return notes;
}
