// Clients identified by a Client ID Metadata Document: an https client_id is the address of a JSON document
// describing the client (MCP 2025-11-25 authorization, SEP-991). The document must name itself (its
// client_id equal to the address, exactly), carry client_name and redirect_uris, and describe a public
// client; the redirect_uri of a request must be one it lists (checked where the request is). A usable
// document is kept as long as HTTP caching allows; nothing is written to disk.
import { LruCache } from '../lib/lru.js';
import { hasDisguisingCharacters } from '../lib/disguising-characters.js';
import type { OAuthClient } from './client-store.js';
import { checkRedirectUri } from './redirect-uri.js';
import { fetchMetadataDocument, type MetadataFetchOptions } from './client-metadata-fetch.js';

export type DocumentClient = { ok: true; client: OAuthClient; host: string } | { ok: false; reason: string };

const GRANT_TYPES = ['authorization_code', 'refresh_token'];

/** A client_id that names a metadata document rather than a registration of ours. */
export function isDocumentClientId(clientId: string): boolean {
  return clientId.startsWith('https://') || clientId.startsWith('http://');
}

export class ClientMetadataDocuments {
  private readonly kept = new LruCache<string, { client: OAuthClient; host: string; until: number }>(200);

  constructor(private readonly options: MetadataFetchOptions) {}

  /** The client the document at `clientId` describes, or a sentence saying why it cannot be used. */
  async resolve(clientId: string): Promise<DocumentClient> {
    let url: URL;
    try {
      url = new URL(clientId);
    } catch {
      return { ok: false, reason: 'its address is not a valid URL' };
    }
    const now = this.options.now();
    const kept = this.kept.get(clientId);
    if (kept && kept.until > now) return { ok: true, client: kept.client, host: kept.host };
    const fetched = await fetchMetadataDocument(url, this.options);
    if (!fetched.ok) return fetched;
    const checked = clientFromDocument(clientId, fetched.value);
    if (typeof checked === 'string') return { ok: false, reason: checked };
    const host = url.host;
    if (fetched.keepUntil > now) this.kept.set(clientId, { client: checked, host, until: fetched.keepUntil });
    return { ok: true, client: checked, host };
  }
}

/** The document as a public client of ours, or why it is not acceptable. */
export function clientFromDocument(clientId: string, document: unknown): OAuthClient | string {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return 'it is not a JSON object';
  const doc = document as Record<string, unknown>;
  if (doc.client_id !== clientId) return 'its client_id is not exactly the address it was fetched from';
  const name = doc.client_name;
  if (typeof name !== 'string' || name.trim() === '' || name.length > 100 || /[\u0000-\u001f\u007f]/.test(name) || hasDisguisingCharacters(name)) {
    return 'its client_name is missing, longer than 100 characters, or holds control, invisible or direction-changing characters';
  }
  const uris = doc.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10 || !uris.every((uri) => typeof uri === 'string')) return 'its redirect_uris must list 1 to 10 addresses';
  for (const [index, uri] of (uris as string[]).entries()) {
    const problem = checkRedirectUri(uri);
    if (problem) return `its redirect_uris.${index} ${problem}`;
  }
  // A document is public by nature: a secret in it, or a way of authenticating we do not offer, is refused.
  if ('client_secret' in doc || 'client_secret_expires_at' in doc) return 'it contains a client_secret, which a metadata document must never hold';
  const method = doc.token_endpoint_auth_method ?? 'none';
  if (method !== 'none') return 'its token_endpoint_auth_method must be "none": this server has public clients only';
  const grants = doc.grant_types ?? ['authorization_code'];
  if (!Array.isArray(grants) || !grants.includes('authorization_code')) return 'its grant_types must include "authorization_code"';
  const responses = doc.response_types ?? ['code'];
  if (!Array.isArray(responses) || responses.some((type) => type !== 'code')) return 'its response_types may list only "code"';
  return {
    client_id: clientId,
    client_id_issued_at: 0,
    client_name: name.trim(),
    redirect_uris: [...new Set(uris as string[])],
    grant_types: GRANT_TYPES.filter((grant) => grants.includes(grant)),
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    last_used_at: null,
  };
}
