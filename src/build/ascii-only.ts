// A bundle written in ASCII only loads faster: Node decodes a pure-ASCII file on a fast path and V8 keeps
// its source as one byte per character (a single non-ASCII character makes the whole ~0.5 MB source two
// bytes per character, measurably slower to decode and to parse). tsc's output has a few: in comments (§, —)
// and in string and template literals (German labels, …). Each is written as \uXXXX where that means the
// same: in comments, string literals and untagged templates, unless it follows a backslash. Anything else
// (an identifier, a regular expression, a tagged template, whose raw text would change) is left as it is.
import ts from 'typescript';

export function isAscii(text: string): boolean {
  for (let at = 0; at < text.length; at++) if (text.charCodeAt(at) > 0x7f) return false;
  return true;
}

/** `text` (a module body) with its non-ASCII characters escaped where the escape means the same. */
export function escapeNonAscii(text: string): string {
  if (isAscii(text)) return text;
  const sourceFile = ts.createSourceFile('body.js', text, ts.ScriptTarget.ESNext, true, ts.ScriptKind.JS);
  const ranges = new Map<number, number>();
  const visit = (node: ts.Node): void => {
    for (const child of node.getChildren(sourceFile)) {
      if (child.kind >= ts.SyntaxKind.FirstJSDocNode && child.kind <= ts.SyntaxKind.LastJSDocNode) continue;
      if (child.kind > ts.SyntaxKind.LastToken) {
        visit(child);
        continue;
      }
      // Comments sit in the trivia before a token: those on the previous token's line count as its
      // trailing comments, the rest as this token's leading ones.
      for (const comment of [...(ts.getTrailingCommentRanges(text, child.pos) ?? []), ...(ts.getLeadingCommentRanges(text, child.pos) ?? [])]) {
        ranges.set(comment.pos, comment.end);
      }
      if (isEscapableLiteral(child)) ranges.set(child.getStart(sourceFile), child.end);
    }
  };
  visit(sourceFile);
  let out = '';
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < at) continue;
    out += text.slice(at, start) + escapeRange(text.slice(start, end));
    at = end;
  }
  return out + text.slice(at);
}

function isEscapableLiteral(node: ts.Node): boolean {
  if (ts.isStringLiteral(node)) return true;
  if (!ts.isNoSubstitutionTemplateLiteral(node) && !ts.isTemplateHead(node) && !ts.isTemplateMiddle(node) && !ts.isTemplateTail(node)) return false;
  let template: ts.Node = node;
  if (ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) template = node.parent.parent;
  else if (ts.isTemplateHead(node)) template = node.parent;
  // A tag sees the raw text, which an escape would change.
  return !ts.isTaggedTemplateExpression(template.parent);
}

function escapeRange(text: string): string {
  let out = '';
  let backslashes = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    out += code > 0x7f && backslashes % 2 === 0 ? `\\u${code.toString(16).padStart(4, '0')}` : text[at];
    backslashes = code === 0x5c ? backslashes + 1 : 0;
  }
  return out;
}
