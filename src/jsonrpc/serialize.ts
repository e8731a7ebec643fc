// Writing messages as text. A result whose JSON text is already known (a tool answer serialized once, a
// cached answer) is spliced into the reply as that text instead of being walked and escaped again; every
// other message goes through JSON.stringify unchanged. The result objects stay ordinary objects, so code
// that reads a reply (tests, other transports) sees no difference.
import type { JsonRpcResponse } from './messages.js';

interface Known {
  text: string;
  /** Its length in UTF-8, counted the first time a reply needs it. */
  bytes?: number;
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

/** A reply as text with its length in UTF-8 bytes (for Content-Length), sparing a count of a kept result. */
export function encodeMessage(message: unknown): { text: string; bytes: number } {
  const result = Array.isArray(message) ? undefined : knownResult(message);
  if (result === undefined) {
    const text = stringifyMessage(message);
    return { text, bytes: Buffer.byteLength(text, 'utf8') };
  }
  result.bytes ??= Buffer.byteLength(result.text, 'utf8');
  const head = envelopeHead((message as JsonRpcResponse).id);
  return { text: `${head}${result.text}}`, bytes: Buffer.byteLength(head, 'utf8') + result.bytes + 1 };
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
