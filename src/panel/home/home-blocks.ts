// What the panel's home gathers, each block only for people whose role deals with it: approvals waiting,
// drafts made by assistants, entries scheduled in the next 7 days, the last changes made through MCP, and a
// 7-day statistics glance with its change. Every block is answered from what is kept small: the index's
// status lists (never a read of every file), the history read from its end (a bounded number of records),
// and the statistics rollups.
import type { Principal } from '../../auth/principal.js';
import { canSeeTranslation } from '../../content/content-rights.js';
import { isEntryId } from '../../content/entries/entry-id.js';
import { readHistory, type HistoryRecord } from '../../content/history.js';
import type { Entry, Translation } from '../../content/entries/types.js';
import { listPendingReviews } from '../../content/write/approve-entry.js';
import { changePercent, previousRange, resolvePeriod } from '../../stats/periods.js';
import type { PanelDeps } from '../panel-deps.js';
import { fill, words } from '../words/panel-words.js';

/** Rows listed per block; the rest are counted. */
export const BLOCK_ROWS = 5;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** History records looked at for the last MCP changes, newest first. */
const MCP_SCAN = 5_000;

export interface HomeEntryRow {
  id: string;
  language: string;
  title: string;
  /** What the block says beside it: the review, the time it is scheduled for, the author. */
  note: string;
}

export interface HomeBlocks {
  /** null: the block is not for this role. */
  approvals: { total: number; rows: HomeEntryRow[] } | null;
  assistantDrafts: { total: number; rows: HomeEntryRow[] } | null;
  scheduled: { total: number; rows: HomeEntryRow[] } | null;
  mcpChanges: Array<HistoryRecord & { personName: string; title: string | null }> | null;
  stats: { from: string; to: string; visitors: number; pageviews: number; change: { visitors: number | null; pageviews: number | null } } | null;
}

type Row = { entry: Entry; translation: Translation };

/** Every row of one status across the site's types and languages, from the index's sorted lists. */
function rowsWithStatus(deps: PanelDeps, status: 'draft' | 'scheduled'): Row[] {
  const site = deps.content.site();
  const lists = deps.content.lists();
  const rows: Row[] = [];
  for (const type of site.types) {
    for (const language of Object.keys(site.languages)) {
      for (const { entry, translation } of lists.list(type.key, language, status)) rows.push({ entry, translation });
    }
  }
  return rows;
}

function rowOf({ entry, translation }: Row, note: string): HomeEntryRow {
  return { id: entry.id, language: translation.language, title: translation.title, note };
}

export function gatherHomeBlocks(deps: PanelDeps, principal: Principal): HomeBlocks {
  const can = (capability: Parameters<Principal['capabilities']['has']>[0]) => principal.capabilities.has(capability);
  const names = new Map(deps.auth.accounts.list().map((account) => [account.id, account.name]));
  const nameOf = (id: string | null) => (id ? names.get(id) ?? id : words().home.unknown);
  const now = deps.clock();
  const blocks: HomeBlocks = { approvals: null, assistantDrafts: null, scheduled: null, mcpChanges: null, stats: null };

  if (can('content.publish')) {
    const pending = listPendingReviews(deps.content);
    blocks.approvals = { total: pending.length, rows: pending.slice(0, BLOCK_ROWS).map((row) => rowOf(row, row.review)) };
  }
  if (can('content.write')) {
    const visible = (row: Row) => canSeeTranslation(principal, row.entry, row.translation);
    const drafts = rowsWithStatus(deps, 'draft').filter((row) => row.translation.via === 'mcp' && visible(row))
      .sort((a, b) => b.translation.mtimeMs - a.translation.mtimeMs);
    blocks.assistantDrafts = { total: drafts.length, rows: drafts.slice(0, BLOCK_ROWS).map((row) => rowOf(row, fill(words().home.by, { name: nameOf(row.translation.author) }))) };
    const soon = rowsWithStatus(deps, 'scheduled').filter((row) => row.translation.dateMs > now && row.translation.dateMs <= now + WEEK_MS && visible(row))
      .sort((a, b) => a.translation.dateMs - b.translation.dateMs);
    blocks.scheduled = { total: soon.length, rows: soon.slice(0, BLOCK_ROWS).map((row) => rowOf(row, row.translation.published ?? '')) };
    blocks.mcpChanges = lastMcpChanges(deps, principal, nameOf);
  }
  if (can('stats.view')) {
    const stats = deps.stats;
    const range = resolvePeriod('7d', stats.today());
    const before = previousRange('7d', range);
    const week = stats.range(range.from, range.to);
    const earlier = stats.range(before.from, before.to);
    blocks.stats = {
      from: range.from, to: range.to, visitors: week.visitors, pageviews: week.pageviews,
      change: { visitors: changePercent(week.visitors, earlier.visitors), pageviews: changePercent(week.pageviews, earlier.pageviews) },
    };
  }
  return blocks;
}

/** The latest changes made through MCP to entries this person may see (as the index has them: no file is read). */
function lastMcpChanges(deps: PanelDeps, principal: Principal, nameOf: (id: string | null) => string): NonNullable<HomeBlocks['mcpChanges']> {
  const titles = new Map<string, string | null>();
  const records = readHistory(deps.trustedFolders, deps.config.dataDir, {
    via: 'mcp',
    scan: MCP_SCAN,
    limit: BLOCK_ROWS,
    keep: (record) => {
      if (record.entry === null || !isEntryId(record.entry)) return false;
      const entry = deps.content.indexed(record.entry);
      // A removed entry's changes show only to those who may see every entry.
      if (!entry) return principal.capabilities.has('content.edit_all');
      const seen = [...entry.translations.values()].filter((t) => canSeeTranslation(principal, entry, t));
      if (seen.length === 0) return false;
      titles.set(record.entry, (entry.translations.get(record.language ?? '') ?? seen[0]!).title);
      return true;
    },
  });
  return records.map((record) => ({ ...record, personName: nameOf(record.person), title: titles.get(record.entry!) ?? null }));
}
