// Reading OAuth request parameters. RFC 6749 §3.1 / §3.2: a parameter sent more than once is an error, and
// one sent without a value counts as absent.
import { OAuthError } from './oauth-error.js';

/**
 * Refuses a request in which any parameter is sent more than once (RFC 6749 §3.2: "MUST NOT be included more
 * than once"), or in an array shape (`code[]=x`, `client_id[a]=x`) that some form libraries send for a
 * repeated value: every parameter here is one value under its plain name.
 */
export function refuseRepeatedParams(params: URLSearchParams): void {
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (name.includes('[') || name.includes(']')) {
      throw new OAuthError('invalid_request', `Parameters are sent once each under their plain names; "${printable(name)}" is not one.`);
    }
    if (seen.has(name)) throw new OAuthError('invalid_request', `${printable(name)} must be sent only once.`);
    seen.add(name);
  }
}

/** A parameter name fit for an error sentence: no control characters, not too long. */
function printable(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}

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
