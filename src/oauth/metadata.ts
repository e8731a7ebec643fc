// Authorization server metadata (RFC 8414). The protected resource metadata (RFC 9728) belongs to the
// resource side (src/mcp/transports/resource-metadata.ts); both derive from the one public base URL, so
// its authorization_servers[0] is always our issuer and its resource the MCP URL tokens are issued for.
import { SCOPES } from '../auth/principal.js';

export interface OAuthUrls {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  registrationEndpoint: string;
  /** The MCP endpoint: the only resource (RFC 8707) tokens are issued for. */
  resource: string;
}

export function oauthUrls(baseUrl: string): OAuthUrls {
  const issuer = baseUrl.replace(/\/+$/, '');
  return {
    issuer,
    authorizationEndpoint: `${issuer}/svc/oauth/authorize`,
    tokenEndpoint: `${issuer}/svc/oauth/token`,
    registrationEndpoint: `${issuer}/svc/oauth/register`,
    resource: `${issuer}/svc/mcp`,
  };
}

export function buildAuthorizationServerMetadata(baseUrl: string): Record<string, unknown> {
  const urls = oauthUrls(baseUrl);
  return {
    issuer: urls.issuer,
    authorization_endpoint: urls.authorizationEndpoint,
    token_endpoint: urls.tokenEndpoint,
    registration_endpoint: urls.registrationEndpoint,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    scopes_supported: [...SCOPES],
    // RFC 9207: the authorization response carries `iss`, so clients can tell issuers apart.
    authorization_response_iss_parameter_supported: true,
    // An https client_id may name the client's own metadata document instead of a registration (SEP-991).
    client_id_metadata_document_supported: true,
  };
}

/**
 * Where clients look for this metadata (MCP 2025-11-25 authorization, "Authorization Server Metadata
 * Discovery"): RFC 8414's and OpenID Connect discovery's well-known paths, and for an issuer with a path
 * `<p>` both with `<p>` appended and OpenID's `<p>/.well-known/openid-configuration`. Paths as this server
 * sees them: a base URL's own path is the front proxy's business, so `<p>` forms are added beside the root
 * ones for a proxy that passes them on unchanged.
 */
export function authorizationServerMetadataPaths(baseUrl: string): string[] {
  const path = new URL(baseUrl).pathname.replace(/\/+$/, '');
  const paths = ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'];
  if (path !== '') paths.push(`/.well-known/oauth-authorization-server${path}`, `/.well-known/openid-configuration${path}`, `${path}/.well-known/openid-configuration`);
  return paths;
}
