import type { Token } from './tokens.js';
import type { ComponentValue } from './parse.js';

// Writes tokens back as CSS (CSSOM "serialize an identifier" / "serialize a string", css-syntax-3 §9).
// The output never holds a raw `<`: anything outside the name characters is written as a hex escape, so a
// saved style can neither close the <style> element nor start markup, whatever the input was.

function hexEscape(code: number): string {
  return `\\${code.toString(16)} `;
}

function isNameChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x2d || c === 0x5f || c >= 0x80;
}

export function serializeName(value: string): string {
  let out = '';
  for (const ch of value) {
    const c = ch.codePointAt(0)!;
    if (c === 0) out += '\ufffd';
    else if (isNameChar(c)) out += ch;
    else out += hexEscape(c);
  }
  return out;
}

export function serializeIdent(value: string): string {
  // `--` followed by `>` would read back as `-->` (a CDC token): the second hyphen is escaped instead.
  if (value === '--') return '-\\-';
  let out = '';
  let index = 0;
  for (const ch of value) {
    const c = ch.codePointAt(0)!;
    const isDigit = c >= 0x30 && c <= 0x39;
    if (c === 0) out += '\ufffd';
    else if (isDigit && (index === 0 || (index === 1 && value[0] === '-'))) out += hexEscape(c);
    else if (index === 0 && c === 0x2d && value.length === 1) out += '\\-';
    else if (isNameChar(c)) out += ch;
    else out += hexEscape(c);
    index++;
  }
  return out;
}

export function serializeString(value: string): string {
  let out = '"';
  for (const ch of value) {
    const c = ch.codePointAt(0)!;
    if (c === 0) out += '\ufffd';
    else if (c < 0x20 || c === 0x7f || c === 0x3c || c === 0x3e) out += hexEscape(c);
    else if (c === 0x22 || c === 0x5c) out += `\\${ch}`;
    else out += ch;
  }
  return out + '"';
}

/** A unit such as `e3` would merge with the number before it into `1e3`; its first letter is escaped. */
function serializeUnit(unit: string): string {
  const first = unit.charCodeAt(0);
  const second = unit.charCodeAt(1);
  const third = unit.charCodeAt(2);
  const digit = (c: number) => c >= 0x30 && c <= 0x39;
  if ((first === 0x45 || first === 0x65) && (digit(second) || ((second === 0x2b || second === 0x2d) && digit(third)))) {
    return hexEscape(first) + serializeIdent(unit.slice(1));
  }
  return serializeIdent(unit);
}

function serializeToken(token: Token): string {
  switch (token.type) {
    case 'ident': return serializeIdent(token.value);
    case 'function': return `${serializeIdent(token.value)}(`;
    case 'at-keyword': return `@${serializeIdent(token.value)}`;
    case 'hash': return `#${token.id ? serializeIdent(token.value) : serializeName(token.value)}`;
    case 'string': return serializeString(token.value);
    case 'url': return `url(${serializeString(token.value)})`;
    case 'number': return token.repr;
    case 'percentage': return `${token.repr}%`;
    case 'dimension': return token.repr + serializeUnit(token.unit);
    case 'whitespace': return ' ';
    case 'delim': return token.value === '<' || token.value === '\\' ? '' : token.value;
    case 'colon': return ':';
    case 'semicolon': return ';';
    case 'comma': return ',';
    case '[': case ']': case '(': case ')': case '{': case '}': return token.type;
    // The cleaner drops these before serializing; writing nothing keeps the output safe regardless.
    case 'bad-string': case 'bad-url': case 'CDO': case 'CDC': return '';
  }
}

type Kind = string;
function kindOf(token: Token): Kind {
  return token.type === 'delim' ? `delim${token.value}` : token.type;
}

const WORDLIKE = ['ident', 'function', 'url', 'bad-url', 'delim-', 'number', 'percentage', 'dimension'];
/** css-syntax-3 §9: pairs that would tokenize differently when written side by side get a comment between. */
const NEEDS_COMMENT: Record<Kind, readonly Kind[]> = {
  ident: [...WORDLIKE, 'CDC', '('],
  'at-keyword': [...WORDLIKE, 'CDC'],
  hash: [...WORDLIKE, 'CDC'],
  dimension: [...WORDLIKE, 'CDC'],
  'delim#': WORDLIKE,
  'delim-': WORDLIKE,
  number: ['ident', 'function', 'url', 'bad-url', 'number', 'percentage', 'dimension', 'delim%'],
  'delim@': ['ident', 'function', 'url', 'bad-url', 'delim-', 'CDC'],
  'delim.': ['number', 'percentage', 'dimension'],
  'delim+': ['number', 'percentage', 'dimension'],
  'delim/': ['delim*'],
};

/** Flattens component values back to tokens: functions and blocks get their closing token. */
export function flatten(values: readonly ComponentValue[], out: Token[] = []): Token[] {
  for (const value of values) {
    if (value.type === 'fn') {
      out.push({ type: 'function', value: value.name });
      flatten(value.value, out);
      out.push({ type: ')' });
    } else if (value.type === 'block') {
      out.push({ type: value.open });
      flatten(value.value, out);
      out.push({ type: value.open === '{' ? '}' : value.open === '[' ? ']' : ')' });
    } else {
      out.push(value);
    }
  }
  return out;
}

export function serializeTokens(tokens: readonly Token[]): string {
  let out = '';
  let previous: Token | null = null;
  for (const token of tokens) {
    if (previous && NEEDS_COMMENT[kindOf(previous)]?.includes(kindOf(token))) out += '/**/';
    out += serializeToken(token);
    previous = token;
  }
  return out;
}

export function serializeValues(values: readonly ComponentValue[]): string {
  return serializeTokens(flatten(values));
}
