import type { Token, CssProblem } from './tokens.js';

// CSS Syntax Level 3 §5 in the small: tokens become component values (simple blocks and functions) and a
// stylesheet becomes at-rules and qualified rules. Only what the cleaner needs; stray closing tokens are
// dropped (reported) so anything serialized from the tree is balanced by construction.

export type ComponentValue =
  | Token
  | { type: 'block'; open: '{' | '[' | '('; value: ComponentValue[] }
  | { type: 'fn'; name: string; value: ComponentValue[] };

export interface AtRule {
  kind: 'at-rule';
  name: string;
  prelude: ComponentValue[];
  block: ComponentValue[] | null;
}

export interface QualifiedRule {
  kind: 'qualified-rule';
  prelude: ComponentValue[];
  block: ComponentValue[];
}

export type Rule = AtRule | QualifiedRule;

export interface Declaration {
  kind: 'declaration';
  name: string;
  value: ComponentValue[];
  important: boolean;
}

/** Deeper nesting than this is dropped: a 64 KB input of `(((` must not exhaust the stack. */
const MAX_DEPTH = 64;

const CLOSING: Record<'{' | '[' | '(', Token['type']> = { '{': '}', '[': ']', '(': ')' };

export class Parser {
  private pos = 0;

  constructor(private readonly tokens: readonly Token[], private readonly problems: CssProblem[]) {}

  static componentValues(tokens: readonly Token[], problems: CssProblem[]): ComponentValue[] {
    const parser = new Parser(tokens, problems);
    const out: ComponentValue[] = [];
    while (parser.pos < tokens.length) {
      const value = parser.consumeComponentValue(0, null);
      if (value) out.push(value);
    }
    return out;
  }

  /** §5.4.7 Consume a component value; null when a stray closing token or an over-deep block was dropped. */
  private consumeComponentValue(depth: number, closing: Token['type'] | null): ComponentValue | null {
    const token = this.tokens[this.pos++]!;
    if (token.type === '{' || token.type === '[' || token.type === '(' || token.type === 'function') {
      if (depth >= MAX_DEPTH) {
        this.problems.push({ message: 'Blocks nested too deeply were removed.' });
        this.skipBalanced();
        return null;
      }
      const end: Token['type'] = token.type === 'function' ? ')' : CLOSING[token.type];
      const value: ComponentValue[] = [];
      while (this.pos < this.tokens.length && this.tokens[this.pos]!.type !== end) {
        const inner = this.consumeComponentValue(depth + 1, end);
        if (inner) value.push(inner);
      }
      if (this.pos < this.tokens.length) this.pos++;
      else this.problems.push({ message: `A "${token.type === 'function' ? '(' : token.type}" was never closed; it was closed at the end.` });
      return token.type === 'function' ? { type: 'fn', name: token.value, value } : { type: 'block', open: token.type, value };
    }
    if ((token.type === '}' || token.type === ']' || token.type === ')') && token.type !== closing) {
      this.problems.push({ message: `A stray "${token.type}" was removed.` });
      return null;
    }
    return token;
  }

  /** Skips one already-opened block and everything inside it, counting openers and closers alike. */
  private skipBalanced(): void {
    let open = 1;
    while (this.pos < this.tokens.length && open > 0) {
      const type = this.tokens[this.pos++]!.type;
      if (type === '{' || type === '[' || type === '(' || type === 'function') open++;
      else if (type === '}' || type === ']' || type === ')') open--;
    }
  }
}

function isSpace(value: ComponentValue | undefined): boolean {
  return value !== undefined && value.type === 'whitespace';
}

function isBraceBlock(value: ComponentValue): value is { type: 'block'; open: '{'; value: ComponentValue[] } {
  return value.type === 'block' && value.open === '{';
}

/** §5.4.1 Consume a list of rules (top level, or the block of @media / @supports / @keyframes). */
export function parseRules(values: readonly ComponentValue[], problems: CssProblem[]): Rule[] {
  const rules: Rule[] = [];
  let i = 0;
  while (i < values.length) {
    const value = values[i]!;
    if (value.type === 'whitespace' || value.type === 'semicolon') { i++; continue; }
    if (value.type === 'CDO' || value.type === 'CDC') {
      problems.push({ message: 'Markup comment delimiters ("<!--", "-->") were removed.' });
      i++;
      continue;
    }
    if (value.type === 'at-keyword') {
      const prelude: ComponentValue[] = [];
      i++;
      let block: ComponentValue[] | null = null;
      while (i < values.length) {
        const next = values[i]!;
        i++;
        if (next.type === 'semicolon') break;
        if (isBraceBlock(next)) { block = next.value; break; }
        prelude.push(next);
      }
      rules.push({ kind: 'at-rule', name: value.value, prelude, block });
      continue;
    }
    const prelude: ComponentValue[] = [];
    let block: ComponentValue[] | null = null;
    while (i < values.length) {
      const next = values[i]!;
      i++;
      if (isBraceBlock(next)) { block = next.value; break; }
      prelude.push(next);
    }
    if (block === null) problems.push({ message: 'A rule without a { } block was removed.' });
    else rules.push({ kind: 'qualified-rule', prelude, block });
  }
  return rules;
}

/**
 * The contents of a style rule's block (§5.4.5 with CSS Nesting): declarations, and nested rules — an item
 * that does not start with `name:` runs to its `{ }` block and is a nested rule.
 */
export function parseBlockContents(values: readonly ComponentValue[], problems: CssProblem[]): (Declaration | Rule)[] {
  const items: (Declaration | Rule)[] = [];
  let i = 0;
  while (i < values.length) {
    const value = values[i]!;
    if (value.type === 'whitespace' || value.type === 'semicolon') { i++; continue; }
    if (value.type === 'at-keyword') {
      const prelude: ComponentValue[] = [];
      let block: ComponentValue[] | null = null;
      i++;
      while (i < values.length) {
        const next = values[i]!;
        i++;
        if (next.type === 'semicolon') break;
        if (isBraceBlock(next)) { block = next.value; break; }
        prelude.push(next);
      }
      items.push({ kind: 'at-rule', name: value.value, prelude, block });
      continue;
    }
    let j = i + 1;
    while (isSpace(values[j])) j++;
    if (value.type === 'ident' && values[j]?.type === 'colon') {
      const rest: ComponentValue[] = [];
      j++;
      while (j < values.length && values[j]!.type !== 'semicolon') rest.push(values[j++]!);
      i = j + 1;
      items.push(toDeclaration(value.value, rest));
      continue;
    }
    const prelude: ComponentValue[] = [];
    let block: ComponentValue[] | null = null;
    while (i < values.length) {
      const next = values[i]!;
      i++;
      if (isBraceBlock(next)) { block = next.value; break; }
      if (next.type === 'semicolon') break;
      prelude.push(next);
    }
    if (block === null) problems.push({ message: 'Something that is neither a declaration nor a rule was removed.' });
    else items.push({ kind: 'qualified-rule', prelude, block });
  }
  return items;
}

/** §5.4.6 Consume a declaration: trims white space and takes a trailing `!important` apart. */
function toDeclaration(name: string, rest: ComponentValue[]): Declaration {
  const value = trimSpace(rest);
  let important = false;
  const last = value[value.length - 1];
  if (last && last.type === 'ident' && last.value.toLowerCase() === 'important') {
    let k = value.length - 2;
    while (isSpace(value[k])) k--;
    const bang = value[k];
    if (bang && bang.type === 'delim' && bang.value === '!') {
      important = true;
      value.length = k;
    }
  }
  return { kind: 'declaration', name, value: trimSpace(value), important };
}

export function trimSpace(values: readonly ComponentValue[]): ComponentValue[] {
  let start = 0;
  let end = values.length;
  while (start < end && isSpace(values[start])) start++;
  while (end > start && isSpace(values[end - 1])) end--;
  return values.slice(start, end);
}
