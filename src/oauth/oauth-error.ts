// Errors of the token and registration endpoints in the RFC 6749 §5.2 / RFC 7591 §3.2.2 shape:
// `{error, error_description}`, never cached. `error_description` is a fixed sentence and never echoes a
// secret (code, verifier, token) back.
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http/respond.js';

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'too_many_requests';

const STATUS: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  invalid_target: 400,
  invalid_redirect_uri: 400,
  invalid_client_metadata: 400,
  too_many_requests: 429,
};

export class OAuthError extends Error {
  readonly code: OAuthErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;

  /** `status` overrides the code's usual one (e.g. 413 for a body that is too large). */
  constructor(code: OAuthErrorCode, description: string, headers: Record<string, string> = {}, status?: number) {
    super(description);
    this.name = 'OAuthError';
    this.code = code;
    this.status = status ?? STATUS[code];
    this.headers = headers;
  }
}

export function isOAuthError(value: unknown): value is OAuthError {
  return value instanceof OAuthError;
}

export const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

export function sendOAuthError(res: ServerResponse, error: OAuthError): void {
  sendJson(res, error.status, { error: error.code, error_description: error.message }, { ...NO_STORE, ...error.headers });
}
