import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { redirect } from '../../http/respond.js';
import { AppError } from '../../errors.js';
import { canPublishEntry } from '../../content/content-rights.js';
import { isEntryId } from '../../content/entry-id.js';
import { approveEntry, listPendingReviews } from '../../content/write/approve-entry.js';
import { isApprovalModeOn, setApprovalMode } from '../../content/write/approval-mode.js';
import type { WriteContext } from '../../content/write/write-context.js';
import { renderPage, sendPanelPage } from '../layout.js';
import { renderApprovals } from './approvals-view.js';
import { panelActor } from '../panel-principal.js';
import { requirePanelPost, requirePanelSession, type PanelSession } from '../panel-session.js';

const PAGE = '/svc/panel/approvals';
type Notice = { kind: 'ok' | 'error' | 'warn'; text: string } | null;

/** "Waiting for approval" (content.publish), publishing from it, and the approval-mode switch (settings.manage). */
export function createApprovalsHandlers(deps: PanelDeps) {
  const context: WriteContext = { store: deps.content, dataDir: deps.config.dataDir, clock: deps.clock };

  const send = (ctx: RequestContext, status: number, session: PanelSession, notice: Notice) => {
    const actor = panelActor(session);
    const names = new Map(deps.auth.accounts.list().map((account) => [account.id, account.name]));
    const rows = listPendingReviews(deps.content).map((row) => ({
      ...row,
      mayPublish: canPublishEntry(actor.principal, row.entry, row.translation).allowed,
      authorName: names.get(row.translation.author ?? '') ?? row.translation.author ?? 'unknown',
    }));
    const approvalMode = session.capabilities.has('settings.manage') ? isApprovalModeOn(deps.content) : null;
    const body = renderApprovals({ csrf: session.csrf, rows, approvalMode });
    sendPanelPage(ctx, status, renderPage({ title: 'Waiting for approval', viewer: session, active: 'approvals', body, notice }));
  };

  return {
    show(ctx: RequestContext): void {
      const session = requirePanelSession(ctx, deps, 'content.publish');
      if (!session) return;
      const published = ctx.url.searchParams.get('published');
      const mode = ctx.url.searchParams.get('mode');
      let notice: Notice = null;
      if (published && isEntryId(published)) notice = { kind: 'ok', text: `${published} was published.` };
      else if (mode === 'on' || mode === 'off') notice = { kind: 'ok', text: `Approval mode is ${mode} now.` };
      send(ctx, 200, session, notice);
    },

    async publish(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps, 'content.publish');
      if (!posted) return;
      const { session, form } = posted;
      try {
        const id = form.get('id') ?? '';
        const entry = isEntryId(id) ? deps.content.entry(id) : undefined;
        if (!entry) throw new AppError('not_found', 'That entry does not exist (any more).');
        approveEntry(context, panelActor(session), entry, form.get('language') ?? '');
        redirect(ctx.res, `${PAGE}?published=${encodeURIComponent(id)}`, 303, { 'cache-control': 'no-store' });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        send(ctx, error.status, session, { kind: 'error', text: error.message });
      }
    },

    async switchMode(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps, 'settings.manage');
      if (!posted) return;
      const { session, form } = posted;
      const mode = form.get('mode');
      if (mode !== 'on' && mode !== 'off') return send(ctx, 422, session, { kind: 'error', text: 'Choose on or off.' });
      setApprovalMode(context, panelActor(session), mode === 'on');
      redirect(ctx.res, `${PAGE}?mode=${mode}`, 303, { 'cache-control': 'no-store' });
    },
  };
}
