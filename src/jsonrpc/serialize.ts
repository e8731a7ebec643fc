// Writing messages as text. A result whose JSON text is already known (a tool answer serialized once, a
// cached answer) is spliced into the reply as that text instead of being walked and escaped again; every
// other message goes through JSON.stringify unchanged. The result objects stay ordinary objects, so code
// that reads a reply (tests, other transports) sees no difference.
import type { JsonRpcResponse } from './messages.js';

interface Known {
  text: string;
  /** The text and the closing brace of the reply around it, in UTF-8: made the first time an HTTP reply sends it. */
  tail?: Buffer;
}

const known = new WeakMap<object, Known>();

/**
 * Records that `text` is `JSON.stringify(value)`, and freezes `value` itself so the two cannot drift apart.
 * Whoever calls this promises that nothing reachable from `value` changes afterwards.
 */
export function withJsonText<T extends object>(value: T, text: string): T {
  known.set(Object.freeze(value), { text });
  return value;
}

/** The JSON text of `value` recorded by withJsonText, if any. */
export function jsonTextOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? known.get(value)?.text : undefined;
}

/** A reply ready to send: `head` (text, often empty) then `body` (bytes) are JSON.stringify(message) in UTF-8. */
export interface EncodedMessage {
  head: string;
  /** The length of `head` and `body` together in UTF-8 bytes (Content-Length). */
  bytes: number;
  body: Buffer;
}

/**
 * A reply as bytes. A kept result's bytes are encoded once and sent as they are after the envelope's few
 * bytes (no copy of them per reply); anything else is written and encoded now.
 */
export function encodeMessage(message: unknown): EncodedMessage {
  const result = Array.isArray(message) ? undefined : knownResult(message);
  if (result === undefined) {
    const body = Buffer.from(stringifyMessage(message), 'utf8');
    return { head: '', bytes: body.length, body };
  }
  result.tail ??= Buffer.from(`${result.text}}`, 'utf8');
  const head = envelopeHead((message as JsonRpcResponse).id);
  return { head, bytes: Buffer.byteLength(head, 'utf8') + result.tail.length, body: result.tail };
}

/** `JSON.stringify(message)`, splicing in results whose text is known. */
export function stringifyMessage(message: unknown): string {
  if (Array.isArray(message)) {
    if (!message.some((item) => knownResult(item) !== undefined)) return JSON.stringify(message);
    return `[${message.map((item) => stringifyOne(item)).join(',')}]`;
  }
  return stringifyOne(message);
}

function stringifyOne(message: unknown): string {
  const result = knownResult(message);
  if (result === undefined) return JSON.stringify(message);
  return `${envelopeHead((message as JsonRpcResponse).id)}${result.text}}`;
}

/** The same keys in the same order as JSON.stringify(successResponse(id, result)), up to the result. */
function envelopeHead(id: JsonRpcResponse['id']): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`;
}

/** The known text of a success response's result, when the response has exactly the three usual keys. */
function knownResult(message: unknown): Known | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const response = message as Record<string, unknown>;
  if (response.jsonrpc !== '2.0' || !('result' in response)) return undefined;
  if (typeof response.id !== 'string' && typeof response.id !== 'number') return undefined;
  const result = response.result;
  const found = typeof result === 'object' && result !== null ? known.get(result) : undefined;
  if (found === undefined) return undefined;
  const keys = Object.keys(response);
  return keys.length === 3 && keys[0] === 'jsonrpc' && keys[1] === 'id' && keys[2] === 'result' ? found : undefined;
}
