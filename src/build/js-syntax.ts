// Small questions about JavaScript syntax trees the bundler asks (TypeScript compiler API).
import ts from 'typescript';

/** `.name`, or `["a-b"]` for an export name that is not an identifier. */
export function propertyAccess(name: string): string {
  return isIdentifierName(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
}

function isIdentifierName(name: string): boolean {
  const codePoints = [...name].map((character) => character.codePointAt(0)!);
  return codePoints.length > 0 && ts.isIdentifierStart(codePoints[0]!, ts.ScriptTarget.ESNext) &&
    codePoints.every((code) => ts.isIdentifierPart(code, ts.ScriptTarget.ESNext));
}

export function specifierText(node: ts.Expression): string {
  if (!ts.isStringLiteral(node)) throw new Error('a module specifier is not a string');
  return node.text;
}

/** The names a declaration binds: `a`, or every name of a pattern like `{ a, b: [c] }`. */
export function boundNames(name: ts.BindingName): ts.Identifier[] {
  if (ts.isIdentifier(name)) return [name];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : boundNames(element.name)));
}

export function isImportMetaUrl(node: ts.Expression): boolean {
  return ts.isPropertyAccessExpression(node) && ts.isMetaProperty(node.expression) &&
    node.expression.keywordToken === ts.SyntaxKind.ImportKeyword && node.name.text === 'url';
}

/** What ES modules give the name "default" when exported as `export default <expression>`. */
export function isAnonymousFunctionDefinition(node: ts.Expression): boolean {
  while (ts.isParenthesizedExpression(node)) node = node.expression;
  return ts.isArrowFunction(node) || ((ts.isFunctionExpression(node) || ts.isClassExpression(node)) && !node.name);
}

/** Whether `node` is assigned to: `x = 1`, `x++`, `[x] = list`, `({ a: x } = o)`, `for (x of list)`. */
export function isWriteTarget(node: ts.Node): boolean {
  const parent = node.parent;
  if ((ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) &&
    (parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken)) return true;
  let child: ts.Node = node;
  let holder: ts.Node = parent;
  while (
    ts.isParenthesizedExpression(holder) || ts.isArrayLiteralExpression(holder) || ts.isObjectLiteralExpression(holder) ||
    ts.isSpreadElement(holder) || ts.isSpreadAssignment(holder) || ts.isShorthandPropertyAssignment(holder) ||
    (ts.isPropertyAssignment(holder) && holder.initializer === child)
  ) {
    child = holder;
    holder = holder.parent;
  }
  if (ts.isBinaryExpression(holder) && holder.left === child) {
    const kind = holder.operatorToken.kind;
    return kind >= ts.SyntaxKind.FirstAssignment && kind <= ts.SyntaxKind.LastAssignment;
  }
  return (ts.isForInStatement(holder) || ts.isForOfStatement(holder)) && holder.initializer === child;
}
