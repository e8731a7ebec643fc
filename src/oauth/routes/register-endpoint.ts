// POST /svc/oauth/register — dynamic client registration (RFC 7591) for public clients only.
import type { RequestContext } from '../../http/router.js';
import { z } from 'zod';
import { readBody, mediaType } from '../../http/body.js';
import { sendJson } from '../../http/respond.js';
import { TokenBucketLimiter } from '../../lib/token-bucket.js';
import type { Clock } from '../../lib/clock.js';
import type { ClientStore, NewClient } from '../client-store.js';
import { OAuthError } from '../oauth-error.js';
import { NO_STORE, sendOAuthFailure } from './send-oauth-error.js';
import { checkRedirectUri } from '../redirect-uri.js';
import { parseScopeParam, formatScopes } from '../scope-param.js';
import { seconds } from '../../lib/seconds.js';
import { SPEC_RATE_LIMITS } from '../../lib/rate-limit-settings.js';
import { hasDisguisingCharacters } from '../../lib/disguising-characters.js';
import { hasLoneSurrogate } from '../../lib/lone-surrogates.js';
import { isUtf8 } from 'node:buffer';
import { refuseRestOfBody } from '../../http/body-refusal.js';

const MAX_BODY_BYTES = 16 * 1024;

// Stored in data/oauth/clients/ and shown on the consent page: a lone surrogate would not come back as sent.
const text = (max: number) => z.string('must be a string').trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`)
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'must not contain control characters')
  .refine((value) => !hasLoneSurrogate(value), 'must be well-formed Unicode (it holds a lone surrogate)');
const webAddress = z.string('must be a string').max(2000, 'must be at most 2000 characters').refine((value) => {
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, 'must be an http(s) address');

// Unknown members are ignored (RFC 7591 §2); the ones we keep are checked.
const metadataSchema = z.object({
  redirect_uris: z.array(z.string('must be a string'), 'must be a list of addresses').min(1, 'must list at least one address').max(10, 'may list at most 10 addresses'),
  token_endpoint_auth_method: z.string('must be a string').optional(),
  grant_types: z.array(z.string('must be a string'), 'must be a list').max(10, 'may list at most 10 values').optional(),
  response_types: z.array(z.string('must be a string'), 'must be a list').max(10, 'may list at most 10 values').optional(),
  // Shown to the person on the consent page: it may not hide or reorder what it says.
  client_name: text(100).refine((value) => !hasDisguisingCharacters(value), 'must not contain invisible or direction-changing characters').optional(),
  scope: z.string('must be a string').max(1000, 'must be at most 1000 characters').optional(),
  client_uri: webAddress.optional(),
  logo_uri: webAddress.optional(),
  software_id: text(200).optional(),
  software_version: text(100).optional(),
  // OpenID Connect registration's application_type, which 2026-07-28 clients must send: `native` for an app
  // on the person's device (loopback redirects), `web` otherwise.
  application_type: z.enum(['web', 'native'], 'must be "web" or "native"').optional(),
});

const GRANT_TYPES = ['authorization_code', 'refresh_token'];

/** `perMinute`: registrations a minute per client address (spec: 10), null when the limit is off. */
export function createRegisterHandler(clients: ClientStore, clock: Clock, onUse: () => void = () => {}, perMinute: number | null = SPEC_RATE_LIMITS.oauth_register) {
  const limiter = perMinute === null ? null : new TokenBucketLimiter(perMinute, 60_000, clock);

  return async function register(ctx: RequestContext): Promise<void> {
    try {
      const bucket = limiter?.take(ctx.ip);
      if (bucket && !bucket.allowed) {
        throw new OAuthError('too_many_requests', `At most ${perMinute} registrations a minute are accepted; try again in ${seconds(bucket.retryAfterSeconds)}.`, bucket.retryAfterSeconds);
      }
      onUse();
      const metadata = checkMetadata(await readJsonObject(ctx));
      const client = clients.create(metadata);
      const { last_used_at: _unused, ...registration } = client;
      sendJson(ctx.res, 201, registration, NO_STORE);
    } catch (error) {
      sendOAuthFailure(ctx.res, error, 'invalid_client_metadata');
    }
  };
}

async function readJsonObject(ctx: RequestContext): Promise<unknown> {
  if (mediaType(ctx.req) !== 'application/json') {
    refuseRestOfBody(ctx.req);
    throw new OAuthError('invalid_client_metadata', 'Send the registration as a JSON object with Content-Type: application/json.');
  }
  const body = await readBody(ctx.req, MAX_BODY_BYTES);
  // Read with U+FFFD in place of bad bytes, a name would be stored other than it was sent.
  if (!isUtf8(body)) throw new OAuthError('invalid_client_metadata', 'The registration is not valid UTF-8.');
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new OAuthError('invalid_client_metadata', 'The registration is not valid JSON.');
  }
}

/** The registration's rules, in the order a client would want to hear about them. */
function checkMetadata(input: unknown): NewClient {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new OAuthError('invalid_client_metadata', 'The registration must be a JSON object.');
  }
  const parsed = metadataSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.') || 'registration';
    const code = issue.path[0] === 'redirect_uris' ? 'invalid_redirect_uri' : 'invalid_client_metadata';
    throw new OAuthError(code, `${field} ${issue.message}.`);
  }
  const value = parsed.data;
  for (const [index, uri] of value.redirect_uris.entries()) {
    const problem = checkRedirectUri(uri);
    if (problem) throw new OAuthError('invalid_redirect_uri', `redirect_uris.${index} ${problem}.`);
  }
  const method = value.token_endpoint_auth_method ?? 'none';
  if (method !== 'none') {
    throw new OAuthError('invalid_client_metadata', `Only public clients are accepted: token_endpoint_auth_method must be "none", not "${method.slice(0, 40)}".`);
  }
  const grantTypes = value.grant_types ?? GRANT_TYPES;
  const badGrant = grantTypes.find((grant) => !GRANT_TYPES.includes(grant));
  if (badGrant !== undefined || !grantTypes.includes('authorization_code')) {
    throw new OAuthError('invalid_client_metadata', 'grant_types may list only "authorization_code" and "refresh_token", and must include "authorization_code".');
  }
  const responseTypes = value.response_types ?? ['code'];
  if (responseTypes.some((type) => type !== 'code')) {
    throw new OAuthError('invalid_client_metadata', 'response_types may list only "code".');
  }
  // Scopes we do not offer are dropped rather than refused (RFC 7591 §2 lets the server replace the value).
  const scopes = parseScopeParam(value.scope).scopes;
  return {
    client_name: value.client_name ?? 'Unnamed assistant',
    redirect_uris: [...new Set(value.redirect_uris)],
    grant_types: [...new Set(grantTypes)],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    ...(scopes.length > 0 ? { scope: formatScopes(scopes) } : {}),
    ...(value.client_uri ? { client_uri: value.client_uri } : {}),
    ...(value.logo_uri ? { logo_uri: value.logo_uri } : {}),
    ...(value.software_id ? { software_id: value.software_id } : {}),
    ...(value.software_version ? { software_version: value.software_version } : {}),
    ...(value.application_type ? { application_type: value.application_type } : {}),
  };
}
