// OAuth 2.0 Protected Resource Metadata (RFC 9728) for the MCP endpoint. The authorization server's own
// metadata (RFC 8414) lives in src/oauth/; the two meet only in `authorization_servers` = [base URL].
import { SCOPES } from '../../auth/principal.js';

export const MCP_PATH = '/svc/mcp';

export function mcpResourceUrl(baseUrl: string): string {
  return `${baseUrl}${MCP_PATH}`;
}

export function resourceMetadataUrl(baseUrl: string): string {
  return `${baseUrl}/.well-known/oauth-protected-resource${MCP_PATH}`;
}

export function buildResourceMetadata(baseUrl: string, resourceName?: string): Record<string, unknown> {
  return {
    resource: mcpResourceUrl(baseUrl),
    authorization_servers: [baseUrl],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    ...(resourceName ? { resource_name: resourceName } : {}),
  };
}
