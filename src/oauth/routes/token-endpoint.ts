// POST /svc/oauth/token (RFC 6749 §3.2): form-encoded, public clients identified by client_id, answers
// and errors never cached. The grants live in grants/, one file each.
import type { RequestContext } from '../../http/router.js';
import { readForm, mediaType } from '../../http/body.js';
import { sendJson } from '../../http/respond.js';
import { TokenBucketLimiter } from '../../lib/token-bucket.js';
import type { OAuthService } from '../oauth-service.js';
import type { OAuthClient } from '../client-store.js';
import { OAuthError } from '../oauth-error.js';
import { NO_STORE, sendOAuthFailure } from './send-oauth-error.js';
import { isAppError } from '../../errors.js';
import { optionalParam, refuseRepeatedParams, requireParam } from '../params.js';
import { lookUpClient } from '../client-lookup.js';
import { exchangeAuthorizationCode } from '../grants/authorization-code.js';
import { rotateRefreshToken } from '../grants/refresh-token.js';
import { seconds } from '../../lib/seconds.js';
import { SPEC_RATE_LIMITS } from '../../lib/rate-limit-settings.js';
import { refuseRestOfBody } from '../../http/body-refusal.js';

const MAX_BODY_BYTES = 16 * 1024;
const GRANTS = {
  authorization_code: exchangeAuthorizationCode,
  refresh_token: rotateRefreshToken,
} as const;

/** `perMinute`: requests a minute per client address (spec: 30), null when the limit is off. */
export function createTokenHandler(oauth: OAuthService, perMinute: number | null = SPEC_RATE_LIMITS.oauth_token) {
  const limiter = perMinute === null ? null : new TokenBucketLimiter(perMinute, 60_000, oauth.clock);

  return async function token(ctx: RequestContext): Promise<void> {
    try {
      if (limiter) limitRate(limiter, ctx.ip);
      const form = await readTokenForm(ctx);
      refuseRepeatedParams(form);
      const grantType = requireParam(form, 'grant_type');
      if (!Object.hasOwn(GRANTS, grantType)) {
        throw new OAuthError('unsupported_grant_type', 'grant_type must be "authorization_code" or "refresh_token".');
      }
      const client = await identifyPublicClient(oauth, ctx, form);
      if (!client.grant_types.includes(grantType)) {
        throw new OAuthError('unauthorized_client', `This client did not register the grant type "${grantType}".`);
      }
      oauth.cleanup.maybeRun();
      const answer = GRANTS[grantType as keyof typeof GRANTS](oauth, form, client);
      sendJson(ctx.res, 200, answer, NO_STORE);
    } catch (error) {
      sendOAuthFailure(ctx.res, error, 'invalid_request');
    }
  };
}

function limitRate(limiter: TokenBucketLimiter, ip: string): void {
  const bucket = limiter.take(ip);
  if (!bucket.allowed) {
    throw new OAuthError('too_many_requests', `At most ${limiter.capacity} token requests a minute are accepted; try again in ${seconds(bucket.retryAfterSeconds)}.`, bucket.retryAfterSeconds);
  }
}

async function readTokenForm(ctx: RequestContext): Promise<URLSearchParams> {
  if (mediaType(ctx.req) !== 'application/x-www-form-urlencoded') {
    refuseRestOfBody(ctx.req);
    throw new OAuthError('invalid_request', 'Send the token request as application/x-www-form-urlencoded.');
  }
  try {
    return await readForm(ctx.req, MAX_BODY_BYTES);
  } catch (error) {
    // Answered in the OAuth error shape, as every refusal of this endpoint is.
    if (isAppError(error) && error.kind === 'bad_request') throw new OAuthError('invalid_request', 'The token request is not valid UTF-8.');
    throw error;
  }
}

/**
 * Public clients do not authenticate (RFC 6749 §2.1); they name themselves with client_id. A client that
 * tries to authenticate with a secret was not registered by us, since we issue none.
 */
async function identifyPublicClient(oauth: OAuthService, ctx: RequestContext, form: URLSearchParams): Promise<OAuthClient> {
  if (ctx.req.headers.authorization !== undefined || optionalParam(form, 'client_secret') !== undefined) {
    throw new OAuthError('invalid_client', 'Clients here are public and have no secret; send only client_id.');
  }
  const clientId = requireParam(form, 'client_id');
  // The token endpoint's own limit (per address) already counts this ask.
  const found = await lookUpClient(oauth, clientId, null);
  if (found.kind === 'refused') throw new OAuthError('invalid_client', `The client's metadata document cannot be used: ${found.reason}.`);
  if (found.kind === 'unknown') throw new OAuthError('invalid_client', 'The client_id is not registered here; register the client again.');
  return found.client;
}
