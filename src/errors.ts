// One error type for everything the service refuses on purpose. `message` is a safe sentence that may be
// shown to a client; anything thrown that is not an AppError is reported as "Internal error." and logged.

export type ErrorKind =
  | 'invalid_params'    // bad input: 422 in the API, a tool error in MCP
  | 'not_found'         // 404 / tool error naming the tool that lists valid values
  | 'unauthorized'      // 401: no, unknown, expired or revoked token
  | 'forbidden'         // 403: missing scope or role right
  | 'conflict'          // 409: e.g. a lock that could not be taken in time
  | 'too_large'         // 413
  | 'uri_too_long'      // 414
  | 'rate_limited'      // 429
  | 'unsupported'       // 415
  | 'not_acceptable'    // 406
  | 'method_not_allowed'// 405
  | 'bad_request'       // 400
  | 'insufficient_storage' // 507: the disk refused a write (full, read-only, not ours to write)
  | 'unavailable'       // 503: not ready yet (the search index being built); Retry-After says when to ask again
  | 'internal';         // 500

const STATUS: Record<ErrorKind, number> = {
  invalid_params: 422,
  not_found: 404,
  unauthorized: 401,
  forbidden: 403,
  conflict: 409,
  too_large: 413,
  uri_too_long: 414,
  rate_limited: 429,
  unsupported: 415,
  not_acceptable: 406,
  method_not_allowed: 405,
  bad_request: 400,
  insufficient_storage: 507,
  unavailable: 503,
  internal: 500,
};

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly status: number;
  /** Extra response headers (Retry-After, Allow, WWW-Authenticate). */
  readonly headers: Record<string, string>;

  constructor(kind: ErrorKind, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.status = STATUS[kind];
    this.headers = headers;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** The sentence a client may see for any thrown value. */
export function safeMessage(value: unknown): string {
  return isAppError(value) ? value.message : 'Internal error.';
}
