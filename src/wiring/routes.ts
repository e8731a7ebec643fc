import { Router } from '../http/router.js';
import type { AppDeps } from './app-deps.js';
import { registerMcpRoutes } from '../mcp/transports/http.js';
import { defaultRegistry } from './mcp-registry.js';
import { createApiLimiter, registerApiRoutes } from '../api/routes.js';
import { SignInThrottle } from '../panel/sign-in-throttle.js';
import { registerHomeRoutes } from '../panel/home/home-routes.js';
import { registerSignInRoutes } from '../panel/sign-in/sign-in-routes.js';
import { registerAssistantsRoutes } from '../panel/assistants/assistants-routes.js';
import { registerAccountRoutes } from '../panel/account/account-routes.js';
import { registerApprovalRoutes } from '../panel/approvals/approvals-routes.js';
import { registerEntryRoutes } from '../panel/entries/entries-routes.js';
import { registerPreviewRoutes } from '../panel/preview/preview.js';
import { registerMediaLibraryRoutes } from '../panel/media/media-library.js';
import { renderPreviewPage } from '../site/preview-page.js';
import { registerRevisionRoutes } from '../panel/revisions/revisions-routes.js';
import { registerHistoryRoutes } from '../panel/history/history-routes.js';
import { registerStatsPage } from '../panel/stats/stats-page.js';
import { registerSiteCheckRoutes } from '../panel/site-check/site-check-page.js';
import { registerOAuthRoutes } from '../oauth/routes/oauth-routes.js';
import { registerOAuthConsentRoutes } from '../panel/oauth-consent/oauth-consent.js';
import { registerSiteRoutes } from '../site/routes.js';
import type { SiteDeps } from '../site/site-deps.js';
import { currentPanelSession } from '../panel/panel-session.js';
import { getStats } from '../api/stats.js';
import { registerStatsEndpoints } from '../site/stats-endpoints.js';
import { beaconScriptTag } from '../site/beacon.js';

/** Every HTTP route of the installation, specific ones before the public site's catch-all. */
export function buildRouter(deps: AppDeps): Router {
  const router = new Router();
  // Content API v1 (read-only JSON). Other areas add endpoints through the last argument.
  registerApiRoutes(router, deps, createApiLimiter(deps), { stats: (request) => getStats(deps, request) });
  // MCP over Streamable HTTP (POST /svc/mcp) and its protected resource metadata.
  registerMcpRoutes(router, deps, defaultRegistry());
  // The panel: its home and stylesheet, sign-in (+ two-factor), Assistants (tokens), Your account. One
  // throttle for every password and code check, at sign-in and on the account page.
  const throttle = new SignInThrottle(deps.clock);
  registerHomeRoutes(router, deps);
  registerSignInRoutes(router, deps, throttle);
  registerAssistantsRoutes(router, deps, () => deps.content.site().title);
  registerAccountRoutes(router, deps, throttle);
  // Panel: Waiting for approval, the approval-mode switch.
  registerApprovalRoutes(router, deps);
  // Panel: Content (the list of entries, one entry, editing, publishing), previews drawn by the public
  // site's renderer, and the media library.
  registerEntryRoutes(router, deps);
  registerPreviewRoutes(router, deps, (entry, translation, editHref, draft) => renderPreviewPage(deps.content, entry, translation, editHref, deps.log, draft));
  registerMediaLibraryRoutes(router, deps);
  // Panel: an entry's earlier versions, a diff of one against now, Restore.
  registerRevisionRoutes(router, deps);
  // Panel: History, every change with filters by person, via, token and entry.
  registerHistoryRoutes(router, deps);
  // Panel: Statistics (figures from the same functions as the MCP statistics tools).
  registerStatsPage(router, deps);
  // Panel: Site check (what `svc check` lists), for people who manage the site's settings.
  registerSiteCheckRoutes(router, deps);
  // OAuth 2.1 for assistants: metadata, registration, consent (a panel page), tokens.
  registerOAuthRoutes(router, deps);
  registerOAuthConsentRoutes(router, deps);
  // Statistics: the beacon script, POST /svc/collect and POST /svc/consent.
  registerStatsEndpoints(router, deps);
  // The public website, last: its catch-all takes whatever no route above took. Statistics hook in here.
  const site: SiteDeps = {
    log: deps.log, auth: deps.auth, content: deps.content,
    get stats() { return deps.stats; },
    signedInToPanel: (ctx) => currentPanelSession(ctx, deps) !== null,
  };
  registerSiteRoutes(router, site, {
    headExtra: () => beaconScriptTag(new URL(deps.config.baseUrl).pathname),
    pageServed: (req, path) => { deps.stats.recordCrawlerHit({ userAgent: req.headers['user-agent'], path }); },
  });
  return router;
}
