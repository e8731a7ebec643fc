// One MCP message in, its answer out: parse, decide the era, dispatch, and say what to send back. Both
// transports are thin drivers around this (as the official SDK's Transport seam makes them): stdio
// (transports/stdio.ts) feeds it lines and writes the replies; HTTP (transports/http.ts) checks the request
// (host, origin, token, rate, headers), feeds it the body and writes the reply with its status.
//
// The era (notes/mcp-2026.md §1-2): a message whose `_meta` claims a version we speak is 2026-07-28, anything
// else the 2025 path. A connection may be in the modern era already: a stdio process after its first modern
// request, an HTTP request whose MCP-Protocol-Version header names a modern version. There a message without
// the claim is refused rather than answered the 2025 way.
import type { DispatchOptions, DispatchOutcome } from '../jsonrpc/dispatcher.js';
import { classifyMessage, errorResponse, ErrorCodes, type JsonRpcRequest, type JsonRpcResponse } from '../jsonrpc/messages.js';
import { parseMessageText } from '../jsonrpc/parse.js';
import type { McpContext, McpSession } from './context.js';
import { createMcpDispatcher } from './mcp-server.js';
import { createMcpMethods, type McpRegistry } from './mcp-methods.js';
import { createModernDispatcher } from './modern-server.js';
import { checkModernRequest, META_CLIENT_CAPABILITIES, unclaimedModernHeader, type RoutingHeaders } from './modern-request.js';
import { allowsBatches, claimsModernEra, META_PROTOCOL_VERSION, ModernErrorCodes, MODERN_PROTOCOL_VERSIONS, type ProtocolVersion } from './protocol-version.js';

/** A 10 MB file as base64 is ~13.4 MB; with the JSON around it this fits (one HTTP body, one stdio line). */
export const MCP_MAX_MESSAGE_BYTES = 14 * 1024 * 1024;
const MAX_DEPTH = 64;

/** What to send back: a JSON-RPC reply (or none) with the HTTP status it goes with (stdio ignores the status). */
export interface McpAnswer {
  status: number;
  reply: unknown;
  /** HTTP: headers of a refusal the transport made itself (a 429's Retry-After). */
  headers?: Record<string, string>;
}

/** A message that needs no reply: a notification, a response (HTTP answers 202, stdio writes nothing). */
const NOTHING: McpAnswer = { status: 202, reply: null };

/** What a transport knows of the conversation a message arrives in. */
export interface McpConnection {
  /** The 2025 session: the revision in use (stdio: negotiated by initialize; HTTP: the header's) and the log level. */
  session: McpSession;
  /** The era the connection is in, if it is in one yet (see above). */
  era: 'legacy' | 'modern' | undefined;
  /** stdio: the first request fixes the era for the whole process. HTTP: every request decides for itself. */
  pinsEra: boolean;
  /** The modern version the connection names (HTTP: the header's); the refusal of an unclaimed message quotes it. */
  modernVersion?: string;
  /** HTTP: the headers that must repeat a modern request's body. */
  routing?: RoutingHeaders;
  /** HTTP: the answer every 2025 message gets instead, when the header names a revision we do not speak. */
  legacyRefusal?: McpAnswer;
  /** Where a batch is refused, what to send one of instead ("line", "request"). */
  unit: string;
  /**
   * HTTP: a batch counts as the requests it holds. Told how many it holds beyond the one the transport took,
   * once the body is parsed and the batch is one the revision takes; the refusal to send instead, or null.
   */
  chargeBatch?: (extra: number) => McpAnswer | null;
  /** The context a message runs in: the principal verified again for it; null once the token stopped working. */
  contextFor: (session: McpSession) => McpContext | null;
}

export type McpExchange = (text: string, connection: McpConnection) => McpAnswer | Promise<McpAnswer>;

/**
 * The exchange for `registry`: one set of handlers for both eras, so the tools are loaded, and their kept
 * answers held, once. The answer comes back without a promise where the dispatch needed none (a kept
 * answer then leaves in the same turn its message arrived).
 */
export function createMcpExchange(options: { registry: McpRegistry; log: (line: string) => void; pageSize?: number }): McpExchange {
  const methods = createMcpMethods(options);
  const legacy = createMcpDispatcher({ ...options, methods });
  const modern = createModernDispatcher({ ...options, methods });
  const batchOptions = new Map<string, DispatchOptions>();
  const batches = (version: ProtocolVersion, unit: string): DispatchOptions => {
    const key = `${version} ${unit}`;
    let found = batchOptions.get(key);
    if (!found) {
      found = { allowBatch: allowsBatches(version), batchRefusal: `Batches are not accepted in protocol revision ${version}; send one message per ${unit}.` };
      batchOptions.set(key, found);
    }
    return found;
  };

  const answerLegacy = (payload: unknown, connection: McpConnection): McpAnswer | Promise<McpAnswer> => {
    if (connection.legacyRefusal) return connection.legacyRefusal;
    const context = connection.contextFor(connection.session);
    if (!context) return refuseRevoked(payload);
    if (connection.pinsEra && !Array.isArray(payload) && classifyMessage(payload).kind === 'request') connection.era = 'legacy';
    const batching = batches(connection.session.protocolVersion as ProtocolVersion, connection.unit);
    if (Array.isArray(payload) && payload.length > 1 && batching.allowBatch && connection.chargeBatch) {
      const refused = connection.chargeBatch(payload.length - 1);
      if (refused) return refused;
    }
    const outcome = legacy.dispatch(payload, context, batching);
    return outcome instanceof Promise ? outcome.then(legacyAnswer) : legacyAnswer(outcome);
  };

  const answerModern = (payload: unknown, connection: McpConnection): McpAnswer | Promise<McpAnswer> => {
    const classified = classifyMessage(payload);
    if (classified.kind === 'invalid') return { status: 400, reply: errorResponse(classified.id, classified.code, classified.reason) };
    // A cancellation may come without `_meta` (it is no request): it ends the listen it names.
    if (classified.kind === 'notification' && classified.message.method === 'notifications/cancelled') {
      const context = connection.contextFor(connection.session);
      if (context) void modern.dispatch(classified.message, context, NO_BATCH);
      return NOTHING;
    }
    if (!claimsModernEra(payload)) {
      if (classified.kind === 'request') return { status: 400, reply: unclaimed(classified.message, connection) };
      return connection.pinsEra ? NOTHING : { status: 400, reply: unclaimed(null, connection) };
    }
    if (classified.kind !== 'request') return NOTHING;
    const check = checkModernRequest(classified.message, connection.routing);
    if (!check.ok) return { status: check.status, reply: check.reply };
    const { protocolVersion, clientCapabilities, logLevel } = check.meta;
    // Each modern request carries its own version and capabilities: a fresh session each.
    const context = connection.contextFor({ protocolVersion, clientCapabilities, logLevel: logLevel ?? 'info', requestId: classified.message.id });
    if (!context) return refuseRevoked(payload);
    if (connection.pinsEra) connection.era = 'modern';
    const outcome = modern.dispatch(classified.message, context, NO_BATCH);
    return outcome instanceof Promise ? outcome.then(modernAnswer) : modernAnswer(outcome);
  };

  return (text, connection) => {
    const parsed = parseMessageText(text, { maxBytes: MCP_MAX_MESSAGE_BYTES, maxDepth: MAX_DEPTH });
    if (!parsed.ok) return { status: 400, reply: parsed.error };
    const payload = parsed.value;
    const modernEra = connection.era === 'modern' || (connection.era === undefined && claimsModernEra(payload));
    return modernEra ? answerModern(payload, connection) : answerLegacy(payload, connection);
  };
}

const NO_BATCH: DispatchOptions = { allowBatch: false };

/** An answer the transport refuses before parsing (too large, not UTF-8), shaped as a JSON-RPC error. */
export function transportError(status: number, code: number, message: string): McpAnswer {
  return { status, reply: errorResponse(null, code, message) };
}

function legacyAnswer(outcome: DispatchOutcome): McpAnswer {
  if (outcome.invalid) return { status: 400, reply: outcome.reply };
  return outcome.reply === null ? NOTHING : { status: 200, reply: outcome.reply };
}

/** The revision's status table: unknown or removed methods 404, a missing client capability 400, the rest 200. */
function modernAnswer(outcome: DispatchOutcome): McpAnswer {
  const reply = outcome.reply as JsonRpcResponse;
  if (!('error' in reply)) return { status: 200, reply };
  if (reply.error.code === ErrorCodes.methodNotFound) return { status: 404, reply };
  return { status: reply.error.code === ModernErrorCodes.missingRequiredClientCapability ? 400 : 200, reply };
}

/** A message without the `_meta` claim on a connection in the modern era. */
function unclaimed(request: JsonRpcRequest | null, connection: McpConnection): JsonRpcResponse {
  if (connection.pinsEra && request?.method === 'initialize') {
    return errorResponse(request.id, ErrorCodes.methodNotFound,
      `This connection speaks protocol revision ${MODERN_PROTOCOL_VERSIONS.join(', ')} (its first request said so), which has no initialize; start a new process to use the 2025 revisions.`);
  }
  if (connection.pinsEra) {
    // stdio has no headers: the process's first request chose the revision, and every one after carries it.
    return errorResponse(request?.id ?? null, ErrorCodes.invalidParams,
      `Invalid _meta: this connection speaks protocol revision ${connection.modernVersion ?? MODERN_PROTOCOL_VERSIONS[0]} (its first request said so), so params._meta must carry ${META_PROTOCOL_VERSION} and ${META_CLIENT_CAPABILITIES} in every request.`);
  }
  return unclaimedModernHeader(request, connection.modernVersion ?? MODERN_PROTOCOL_VERSIONS[0]);
}

/** A token that stopped working mid-conversation (stdio verifies it for every message): requests hear why. */
function refuseRevoked(payload: unknown): McpAnswer {
  const classified = Array.isArray(payload) ? null : classifyMessage(payload);
  if (classified?.kind !== 'request') return NOTHING;
  return { status: 401, reply: errorResponse(classified.message.id, ErrorCodes.invalidRequest, 'A valid token is required: this token was revoked or has expired, or its owner was removed. Create a new token in the panel under Assistants.') };
}
