import { Router } from '../http/router.js';
import type { AppDeps } from './app-deps.js';
import { registerMcpRoutes } from '../mcp/transports/http.js';
import { defaultRegistry } from './mcp-registry.js';
import { registerServerCard } from '../mcp/transports/server-card-route.js';
import { createApiLimiter, registerApiRoutes } from '../api/routes.js';
import { registerSiteRoutes } from '../site/routes.js';
import type { SiteDeps } from '../site/site-deps.js';
import { currentPanelSession } from '../panel/panel-session.js';
import { panelActor } from '../panel/panel-principal.js';
import { bearerToken } from '../auth/principal.js';
import { getStats, getStatsGoals, getStatsFunnel, getStatsExport } from '../api/stats.js';
import { registerStatsEndpoints } from '../site/stats-endpoints.js';
import { beaconScriptTag } from '../site/beacon.js';
import { importLater } from '../lib/on-demand.js';

const panelRoutes = importLater<typeof import('./panel-routes.js')>('./panel-routes.js', import.meta.url);
import { NO_EDGE, type EdgeSettings } from '../edge/edge-settings.js';

/** Every address the panel and OAuth answer starts with one of these (Router.lazy checks it). */
const PANEL_AND_OAUTH_PREFIXES = ['/svc/panel', '/svc/oauth', '/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'];

/**
 * Every HTTP route of the installation, specific ones before the public site's catch-all. `edge`: the caches
 * in front (edge/edge-settings.ts): how long they keep public answers, and the header cache tags go out in.
 */
export function buildRouter(deps: AppDeps, edge: EdgeSettings = NO_EDGE): Router {
  const router = new Router();
  // Content API v1 (read-only JSON). Other areas add endpoints through the last argument.
  const api = { config: deps.config, clock: deps.clock, log: deps.log, auth: deps.auth, content: deps.content, get stats() { return deps.stats; }, sharedCache: edge.policy };
  registerApiRoutes(router, api, createApiLimiter(deps), { stats: (request) => getStats(deps, request), 'stats/goals': (request) => getStatsGoals(deps, request), 'stats/funnel': (request) => getStatsFunnel(deps, request), 'stats/export': (request) => getStatsExport(deps, request) });
  // MCP over Streamable HTTP (POST /svc/mcp) and its protected resource metadata.
  registerMcpRoutes(router, deps, defaultRegistry());
  // The MCP server card (SEP-2127): the server described for clients that have not connected.
  registerServerCard(router, deps, defaultRegistry());
  // The panel and OAuth, registered here on the first request for one of their addresses (panel-routes.ts).
  router.lazy(PANEL_AND_OAUTH_PREFIXES, async () => {
    const { registerPanelAndOAuthRoutes } = await panelRoutes();
    return (own) => registerPanelAndOAuthRoutes(own, deps);
  });
  // Statistics: the beacon script, POST /svc/collect and POST /svc/consent.
  registerStatsEndpoints(router, deps);
  // The public website, last: its catch-all takes whatever no route above took. Statistics hook in here.
  const site: SiteDeps = {
    log: deps.log, content: deps.content,
    get stats() { return deps.stats; },
    signedInToPanel: (ctx) => currentPanelSession(ctx, deps) !== null,
    mediaViewer: (ctx) => {
      const session = currentPanelSession(ctx, deps);
      if (session) return panelActor(session).principal;
      const token = bearerToken(ctx.req.headers.authorization);
      const owner = token === undefined ? null : deps.auth.verify(token);
      return owner?.scopes.has('content:read') ? owner : null;
    },
    sharedCache: edge.policy,
  };
  registerSiteRoutes(router, site, {
    headExtra: () => {
      const site = deps.content.site();
      return beaconScriptTag(new URL(deps.config.baseUrl).pathname, { outbound: site.trackOutboundLinks === true, downloads: site.trackFileDownloads === true });
    },
    pageServed: (req, path) => { deps.stats.recordCrawlerHit({ userAgent: req.headers['user-agent'], path }); },
  });
  return router;
}
