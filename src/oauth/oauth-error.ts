// Errors of the token and registration endpoints: an RFC 6749 §5.2 / RFC 7591 §3.2.2 `error` code and a
// fixed sentence for `error_description` that never echoes a secret (code, verifier, token) back. They know
// nothing of HTTP: the routes render them (oauth/routes/send-oauth-error.ts).

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

export class OAuthError extends Error {
  readonly code: OAuthErrorCode;
  /** For too_many_requests: when to try again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: OAuthErrorCode, description: string, retryAfterSeconds?: number) {
    super(description);
    this.name = 'OAuthError';
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function isOAuthError(value: unknown): value is OAuthError {
  return value instanceof OAuthError;
}
