// Who a client_id names: a client registered here (dynamic registration), or one described by its own
// Client ID Metadata Document (an https client_id). Both the authorization and the token endpoint ask here.
import type { OAuthService } from './oauth-service.js';
import type { OAuthClient } from './client-store.js';
import { isDocumentClientId } from './client-metadata-documents.js';

export type ClientLookup =
  | { kind: 'found'; client: OAuthClient; /** The host of its metadata document; null for a registered client. */ documentHost: string | null }
  | { kind: 'unknown' }
  /** A metadata document that could not be used, and why. */
  | { kind: 'refused'; reason: string };

/** `from`: the asking address for the metadata documents' limit, or null where the endpoint limits asks itself. */
export async function lookUpClient(oauth: OAuthService, clientId: string, from: string | null): Promise<ClientLookup> {
  if (isDocumentClientId(clientId)) {
    const resolved = await oauth.documents.resolve(clientId, from);
    return resolved.ok ? { kind: 'found', client: resolved.client, documentHost: resolved.host } : { kind: 'refused', reason: resolved.reason };
  }
  const client = oauth.clients.find(clientId);
  return client ? { kind: 'found', client, documentHost: null } : { kind: 'unknown' };
}
