// Clients identified by a Client ID Metadata Document: an https client_id is the address of a JSON document
// describing the client (MCP 2025-11-25 authorization, SEP-991). The document must name itself (its
// client_id equal to the address, exactly), carry client_name and redirect_uris, and describe a public
// client; the redirect_uri of a request must be one it lists (checked where the request is). A usable
// document is kept as long as HTTP caching allows; nothing is written to disk.
//
// Anyone may open the authorization page with any https client_id, before signing in, so each fetch is a
// request this server makes for a stranger: asks for the same address share one fetch, at most
// MOST_FETCHES_AT_ONCE run at once, and one asking address starts at most as many a minute as it may
// register clients (the spec's registration limit: a document stands in for a registration).
import { LruCache } from '../lib/lru.js';
import { TokenBucketLimiter } from '../lib/token-bucket.js';
import { hasDisguisingCharacters } from '../lib/disguising-characters.js';
import type { OAuthClient } from './client-store.js';
import { checkRedirectUri } from './redirect-uri.js';
import { fetchMetadataDocument, refuseDocumentUrl, type MetadataFetchOptions } from './client-metadata-fetch.js';

export type DocumentClient = { ok: true; client: OAuthClient; host: string } | { ok: false; reason: string };

const GRANT_TYPES = ['authorization_code', 'refresh_token'];

/** A client_id that names a metadata document rather than a registration of ours. */
export function isDocumentClientId(clientId: string): boolean {
  return clientId.startsWith('https://') || clientId.startsWith('http://');
}

/** Fetches in flight at once, over all asking addresses: each holds a connection for up to its timeout. */
export const MOST_FETCHES_AT_ONCE = 8;

export interface DocumentsOptions extends MetadataFetchOptions {
  /** Fetches a minute one asking address may start (documents kept or in flight do not count); null: no limit. */
  fetchesPerMinute: number | null;
}

export class ClientMetadataDocuments {
  private readonly kept = new LruCache<string, { client: OAuthClient; host: string; until: number }>(200);
  private readonly inFlight = new Map<string, Promise<DocumentClient>>();
  private readonly perAddress: TokenBucketLimiter | null;

  constructor(private readonly options: DocumentsOptions) {
    this.perAddress = options.fetchesPerMinute === null ? null : new TokenBucketLimiter(options.fetchesPerMinute, 60_000, options.now);
  }

  /**
   * The client the document at `clientId` describes, or a sentence saying why it cannot be used. `from`: the
   * asking address, or null where the endpoint's own rate limit already counts the ask (the token endpoint).
   */
  async resolve(clientId: string, from: string | null): Promise<DocumentClient> {
    let url: URL;
    try {
      url = new URL(clientId);
    } catch {
      return { ok: false, reason: 'its address is not a valid URL' };
    }
    const kept = this.kept.get(clientId);
    if (kept && kept.until > this.options.now()) return { ok: true, client: kept.client, host: kept.host };
    const pending = this.inFlight.get(clientId);
    if (pending) return pending;
    const refusal = refuseDocumentUrl(url, this.options.allowLoopback);
    if (refusal) return { ok: false, reason: refusal };
    if (this.inFlight.size >= MOST_FETCHES_AT_ONCE) return { ok: false, reason: 'this site is fetching too many application descriptions at once; try again in a few seconds' };
    const bucket = from === null ? null : this.perAddress?.take(from);
    if (bucket && !bucket.allowed) {
      return { ok: false, reason: `at most ${this.perAddress!.capacity} application descriptions a minute are fetched for one address; try again in ${bucket.retryAfterSeconds} s` };
    }
    const fetching = this.fetch(clientId, url).finally(() => this.inFlight.delete(clientId));
    this.inFlight.set(clientId, fetching);
    return fetching;
  }

  private async fetch(clientId: string, url: URL): Promise<DocumentClient> {
    const now = this.options.now();
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
