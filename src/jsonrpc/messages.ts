// JSON-RPC 2.0 message shapes and the standard error codes. Knows nothing of MCP or HTTP.

export type JsonRpcId = string | number;

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: JsonRpcId;
  method: string;
  params: Record<string, unknown>;
}

export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params: Record<string, unknown>;
}

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: JsonRpcId; result: unknown }
  | { jsonrpc: '2.0'; id: JsonRpcId | null; error: JsonRpcErrorObject };

export const ErrorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

/** A refusal a method handler throws on purpose; its message is safe to send. */
export class RpcError extends Error {
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message);
    this.name = 'RpcError';
  }
}

export function successResponse(id: JsonRpcId, result: unknown): JsonRpcResponse {
  return { jsonrpc: '2.0', id, result };
}

export function errorResponse(id: JsonRpcId | null, code: number, message: string, data?: unknown): JsonRpcResponse {
  const error: JsonRpcErrorObject = data === undefined ? { code, message } : { code, message, data };
  return { jsonrpc: '2.0', id, error };
}

/** What one element of a payload turned out to be. */
export type ClassifiedMessage =
  | { kind: 'request'; message: JsonRpcRequest }
  | { kind: 'notification'; message: JsonRpcNotification }
  | { kind: 'response' }
  /** A notification MCP cannot take (params by position): neither handled nor answered, as no notification is. */
  | { kind: 'ignored' }
  | { kind: 'invalid'; id: JsonRpcId | null; code: number; reason: string };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A string, or an integer JSON numbers carry exactly: past 2^53 the parsed number is another one
 * (9007199254740993 reads as ...992), and an answer under it would name a request never sent.
 */
function isValidId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value));
}

/**
 * Sorts one parsed value into request, notification, response (from the peer; we never send requests, so
 * these are ignored) or invalid. Null ids are refused: MCP forbids them and they cannot be told apart from
 * the id of an error about an unreadable message.
 */
export function classifyMessage(value: unknown): ClassifiedMessage {
  if (!isPlainObject(value)) return invalid(null, 'A JSON-RPC message must be a JSON object.');
  const hasId = Object.hasOwn(value, 'id');
  const id = hasId && isValidId(value.id) ? value.id : null;
  if (value.jsonrpc !== '2.0') return invalid(id, 'The message must have "jsonrpc": "2.0".');
  if (hasId && value.id === null) return invalid(null, 'The id must be a string or an integer, never null.');
  if (hasId && Number.isInteger(value.id) && !isValidId(value.id)) return invalid(null, 'The id must be a string or an integer from -9007199254740991 to 9007199254740991 (one a JSON number holds exactly).');
  if (hasId && !isValidId(value.id)) return invalid(null, 'The id must be a string or an integer.');
  if (!Object.hasOwn(value, 'method')) {
    if (hasId && (Object.hasOwn(value, 'result') || Object.hasOwn(value, 'error'))) return { kind: 'response' };
    return invalid(id, 'The message has no "method".');
  }
  if (typeof value.method !== 'string' || value.method.length === 0) return invalid(id, 'The "method" must be a non-empty string.');
  let params: Record<string, unknown> = {};
  if (Object.hasOwn(value, 'params')) {
    if (Array.isArray(value.params)) {
      // By-position params make a valid JSON-RPC message that MCP has no method for; without an id it is a
      // notification, and "the Server MUST NOT reply to a Notification" (JSON-RPC 2.0 §4.1).
      if (!hasId) return { kind: 'ignored' };
      return { kind: 'invalid', id, code: ErrorCodes.invalidParams, reason: 'The params must be an object, not an array.' };
    }
    if (!isPlainObject(value.params)) return invalid(id, 'The "params" must be an object.');
    params = value.params;
  }
  if (!hasId) return { kind: 'notification', message: { jsonrpc: '2.0', method: value.method, params } };
  return { kind: 'request', message: { jsonrpc: '2.0', id: id!, method: value.method, params } };
}

function invalid(id: JsonRpcId | null, reason: string): ClassifiedMessage {
  return { kind: 'invalid', id, code: ErrorCodes.invalidRequest, reason };
}
