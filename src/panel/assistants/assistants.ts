import type { PanelSessionDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { redirect } from '../../http/respond.js';
import { AppError } from '../../errors.js';
import { EXPIRY_CHOICES, isExpiryChoice } from '../../auth/token-store.js';
import { renderPage, sendPanelMessage } from '../layout.js';
import { renderAssistants, type AssistantsView } from './assistants-view.js';
import { buildClientSettings, serverNameOf } from './client-settings.js';
import { sendScriptedPanelPage } from '../panel-script.js';
import { requirePanelPost, requirePanelSession, type PanelSession } from '../panel-session.js';
import { siteTimeZoneOf } from '../site-time.js';
import { fill, words } from '../words/panel-words.js';

const PAGE = '/svc/panel/assistants';

function view(deps: PanelSessionDeps, session: PanelSession, extra: Partial<AssistantsView> = {}): AssistantsView {
  const manage = session.capabilities.has('team.manage');
  const names = new Map(deps.auth.accounts.list().map((account) => [account.id, account.name]));
  return {
    csrf: session.csrf,
    offered: deps.auth.scopesOfferedTo(session.account),
    mine: deps.auth.listTokens(session.account.id),
    others: manage
      ? deps.auth.listTokens().filter((r) => r.owner !== session.account.id).map((r) => ({ ...r, ownerName: names.get(r.owner) ?? fill(words().assistants.removedOwner, { id: r.owner }) }))
      : null,
    now: deps.clock(),
    timeZone: siteTimeZoneOf(deps),
    ...extra,
  };
}

function send(ctx: RequestContext, status: number, session: PanelSession, body: string, notice: { kind: 'ok' | 'error' | 'warn'; text: string } | null = null): void {
  // The script adds copy buttons for the token and the settings.
  sendScriptedPanelPage(ctx, status, renderPage({ title: words().assistants.title, viewer: session, active: 'assistants', body, notice, script: true }));
}

/**
 * The Assistants page: list, create (token shown once), revoke. Needs assistants.use. `siteTitle` names the
 * server in the settings shown (the site's title; `site` without one).
 */
export function createAssistantsHandlers(deps: PanelSessionDeps, siteTitle: () => string | undefined = () => undefined) {
  return {
    show(ctx: RequestContext): void {
      const session = requirePanelSession(ctx, deps, 'assistants.use');
      if (!session) return;
      const w = words().assistants;
      const notice = ctx.url.searchParams.get('revoked') === '1' ? { kind: 'ok' as const, text: w.revoked } : null;
      // Every client's settings with a stand-in for the token, until one is created (then filled in, once).
      const connect = buildClientSettings({ baseUrl: deps.config.baseUrl, root: deps.config.root, token: w.tokenStandIn, serverName: serverNameOf(siteTitle()) });
      send(ctx, 200, session, renderAssistants(view(deps, session, { connect })), notice);
    },

    async create(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps, 'assistants.use');
      if (!posted) return;
      const { session, form } = posted;
      const draft = { name: (form.get('name') ?? '').slice(0, 200), scopes: form.getAll('scopes').slice(0, 10), expiry: form.get('expiry') ?? '' };
      try {
        if (!isExpiryChoice(draft.expiry)) throw new AppError('invalid_params', words().assistants.chooseExpiry);
        const created = deps.auth.createToken({ ownerId: session.account.id, name: draft.name, scopes: draft.scopes, expiresInDays: EXPIRY_CHOICES[draft.expiry] });
        const settings = buildClientSettings({ baseUrl: deps.config.baseUrl, root: deps.config.root, token: created.token, serverName: serverNameOf(siteTitle()) });
        send(ctx, 201, session, renderAssistants(view(deps, session, { created: { ...created, settings } })), { kind: 'ok', text: fill(words().assistants.tokenCreated, { name: created.record.name }) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        send(ctx, error.status, session, renderAssistants(view(deps, session, { draft })), { kind: 'error', text: error.message });
      }
    },

    async revoke(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps, 'assistants.use');
      if (!posted) return;
      const { session, form } = posted;
      const record = deps.auth.getToken(form.get('id') ?? '');
      const mayRevoke = record && (record.owner === session.account.id || session.capabilities.has('team.manage'));
      // Someone else's token answers like an unknown one, so ids cannot be probed.
      if (!record || !mayRevoke) return sendPanelMessage(ctx, 404, words().assistants.noSuchToken, words().assistants.noSuchTokenText, session);
      deps.auth.revokeToken(record.id);
      redirect(ctx.res, `${PAGE}?revoked=1`, 303, { 'cache-control': 'no-store' });
    },
  };
}
