import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { AppError } from '../../errors.js';
import { canSeeTranslation } from '../../content/content-rights.js';
import { isEntryId } from '../../content/entry-id.js';
import { readHistory } from '../../content/history.js';
import { listRevisions, listStyleVersions, readRevision, readStyleVersion, revisedLanguages } from '../../content/revisions.js';
import type { Entry } from '../../content/types.js';
import { renderPage, sendPanelMessage, sendPanelPage } from '../layout.js';
import { renderEntryHistory, renderVersion } from './entry-history-view.js';
import { panelActor } from '../panel-principal.js';
import { requirePanelSession, type PanelSession } from '../panel-session.js';

/** An entry's history and kept versions, for people who may see the entry (content.write). */
export function createEntryHistoryHandlers(deps: PanelDeps) {
  /** The entry named by `?id=`, or null after a 404 (also for entries this person may not see). */
  const visibleEntry = (ctx: RequestContext, session: PanelSession): Entry | null => {
    const id = ctx.url.searchParams.get('id') ?? '';
    const entry = isEntryId(id) ? deps.content.entry(id) : undefined;
    const principal = panelActor(session).principal;
    if (!entry || ![...entry.translations.values()].some((t) => canSeeTranslation(principal, entry, t))) {
      sendPanelMessage(ctx, 404, 'No such entry', 'This entry does not exist, or your role may not see it.', session);
      return null;
    }
    return entry;
  };

  return {
    show(ctx: RequestContext): void {
      const session = requirePanelSession(ctx, deps, 'content.write');
      if (!session) return;
      const entry = visibleEntry(ctx, session);
      if (!entry) return;
      const dataDir = deps.config.dataDir;
      const names = new Map(deps.auth.accounts.list().map((account) => [account.id, account.name]));
      const title = (entry.translations.get(deps.content.site().defaultLanguage) ?? entry.translations.values().next().value)?.title ?? entry.id;
      const body = renderEntryHistory({
        id: entry.id,
        title,
        history: readHistory(dataDir, { entry: entry.id }).map((record) => ({ ...record, personName: names.get(record.person) ?? record.person })),
        revisions: revisedLanguages(dataDir, entry.id).map((language) => ({ language, versions: listRevisions(dataDir, entry.id, language) })),
        styles: listStyleVersions(dataDir, entry.id),
      });
      sendPanelPage(ctx, 200, renderPage({ title: `History of ${title}`, viewer: session, body }));
    },

    showVersion(ctx: RequestContext): void {
      const session = requirePanelSession(ctx, deps, 'content.write');
      if (!session) return;
      const entry = visibleEntry(ctx, session);
      if (!entry) return;
      const params = ctx.url.searchParams;
      try {
        const style = params.get('style');
        const revision = params.get('revision') ?? '';
        const language = params.get('language') ?? '';
        const text = style !== null ? readStyleVersion(deps.config.dataDir, entry.id, style) : readRevision(deps.config.dataDir, entry.id, language, revision);
        const label = style !== null ? `CSS of ${entry.id} before ${style}` : `${entry.id} (${language}) before ${revision}`;
        sendPanelPage(ctx, 200, renderPage({ title: 'Earlier version', viewer: session, body: renderVersion(entry.id, label, text) }));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        sendPanelMessage(ctx, 404, 'No such version', error.message, session);
      }
    },
  };
}
