// The 2026-07-28 revision's envelope (notes/mcp-2026.md §1-2): the checks a modern request passes before any
// method sees it — its `_meta` keys and, over HTTP, the routing headers that must repeat the body. Which era
// a message belongs to is decided in protocol-version.ts, so a 2025 client's stdio start does not load this. Plain values in, a JSON-RPC error with its HTTP status out; no transport here.
import { ErrorCodes, errorResponse, type JsonRpcRequest, type JsonRpcResponse } from '../jsonrpc/messages.js';
import { LOG_LEVELS, type LogLevel } from './params.js';
import { isModernProtocolVersion, META_PROTOCOL_VERSION, ModernErrorCodes, MODERN_PROTOCOL_VERSIONS, type ModernProtocolVersion } from './protocol-version.js';
import { isUtf8 } from 'node:buffer';

export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_LOG_LEVEL = 'io.modelcontextprotocol/logLevel';
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
/** Names the listen (its request id) each message of its stream belongs to, and its result. */
export const META_SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

export interface ModernRequestMeta {
  protocolVersion: ModernProtocolVersion;
  clientCapabilities: Record<string, unknown>;
  /** Absent: no notifications/message may be sent for this request (we send none either way). */
  logLevel?: LogLevel;
}

/** The HTTP headers that repeat the body (absent on stdio, which has no headers). */
export interface RoutingHeaders {
  protocolVersion: string | undefined;
  method: string | undefined;
  name: string | undefined;
}

export type ModernCheck = { ok: true; meta: ModernRequestMeta } | { ok: false; status: 400; reply: JsonRpcResponse };

/** The methods whose target is repeated in Mcp-Name, and where the body names it. */
const NAMED: Record<string, 'name' | 'uri'> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The checks, in the order that makes each answer the most useful one: a malformed `_meta` (-32602), then
 * headers that do not repeat the body (-32020; a header naming another version is a mismatch before it is
 * an unsupported version), then a version we do not speak (-32022, naming ours and echoing theirs).
 */
export function checkModernRequest(request: JsonRpcRequest, headers?: RoutingHeaders): ModernCheck {
  const refuse = (code: number, message: string, data?: unknown): ModernCheck => ({ ok: false, status: 400, reply: errorResponse(request.id, code, message, data) });
  const meta = request.params._meta as Record<string, unknown>;
  const version = meta[META_PROTOCOL_VERSION];
  if (typeof version !== 'string' || version.length === 0 || version.length > 64) {
    return refuse(ErrorCodes.invalidParams, `Invalid _meta: ${META_PROTOCOL_VERSION} must be a protocol version string such as ${MODERN_PROTOCOL_VERSIONS[0]}.`);
  }
  const capabilities = meta[META_CLIENT_CAPABILITIES];
  if (!isPlainObject(capabilities)) {
    return refuse(ErrorCodes.invalidParams, `Invalid _meta: ${META_CLIENT_CAPABILITIES} is required and must be an object (use {} for none).`);
  }
  const level = meta[META_LOG_LEVEL];
  if (level !== undefined && !(LOG_LEVELS as readonly unknown[]).includes(level)) {
    return refuse(ErrorCodes.invalidParams, `Invalid _meta: ${META_LOG_LEVEL} must be one of ${LOG_LEVELS.join(', ')}.`);
  }
  if (headers) {
    const mismatch = headerMismatch(request, version, headers);
    if (mismatch) return refuse(ModernErrorCodes.headerMismatch, mismatch);
  }
  if (!isModernProtocolVersion(version)) {
    return refuse(ModernErrorCodes.unsupportedProtocolVersion, `Unsupported protocol version ${version.slice(0, 40)}; this server speaks ${MODERN_PROTOCOL_VERSIONS.join(', ')} (and the 2025 revisions through initialize).`,
      { supported: [...MODERN_PROTOCOL_VERSIONS], requested: version });
  }
  return { ok: true, meta: { protocolVersion: version, clientCapabilities: capabilities, ...(level === undefined ? {} : { logLevel: level as LogLevel }) } };
}

/** Why the routing headers do not repeat the body, or null when they do. */
function headerMismatch(request: JsonRpcRequest, version: string, headers: RoutingHeaders): string | null {
  if (headers.protocolVersion !== version) {
    return headers.protocolVersion === undefined
      ? `The MCP-Protocol-Version header is required and must be ${version.slice(0, 40)}, as in _meta.`
      : `The MCP-Protocol-Version header (${headers.protocolVersion.slice(0, 40)}) does not match the _meta protocol version (${version.slice(0, 40)}).`;
  }
  if (headers.method !== request.method) {
    return headers.method === undefined
      ? 'The Mcp-Method header is required and must repeat the method of the body.'
      : `The Mcp-Method header (${headers.method.slice(0, 60)}) does not match the method of the body (${request.method.slice(0, 60)}).`;
  }
  const field = NAMED[request.method];
  if (field === undefined) return null;
  const target = request.params[field];
  if (headers.name === undefined) {
    return typeof target === 'string' ? `The Mcp-Name header is required on ${request.method} and must repeat params.${field}.` : null;
  }
  const name = decodeHeaderValue(headers.name);
  if (name === null) return 'The Mcp-Name header is not valid: a =?base64?...?= value must hold base64 of UTF-8 text.';
  if (name !== target) return `The Mcp-Name header does not match params.${field} of the body.`;
  return null;
}

const BASE64_VALUE = /^=\?base64\?(.*)\?=$/i;

/** A header value as sent, or the text inside `=?base64?…?=` (for names that are not plain ASCII); null when that is broken. */
export function decodeHeaderValue(value: string): string | null {
  const match = BASE64_VALUE.exec(value);
  if (!match) return value;
  const encoded = match[1]!;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) return null;
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.toString('base64').replace(/=+$/, '') !== encoded.replace(/=+$/, '')) return null;
  return isUtf8(bytes) ? bytes.toString('utf8') : null;
}

/** A request that claims no modern version but carries a modern MCP-Protocol-Version header: which refusal. */
export function unclaimedModernHeader(request: JsonRpcRequest | null, header: string): JsonRpcResponse {
  const id = request?.id ?? null;
  if (request?.method === 'initialize') {
    return errorResponse(id, ModernErrorCodes.headerMismatch, `initialize belongs to the 2025 revisions, but the MCP-Protocol-Version header says ${header}; leave the header out of initialize, or send server/discover with _meta.`);
  }
  return errorResponse(id, ErrorCodes.invalidParams, `Invalid _meta: the MCP-Protocol-Version header says ${header}, so params._meta must carry ${META_PROTOCOL_VERSION} and ${META_CLIENT_CAPABILITIES}.`);
}
