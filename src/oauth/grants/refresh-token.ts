// grant_type=refresh_token (RFC 6749 §6, OAuth 2.1 §4.3). Refresh tokens rotate: each use gives one new
// pair and ends the old access token; presenting a rotated one again ends the whole grant.
import { sha256Hex } from '../../lib/safe-compare.js';
import type { Scope } from '../../auth/principal.js';
import type { OAuthService } from '../oauth-service.js';
import type { OAuthClient } from '../client-store.js';
import type { RefreshRecord } from '../refresh-store.js';
import { OAuthError } from '../oauth-error.js';
import { optionalParam, requireParam } from '../params.js';
import { parseScopeParam } from '../scope-param.js';
import { issueTokens, endGrant, type TokenAnswer } from './issue-tokens.js';

export function rotateRefreshToken(oauth: OAuthService, form: URLSearchParams, client: OAuthClient): TokenAnswer {
  const token = requireParam(form, 'refresh_token');
  const scopeParam = optionalParam(form, 'scope');
  const resource = optionalParam(form, 'resource');
  const id = sha256Hex(token);
  return oauth.refresh.folder.withLock(id, () => {
    const record = findRefreshToken(oauth, id);
    refuseExpiredRefreshToken(oauth, id, record);
    requireSameClient(record, client);
    refuseRotatedRefreshToken(oauth, id, record);
    requireSameResource(oauth, record, resource);
    requireLiveAccessToken(oauth, id, record);
    const scopes = narrowScopes(oauth, record, scopeParam);
    const issued = issueTokens(oauth, { client, accountId: record.accountId, scopes, resource: record.resource, grantId: record.grantId });
    oauth.people.revokeToken(record.accessTokenId);
    oauth.refresh.folder.write(id, { ...record, rotatedAt: new Date(oauth.clock()).toISOString(), next: issued.refreshTokenHash });
    return issued.answer;
  });
}

function findRefreshToken(oauth: OAuthService, id: string): RefreshRecord {
  const record = oauth.refresh.folder.read(id);
  if (!record) throw new OAuthError('invalid_grant', 'The refresh token is not valid.');
  return record;
}

function refuseExpiredRefreshToken(oauth: OAuthService, id: string, record: RefreshRecord): void {
  if (Date.parse(record.expiresAt) > oauth.clock()) return;
  oauth.refresh.folder.remove(id);
  throw new OAuthError('invalid_grant', 'The refresh token has expired; authorize again.');
}

function requireSameClient(record: RefreshRecord, client: OAuthClient): void {
  if (record.clientId !== client.client_id) throw new OAuthError('invalid_grant', 'The refresh token was issued to another client.');
}

/** Reuse of a rotated token means it leaked (or the client lost track): end everything the grant holds. */
function refuseRotatedRefreshToken(oauth: OAuthService, id: string, record: RefreshRecord): void {
  if (record.rotatedAt === null) return;
  endGrant(oauth, id, null);
  throw new OAuthError('invalid_grant', 'The refresh token has already been used; the grant has been ended, so authorize again.');
}

function requireSameResource(oauth: OAuthService, record: RefreshRecord, resource: string | undefined): void {
  if (resource === undefined) return;
  if (resource !== record.resource) throw new OAuthError('invalid_target', `resource must be this server's MCP endpoint, ${oauth.urls.resource}.`);
}

/**
 * Revoking the access token (in the panel under Assistants) ends its refresh token too. Token files are
 * deleted only by revoking (an expired token's file stays), so a missing file means revoked, also long
 * after the token would have expired; an access token that merely expired still exists and may be renewed.
 */
function requireLiveAccessToken(oauth: OAuthService, id: string, record: RefreshRecord): void {
  if (oauth.people.getToken(record.accessTokenId)) return;
  oauth.refresh.folder.remove(id);
  throw new OAuthError('invalid_grant', 'The access token of this grant was revoked, so its refresh token no longer works; authorize again.');
}

/**
 * RFC 6749 §6: a narrower scope may be asked for, never a wider one. The new pair also drops any scope the
 * account's role no longer allows (D9), rather than failing the refresh over it.
 */
function narrowScopes(oauth: OAuthService, record: RefreshRecord, scopeParam: string | undefined): Scope[] {
  const granted = record.scopes as Scope[];
  let wanted = granted;
  if (scopeParam !== undefined) {
    const parsed = parseScopeParam(scopeParam);
    const beyond = [...parsed.unknown, ...parsed.scopes.filter((scope) => !granted.includes(scope))];
    if (beyond.length > 0) throw new OAuthError('invalid_scope', `scope may only name scopes of the original grant (${granted.join(' ')}); not ${beyond.join(' ').slice(0, 200)}.`);
    wanted = parsed.scopes;
  }
  const account = oauth.people.accounts.get(record.accountId);
  const allowed = account ? oauth.people.scopesOfferedTo(account) : [];
  const scopes = wanted.filter((scope) => allowed.includes(scope));
  if (scopes.length === 0) throw new OAuthError('invalid_grant', 'The account that authorized this client may no longer grant these rights; authorize again.');
  return scopes;
}
