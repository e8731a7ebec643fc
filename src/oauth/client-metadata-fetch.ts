// Fetching an OAuth Client ID Metadata Document (draft-ietf-oauth-client-id-metadata-document; MCP
// 2025-11-25 authorization) without letting a client_id turn this server into a proxy: https only, the host's
// addresses checked after DNS resolution and the connection made to a checked address (so a second answer
// of the DNS cannot swap in another), no redirects followed, a size cap and a timeout. HTTP caching is
// honoured: a document is kept as long as its Cache-Control (or Expires) allows, and not at all without.
import { request as httpsRequest } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { nodeHttp } from '../lib/node-builtins.js';
import { isIP } from 'node:net';
import { isLoopbackAddress, isPublicAddress, publicOnlyLookup, RefusedAddress } from '../lib/public-address.js';

export interface MetadataFetchOptions {
  /** Largest document accepted, in bytes. */
  maxBytes: number;
  /** The whole fetch (DNS, connection, answer) must end within this time. */
  timeoutMs: number;
  /**
   * Tests only: also fetch documents from 127.0.0.1, over http or https. Set only by code that builds the
   * OAuthService itself (the test harnesses); no flag, setting or file reaches it.
   */
  allowLoopback: boolean;
  now: () => number;
}

export type FetchedDocument = { ok: true; value: unknown; keepUntil: number } | { ok: false; reason: string };

/** Why the address may not be fetched at all, or null. */
export function refuseDocumentUrl(url: URL, allowLoopback: boolean): string | null {
  const testLoopback = allowLoopback && url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !(testLoopback && url.protocol === 'http:')) return 'its address must use https';
  if (url.username !== '' || url.password !== '') return 'its address must not contain a user name or password';
  if (url.hash !== '') return 'its address must not contain a fragment';
  if (url.pathname === '/' || url.pathname === '') return 'its address must have a path';
  if (url.pathname.split('/').some((segment) => segment === '.' || segment === '..')) return 'its address must not contain . or .. segments';
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) !== 0 && !isPublicAddress(literal) && !(testLoopback && isLoopbackAddress(literal))) return 'its host is not a public address';
  return null;
}

/** GETs the document; a sentence for whatever went wrong, never the document's own text. */
export function fetchMetadataDocument(url: URL, options: MetadataFetchOptions): Promise<FetchedDocument> {
  const refusal = refuseDocumentUrl(url, options.allowLoopback);
  if (refusal) return Promise.resolve({ ok: false, reason: refusal });
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: FetchedDocument) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(outcome);
    };
    const send = url.protocol === 'https:' ? httpsRequest : nodeHttp().request;
    const request = send(url, {
      method: 'GET',
      headers: { accept: 'application/json', 'user-agent': 'svc (OAuth client metadata)' },
      lookup: publicOnlyLookup(options.allowLoopback),
      agent: false,
    }, (response) => readAnswer(response, options, finish));
    const timer = setTimeout(() => finish({ ok: false, reason: `it did not arrive within ${options.timeoutMs / 1000} seconds` }), options.timeoutMs);
    request.on('error', (error) => finish({ ok: false, reason: error instanceof RefusedAddress ? error.message : 'it could not be fetched' }));
    request.end();
  });
}

function readAnswer(response: IncomingMessage, options: MetadataFetchOptions, finish: (outcome: FetchedDocument) => void): void {
  const status = response.statusCode ?? 0;
  if (status >= 300 && status < 400) return finish({ ok: false, reason: 'its address answered with a redirect, and redirects are not followed' });
  if (status !== 200) return finish({ ok: false, reason: `its address answered with status ${status}` });
  const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json' && !type.endsWith('+json')) return finish({ ok: false, reason: 'it is not served as application/json' });
  if (Number(response.headers['content-length']) > options.maxBytes) return finish({ ok: false, reason: `it is larger than ${options.maxBytes} bytes` });
  const chunks: Buffer[] = [];
  let size = 0;
  response.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > options.maxBytes) return finish({ ok: false, reason: `it is larger than ${options.maxBytes} bytes` });
    chunks.push(chunk);
  });
  response.on('end', () => {
    let value: unknown;
    try {
      value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return finish({ ok: false, reason: 'it is not valid JSON' });
    }
    finish({ ok: true, value, keepUntil: options.now() + freshnessMs(response) });
  });
  response.on('error', () => finish({ ok: false, reason: 'it could not be fetched' }));
}

const MAX_KEEP_MS = 24 * 3600_000;

/** How long the answer may be kept (RFC 9111 §4.2.1): max-age, else Expires; nothing for no-store or no-cache. */
export function freshnessMs(response: Pick<IncomingMessage, 'headers'>): number {
  const control = (response.headers['cache-control'] ?? '').toLowerCase();
  if (/(^|[,\s])(no-store|no-cache)([,\s=]|$)/.test(control)) return 0;
  const maxAge = /(?:^|[,\s])max-age=(\d{1,9})/.exec(control);
  if (maxAge) return Math.min(Number(maxAge[1]) * 1000, MAX_KEEP_MS);
  const expires = Date.parse(String(response.headers.expires ?? ''));
  const date = Date.parse(String(response.headers.date ?? '')) || Date.now();
  return Number.isFinite(expires) ? Math.max(0, Math.min(expires - date, MAX_KEEP_MS)) : 0;
}
