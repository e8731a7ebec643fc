import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { redirect } from '../../http/respond.js';
import { AppError } from '../../errors.js';
import type { Principal } from '../../auth/principal.js';
import { canSeeTranslation } from '../../content/content-rights.js';
import { readHistory, type HistoryRecord } from '../../content/history.js';
import { renderPage, sendPanelMessage, sendPanelPage } from '../layout.js';
import { panelActor } from '../panel-principal.js';
import { requirePanelSession } from '../panel-session.js';
import { queryOf, readFilters, readPage } from './history-filters.js';
import { renderHistory } from './history-view.js';
import { maySeeNonEntryRecord } from './non-entry-records.js';
import { words } from '../words/panel-words.js';

const LIMIT = 200;
/** A person's own records that are nobody else's business (their recovery codes); admins see them too. */
const PERSONAL: ReadonlySet<HistoryRecord['action']> = new Set(['recovery_code_used', 'recovery_codes_renewed']);

/**
 * The History page for people who write content. A record shows only when its entry is one the viewer may
 * see (any translation: the same rule as the Content list), so others' drafts do not leak through it.
 * A record not about an entry shows to those who may do what it records (non-entry-records.ts).
 */
export function createHistoryHandlers(deps: PanelDeps) {
  function maySee(principal: Principal, record: HistoryRecord): boolean {
    if (PERSONAL.has(record.action)) return record.person === principal.accountId || principal.capabilities.has('team.manage');
    if (record.entry === null) return maySeeNonEntryRecord(principal, record.action);
    const entry = deps.content.entry(record.entry);
    if (!entry) return principal.capabilities.has('content.edit_all');
    return [...entry.translations.values()].some((t) => canSeeTranslation(principal, entry, t));
  }

  return {
    show(ctx: RequestContext): void {
      const session = requirePanelSession(ctx, deps, 'content.write');
      if (!session) return;
      const principal = panelActor(session).principal;
      const filters = readFilters(ctx.url.searchParams);
      const accounts = deps.auth.accounts.list();
      const names = new Map(accounts.map((account) => [account.id, account.name]));
      const tokenNames = [...new Set(deps.auth.tokens.list().filter((t) => t.owner === principal.accountId || principal.capabilities.has('team.manage')).map((t) => t.name))].sort();
      let status = 200;
      let notice: { kind: 'error'; text: string } | null = null;
      let records: HistoryRecord[] = [];
      let page = 1;
      let hasOlder = false;
      try {
        page = readPage(ctx.url.searchParams);
        const query = queryOf(filters);
        // Filtering by an entry this person may not see says so, as the entry's own pages do.
        if (query.entry !== undefined && !maySee(principal, { entry: query.entry, action: 'update' } as HistoryRecord)) {
          return sendPanelMessage(ctx, 404, words().history.noSuchEntry, words().history.noSuchEntryText, session);
        }
        // One more than the page holds tells whether an Older link is needed.
        // Each entry is judged once per page, not once per record (the judgement reads the entry's folder).
        const judged = new Map<string, boolean>();
        const keep = (record: HistoryRecord) => {
          if (record.entry === null || PERSONAL.has(record.action)) return maySee(principal, record);
          let allowed = judged.get(record.entry);
          if (allowed === undefined) judged.set(record.entry, allowed = maySee(principal, record));
          return allowed;
        };
        const upToPage = readHistory(deps.trustedFolders, deps.config.dataDir, { ...query, keep, limit: page * LIMIT + 1 });
        hasOlder = upToPage.length > page * LIMIT;
        records = upToPage.slice((page - 1) * LIMIT, page * LIMIT);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        status = error.status;
        notice = { kind: 'error', text: error.message };
      }
      const body = renderHistory({
        filters,
        people: accounts.map((account) => ({ id: account.id, name: account.name })),
        tokenNames,
        timeZone: deps.content.site().timezone,
        records: records.map((record) => ({ ...record, personName: names.get(record.person) ?? record.person })),
        limit: LIMIT,
        page,
        hasOlder,
      });
      sendPanelPage(ctx, status, renderPage({ title: words().history.title, viewer: session, active: 'history', body, notice }));
    },

    /** Older links to one kept version now lead to its comparison with the current text. */
    showVersion(ctx: RequestContext): void {
      const params = new URLSearchParams();
      for (const name of ['id', 'language', 'revision', 'style']) {
        const value = ctx.url.searchParams.get(name);
        if (value !== null) params.set(name, value);
      }
      redirect(ctx.res, `/svc/panel/revisions/diff?${params.toString()}`, 301, { 'cache-control': 'no-store' });
    },
  };
}
