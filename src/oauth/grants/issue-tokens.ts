// What both grants end with: an ordinary access token (issue 3's createToken) named after the client and a
// refresh token beside it, answered in the RFC 6749 §5.1 shape.
import { randomBytes } from '../../lib/node-builtins.js';
import { isAppError } from '../../errors.js';
import type { Scope } from '../../auth/principal.js';
import type { OAuthService } from '../oauth-service.js';
import type { OAuthClient } from '../client-store.js';
import { OAuthError } from '../oauth-error.js';
import { formatScopes } from '../scope-param.js';

export const ACCESS_TOKEN_DAYS = 30;

export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export interface IssuedTokens {
  answer: TokenAnswer;
  accessTokenId: string;
  refreshTokenHash: string;
}

export interface GrantFacts {
  client: OAuthClient;
  accountId: string;
  scopes: Scope[];
  resource: string;
  /** Shared by every refresh token of one authorization; a new one for a new authorization. */
  grantId?: string;
}

/** The access token's name in the panel's list under Assistants. */
export function accessTokenName(clientName: string): string {
  return `${clientName.slice(0, 92)} (OAuth)`;
}

export function issueTokens(oauth: OAuthService, facts: GrantFacts): IssuedTokens {
  let minted;
  try {
    minted = oauth.people.createToken({
      ownerId: facts.accountId,
      name: accessTokenName(facts.client.client_name),
      scopes: facts.scopes,
      expiresInDays: ACCESS_TOKEN_DAYS,
      oauthClientId: facts.client.client_id,
    });
  } catch (error) {
    // The account was removed or its role lost the rights after consent: the grant cannot be honoured.
    if (isAppError(error)) throw new OAuthError('invalid_grant', 'The account that authorized this client may no longer grant these rights; authorize again.');
    throw error;
  }
  const accessExpiresAt = minted.record.expires ?? new Date(oauth.clock() + ACCESS_TOKEN_DAYS * 86_400_000).toISOString();
  const refresh = oauth.refresh.issue({
    grantId: facts.grantId ?? randomBytes(16).toString('hex'),
    clientId: facts.client.client_id,
    accountId: facts.accountId,
    scopes: facts.scopes,
    resource: facts.resource,
    accessTokenId: minted.record.id,
    accessExpiresAt,
  });
  oauth.clients.markUsed(facts.client.client_id);
  return {
    answer: {
      access_token: minted.token,
      token_type: 'Bearer',
      expires_in: Math.max(0, Math.round((Date.parse(accessExpiresAt) - oauth.clock()) / 1000)),
      refresh_token: refresh.token,
      scope: formatScopes(facts.scopes),
    },
    accessTokenId: minted.record.id,
    refreshTokenHash: refresh.hash,
  };
}

/**
 * Ends a grant from any refresh token in its chain: revokes the current access token and deletes the
 * current refresh token. Used when a code or a rotated refresh token is presented again.
 */
export function endGrant(oauth: OAuthService, refreshTokenHash: string | null, accessTokenId: string | null): void {
  if (accessTokenId) oauth.people.revokeToken(accessTokenId);
  if (!refreshTokenHash) return;
  const current = oauth.refresh.findCurrent(refreshTokenHash);
  if (!current) return;
  oauth.people.revokeToken(current.record.accessTokenId);
  oauth.refresh.folder.remove(current.hash);
}
