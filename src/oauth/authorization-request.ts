// Checks an authorization request (RFC 6749 §4.1.1, RFC 7636 §4.3, RFC 8707 §2) in the order the RFCs
// demand: client and redirect address first — while either is in doubt nothing may be sent to the
// address, so those problems are shown as a page — then everything else, which is reported to the
// client by redirect (§4.1.2.1).
import { SCOPES, type Scope } from '../auth/principal.js';
import type { OAuthService } from './oauth-service.js';
import type { OAuthClient } from './client-store.js';
import { lookUpClient } from './client-lookup.js';
import { isOAuthError } from './oauth-error.js';
import { optionalParam } from './params.js';
import { isValidS256Challenge } from './pkce.js';
import { parseScopeParam } from './scope-param.js';

export interface AuthorizationRequest {
  client: OAuthClient;
  /** The host the client's metadata document came from (shown on the consent page); null for a registered client. */
  clientDocumentHost: string | null;
  redirectUri: string;
  redirectUriGiven: boolean;
  codeChallenge: string;
  state: string | undefined;
  /** What the client asked for; null when it sent no scope. */
  requestedScopes: Scope[] | null;
  resource: string;
  /** The request's own parameters, carried through the consent form unchanged. */
  params: URLSearchParams;
}

export type AuthorizationCheck =
  | { kind: 'ok'; request: AuthorizationRequest }
  /** Shown to the person; never redirected, because the address cannot be trusted. */
  | { kind: 'page'; status: number; title: string; message: string }
  /** Sent back to the client at its (verified) redirect address. */
  | { kind: 'redirect'; location: string };

/** The parameters of an authorization request; the consent form repeats exactly these. */
export const REQUEST_PARAMS = ['response_type', 'client_id', 'redirect_uri', 'code_challenge', 'code_challenge_method', 'state', 'scope', 'resource'] as const;

const MAX_STATE = 1024;

/** `from`: the address of the person's browser (the limit on fetching client metadata documents). */
export async function checkAuthorizationRequest(oauth: OAuthService, params: URLSearchParams, from: string): Promise<AuthorizationCheck> {
  const carried = new URLSearchParams();
  for (const name of REQUEST_PARAMS) for (const value of params.getAll(name)) carried.append(name, value);

  // 1. The client and its redirect address.
  const clientIds = params.getAll('client_id');
  if (clientIds.length !== 1 || !clientIds[0]) {
    return page(400, 'This link is incomplete', 'The application that sent you here did not say who it is (client_id is missing or repeated). Go back to it and try connecting again.');
  }
  const found = await lookUpClient(oauth, clientIds[0], from);
  if (found.kind === 'refused') {
    return page(400, 'This application cannot be used', `The application that sent you here describes itself at ${describeAddress(clientIds[0])}, but that description cannot be used: ${found.reason}. Go back to it; its makers must fix it.`);
  }
  if (found.kind === 'unknown') {
    return page(400, 'Unknown application', 'The application that sent you here is not registered with this site (unknown client_id). Go back to it and connect again; it will register itself.');
  }
  const { client, documentHost } = found;
  const redirectUris = params.getAll('redirect_uri');
  if (redirectUris.length > 1) return page(400, 'This link is not valid', 'The request names more than one return address (redirect_uri).');
  const given = redirectUris[0] !== undefined && redirectUris[0] !== '';
  let redirectUri: string;
  if (given) {
    redirectUri = redirectUris[0]!;
    if (!client.redirect_uris.includes(redirectUri)) {
      return page(400, 'Unknown return address', `The return address (redirect_uri) is not one that “${client.client_name}” registered, so this site will not send you there.`);
    }
  } else if (client.redirect_uris.length === 1) {
    redirectUri = client.redirect_uris[0]!;
  } else {
    return page(400, 'This link is incomplete', `“${client.client_name}” registered several return addresses, and the request does not say which one to use (redirect_uri is missing).`);
  }

  // 2. From here on, problems go back to the client.
  const rawState = params.getAll('state');
  const state = rawState.length === 1 && rawState[0] !== '' ? rawState[0] : undefined;
  const fail = (error: string, description: string): AuthorizationCheck => ({
    kind: 'redirect',
    location: authorizationResponseUrl(redirectUri, { error, error_description: description, state: state !== undefined && state.length <= MAX_STATE ? state : undefined, iss: oauth.urls.issuer }),
  });
  try {
    if (rawState.length > 1) return fail('invalid_request', 'state must be sent only once.');
    if (state !== undefined && state.length > MAX_STATE) return fail('invalid_request', `state must be at most ${MAX_STATE} characters.`);
    const responseType = optionalParam(params, 'response_type');
    if (responseType === undefined) return fail('invalid_request', 'response_type is required and must be "code".');
    if (responseType !== 'code') return fail('unsupported_response_type', 'response_type must be "code".');
    const codeChallenge = optionalParam(params, 'code_challenge');
    const method = optionalParam(params, 'code_challenge_method');
    if (codeChallenge === undefined) return fail('invalid_request', 'code_challenge is required: PKCE with the S256 method.');
    if (method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256; plain (or none) is not accepted.');
    if (!isValidS256Challenge(codeChallenge)) return fail('invalid_request', 'code_challenge must be the base64url SHA-256 of the verifier: 43 characters from A-Z, a-z, 0-9, "-" and "_".');
    const scopeParam = optionalParam(params, 'scope');
    const scope = parseScopeParam(scopeParam);
    if (scope.unknown.length > 0) return fail('invalid_scope', `Unknown scope: ${scope.unknown.join(' ').slice(0, 200)}. This server offers ${SCOPES.join(', ')}.`);
    const resource = optionalParam(params, 'resource') ?? oauth.urls.resource;
    if (resource !== oauth.urls.resource) return fail('invalid_target', `resource must be this server's MCP endpoint, ${oauth.urls.resource}.`);
    return {
      kind: 'ok',
      request: {
        client,
        clientDocumentHost: documentHost,
        redirectUri,
        redirectUriGiven: given,
        codeChallenge,
        state,
        requestedScopes: scopeParam === undefined ? null : scope.scopes,
        resource,
        params: carried,
      },
    };
  } catch (error) {
    // optionalParam refuses repeated parameters.
    if (isOAuthError(error)) return fail('invalid_request', error.message);
    throw error;
  }
}

/** The redirect back to the client: its address with our parameters added to any query it has. */
export function authorizationResponseUrl(redirectUri: string, values: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(values)) if (value !== undefined) url.searchParams.append(name, value);
  return url.href;
}

function page(status: number, title: string, message: string): AuthorizationCheck {
  return { kind: 'page', status, title, message };
}

/** A client_id address as a person can read it: the host and path, at most 120 characters. */
function describeAddress(clientId: string): string {
  try {
    const url = new URL(clientId);
    return `${url.host}${url.pathname}`.slice(0, 120);
  } catch {
    return 'an address that is not valid';
  }
}
