import type { Token, CssProblem } from './tokens.js';

// A CSS Syntax Level 3 tokenizer (https://www.w3.org/TR/css-syntax-3/#tokenization): a switch over named
// code points and one method per algorithm of §4.3 (those that consume parts of tokens are in
// code-point-reader.ts). No regular expressions: every decision is a code point comparison the spec names.
// Problems are reported, never thrown; every input yields tokens.

import {
  NUL, LF, FF, CR, QUOTATION_MARK, NUMBER_SIGN, PERCENT, APOSTROPHE, LEFT_PAREN, RIGHT_PAREN, PLUS,
  COMMA, HYPHEN, FULL_STOP, COLON, SEMICOLON, LESS_THAN, GREATER_THAN, COMMERCIAL_AT, LEFT_BRACKET,
  REVERSE_SOLIDUS, RIGHT_BRACKET, LEFT_BRACE, RIGHT_BRACE, EXCLAMATION, EOF, isDigit, isIdentStart,
  isIdentCodePoint, isNewline, isWhitespace, isNonPrintable, isValidEscape, startsIdentSequence, startsNumber,
  asciiLower,
} from './code-points.js';
import { CodePointReader } from './code-point-reader.js';

/** §3.3 Preprocessing: CR LF, CR and FF become LF; NUL becomes U+FFFD. */
function preprocess(input: string): string {
  let out = '';
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c === CR) {
      out += '\n';
      if (input.charCodeAt(i + 1) === LF) i++;
    } else if (c === FF) out += '\n';
    else if (c === NUL) out += '\ufffd';
    else out += input[i];
  }
  return out;
}

/** Whole tokens, built from the part-consumers of code-point-reader.ts. */
class Tokenizer extends CodePointReader {
  /** §4.3.1 Consume a token. */
  consumeToken(): Token | null {
    this.consumeComments();
    const c = this.at();
    if (c === EOF) return null;
    if (isWhitespace(c)) {
      while (isWhitespace(this.at())) this.pos++;
      return { type: 'whitespace' };
    }
    switch (c) {
      case QUOTATION_MARK:
      case APOSTROPHE:
        this.pos++;
        return this.consumeString(c);
      case NUMBER_SIGN:
        this.pos++;
        if (isIdentCodePoint(this.at()) || isValidEscape(this.at(), this.at(1))) {
          const id = startsIdentSequence(this.at(), this.at(1), this.at(2));
          return { type: 'hash', value: this.consumeIdentSequence(), id };
        }
        return { type: 'delim', value: '#' };
      case LEFT_PAREN: this.pos++; return { type: '(' };
      case RIGHT_PAREN: this.pos++; return { type: ')' };
      case PLUS:
        if (startsNumber(c, this.at(1), this.at(2))) return this.consumeNumeric();
        this.pos++;
        return { type: 'delim', value: '+' };
      case COMMA: this.pos++; return { type: 'comma' };
      case HYPHEN:
        if (startsNumber(c, this.at(1), this.at(2))) return this.consumeNumeric();
        if (this.at(1) === HYPHEN && this.at(2) === GREATER_THAN) {
          this.pos += 3;
          return { type: 'CDC' };
        }
        if (startsIdentSequence(c, this.at(1), this.at(2))) return this.consumeIdentLike();
        this.pos++;
        return { type: 'delim', value: '-' };
      case FULL_STOP:
        if (startsNumber(c, this.at(1), this.at(2))) return this.consumeNumeric();
        this.pos++;
        return { type: 'delim', value: '.' };
      case COLON: this.pos++; return { type: 'colon' };
      case SEMICOLON: this.pos++; return { type: 'semicolon' };
      case LESS_THAN:
        if (this.at(1) === EXCLAMATION && this.at(2) === HYPHEN && this.at(3) === HYPHEN) {
          this.pos += 4;
          return { type: 'CDO' };
        }
        this.pos++;
        return { type: 'delim', value: '<' };
      case COMMERCIAL_AT:
        this.pos++;
        if (startsIdentSequence(this.at(), this.at(1), this.at(2))) {
          return { type: 'at-keyword', value: this.consumeIdentSequence() };
        }
        return { type: 'delim', value: '@' };
      case LEFT_BRACKET: this.pos++; return { type: '[' };
      case REVERSE_SOLIDUS:
        if (isValidEscape(c, this.at(1))) return this.consumeIdentLike();
        this.report('A backslash that escapes nothing.');
        this.pos++;
        return { type: 'delim', value: '\\' };
      case RIGHT_BRACKET: this.pos++; return { type: ']' };
      case LEFT_BRACE: this.pos++; return { type: '{' };
      case RIGHT_BRACE: this.pos++; return { type: '}' };
      default:
        if (isDigit(c)) return this.consumeNumeric();
        if (isIdentStart(c)) return this.consumeIdentLike();
        this.pos++;
        return { type: 'delim', value: String.fromCharCode(c) };
    }
  }

  /** §4.3.3 Consume a numeric token. */
  private consumeNumeric(): Token {
    const { value, repr, integer } = this.consumeNumber();
    if (startsIdentSequence(this.at(), this.at(1), this.at(2))) {
      return { type: 'dimension', value, repr, integer, unit: this.consumeIdentSequence() };
    }
    if (this.at() === PERCENT) {
      this.pos++;
      return { type: 'percentage', value, repr };
    }
    return { type: 'number', value, repr, integer };
  }

  /** §4.3.4 Consume an ident-like token (ident, function, url or bad-url). */
  private consumeIdentLike(): Token {
    const name = this.consumeIdentSequence();
    if (asciiLower(name) === 'url' && this.at() === LEFT_PAREN) {
      this.pos++;
      while (isWhitespace(this.at()) && isWhitespace(this.at(1))) this.pos++;
      const next = isWhitespace(this.at()) ? this.at(1) : this.at();
      // url("...") is a function token followed by a string token; url(...) without quotes is a url token.
      if (next === QUOTATION_MARK || next === APOSTROPHE) return { type: 'function', value: name };
      return this.consumeUrl();
    }
    if (this.at() === LEFT_PAREN) {
      this.pos++;
      return { type: 'function', value: name };
    }
    return { type: 'ident', value: name };
  }

  /** §4.3.5 Consume a string token; the opening quote is already consumed. */
  private consumeString(ending: number): Token {
    let value = '';
    for (;;) {
      const c = this.at();
      if (c === ending) {
        this.pos++;
        return { type: 'string', value };
      }
      if (c === EOF) {
        this.report('A string is never closed.');
        return { type: 'string', value };
      }
      if (isNewline(c)) {
        this.report('A string is broken by a new line.');
        return { type: 'bad-string' };
      }
      if (c === REVERSE_SOLIDUS) {
        const next = this.at(1);
        if (next === EOF) {
          this.pos++;
        } else if (isNewline(next)) {
          this.pos += 2;
        } else {
          this.pos++;
          value += this.consumeEscaped();
        }
        continue;
      }
      value += this.input[this.pos];
      this.pos++;
    }
  }

  /** §4.3.6 Consume a url token; `url(` and leading whitespace are already consumed. */
  private consumeUrl(): Token {
    let value = '';
    while (isWhitespace(this.at())) this.pos++;
    for (;;) {
      const c = this.at();
      if (c === RIGHT_PAREN) {
        this.pos++;
        return { type: 'url', value };
      }
      if (c === EOF) {
        this.report('A url( is never closed.');
        return { type: 'url', value };
      }
      if (isWhitespace(c)) {
        while (isWhitespace(this.at())) this.pos++;
        if (this.at() === RIGHT_PAREN) {
          this.pos++;
          return { type: 'url', value };
        }
        if (this.at() === EOF) {
          this.report('A url( is never closed.');
          return { type: 'url', value };
        }
        this.report('A url( holds white space inside its address.');
        this.consumeBadUrlRemnants();
        return { type: 'bad-url' };
      }
      if (c === QUOTATION_MARK || c === APOSTROPHE || c === LEFT_PAREN || isNonPrintable(c)) {
        this.report('A url( holds a quote, a parenthesis or a control character.');
        this.consumeBadUrlRemnants();
        return { type: 'bad-url' };
      }
      if (c === REVERSE_SOLIDUS) {
        if (isValidEscape(c, this.at(1))) {
          this.pos++;
          value += this.consumeEscaped();
          continue;
        }
        this.report('A url( holds a backslash that escapes nothing.');
        this.consumeBadUrlRemnants();
        return { type: 'bad-url' };
      }
      value += this.input[this.pos];
      this.pos++;
    }
  }

  /** §4.3.14 Consume the remnants of a bad url. */
  private consumeBadUrlRemnants(): void {
    for (;;) {
      const c = this.at();
      if (c === RIGHT_PAREN) {
        this.pos++;
        return;
      }
      if (c === EOF) return;
      if (isValidEscape(c, this.at(1))) {
        this.pos++;
        this.consumeEscaped();
      } else {
        this.pos++;
      }
    }
  }
}

/** Splits CSS text into tokens (comments consumed, escapes decoded) and reports the parse errors met. */
export function tokenize(css: string): { tokens: Token[]; problems: CssProblem[] } {
  const tokenizer = new Tokenizer(preprocess(css));
  const tokens: Token[] = [];
  for (let token = tokenizer.consumeToken(); token !== null; token = tokenizer.consumeToken()) tokens.push(token);
  return { tokens, problems: tokenizer.problems };
}
