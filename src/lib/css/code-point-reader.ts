import type { CssProblem } from './tokens.js';
import {
  ASTERISK, EOF, FULL_STOP, HYPHEN, LOWER_E, MAX_CODE_POINT, PLUS, REPLACEMENT, SOLIDUS, UPPER_E, hexValue,
  isDigit, isHexDigit, isIdentCodePoint, isSurrogate, isValidEscape, isWhitespace,
} from './code-points.js';

/**
 * The input of the CSS tokenizer (tokenizer.ts) as code points, with the algorithms of CSS Syntax Level 3
 * §4.3 that consume a part of a token rather than a whole one: comments, an escape, an ident sequence, a
 * number. The tokenizer builds its tokens from these; problems are reported, never thrown.
 */
export class CodePointReader {
  protected pos = 0;
  readonly problems: CssProblem[] = [];

  constructor(protected readonly input: string) {}

  protected at(offset = 0): number {
    const i = this.pos + offset;
    return i < this.input.length ? this.input.charCodeAt(i) : EOF;
  }

  protected report(message: string): void {
    this.problems.push({ offset: this.pos, message });
  }

  /** §4.3.2 Consume comments. */
  protected consumeComments(): void {
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

  /** §4.3.7 Consume an escaped code point; the backslash is already consumed. */
  protected consumeEscaped(): string {
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
  protected consumeIdentSequence(): string {
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
  protected consumeNumber(): { value: number; repr: string; integer: boolean } {
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
}
