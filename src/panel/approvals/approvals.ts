import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { redirect } from '../../http/respond.js';
import { AppError } from '../../errors.js';
import { isEntryId } from '../../content/entries/entry-id.js';
import type { Entry } from '../../content/entries/types.js';
import { approveEntry, listPendingReviews, sendBackReview } from '../../content/write/approve-entry.js';
import { isApprovalModeOn, setApprovalMode } from '../../content/write/approval-mode.js';
import { approveLiveChange, sendBackLiveChange } from '../../content/write/live-approval.js';
import { isLiveApprovalOn } from '../../content/write/live-proposals.js';
import { listPendingLive } from '../../content/pending-changes.js';
import { buildLiveChangeRows, renderLiveChanges, type SentLiveNote } from './live-change-rows.js';
import type { WriteContext } from '../../content/write/write-context.js';
import { renderPage, sendPanelPage, type PanelNotice } from '../layout.js';
import { panelActor } from '../panel-principal.js';
import { requirePanelPost, requirePanelSession, type PanelSession } from '../panel-session.js';
import { buildApprovalRows } from './approval-rows.js';
import { APPROVALS_PATH, renderApprovals, type ApprovalsView } from './approvals-view.js';
import { fill, words, type PanelWords } from '../words/panel-words.js';

/**
 * What a redirect back to the page may announce: fixed sentences about the entry id, never text from the
 * address. The address's name of each, and its words.
 */
const DONE = {
  published: 'published',
  scheduled: 'scheduled',
  'sent-back': 'sentBack',
  'change-published': 'changePublished',
  'change-sent-back': 'changeSentBack',
} as const satisfies Record<string, keyof PanelWords['approvals']>;

/**
 * "Waiting for approval" (content.publish): the waiting drafts, publishing one now or at its requested time,
 * sending one back with a note; and the approval-mode switch (settings.manage). Acting on a row needs the
 * right to publish that entry (content.publish_all, or content.publish for one's own), as publishing does.
 * Every answer carries the version stamp of what its row showed and is refused (409, the page shown again
 * with the rows as they are now) when that is not what waits any more, or when it carries none.
 */
export function createApprovalsHandlers(deps: PanelDeps) {
  const context: WriteContext = { store: deps.content, dataDir: deps.config.dataDir, clock: deps.clock };

  const send = (ctx: RequestContext, status: number, session: PanelSession, notice: PanelNotice | null, sent: ApprovalsView['sent'] = null, sentLive: SentLiveNote | null = null) => {
    const principal = panelActor(session).principal;
    const pending = listPendingReviews(deps.content);
    const manages = session.capabilities.has('settings.manage');
    const approvalMode = manages ? isApprovalModeOn(deps.content) : null;
    const approvalLive = manages ? isLiveApprovalOn(context) : null;
    const timeZone = deps.content.site().timezone;
    const names = new Map(deps.auth.accounts.list().map((account) => [account.id, account.name]));
    const live = listPendingLive(deps.trustedFolders, deps.config.dataDir);
    const shown = buildLiveChangeRows(context, names, principal, live);
    const liveChanges = renderLiveChanges(APPROVALS_PATH, session.csrf, timeZone, shown.rows, shown.total, sentLive);
    const body = renderApprovals({
      csrf: session.csrf, timeZone, rows: buildApprovalRows(deps, principal, pending),
      total: pending.length, approvalMode, approvalLive, liveChanges, sent,
    });
    sendPanelPage(ctx, status, renderPage({ title: words().approvals.title, viewer: session, active: 'approvals', body, notice }));
  };

  /** The posted entry; not_found when the id is malformed or gone. */
  const postedEntry = (form: URLSearchParams): Entry => {
    const id = form.get('id') ?? '';
    const entry = isEntryId(id) ? deps.content.entry(id) : undefined;
    if (!entry) throw new AppError('not_found', words().approvals.entryGone);
    return entry;
  };

  /** The version stamp the form carries of what its row showed; a form without one is refused. */
  const seenVersion = (form: URLSearchParams, name = 'version'): string => {
    const version = form.get(name) ?? '';
    if (version === '') throw new AppError('conflict', words().approvals.noVersion);
    return version;
  };

  const done = (ctx: RequestContext, what: keyof typeof DONE, id: string) =>
    redirect(ctx.res, `${APPROVALS_PATH}?${new URLSearchParams({ [what]: id })}`, 303, { 'cache-control': 'no-store' });

  return {
    show(ctx: RequestContext): void {
      const session = requirePanelSession(ctx, deps, 'content.publish');
      if (!session) return;
      const params = ctx.url.searchParams;
      const mode = params.get('mode');
      const w = words().approvals;
      let notice: PanelNotice | null = null;
      for (const [what, sentence] of Object.entries(DONE)) {
        const id = params.get(what);
        if (id && isEntryId(id)) notice = { kind: 'ok', text: fill(w[sentence], { id }) };
      }
      if (mode === 'on' || mode === 'off') notice = { kind: 'ok', text: mode === 'on' ? w.modeIsOn : w.modeIsOff };
      const live = params.get('live');
      if (live === 'on' || live === 'off') notice = { kind: 'ok', text: live === 'on' ? w.liveIsOn : w.liveIsOff };
      send(ctx, 200, session, notice);
    },

    /** `when=now` publishes at once; `when=requested` (the default) keeps a requested time. */
    async publish(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps, 'content.publish');
      if (!posted) return;
      const { session, form } = posted;
      try {
        const when = form.get('when') ?? 'requested';
        if (when !== 'now' && when !== 'requested') throw new AppError('invalid_params', words().approvals.chooseWhen);
        const entry = postedEntry(form);
        const result = approveEntry(context, panelActor(session), entry, form.get('language') ?? '', when, seenVersion(form));
        done(ctx, result.status, entry.id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        send(ctx, error.status, session, { kind: 'error', text: error.message });
      }
    },

    async sendBack(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps, 'content.publish');
      if (!posted) return;
      const { session, form } = posted;
      const id = form.get('id') ?? '';
      const language = form.get('language') ?? '';
      try {
        const entry = postedEntry(form);
        sendBackReview(context, panelActor(session), entry, language, form.get('note') ?? '', seenVersion(form));
        done(ctx, 'sent-back', entry.id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // What was typed comes back in its row (cut to what the field holds), so a refused note is not lost.
        send(ctx, error.status, session, { kind: 'error', text: error.message }, { id, language, note: (form.get('note') ?? '').slice(0, 5000) });
      }
    },

    /** Publishes, or sends back, a change an assistant proposed to a published entry. */
    async answerChange(ctx: RequestContext): Promise<void> {
      const publish = ctx.url.pathname.endsWith('/publish-change');
      const posted = await requirePanelPost(ctx, deps, 'content.publish');
      if (!posted) return;
      const { session, form } = posted;
      try {
        const entry = postedEntry(form);
        const language = form.get('language') || null;
        const media = form.get('media') || null;
        // The live version matters to publishing (the diff was against it), and a text or CSS has one.
        const seen = { version: seenVersion(form), ...(publish && media === null ? { liveVersion: seenVersion(form, 'live_version') } : {}) };
        if (publish) approveLiveChange(context, panelActor(session), entry.id, language, media, seen);
        else sendBackLiveChange(context, panelActor(session), entry.id, language, form.get('note') ?? '', media, seen);
        done(ctx, publish ? 'change-published' : 'change-sent-back', entry.id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // A refused send back keeps its note in its row, as the drafts' does.
        const sentLive = publish ? null : { id: form.get('id') ?? '', language: form.get('language') || null, media: form.get('media') || null, note: (form.get('note') ?? '').slice(0, 5000) };
        send(ctx, error.status, session, { kind: 'error', text: error.message }, null, sentLive);
      }
    },

    async switchMode(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps, 'settings.manage');
      if (!posted) return;
      const { session, form } = posted;
      const mode = form.get('mode');
      if (mode !== 'on' && mode !== 'off') return send(ctx, 422, session, { kind: 'error', text: words().approvals.chooseOnOff });
      const live = ctx.url.pathname.endsWith('/live');
      setApprovalMode(context, panelActor(session), mode === 'on', live ? 'approval_live' : 'approval_mode');
      redirect(ctx.res, `${APPROVALS_PATH}?${live ? 'live' : 'mode'}=${mode}`, 303, { 'cache-control': 'no-store' });
    },
  };
}
