import { Router } from './http/router.js';
import type { AppDeps } from './app-deps.js';
import { registerMcpRoutes } from './mcp/transports/http.js';
import { createApiLimiter, registerApiRoutes } from './api/routes.js';
import { registerPanelRoutes } from './panel/routes.js';
import { registerOAuthRoutes } from './oauth/routes.js';
import { registerSiteRoutes } from './site/routes.js';

/** Every HTTP route of the installation, specific ones before the public site's catch-all. */
export function buildRouter(deps: AppDeps): Router {
  const router = new Router();
  // Content API v1 (read-only JSON). Other areas add endpoints through the last argument.
  registerApiRoutes(router, deps, createApiLimiter(deps), {});
  // MCP over Streamable HTTP (POST /svc/mcp) and its protected resource metadata.
  registerMcpRoutes(router, deps);
  // The panel: sign-in (+ two-factor), sessions, Assistants (tokens).
  registerPanelRoutes(router, deps);
  // OAuth 2.1 for assistants: metadata, registration, consent (a panel page), tokens.
  registerOAuthRoutes(router, deps);
  // The public website, last: its catch-all takes whatever no route above took. Statistics hook in here.
  registerSiteRoutes(router, deps, {});
  return router;
}
