import type { HistoryAction, HistoryRecord } from '../../content/history.js';
import type { VersionInfo } from '../../content/revisions.js';

// Who wrote a kept version. A version is kept at the moment a change replaces it, and that change is
// recorded just after; so the version itself was written by the last change recorded before that moment.
// Versions written by hand on disk (or before the history began) have no such record.

/** Changes that rewrite a translation's file. */
const TEXT_ACTIONS: ReadonlySet<HistoryAction> = new Set<HistoryAction>(['create', 'update', 'add_translation', 'publish', 'schedule', 'request_review', 'unpublish', 'approve', 'send_back', 'restore']);

function changesText(record: HistoryRecord, language: string | null): boolean {
  if (language === null) return record.language === null && (record.action === 'style' || record.action === 'restore');
  return record.language === language && TEXT_ACTIONS.has(record.action);
}

/**
 * For each version (of `language`'s text, or of the CSS with null), the history record of the change that
 * wrote it, when there is one; `records` are one entry's, in any order.
 */
export function writersOf(versions: readonly VersionInfo[], records: readonly HistoryRecord[], language: string | null): Array<HistoryRecord | undefined> {
  const relevant = records.filter((record) => changesText(record, language)).sort((a, b) => a.time.localeCompare(b.time));
  return versions.map((version) => {
    let writer: HistoryRecord | undefined;
    for (const record of relevant) {
      if (record.time < version.time) writer = record;
      else break;
    }
    return writer;
  });
}
