// The tokens of CSS Syntax Level 3 (§4). Values are decoded: escapes are resolved, so `\40 import` and
// `@\69mport` carry the same letters the browser sees. Tokens hold no positions so tests can assert whole
// token arrays; problems (the spec's "parse errors") carry the offset instead.

export type Token =
  | { type: 'ident'; value: string }
  | { type: 'function'; value: string }
  | { type: 'at-keyword'; value: string }
  | { type: 'hash'; value: string; id: boolean }
  | { type: 'string'; value: string }
  | { type: 'bad-string' }
  | { type: 'url'; value: string }
  | { type: 'bad-url' }
  | { type: 'delim'; value: string }
  | { type: 'number'; value: number; repr: string; integer: boolean }
  | { type: 'percentage'; value: number; repr: string }
  | { type: 'dimension'; value: number; repr: string; integer: boolean; unit: string }
  | { type: 'whitespace' }
  | { type: 'CDO' }
  | { type: 'CDC' }
  | { type: 'colon' }
  | { type: 'semicolon' }
  | { type: 'comma' }
  | { type: '[' }
  | { type: ']' }
  | { type: '(' }
  | { type: ')' }
  | { type: '{' }
  | { type: '}' };

export type TokenType = Token['type'];

/** A parse error or a removal, reported instead of thrown. Tokenizer problems carry `offset`, a UTF-16 index into the (preprocessed) input. */
export interface CssProblem {
  offset?: number;
  message: string;
}
