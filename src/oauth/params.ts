// Reading OAuth request parameters. RFC 6749 §3.1 / §3.2: a parameter sent more than once is an error, and
// one sent without a value counts as absent.
import { OAuthError } from './oauth-error.js';

/** The one value of a parameter, undefined when absent or empty; throws invalid_request when repeated. */
export function optionalParam(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) throw new OAuthError('invalid_request', `${name} must be sent only once.`);
  const value = values[0];
  return value === undefined || value === '' ? undefined : value;
}

export function requireParam(params: URLSearchParams, name: string): string {
  const value = optionalParam(params, name);
  if (value === undefined) throw new OAuthError('invalid_request', `${name} is required.`);
  return value;
}
