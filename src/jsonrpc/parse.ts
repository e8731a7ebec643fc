// Turns message text into a value within limits: the size is checked before parsing and the nesting depth
// is checked by a scan that skips over strings, so a deeply nested message is refused before JSON.parse.
import { ErrorCodes, errorResponse, type JsonRpcResponse } from './messages.js';

export interface MessageLimits {
  /** Largest message in bytes (UTF-8). */
  maxBytes: number;
  /** Deepest nesting of arrays and objects. */
  maxDepth: number;
}

export const DEFAULT_LIMITS: MessageLimits = { maxBytes: 14 * 1024 * 1024, maxDepth: 64 };

export type ParseOutcome = { ok: true; value: unknown } | { ok: false; error: JsonRpcResponse };

export function parseMessageText(text: string, limits: MessageLimits = DEFAULT_LIMITS): ParseOutcome {
  // A UTF-16 code unit is at most 3 UTF-8 bytes, so short texts need no count.
  if (text.length * 3 > limits.maxBytes && Buffer.byteLength(text, 'utf8') > limits.maxBytes) {
    return fail(ErrorCodes.invalidRequest, `The message is larger than ${limits.maxBytes} bytes.`);
  }
  if (!fewerOpeningsThan(text, limits.maxDepth + 1) && exceedsDepth(text, limits.maxDepth)) {
    return fail(ErrorCodes.invalidRequest, `The message is nested deeper than ${limits.maxDepth} levels.`);
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return fail(ErrorCodes.parseError, 'The message is not valid JSON.');
  }
}

function fail(code: number, message: string): ParseOutcome {
  return { ok: false, error: errorResponse(null, code, message) };
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACKET = 91;
const OPEN_BRACE = 123;
const CLOSE_BRACKET = 93;
const CLOSE_BRACE = 125;

/**
 * True when the text has fewer than `limit` opening brackets and braces (in strings or not): then it cannot
 * nest `limit` deep, and the character-by-character scan is not needed. indexOf runs at memchr speed, so
 * ordinary messages, and large uploads that are one long string, are cleared almost for free.
 */
function fewerOpeningsThan(text: string, limit: number): boolean {
  let count = 0;
  for (let at = text.indexOf('{'); at >= 0; at = text.indexOf('{', at + 1)) if (++count >= limit) return false;
  for (let at = text.indexOf('['); at >= 0; at = text.indexOf('[', at + 1)) if (++count >= limit) return false;
  return true;
}

/** True when brackets nest deeper than `max` outside strings. Malformed text is left to JSON.parse. */
export function exceedsDepth(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = endOfString(text, i);
      if (i < 0) return false;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

/** Index of the quote closing the string opened at `start`, or -1; jumps with indexOf so long strings cost little. */
function endOfString(text: string, start: number): number {
  let at = start;
  for (;;) {
    at = text.indexOf('"', at + 1);
    if (at < 0) return -1;
    let backslashes = 0;
    for (let j = at - 1; j > start && text.charCodeAt(j) === BACKSLASH; j--) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
}
