// How the token and registration endpoints answer an OAuthError: RFC 6749 §5.2 / RFC 7591 §3.2.2
// `{error, error_description}` with the code's status, never cached.
import type { ServerResponse } from 'node:http';
import { sendJson } from '../../http/respond.js';
import { isAppError } from '../../errors.js';
import { OAuthError, isOAuthError, type OAuthErrorCode } from '../oauth-error.js';

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

/** Token and registration answers are never cached (RFC 6749 §5.1). */
export const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

/** `status` overrides the code's usual one (413 for a body that is too large). */
export function sendOAuthError(res: ServerResponse, error: OAuthError, status = STATUS[error.code]): void {
  const headers: Record<string, string> = { ...NO_STORE };
  if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.retryAfterSeconds);
  sendJson(res, status, { error: error.code, error_description: error.message }, headers);
}

/**
 * What an endpoint does with what it caught: an OAuthError is answered as one, a body over the limit is 413
 * with `tooLargeCode`, anything else is thrown on (the server's "Internal error").
 */
export function sendOAuthFailure(res: ServerResponse, error: unknown, tooLargeCode: OAuthErrorCode): void {
  if (isOAuthError(error)) return sendOAuthError(res, error);
  if (isAppError(error) && error.kind === 'too_large') return sendOAuthError(res, new OAuthError(tooLargeCode, error.message), 413);
  throw error;
}
