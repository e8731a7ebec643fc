import { Router } from '../http/router.js';
import type { AppDeps } from './app-deps.js';
import { registerMcpRoutes } from '../mcp/transports/http.js';
import { createApiLimiter, registerApiRoutes } from '../api/routes.js';
import { registerPanelRoutes } from '../panel/routes.js';
import { registerApprovalRoutes } from '../panel/approvals/approvals-routes.js';
import { registerEntryRoutes } from '../panel/entries/entries-routes.js';
import { registerStatsPage } from '../panel/stats/stats-page.js';
import { registerOAuthRoutes } from '../oauth/routes/oauth-routes.js';
import { registerOAuthConsentRoutes } from '../panel/oauth-consent/oauth-consent.js';
import { registerSiteRoutes } from '../site/routes.js';
import { getStats } from '../api/stats.js';
import { registerStatsEndpoints } from '../site/stats-endpoints.js';
import { beaconScriptTag } from '../site/beacon.js';

/** Every HTTP route of the installation, specific ones before the public site's catch-all. */
export function buildRouter(deps: AppDeps): Router {
  const router = new Router();
  // Content API v1 (read-only JSON). Other areas add endpoints through the last argument.
  registerApiRoutes(router, deps, createApiLimiter(deps), { stats: (request) => getStats(deps, request) });
  // MCP over Streamable HTTP (POST /svc/mcp) and its protected resource metadata.
  registerMcpRoutes(router, deps);
  // The panel: sign-in (+ two-factor), sessions, Assistants (tokens).
  registerPanelRoutes(router, deps);
  // Panel: Waiting for approval, the approval-mode switch, an entry's history and earlier versions.
  registerApprovalRoutes(router, deps);
  // Panel: Content (the list of entries, one entry, editing, publishing).
  registerEntryRoutes(router, deps);
  // Panel: Statistics (figures from the same functions as the MCP statistics tools).
  registerStatsPage(router, deps);
  // OAuth 2.1 for assistants: metadata, registration, consent (a panel page), tokens.
  registerOAuthRoutes(router, deps);
  registerOAuthConsentRoutes(router, deps);
  // Statistics: the beacon script, POST /svc/collect and POST /svc/consent.
  registerStatsEndpoints(router, deps);
  // The public website, last: its catch-all takes whatever no route above took. Statistics hook in here.
  registerSiteRoutes(router, deps, {
    headExtra: () => beaconScriptTag(new URL(deps.config.baseUrl).pathname),
    pageServed: (req, path) => { deps.stats.recordCrawlerHit({ userAgent: req.headers['user-agent'], path }); },
  });
  return router;
}
