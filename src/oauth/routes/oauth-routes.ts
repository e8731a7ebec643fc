// The authorization server's routes. Discovery, registration and the token endpoint are called by
// clients (also browser-based ones, hence CORS without credentials); authorize is a panel page
// (src/panel/oauth-consent/).
import type { OAuthRouteDeps } from './oauth-route-deps.js';
import type { Handler, RequestContext, Router } from '../../http/router.js';
import { sendEmpty, sendJson } from '../../http/respond.js';
import { atCanonicalAddress } from '../../http/canonical-address.js';
import { authorizationServerMetadataPaths, buildAuthorizationServerMetadata } from '../metadata.js';
import { createRegisterHandler } from './register-endpoint.js';
import { createTokenHandler } from './token-endpoint.js';
import { rateLimitOf } from '../../lib/rate-limit-settings.js';

export function registerOAuthRoutes(router: Router, deps: OAuthRouteDeps): void {
  const { oauth } = deps;
  const register = createRegisterHandler(oauth.clients, deps.clock, () => oauth.cleanup.maybeRun(), rateLimitOf(deps.config.rateLimits, 'oauth_register'));

  // The same metadata at every address a client probes (RFC 8414 and OpenID Connect discovery), each of them
  // spelled one way only (http/canonical-address.ts): public, kept by caches for an hour. The endpoints that
  // take a POST are left as they are: no cache keeps their answers.
  for (const path of authorizationServerMetadataPaths(deps.config.baseUrl)) {
    addCorsRoute(router, 'GET', path, atCanonicalAddress(({ res }) =>
      sendJson(res, 200, buildAuthorizationServerMetadata(deps.config.baseUrl), { 'cache-control': 'public, max-age=3600' })));
  }
  addCorsRoute(router, 'POST', '/svc/oauth/register', register);
  addCorsRoute(router, 'POST', '/svc/oauth/token', createTokenHandler(oauth, rateLimitOf(deps.config.rateLimits, 'oauth_token')));
}

/** A route any origin may call without credentials, with its preflight. */
function addCorsRoute(router: Router, method: 'GET' | 'POST', path: string, handler: Handler): void {
  router.add(method, path, (ctx: RequestContext) => {
    ctx.res.setHeader('access-control-allow-origin', '*');
    return handler(ctx);
  });
  router.add('OPTIONS', path, ({ res }) => sendEmpty(res, 204, {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': `${method}, OPTIONS`,
    'access-control-allow-headers': 'content-type, authorization, mcp-protocol-version',
    'access-control-max-age': '86400',
  }));
}
