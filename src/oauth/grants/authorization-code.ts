// grant_type=authorization_code (RFC 6749 §4.1.3, RFC 7636 §4.6, RFC 8707 §2.2). Each step is named; the
// code is burnt by the first presentation, whatever its outcome, so a wrong verifier cannot be retried.
import { sha256Hex } from '../../lib/safe-compare.js';
import type { Scope } from '../../auth/principal.js';
import type { OAuthService } from '../oauth-service.js';
import type { OAuthClient } from '../client-store.js';
import type { AuthorizationCode } from '../code-store.js';
import { OAuthError } from '../oauth-error.js';
import { optionalParam, requireParam } from '../params.js';
import { isValidCodeVerifier, verifyPkce } from '../pkce.js';
import { issueTokens, endGrant, type TokenAnswer } from './issue-tokens.js';

export function exchangeAuthorizationCode(oauth: OAuthService, form: URLSearchParams, client: OAuthClient): TokenAnswer {
  const code = requireParam(form, 'code');
  const verifier = requireParam(form, 'code_verifier');
  const redirectUri = optionalParam(form, 'redirect_uri');
  const resource = optionalParam(form, 'resource');
  requireWellFormedVerifier(verifier);
  const id = sha256Hex(code);
  return oauth.codes.folder.withLock(id, () => {
    const record = findCode(oauth, id);
    refuseReusedCode(oauth, record);
    refuseExpiredCode(oauth, record);
    burnCode(oauth, id, record);
    requireSameClient(record, client);
    requireSameRedirectUri(record, redirectUri);
    requireSameResource(oauth, record, resource);
    requireMatchingVerifier(record, verifier);
    const issued = issueTokens(oauth, { client, accountId: record.accountId, scopes: record.scopes as Scope[], resource: record.resource });
    // Remember what the code produced, so presenting it again ends exactly these tokens.
    oauth.codes.folder.write(id, { ...record, usedAt: new Date(oauth.clock()).toISOString(), accessTokenId: issued.accessTokenId, refreshTokenHash: issued.refreshTokenHash });
    return issued.answer;
  });
}

function requireWellFormedVerifier(verifier: string): void {
  if (!isValidCodeVerifier(verifier)) {
    throw new OAuthError('invalid_request', 'code_verifier must be 43 to 128 characters from A-Z, a-z, 0-9, "-", ".", "_" and "~".');
  }
}

function findCode(oauth: OAuthService, id: string): AuthorizationCode {
  const record = oauth.codes.folder.read(id);
  if (!record) throw new OAuthError('invalid_grant', 'The authorization code is not valid.');
  return record;
}

/** RFC 6749 §4.1.2: a code used twice is refused and the tokens from its first use are revoked. */
function refuseReusedCode(oauth: OAuthService, record: AuthorizationCode): void {
  if (record.usedAt === null) return;
  // A code is burnt before it is checked, so a refused exchange (a wrong verifier, another client) used it
  // too: it issued nothing, and the sentence must not say it did.
  if (record.accessTokenId === null && record.refreshTokenHash === null) {
    throw new OAuthError('invalid_grant', 'The authorization code was already presented once and refused (each code is good for one exchange); start the authorization again.');
  }
  endGrant(oauth, record.refreshTokenHash, record.accessTokenId);
  throw new OAuthError('invalid_grant', 'The authorization code has already been used; the tokens issued for it have been revoked.');
}

function refuseExpiredCode(oauth: OAuthService, record: AuthorizationCode): void {
  if (Date.parse(record.expiresAt) <= oauth.clock()) {
    throw new OAuthError('invalid_grant', 'The authorization code has expired; codes are valid for 10 minutes.');
  }
}

function burnCode(oauth: OAuthService, id: string, record: AuthorizationCode): void {
  oauth.codes.folder.write(id, { ...record, usedAt: new Date(oauth.clock()).toISOString() });
}

function requireSameClient(record: AuthorizationCode, client: OAuthClient): void {
  if (record.clientId !== client.client_id) throw new OAuthError('invalid_grant', 'The authorization code was issued to another client.');
}

/** RFC 6749 §4.1.3: required, and identical, when the authorization request included it. */
function requireSameRedirectUri(record: AuthorizationCode, redirectUri: string | undefined): void {
  if (redirectUri === undefined) {
    if (record.redirectUriGiven) throw new OAuthError('invalid_grant', 'redirect_uri is required because the authorization request included it.');
    return;
  }
  if (redirectUri !== record.redirectUri) throw new OAuthError('invalid_grant', 'redirect_uri does not match the one in the authorization request.');
}

function requireSameResource(oauth: OAuthService, record: AuthorizationCode, resource: string | undefined): void {
  if (resource === undefined) return;
  if (resource !== oauth.urls.resource) throw new OAuthError('invalid_target', `resource must be this server's MCP endpoint, ${oauth.urls.resource}.`);
  if (resource !== record.resource) throw new OAuthError('invalid_target', 'resource does not match the one in the authorization request.');
}

function requireMatchingVerifier(record: AuthorizationCode, verifier: string): void {
  if (!verifyPkce(verifier, record.codeChallenge)) throw new OAuthError('invalid_grant', 'The code_verifier does not match the code_challenge.');
}
