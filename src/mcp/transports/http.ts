// Streamable HTTP without streaming (D6): `POST /svc/mcp` takes one JSON-RPC message (or a 2025-03-26 batch)
// and answers with one JSON body. Stateless: no session id; the principal is verified on every request.
// This driver checks the request as HTTP (host, origin, token, rate, Accept, Content-Type, size, UTF-8) and
// hands the body to the exchange (mcp/exchange.ts), which decides the era per request by the body: a
// `_meta` protocol version is the 2026-07-28 revision, anything else the 2025 path.
import type { ServerResponse } from 'node:http';
import type { McpDeps } from '../mcp-deps.js';
import { bearerToken, SCOPES, type BearerVerifier } from '../../auth/principal.js';
import { mediaType } from '../../http/body.js';
import { sendEmpty, sendJson, type Headers } from '../../http/respond.js';
import type { RequestContext, Router } from '../../http/router.js';
import { atCanonicalAddress, ANY_ORIGIN } from '../../http/canonical-address.js';
import { TokenBucketLimiter, type BucketResult } from '../../lib/token-bucket.js';
import { rateLimitOf } from '../../lib/rate-limit-settings.js';
import { ErrorCodes, errorResponse } from '../../jsonrpc/messages.js';
import type { McpRegistry } from '../mcp-methods.js';
import { createMcpExchange, MCP_MAX_MESSAGE_BYTES, type McpAnswer, type McpConnection } from '../exchange.js';
import { HTTP_DEFAULT_PROTOCOL_VERSION, isModernProtocolVersion, isSupportedProtocolVersion, SUPPORTED_PROTOCOL_VERSIONS } from '../protocol-version.js';
import { originPolicy } from './origin-check.js';
import { buildResourceMetadata, MCP_PATH, resourceMetadataUrl } from './resource-metadata.js';
import { NOT_UTF8, readMessageBody, writeJson } from './message-body.js';
import { seconds } from '../../lib/seconds.js';
import { APPS_SESSION_PREFIX } from '../apps-extension.js';
import { randomUUID } from '../../lib/node-builtins.js';
import { EventStream } from './event-stream.js';

/** A 10 MB file as base64 is ~13.4 MB; with the JSON around it this fits. */
export const MCP_MAX_BODY_BYTES = MCP_MAX_MESSAGE_BYTES;

export interface McpHttpOptions {
  /** Who a bearer token belongs to; defaults to deps.auth. */
  verifier?: BearerVerifier;
  /** Requests per person per minute (spec: 60); by default what the configuration says (null: no limit). */
  requestsPerMinute?: number | null;
  pageSize?: number;
}

/** `registry`: the tools, resources and prompts served (the composition root gives every one of the installation's). */
export function registerMcpRoutes(router: Router, deps: McpDeps, registry: McpRegistry, options: McpHttpOptions = {}): void {
  const verifier = options.verifier ?? deps.auth;
  const exchange = createMcpExchange({ registry, log: deps.log, pageSize: options.pageSize });
  const perMinute = options.requestsPerMinute !== undefined ? options.requestsPerMinute : rateLimitOf(deps.config.rateLimits, 'mcp');
  const limiter = perMinute === null ? null : new TokenBucketLimiter(perMinute, 60_000, deps.clock);
  // Derived from the public address when asked, not once here: a server started with port 0 learns its
  // address only once listening, after the routes are made (the 401 and the metadata named port 0 before).
  let derived: { baseUrl: string; metadataUrl: string; origins: ReturnType<typeof originPolicy>; ownHost: string } | undefined;
  const addresses = () => {
    const baseUrl = deps.config.baseUrl;
    if (derived?.baseUrl !== baseUrl) derived = { baseUrl, metadataUrl: resourceMetadataUrl(baseUrl), origins: originPolicy(baseUrl), ownHost: new URL(baseUrl).host };
    return derived;
  };
  // SEP-835: the 401 names every scope the tools need, in one challenge (all of them: a token can be useful
  // with any, and the person chooses on the consent page). No offline_access: refresh tokens come anyway.
  const challengeScope = SCOPES.join(' ');

  // Public and kept by caches for an hour: at its one address only (http/canonical-address.ts), as a
  // client builds it from the 401's resource_metadata. The endpoint itself is left as it is: a POST whose
  // answers no cache keeps has no second copy to fear, and a client set up with `/svc/mcp/` keeps working.
  const sendMetadata = atCanonicalAddress(({ res }: RequestContext) =>
    sendJson(res, 200, buildResourceMetadata(addresses().baseUrl), { 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=3600' }), ANY_ORIGIN);
  router.get('/.well-known/oauth-protected-resource', sendMetadata);
  router.get(`/.well-known/oauth-protected-resource${MCP_PATH}`, sendMetadata);

  const notAllowed = ({ res }: RequestContext) =>
    refuse(res, 405, 'This endpoint takes POST only: send one JSON-RPC message per request. There is no event stream and no session to end.', { allow: 'POST' });
  // Every method but POST gets this answer (the router's own 405 would list these handlers as allowed).
  router.get(MCP_PATH, notAllowed);
  for (const method of ['DELETE', 'PUT', 'PATCH']) router.add(method, MCP_PATH, notAllowed);

  router.post(MCP_PATH, ({ req, res }) => {
    const forwardedHost = deps.config.trustProxy ? header(req.headers['x-forwarded-host']) : undefined;
    const { origins, ownHost, metadataUrl } = addresses();
    if (!origins.allowsHost(forwardedHost ?? req.headers.host)) {
      return refuse(res, 403, `This server answers only requests addressed to ${ownHost} or to localhost.`);
    }
    const origin = header(req.headers.origin);
    if (origin !== undefined && !origins.allowsOrigin(origin)) {
      return refuse(res, 403, `Requests from the origin ${origin.slice(0, 100)} are not allowed.`);
    }

    const token = bearerToken(req.headers.authorization);
    const principal = token === undefined ? null : verifier.verify(token);
    if (!principal) {
      const challenge = `Bearer resource_metadata="${metadataUrl}", scope="${challengeScope}"${token === undefined ? '' : ', error="invalid_token"'}`;
      return sendJson(res, 401, {
        error: 'A valid token is required to use the MCP server: send "Authorization: Bearer <token>" with a token created in the panel under Assistants, or connect with OAuth.',
      }, { ...PRIVATE, 'www-authenticate': challenge });
    }

    const tooManyText = (bucket: BucketResult) => `Too many requests: at most ${perMinute} a minute per person. Try again in ${seconds(bucket.retryAfterSeconds)}.`;
    const tooManyHeaders = (bucket: BucketResult) => ({ ...PRIVATE, 'retry-after': String(bucket.retryAfterSeconds) });
    const bucket = limiter?.take(principal.accountId);
    if (bucket && !bucket.allowed) return sendJson(res, 429, { error: tooManyText(bucket) }, tooManyHeaders(bucket));

    const accept = (header(req.headers.accept) ?? '').toLowerCase();
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return refuse(res, 406, 'The Accept header must list both application/json and text/event-stream.');
    }
    if (mediaType(req) !== 'application/json') {
      return refuse(res, 415, 'The request body must be JSON, sent with Content-Type: application/json.');
    }
    const versionHeader = header(req.headers['mcp-protocol-version']);
    // The body decides the era (notes/mcp-2026.md §1); a 2025 request keeps the header's revision, and a
    // header naming a modern revision puts the request in that era (a body without the claim is refused).
    const legacyVersion = versionHeader === undefined ? HTTP_DEFAULT_PROTOCOL_VERSION : isSupportedProtocolVersion(versionHeader) ? versionHeader : null;
    const modernHeader = isModernProtocolVersion(versionHeader);
    // A 2025 client that declared MCP Apps at initialize says so again with the session id it was given.
    const appsSession = header(req.headers['mcp-session-id'])?.startsWith(APPS_SESSION_PREFIX) === true;
    // A listen's answer is a stream of this request alone; a cancellation names a listen of the same token.
    const stream = new EventStream(res, verifier, token!, principal.tokenId);
    const connection: McpConnection = {
      session: { protocolVersion: legacyVersion ?? HTTP_DEFAULT_PROTOCOL_VERSION, logLevel: 'info', ...(appsSession ? { apps: true as const } : {}) },
      era: modernHeader ? 'modern' : undefined,
      pinsEra: false,
      modernVersion: modernHeader ? versionHeader : undefined,
      routing: { protocolVersion: versionHeader, method: header(req.headers['mcp-method']), name: header(req.headers['mcp-name']) },
      legacyRefusal: legacyVersion === null && !modernHeader
        ? { status: 400, reply: errorResponse(null, ErrorCodes.invalidRequest, `The MCP-Protocol-Version ${versionHeader!.slice(0, 40)} is not supported; use one of ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}.`) }
        : undefined,
      unit: 'request',
      contextFor: (session) => ({ principal, deps, session, notifications: stream }),
      // A batch (2025-03-26) is as many requests as it holds: one was taken above, the rest when it is parsed.
      chargeBatch: (extra) => {
        const taken = limiter?.take(principal.accountId, extra);
        return taken && !taken.allowed ? { status: 429, reply: { error: tooManyText(taken) }, headers: tooManyHeaders(taken) } : null;
      },
    };

    // Plain promise steps rather than awaits: a kept answer then leaves in the same turn its body arrived,
    // without extra hops through the microtask queue.
    return readMessageBody(req, MCP_MAX_BODY_BYTES).then((body) => {
      if (body === null) return refuse(res, 413, `The message is larger than ${MCP_MAX_BODY_BYTES} bytes.`);
      if (body === NOT_UTF8) return writeJson(res, 400, errorResponse(null, ErrorCodes.parseError, 'The message is not valid UTF-8.'));
      const answer = exchange(body, connection);
      // initialize declared the extension just now: the id that carries it into the next requests.
      const appsHeader = () => (connection.session.apps && !appsSession ? { 'mcp-session-id': `${APPS_SESSION_PREFIX}${randomUUID()}` } : undefined);
      if (answer instanceof Promise) return answer.then((settled) => (stream.streaming ? stream.finish(settled.reply) : writeAnswer(res, settled, appsHeader())));
      writeAnswer(res, answer, appsHeader());
    });
  });
}

function writeAnswer(res: ServerResponse, answer: McpAnswer, headers?: Headers): void {
  if (answer.reply === null) return sendEmpty(res, answer.status, PRIVATE);
  for (const extra of [answer.headers, headers]) if (extra) for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
  writeJson(res, answer.status, answer.reply);
}

/** Every answer of the MCP endpoint is to one caller (DESIGN section 6): no cache keeps it. */
const PRIVATE: Headers = { 'cache-control': 'private, no-store' };

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A transport-level refusal, still shaped as a JSON-RPC error so MCP clients can show the sentence. */
function refuse(res: ServerResponse, status: number, message: string, headers: Headers = {}): void {
  sendJson(res, status, errorResponse(null, ErrorCodes.invalidRequest, message), { ...PRIVATE, ...headers });
}
