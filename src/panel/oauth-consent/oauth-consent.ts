// The OAuth consent page in the panel (the spec: "consent page in the panel").
// GET /svc/oauth/authorize shows the consent page; POST (the consent form) decides. Both check the whole
// request again, the form carrying the original parameters, so nothing is trusted from the first step.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext, Router } from '../../http/router.js';
import { redirect } from '../../http/respond.js';
import { isScope, scopesOffered } from '../../auth/scopes.js';
import type { Scope } from '../../auth/principal.js';
import { renderPage, sendPanelPage } from '../layout.js';
import { esc } from '../html.js';
import { requirePanelSession, requirePanelPost, type PanelSession } from '../panel-session.js';
import type { OAuthService } from '../../oauth/oauth-service.js';
import { checkAuthorizationRequest, authorizationResponseUrl, type AuthorizationRequest } from '../../oauth/authorization-request.js';
import { fill, words } from '../words/panel-words.js';
import { renderConsentForm, renderNothingToGrant, orderScopes, GRANT_FIELD, DECISION_FIELD, AUTHORIZE_PATH } from './oauth-consent-view.js';

const NO_STORE = { 'cache-control': 'no-store' };

export function createAuthorizeHandlers(oauth: OAuthService, deps: PanelDeps) {
  /** What this person may give: nothing without assistants.use, else the scopes their role offers. */
  function offeredTo(session: PanelSession): Scope[] {
    return session.capabilities.has('assistants.use') ? scopesOffered(session.capabilities) : [];
  }

  function showConsent(ctx: RequestContext, status: number, request: AuthorizationRequest, session: PanelSession, checked: Scope[], notice?: string): void {
    const offered = offeredTo(session);
    const body = offered.length === 0
      ? renderNothingToGrant(request, session.csrf)
      : renderConsentForm({ request, csrf: session.csrf, offered, checked });
    sendPanelPage(ctx, status, renderPage({ title: words().oauthConsent.title, viewer: session, body, notice: notice ? { kind: 'error', text: notice } : null }));
  }

  function showProblem(ctx: RequestContext, status: number, title: string, message: string, session?: PanelSession | null): void {
    sendPanelPage(ctx, status, renderPage({ title, viewer: session ?? null, body: `<h1>${esc(title)}</h1><div class="card"><p>${esc(message)}</p></div>` }));
  }

  /** Sends the browser back to the client with the answer, `state` and our `iss` (RFC 9207). */
  function answerClient(ctx: RequestContext, request: AuthorizationRequest, values: Record<string, string>): void {
    redirect(ctx.res, authorizationResponseUrl(request.redirectUri, { ...values, state: request.state, iss: oauth.urls.issuer }), 303, NO_STORE);
  }

  return {
    async show(ctx: RequestContext): Promise<void> {
      oauth.cleanup.maybeRun();
      const check = await checkAuthorizationRequest(oauth, ctx.url.searchParams, ctx.ip);
      if (check.kind === 'page') return showProblem(ctx, check.status, check.title, check.message);
      if (check.kind === 'redirect') return redirect(ctx.res, check.location, 303, NO_STORE);
      // Sign-in (with its two-factor step) comes back here through `next`.
      const session = requirePanelSession(ctx, deps);
      if (!session) return;
      const { request } = check;
      const offered = offeredTo(session);
      const checked = request.requestedScopes === null ? offered : request.requestedScopes.filter((scope) => offered.includes(scope));
      showConsent(ctx, 200, request, session, checked);
    },

    async decide(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps);
      if (!posted) return;
      const { session, form } = posted;
      const check = await checkAuthorizationRequest(oauth, form, ctx.ip);
      if (check.kind === 'page') return showProblem(ctx, check.status, check.title, check.message, session);
      if (check.kind === 'redirect') return redirect(ctx.res, check.location, 303, NO_STORE);
      const { request } = check;
      const w = words().oauthConsent;
      const decision = form.get(DECISION_FIELD);
      if (decision === 'deny') {
        return answerClient(ctx, request, { error: 'access_denied', error_description: 'The person refused to connect this client.' });
      }
      if (decision !== 'allow') return showProblem(ctx, 400, w.title, w.chooseAllowOrRefuse, session);
      const offered = offeredTo(session);
      if (offered.length === 0) return showProblem(ctx, 403, w.notAllowed, w.roleForbidsShort, session);
      const chosen = form.getAll(GRANT_FIELD);
      const unknown = chosen.filter((scope) => !isScope(scope));
      if (unknown.length > 0) return showProblem(ctx, 400, w.title, fill(w.noSuchRight, { name: unknown[0]!.slice(0, 40) }), session);
      const beyond = chosen.filter((scope) => !offered.includes(scope as Scope));
      if (beyond.length > 0) return showProblem(ctx, 403, w.notAllowed, fill(w.rightBeyondRole, { scope: beyond[0]! }), session);
      const scopes = orderScopes(chosen as Scope[]);
      if (scopes.length === 0) return showConsent(ctx, 400, request, session, [], w.chooseOneRight);
      const code = oauth.codes.issue({
        clientId: request.client.client_id,
        accountId: session.account.id,
        redirectUri: request.redirectUri,
        redirectUriGiven: request.redirectUriGiven,
        codeChallenge: request.codeChallenge,
        scopes,
        resource: request.resource,
      });
      answerClient(ctx, request, { code });
    },
  };
}

/** GET and POST /svc/oauth/authorize: the authorization endpoint, a panel page. */
export function registerOAuthConsentRoutes(router: Router, deps: PanelDeps): void {
  const authorize = createAuthorizeHandlers(deps.oauth, deps);
  router.get(AUTHORIZE_PATH, authorize.show);
  router.post(AUTHORIZE_PATH, authorize.decide);
}
