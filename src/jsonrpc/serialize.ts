// Writing messages as text. A result whose JSON text is already known (a tool answer serialized once, a
// cached answer) is spliced into the reply as that text instead of being walked and escaped again; every
// other message goes through JSON.stringify unchanged. The result objects stay ordinary objects, so code
// that reads a reply (tests, other transports) sees no difference.
import type { JsonRpcResponse } from './messages.js';

const knownText = new WeakMap<object, string>();

/**
 * Records that `text` is `JSON.stringify(value)`, and freezes `value` itself so the two cannot drift apart.
 * Whoever calls this promises that nothing reachable from `value` changes afterwards.
 */
export function withJsonText<T extends object>(value: T, text: string): T {
  knownText.set(Object.freeze(value), text);
  return value;
}

/** The JSON text of `value` recorded by withJsonText, if any. */
export function jsonTextOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? knownText.get(value) : undefined;
}

/** `JSON.stringify(message)`, splicing in results whose text is known. */
export function stringifyMessage(message: unknown): string {
  if (Array.isArray(message)) {
    if (!message.some((item) => resultText(item) !== undefined)) return JSON.stringify(message);
    return `[${message.map((item) => stringifyOne(item)).join(',')}]`;
  }
  return stringifyOne(message);
}

function stringifyOne(message: unknown): string {
  const text = resultText(message);
  if (text === undefined) return JSON.stringify(message);
  const { id } = message as JsonRpcResponse;
  // The same keys in the same order as JSON.stringify(successResponse(id, result)).
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${text}}`;
}

/** The known text of a success response's result, when the response has exactly the three usual keys. */
function resultText(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const response = message as Record<string, unknown>;
  if (response.jsonrpc !== '2.0' || !('result' in response)) return undefined;
  if (typeof response.id !== 'string' && typeof response.id !== 'number') return undefined;
  const text = jsonTextOf(response.result);
  if (text === undefined) return undefined;
  const keys = Object.keys(response);
  return keys.length === 3 && keys[0] === 'jsonrpc' && keys[1] === 'id' && keys[2] === 'result' ? text : undefined;
}
