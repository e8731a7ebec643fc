import type { Token, CssProblem } from './tokens.js';

// A CSS Syntax Level 3 tokenizer (https://www.w3.org/TR/css-syntax-3/#tokenization): a switch over named
// code points and one method per algorithm of §4.3. No regular expressions: every decision is a code point
// comparison the spec names. Problems are reported, never thrown; every input yields tokens.

import {
  NUL, TAB, LF, FF, CR, SPACE, QUOTATION_MARK, NUMBER_SIGN, PERCENT, APOSTROPHE, LEFT_PAREN, RIGHT_PAREN,
  ASTERISK, PLUS, COMMA, HYPHEN, FULL_STOP, SOLIDUS, DIGIT_ZERO, DIGIT_NINE, COLON, SEMICOLON, LESS_THAN,
  GREATER_THAN, COMMERCIAL_AT, UPPER_A, UPPER_E, UPPER_F, UPPER_Z, LEFT_BRACKET, REVERSE_SOLIDUS,
  RIGHT_BRACKET, LOW_LINE, LOWER_A, LOWER_E, LOWER_F, LOWER_Z, LEFT_BRACE, RIGHT_BRACE, EXCLAMATION, DELETE,
  BACKSPACE, LINE_TABULATION, SHIFT_OUT, INFO_SEPARATOR_ONE, EOF, REPLACEMENT, MAX_CODE_POINT, isDigit,
  isHexDigit, isLetter, isNonAscii, isIdentStart, isIdentCodePoint, isNewline, isWhitespace, isNonPrintable,
  isSurrogate, isValidEscape, startsIdentSequence, startsNumber, hexValue, asciiLower,
} from './code-points.js';

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

class Tokenizer {
  private pos = 0;
  readonly problems: CssProblem[] = [];

  constructor(private readonly input: string) {}

  private at(offset = 0): number {
    const i = this.pos + offset;
    return i < this.input.length ? this.input.charCodeAt(i) : EOF;
  }

  private report(message: string): void {
    this.problems.push({ offset: this.pos, message });
  }

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

  /** §4.3.2 Consume comments. */
  private consumeComments(): void {
    while (this.at() === SOLIDUS && this.at(1) === ASTERISK) {
      const start = this.pos;
      this.pos += 2;
      for (;;) {
        const c = this.at();
        if (c === EOF) {
          this.problems.push({ offset: start, message: 'A comment is never closed.' });
          return;
        }
        if (c === ASTERISK && this.at(1) === SOLIDUS) {
          this.pos += 2;
          break;
        }
        this.pos++;
      }
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

  /** §4.3.7 Consume an escaped code point; the backslash is already consumed. */
  private consumeEscaped(): string {
    const c = this.at();
    if (c === EOF) {
      this.report('An escape ends the input.');
      return '\ufffd';
    }
    if (isHexDigit(c)) {
      let hex = 0;
      let digits = 0;
      while (digits < 6 && isHexDigit(this.at())) {
        hex = hex * 16 + hexValue(this.at());
        this.pos++;
        digits++;
      }
      if (isWhitespace(this.at())) this.pos++;
      if (hex === 0 || isSurrogate(hex) || hex > MAX_CODE_POINT) return String.fromCodePoint(REPLACEMENT);
      return String.fromCodePoint(hex);
    }
    const point = this.input.codePointAt(this.pos)!;
    this.pos += point > 0xffff ? 2 : 1;
    return String.fromCodePoint(point);
  }

  /** §4.3.11 Consume an ident sequence. */
  private consumeIdentSequence(): string {
    let result = '';
    for (;;) {
      const c = this.at();
      if (isIdentCodePoint(c)) {
        result += this.input[this.pos];
        this.pos++;
      } else if (isValidEscape(c, this.at(1))) {
        this.pos++;
        result += this.consumeEscaped();
      } else {
        return result;
      }
    }
  }

  /** §4.3.12 Consume a number. */
  private consumeNumber(): { value: number; repr: string; integer: boolean } {
    const start = this.pos;
    let integer = true;
    if (this.at() === PLUS || this.at() === HYPHEN) this.pos++;
    while (isDigit(this.at())) this.pos++;
    if (this.at() === FULL_STOP && isDigit(this.at(1))) {
      this.pos += 2;
      integer = false;
      while (isDigit(this.at())) this.pos++;
    }
    const e = this.at();
    if (e === UPPER_E || e === LOWER_E) {
      const sign = this.at(1);
      if (isDigit(sign)) {
        this.pos += 2;
        integer = false;
        while (isDigit(this.at())) this.pos++;
      } else if ((sign === PLUS || sign === HYPHEN) && isDigit(this.at(2))) {
        this.pos += 3;
        integer = false;
        while (isDigit(this.at())) this.pos++;
      }
    }
    const repr = this.input.slice(start, this.pos);
    return { value: Number(repr), repr, integer };
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
