import { join } from 'node:path';
import { linesFromEnd } from '../lib/lines-from-end.js';
import { listFolderNoFollow } from '../lib/no-follow.js';
import type { WriteStorage } from './storage/write-storage.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

// The history log: one JSON object per line in `data/history/<YYYY-MM>.ndjson`, appended, never rewritten.
// Every change to content (through MCP or the panel) adds a line: when, who, what, which entry and
// language, through what (`via`), and the name of the token used (never the token).

export type HistoryAction =
  | 'create'
  | 'update'
  | 'add_translation'
  | 'style'
  | 'publish'
  | 'schedule'
  | 'request_review'
  | 'unpublish'
  | 'media_upload'
  | 'media_replace'
  | 'media_alt'
  | 'approve'
  | 'send_back'
  | 'approval_mode'
  | 'restore'
  | 'delete'
  | 'delete_translation'
  | 'delete_media'
  | 'restore_deleted'
  | 'restore_deleted_translation'
  | 'restore_deleted_media'
  | 'trash_emptied'
  | 'propose_change'
  | 'approve_change'
  | 'send_back_change'
  | 'settings'
  | 'team_invite'
  | 'team_joined'
  | 'team_role'
  | 'team_remove'
  | 'team_reset'
  | 'team_reset_used'
  | 'team_link_withdrawn'
  | 'recovery_code_used'
  | 'recovery_codes_renewed'
  | 'preview_link'
  | 'preview_link_revoked';

export interface HistoryRecord {
  /** ISO 8601 UTC. */
  time: string;
  /** Account id of the person. */
  person: string;
  action: HistoryAction;
  /** Entry id, or null for a change that is not to an entry (approval mode, a person's recovery codes). */
  entry: string | null;
  language: string | null;
  /** mcp or panel; `schedule` when a scheduled time came and the file was brought up to date (D2). */
  via: 'mcp' | 'panel' | 'schedule';
  /** Name of the token used (MCP), or null in the panel. */
  token: string | null;
  /** A short note: the file uploaded, the scheduled time, the new approval mode, why a request was sent back. */
  detail?: string;
}

function historyDir(dataDir: string): string {
  return join(dataDir, 'history');
}

/**
 * Appends one line, in one append: lines of concurrent writers (the HTTP server and stdio processes) never
 * interleave, and a writer killed mid-way leaves at most one broken last line, which readers skip.
 */
export function appendHistory(dataDir: string, record: HistoryRecord, storage: WriteStorage): void {
  storage.append(join(historyDir(dataDir), `${record.time.slice(0, 7)}.ndjson`), JSON.stringify(record) + '\n', 0o600);
}

export interface HistoryQuery {
  entry?: string;
  /** Account id. */
  person?: string;
  via?: HistoryRecord['via'];
  /** Token name (records made through MCP). */
  token?: string;
  /** Further test a record must pass (e.g. who may see it); counted toward `limit` only when it passes. */
  keep?: (record: HistoryRecord) => boolean;
  limit?: number;
  /**
   * At most this many records (matching or not) are looked at, newest first: a page that needs only recent
   * changes stays cheap however long the history has grown.
   */
  scan?: number;
}

function matches(record: HistoryRecord, query: HistoryQuery): boolean {
  if (typeof record !== 'object' || record === null || typeof record.time !== 'string') return false;
  if (query.entry !== undefined && record.entry !== query.entry) return false;
  if (query.person !== undefined && record.person !== query.person) return false;
  if (query.via !== undefined && record.via !== query.via) return false;
  if (query.token !== undefined && record.token !== query.token) return false;
  return query.keep === undefined || query.keep(record);
}

/** Records newest first, those matching every filter given. Lines that do not parse (a crash mid-write) are skipped. */
export function readHistory(trusted: TrustedFolders, dataDir: string, query: HistoryQuery = {}): HistoryRecord[] {
  const dir = historyDir(dataDir);
  let months: string[];
  try {
    months = listFolderNoFollow(trusted, dir).filter((item) => item.isFile() && item.name.endsWith('.ndjson')).map((item) => item.name).sort().reverse();
  } catch {
    return [];
  }
  const limit = query.limit ?? 200;
  let budget = query.scan ?? Number.POSITIVE_INFINITY;
  // A line about the entry holds its id as a JSON string (however the line is spaced): others are passed
  // over without being parsed.
  const needle = query.entry === undefined ? null : JSON.stringify(query.entry);
  const out: HistoryRecord[] = [];
  for (const month of months) {
    // A month file that cannot be read is skipped, as before; a filter's own error is not the file's.
    let judging = false;
    try {
      // From the end: the newest records are read first, and reading stops once enough were found.
      for (const line of linesFromEnd(trusted, join(dir, month))) {
        if (line.trim() === '') continue;
        if (budget-- <= 0) return out;
        if (needle !== null && !line.includes(needle)) continue;
        let record: HistoryRecord;
        try {
          record = JSON.parse(line) as HistoryRecord;
        } catch {
          continue;
        }
        judging = true;
        const wanted = matches(record, query);
        judging = false;
        if (!wanted) continue;
        out.push(record);
        if (out.length >= limit) return out;
      }
    } catch (error) {
      if (judging) throw error;
    }
  }
  return out;
}
