// Named code points, the character classes of CSS Syntax Level 3 §4.2 and its checks of §4.3.8-4.3.10.

export const NUL = 0x00;
export const TAB = 0x09;
export const LF = 0x0a;
export const FF = 0x0c;
export const CR = 0x0d;
export const SPACE = 0x20;
export const QUOTATION_MARK = 0x22;
export const NUMBER_SIGN = 0x23;
export const PERCENT = 0x25;
export const APOSTROPHE = 0x27;
export const LEFT_PAREN = 0x28;
export const RIGHT_PAREN = 0x29;
export const ASTERISK = 0x2a;
export const PLUS = 0x2b;
export const COMMA = 0x2c;
export const HYPHEN = 0x2d;
export const FULL_STOP = 0x2e;
export const SOLIDUS = 0x2f;
export const DIGIT_ZERO = 0x30;
export const DIGIT_NINE = 0x39;
export const COLON = 0x3a;
export const SEMICOLON = 0x3b;
export const LESS_THAN = 0x3c;
export const GREATER_THAN = 0x3e;
export const COMMERCIAL_AT = 0x40;
export const UPPER_A = 0x41;
export const UPPER_E = 0x45;
export const UPPER_F = 0x46;
export const UPPER_Z = 0x5a;
export const LEFT_BRACKET = 0x5b;
export const REVERSE_SOLIDUS = 0x5c;
export const RIGHT_BRACKET = 0x5d;
export const LOW_LINE = 0x5f;
export const LOWER_A = 0x61;
export const LOWER_E = 0x65;
export const LOWER_F = 0x66;
export const LOWER_Z = 0x7a;
export const LEFT_BRACE = 0x7b;
export const RIGHT_BRACE = 0x7d;
export const EXCLAMATION = 0x21;
export const DELETE = 0x7f;
export const BACKSPACE = 0x08;
export const LINE_TABULATION = 0x0b;
export const SHIFT_OUT = 0x0e;
export const INFO_SEPARATOR_ONE = 0x1f;
export const EOF = -1;
export const REPLACEMENT = 0xfffd;
export const MAX_CODE_POINT = 0x10ffff;

export function isDigit(c: number): boolean { return c >= DIGIT_ZERO && c <= DIGIT_NINE; }
export function isHexDigit(c: number): boolean {
  return isDigit(c) || (c >= UPPER_A && c <= UPPER_F) || (c >= LOWER_A && c <= LOWER_F);
}
export function isLetter(c: number): boolean { return (c >= UPPER_A && c <= UPPER_Z) || (c >= LOWER_A && c <= LOWER_Z); }
export function isNonAscii(c: number): boolean { return c >= 0x80; }
export function isIdentStart(c: number): boolean { return isLetter(c) || isNonAscii(c) || c === LOW_LINE; }
export function isIdentCodePoint(c: number): boolean { return isIdentStart(c) || isDigit(c) || c === HYPHEN; }
export function isNewline(c: number): boolean { return c === LF; }
export function isWhitespace(c: number): boolean { return c === LF || c === TAB || c === SPACE; }
export function isNonPrintable(c: number): boolean {
  return (c >= NUL && c <= BACKSPACE) || c === LINE_TABULATION || (c >= SHIFT_OUT && c <= INFO_SEPARATOR_ONE) || c === DELETE;
}
export function isSurrogate(c: number): boolean { return c >= 0xd800 && c <= 0xdfff; }

/** §4.3.8 Check if two code points are a valid escape. */
export function isValidEscape(first: number, second: number): boolean {
  return first === REVERSE_SOLIDUS && !isNewline(second) && second !== EOF;
}

/** §4.3.9 Check if three code points would start an ident sequence. */
export function startsIdentSequence(first: number, second: number, third: number): boolean {
  if (first === HYPHEN) {
    return isIdentStart(second) || second === HYPHEN || isValidEscape(second, third);
  }
  if (isIdentStart(first)) return true;
  return isValidEscape(first, second);
}

/** §4.3.10 Check if three code points would start a number. */
export function startsNumber(first: number, second: number, third: number): boolean {
  if (first === PLUS || first === HYPHEN) {
    return isDigit(second) || (second === FULL_STOP && isDigit(third));
  }
  if (first === FULL_STOP) return isDigit(second);
  return isDigit(first);
}

export function hexValue(c: number): number {
  if (isDigit(c)) return c - DIGIT_ZERO;
  if (c >= UPPER_A && c <= UPPER_F) return c - UPPER_A + 10;
  return c - LOWER_A + 10;
}

/** ASCII case-insensitive lowering, as the spec compares names (non-ASCII letters are left alone). */
export function asciiLower(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out += c >= UPPER_A && c <= UPPER_Z ? String.fromCharCode(c + 0x20) : text[i];
  }
  return out;
}
