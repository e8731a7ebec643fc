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
import { optionalParam, requireParam } from '../params.js';
import { lookUpClient } from '../client-lookup.js';
import { exchangeAuthorizationCode } from '../grants/authorization-code.js';
import { rotateRefreshToken } from '../grants/refresh-token.js';
import { seconds } from '../../lib/seconds.js';

const MAX_BODY_BYTES = 16 * 1024;
const PER_MINUTE = 30;
const GRANTS = {
  authorization_code: exchangeAuthorizationCode,
  refresh_token: rotateRefreshToken,
} as const;

/** `limited`: false when the rate limits are switched off (SVC_RATE_LIMITS=off). */
export function createTokenHandler(oauth: OAuthService, limited = true) {
  const limiter = new TokenBucketLimiter(PER_MINUTE, 60_000, oauth.clock);

  return async function token(ctx: RequestContext): Promise<void> {
    try {
      if (limited) limitRate(limiter, ctx.ip);
      const form = await readTokenForm(ctx);
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
    throw new OAuthError('too_many_requests', `At most ${PER_MINUTE} token requests a minute are accepted; try again in ${seconds(bucket.retryAfterSeconds)}.`, bucket.retryAfterSeconds);
  }
}

async function readTokenForm(ctx: RequestContext): Promise<URLSearchParams> {
  if (mediaType(ctx.req) !== 'application/x-www-form-urlencoded') {
    ctx.req.resume();
    throw new OAuthError('invalid_request', 'Send the token request as application/x-www-form-urlencoded.');
  }
  return readForm(ctx.req, MAX_BODY_BYTES);
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
  const found = await lookUpClient(oauth, clientId);
  if (found.kind === 'refused') throw new OAuthError('invalid_client', `The client's metadata document cannot be used: ${found.reason}.`);
  if (found.kind === 'unknown') throw new OAuthError('invalid_client', 'The client_id is not registered here; register the client again.');
  return found.client;
}
