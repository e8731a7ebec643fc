// One module of tsc's output, read with the TypeScript compiler API and rewritten (by exact text edits) into
// the body of a bundle function. Imports become reads of the imported module's namespace at each use, so
// bindings stay live as in ES modules; exports are collected for getters the bundle defines before the body
// runs; import(), createRequire(import.meta.url)(path) and import.meta.url are pointed at the bundle's
// registry and the module's own file. Every form not understood here stops the build (BundleError).
import ts from 'typescript';
import { bundleErrorAt, type BundleError } from './bundle-error.js';
import { resolveImport, resolveRequire, type Target } from './resolve-target.js';

/** A module imported statically, in the order of its first import (the order ES modules evaluate them). */
export interface ImportSource {
  target: Target;
  /** The bundle variable that holds its namespace (ours) or what Node gives for it (a package or builtin). */
  variable: string;
}

export type ExportBinding =
  | { kind: 'local'; local: string }
  | { kind: 'import'; source: number; name: string }
  | { kind: 'namespace'; source: number };

export interface ScannedModule {
  file: string;
  sources: ImportSource[];
  /** Export names given in this module (not those of `export *`), each with what it reads. */
  exports: Map<string, ExportBinding>;
  /** Sources of `export * from`. */
  stars: number[];
  /** Names imported from modules of ours, checked against their exports once the whole graph is read. */
  importedNames: { source: number; name: string; where: string }[];
  /** Files loaded by import() or require(): bundled, evaluated only when first loaded. */
  lazyFiles: string[];
  body: string;
  usesMetaUrl: boolean;
  /** `export default function () {}`: the function is declared as __svc_default and renamed to "default". */
  renamesDefaultFunction: boolean;
}

interface Binding {
  source: number;
  /** The imported name: 'default', a named export, or '*' for the namespace. */
  name: string;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

export const PREFIX = '__svc_';
const DEFAULT_LOCAL = `${PREFIX}default`;

// One small program per file: imports stay unresolved aliases (noResolve), which is all the checker needs to
// tell a use of an imported name from a local of the same name. No lib files are read.
const OPTIONS: ts.CompilerOptions = {
  allowJs: true, noResolve: true, noLib: true, types: [], noEmit: true,
  target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.ESNext, moduleDetection: ts.ModuleDetectionKind.Force,
};

/** Reads `file` (shown as `shownAs` in errors); `idOf` names a file of ours in the bundle's registry. */
export function scanModule(file: string, shownAs: string, idOf: (file: string) => string): ScannedModule {
  return new ModuleScanner(file, shownAs, idOf).scan();
}

class ModuleScanner {
  private readonly sourceFile: ts.SourceFile;
  private readonly checker: ts.TypeChecker;
  private readonly text: string;
  private readonly edits: Edit[] = [];
  private readonly sources: ImportSource[] = [];
  private readonly sourceIndex = new Map<string, number>();
  private readonly bindings = new Map<ts.Symbol, Binding>();
  /** Names worth asking the checker about: imported locals and require functions. */
  private readonly watched = new Set<string>();
  private readonly createRequires = new Set<ts.Symbol>();
  private readonly requireFunctions = new Set<ts.Symbol>();
  private readonly module: ScannedModule;

  constructor(private readonly file: string, private readonly shownAs: string, private readonly idOf: (file: string) => string) {
    const program = ts.createProgram({ rootNames: [file], options: OPTIONS });
    const sourceFile = program.getSourceFile(file);
    if (!sourceFile) throw new Error(`${shownAs}: cannot be read`);
    const [syntaxError] = program.getSyntacticDiagnostics(sourceFile);
    if (syntaxError) throw this.error(sourceFile, `does not parse: ${ts.flattenDiagnosticMessageText(syntaxError.messageText, ' ')}`);
    this.sourceFile = sourceFile;
    this.checker = program.getTypeChecker();
    this.text = sourceFile.text;
    this.module = {
      file, sources: this.sources, exports: new Map(), stars: [], importedNames: [], lazyFiles: [], body: '',
      usesMetaUrl: false, renamesDefaultFunction: false,
    };
  }

  scan(): ScannedModule {
    // A shebang is only allowed at the very start of a file; the bundle keeps the entry's own.
    if (this.text.startsWith('#!')) {
      const lineEnd = this.text.indexOf('\n');
      this.edits.push({ start: 0, end: lineEnd < 0 ? this.text.length : lineEnd, text: '' });
    }
    // Sources are numbered in the order their module requests appear: the order ES modules evaluate them.
    for (const statement of this.sourceFile.statements) {
      if (ts.isImportDeclaration(statement)) this.readImport(statement);
      else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) this.sourceFor(statement.moduleSpecifier, statement);
    }
    for (const statement of this.sourceFile.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) this.findRequireFunctions(statement);
    }
    for (const statement of this.sourceFile.statements) this.readStatement(statement);
    this.module.body = applyEdits(this.text, this.edits);
    return this.module;
  }

  // ---- imports and exports (top level) ----

  private readImport(node: ts.ImportDeclaration): void {
    this.refuseAttributes(node, node.attributes);
    const source = this.sourceFor(node.moduleSpecifier, node);
    this.remove(node);
    const clause = node.importClause;
    if (!clause) return;
    if (clause.isTypeOnly) throw this.errorAt(node, 'has a type-only import, which JavaScript cannot contain');
    if (clause.name) this.bind(clause.name, source, 'default');
    const named = clause.namedBindings;
    if (named && ts.isNamespaceImport(named)) {
      if (this.sources[source]!.target.kind === 'external') {
        throw this.errorAt(node, `imports the namespace of '${specifierText(node.moduleSpecifier)}'; the bundle cannot give a package's namespace object as import * does: import the names used`);
      }
      this.bind(named.name, source, '*');
    } else if (named) {
      for (const element of named.elements) {
        if (element.isTypeOnly) throw this.errorAt(element, 'has a type-only import, which JavaScript cannot contain');
        this.bind(element.name, source, (element.propertyName ?? element.name).text);
      }
    }
  }

  private bind(local: ts.Identifier, source: number, name: string): void {
    const symbol = this.checker.getSymbolAtLocation(local);
    if (!symbol) throw this.errorAt(local, `the import ${local.text} has no symbol`);
    this.bindings.set(symbol, { source, name });
    this.watched.add(local.text);
    const target = this.sources[source]!.target;
    if (target.kind === 'file' && name !== '*') this.module.importedNames.push({ source, name, where: this.where(local) });
    if (target.kind === 'external' && (target.specifier === 'node:module' || target.specifier === 'module')) {
      if (name === 'createRequire') this.createRequires.add(symbol);
      else if (name === 'default' || name === '*') {
        throw this.errorAt(local, 'imports node:module as a whole; import createRequire by name so the bundler can follow what it loads');
      }
    }
  }

  private readStatement(node: ts.Statement): void {
    if (ts.isImportDeclaration(node)) return;
    if (ts.isExportDeclaration(node)) return this.readExportDeclaration(node);
    if (ts.isExportAssignment(node)) return this.readExportDefault(node);
    const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) ?? [] : [];
    const exported = modifiers.find((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    if (exported) this.readExportedDeclaration(node, modifiers, exported);
    this.visit(node);
  }

  private readExportedDeclaration(node: ts.Statement, modifiers: readonly ts.Modifier[], exported: ts.Modifier): void {
    const isDefault = modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword);
    const last = modifiers.filter((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword || modifier.kind === ts.SyntaxKind.DefaultKeyword).at(-1)!;
    if (ts.isVariableStatement(node)) {
      for (const declaration of node.declarationList.declarations) {
        for (const name of boundNames(declaration.name)) this.addExport(name.text, { kind: 'local', local: name.text }, name);
      }
    } else if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) && node.name) {
      this.addExport(isDefault ? 'default' : node.name.text, { kind: 'local', local: node.name.text }, node);
    } else if (ts.isFunctionDeclaration(node) && isDefault) {
      // Hoisted like the original; named "default" as ES modules name it.
      this.edits.push({ start: node.parameters.pos - 1, end: node.parameters.pos - 1, text: ` ${DEFAULT_LOCAL}` });
      this.module.renamesDefaultFunction = true;
      this.addExport('default', { kind: 'local', local: DEFAULT_LOCAL }, node);
    } else if (ts.isClassDeclaration(node) && isDefault) {
      // An object property gives the anonymous class the name "default", as `export default class {}` does.
      this.edits.push({ start: exported.getStart(this.sourceFile), end: last.end, text: `const ${DEFAULT_LOCAL} = { default:` });
      this.edits.push({ start: node.end, end: node.end, text: ' }.default;' });
      this.addExport('default', { kind: 'local', local: DEFAULT_LOCAL }, node);
      return;
    } else {
      throw this.errorAt(node, `has an export the bundler does not know (${ts.SyntaxKind[node.kind]})`);
    }
    for (const modifier of modifiers) {
      if (modifier.kind === ts.SyntaxKind.ExportKeyword || modifier.kind === ts.SyntaxKind.DefaultKeyword) {
        this.edits.push({ start: modifier.getStart(this.sourceFile), end: modifier.end, text: '' });
      }
    }
  }

  private readExportDefault(node: ts.ExportAssignment): void {
    if (node.isExportEquals) throw this.errorAt(node, 'uses export =, which is not JavaScript');
    const anonymous = isAnonymousFunctionDefinition(node.expression);
    const start = node.expression.getStart(this.sourceFile);
    this.edits.push({ start: node.getStart(this.sourceFile), end: start, text: `const ${DEFAULT_LOCAL} = ${anonymous ? '{ default: ' : ''}` });
    if (anonymous) this.edits.push({ start: node.expression.end, end: node.expression.end, text: ' }.default' });
    this.addExport('default', { kind: 'local', local: DEFAULT_LOCAL }, node);
    this.visit(node.expression);
  }

  private readExportDeclaration(node: ts.ExportDeclaration): void {
    if (node.isTypeOnly) throw this.errorAt(node, 'has a type-only export, which JavaScript cannot contain');
    this.refuseAttributes(node, node.attributes);
    this.remove(node);
    const clause = node.exportClause;
    if (!node.moduleSpecifier) {
      if (!clause || !ts.isNamedExports(clause)) throw this.errorAt(node, 'has an export the bundler does not know');
      for (const element of clause.elements) {
        if (element.isTypeOnly) throw this.errorAt(element, 'has a type-only export, which JavaScript cannot contain');
        const local = this.checker.getExportSpecifierLocalTargetSymbol(element);
        const binding = local && this.bindings.get(local);
        const localName = (element.propertyName ?? element.name).text;
        if (!local) throw this.errorAt(element, `exports ${localName}, which is not declared`);
        if (this.requireFunctions.has(local)) throw this.errorAt(element, `exports ${localName} (from createRequire), whose calls elsewhere the bundler could not follow`);
        if (this.createRequires.has(local)) throw this.errorAt(element, 're-exports createRequire, whose uses elsewhere the bundler could not follow');
        this.addExport(element.name.text, binding ? importExport(binding) : { kind: 'local', local: localName }, element);
      }
      return;
    }
    const source = this.sourceFor(node.moduleSpecifier, node);
    const external = this.sources[source]!.target.kind === 'external';
    if (!clause) {
      if (external) throw this.errorAt(node, `re-exports everything of the package '${specifierText(node.moduleSpecifier)}', whose names are not known when bundling`);
      this.module.stars.push(source);
    } else if (ts.isNamespaceExport(clause)) {
      if (external) throw this.errorAt(node, `re-exports the namespace of '${specifierText(node.moduleSpecifier)}', which the bundle cannot give`);
      this.addExport(clause.name.text, { kind: 'namespace', source }, node);
    } else {
      for (const element of clause.elements) {
        const name = (element.propertyName ?? element.name).text;
        if (external && name === 'createRequire') throw this.errorAt(element, 're-exports createRequire, whose uses elsewhere the bundler could not follow');
        if (!external) this.module.importedNames.push({ source, name, where: this.where(element) });
        this.addExport(element.name.text, { kind: 'import', source, name }, element);
      }
    }
  }

  private addExport(name: string, binding: ExportBinding, node: ts.Node): void {
    if (this.module.exports.has(name)) throw this.errorAt(node, `exports ${name} twice`);
    this.module.exports.set(name, binding);
  }

  private sourceFor(specifierNode: ts.Expression, node: ts.Node): number {
    const specifier = specifierText(specifierNode);
    const target = resolveImport(specifier, this.file);
    if (typeof target === 'string') throw this.errorAt(node, target);
    const key = target.kind === 'file' ? `file:${target.file}` : `external:${target.specifier}`;
    let index = this.sourceIndex.get(key);
    if (index === undefined) {
      index = this.sources.length;
      this.sources.push({ target, variable: `${PREFIX}${index}` });
      this.sourceIndex.set(key, index);
    }
    return index;
  }

  private refuseAttributes(node: ts.Node, attributes: ts.ImportAttributes | undefined): void {
    if (attributes) throw this.errorAt(node, 'has import attributes (with { ... }), which the bundle does not support');
  }

  // ---- createRequire(import.meta.url) ----

  /** `const require = createRequire(import.meta.url)`: the require functions whose calls are followed. */
  private findRequireFunctions(node: ts.Node): void {
    if (ts.isIdentifier(node) && this.watched.has(node.text) && this.createRequires.has(this.symbolOf(node)!)) {
      const call = node.parent;
      if (!(ts.isCallExpression(call) && call.expression === node && call.arguments.length === 1 && isImportMetaUrl(call.arguments[0]!))) {
        throw this.errorAt(node, 'uses createRequire other than as createRequire(import.meta.url)');
      }
      const holder = call.parent;
      if (ts.isVariableDeclaration(holder) && holder.initializer === call && ts.isIdentifier(holder.name) && holder.parent.flags & ts.NodeFlags.Const) {
        this.requireFunctions.add(this.checker.getSymbolAtLocation(holder.name)!);
        this.watched.add(holder.name.text);
      } else if (!(ts.isCallExpression(holder) && holder.expression === call)) {
        throw this.errorAt(node, 'keeps createRequire(import.meta.url) other than in a const or calls it other than directly');
      }
    }
    ts.forEachChild(node, (child) => this.findRequireFunctions(child));
  }

  /** A call of a require function (or of createRequire(import.meta.url) itself), else false. */
  private isRequireCall(call: ts.CallExpression): boolean {
    const callee = call.expression;
    if (ts.isIdentifier(callee)) return this.watched.has(callee.text) && this.requireFunctions.has(this.symbolOf(callee)!);
    return ts.isCallExpression(callee) && ts.isIdentifier(callee.expression) && this.watched.has(callee.expression.text) &&
      this.createRequires.has(this.symbolOf(callee.expression)!);
  }

  /** require('./x.js') becomes the bundled module (its namespace, as require() of an ES module gives). */
  private rewriteRequire(call: ts.CallExpression): boolean {
    const [argument, ...rest] = call.arguments;
    if (!argument || rest.length > 0 || !ts.isStringLiteralLike(argument)) {
      throw this.errorAt(call, 'calls require() with something other than one string; the bundler cannot tell what it loads');
    }
    const target = resolveRequire(argument.text, this.file);
    if (typeof target === 'string') throw this.errorAt(call, target);
    if (target.kind === 'external') return false;
    this.module.lazyFiles.push(target.file);
    this.replace(call, `${PREFIX}eval(${JSON.stringify(this.idOf(target.file))})`);
    return true;
  }

  // ---- the module body ----

  private visit(node: ts.Node): void {
    if (ts.isIdentifier(node)) return this.visitIdentifier(node);
    if (ts.isMetaProperty(node) && node.keywordToken === ts.SyntaxKind.ImportKeyword) return this.visitImportMeta(node);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return this.visitDynamicImport(node);
    if (ts.isCallExpression(node) && this.isRequireCall(node) && this.rewriteRequire(node)) return;
    if ((ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier)) && !ts.findAncestor(node.parent, ts.isFunctionLike)) {
      throw this.errorAt(node, 'uses top-level await, which a bundled module (a function run on first use) cannot');
    }
    ts.forEachChild(node, (child) => this.visit(child));
  }

  private visitIdentifier(node: ts.Identifier): void {
    if (node.text.startsWith(PREFIX)) throw this.errorAt(node, `uses the name ${node.text}; names starting with ${PREFIX} are the bundle's own`);
    if (!this.watched.has(node.text)) return;
    const symbol = this.symbolOf(node);
    if (!symbol) return;
    if (this.requireFunctions.has(symbol)) {
      // Calls with a path of ours were replaced before reaching here; what is left loads a package.
      const parent = node.parent;
      if ((ts.isCallExpression(parent) || ts.isVariableDeclaration(parent)) && (ts.isCallExpression(parent) ? parent.expression : parent.name) === node) return;
      throw this.errorAt(node, `uses ${node.text} (from createRequire) other than by calling it`);
    }
    const binding = this.bindings.get(symbol);
    if (!binding) return;
    if (isWriteTarget(node)) throw this.errorAt(node, `assigns to the imported binding ${node.text}`);
    const reference = this.reference(binding);
    const parent = node.parent;
    if (ts.isShorthandPropertyAssignment(parent) && parent.name === node) {
      this.replace(node, `${node.text}: ${reference}`);
    } else if (binding.name !== '*' && (((ts.isCallExpression(parent) && parent.expression === node)) || (ts.isTaggedTemplateExpression(parent) && parent.tag === node))) {
      // Called as a plain function (this === undefined), as an imported function is.
      this.replace(node, `(0, ${reference})`);
    } else {
      this.replace(node, reference);
    }
  }

  private visitImportMeta(node: ts.MetaProperty): void {
    const access = node.parent;
    if (!ts.isPropertyAccessExpression(access) || access.expression !== node || isWriteTarget(access)) {
      throw this.errorAt(node, 'uses import.meta other than to read import.meta.url, .filename or .dirname');
    }
    const property = access.name.text;
    this.module.usesMetaUrl = true;
    if (property === 'url') this.replace(access, `${PREFIX}url`);
    else if (property === 'filename') this.replace(access, `${PREFIX}filename(${PREFIX}url)`);
    else if (property === 'dirname') this.replace(access, `${PREFIX}dirname(${PREFIX}url)`);
    else throw this.errorAt(node, `uses import.meta.${property}, which the bundle does not give each module`);
  }

  private visitDynamicImport(node: ts.CallExpression): void {
    const [argument, ...rest] = node.arguments;
    if (!argument || !ts.isStringLiteralLike(argument)) {
      throw this.errorAt(node, 'calls import() with something other than a string; the bundler cannot tell what it loads');
    }
    const target = resolveImport(argument.text, this.file);
    if (typeof target === 'string') throw this.errorAt(node, target);
    if (target.kind === 'external') {
      // Through the bundle's own import(): a module kept as text is compiled as a plain function, whose
      // import() would have no module to resolve from. Packages resolve from the bundle as from dist/.
      this.replace(node.expression, `${PREFIX}import`);
      for (const option of rest) this.visit(option);
      return;
    }
    if (rest.length > 0) throw this.errorAt(node, 'calls import() of a file of ours with options, which the bundle does not support');
    this.module.lazyFiles.push(target.file);
    this.replace(node, `${PREFIX}dynamic(${JSON.stringify(this.idOf(target.file))})`);
  }

  // ---- helpers ----

  private symbolOf(node: ts.Identifier): ts.Symbol | undefined {
    const parent = node.parent;
    if (ts.isShorthandPropertyAssignment(parent) && parent.name === node) return this.checker.getShorthandAssignmentValueSymbol(parent);
    return this.checker.getSymbolAtLocation(node);
  }

  private reference(binding: Binding): string {
    const variable = this.sources[binding.source]!.variable;
    return binding.name === '*' ? variable : `${variable}${propertyAccess(binding.name)}`;
  }

  private replace(node: ts.Node, text: string): void {
    this.edits.push({ start: node.getStart(this.sourceFile), end: node.end, text });
  }

  private remove(node: ts.Node): void {
    this.replace(node, '');
  }

  private where(node: ts.Node): string {
    const { line, character } = this.sourceFile.getLineAndCharacterOfPosition(node.getStart(this.sourceFile));
    return `${this.shownAs}:${line + 1}:${character + 1}`;
  }

  private errorAt(node: ts.Node, problem: string): BundleError {
    return this.error(this.sourceFile, problem, node);
  }

  private error(sourceFile: ts.SourceFile, problem: string, node: ts.Node = sourceFile): BundleError {
    return bundleErrorAt(this.shownAs, sourceFile, node, problem);
  }
}

/** `.name`, or `["a-b"]` for an export name that is not an identifier. */
export function propertyAccess(name: string): string {
  return isIdentifierName(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
}

function isIdentifierName(name: string): boolean {
  const codePoints = [...name].map((character) => character.codePointAt(0)!);
  return codePoints.length > 0 && ts.isIdentifierStart(codePoints[0]!, ts.ScriptTarget.ESNext) &&
    codePoints.every((code) => ts.isIdentifierPart(code, ts.ScriptTarget.ESNext));
}

function importExport(binding: Binding): ExportBinding {
  return binding.name === '*' ? { kind: 'namespace', source: binding.source } : { kind: 'import', source: binding.source, name: binding.name };
}

function specifierText(node: ts.Expression): string {
  if (!ts.isStringLiteral(node)) throw new Error('a module specifier is not a string');
  return node.text;
}

function boundNames(name: ts.BindingName): ts.Identifier[] {
  if (ts.isIdentifier(name)) return [name];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : boundNames(element.name)));
}

function isImportMetaUrl(node: ts.Expression): boolean {
  return ts.isPropertyAccessExpression(node) && ts.isMetaProperty(node.expression) &&
    node.expression.keywordToken === ts.SyntaxKind.ImportKeyword && node.name.text === 'url';
}

/** What ES modules give the name "default" when exported as `export default <expression>`. */
function isAnonymousFunctionDefinition(node: ts.Expression): boolean {
  while (ts.isParenthesizedExpression(node)) node = node.expression;
  return ts.isArrowFunction(node) || ((ts.isFunctionExpression(node) || ts.isClassExpression(node)) && !node.name);
}

/** Whether `node` is assigned to: `x = 1`, `x++`, `[x] = list`, `({ a: x } = o)`, `for (x of list)`. */
function isWriteTarget(node: ts.Node): boolean {
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

/** Applies the edits; the line breaks of replaced text are kept, so every line stays on its line number. */
function applyEdits(text: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) throw new Error(`overlapping edits at ${edit.start}`);
    out += text.slice(at, edit.start) + edit.text + '\n'.repeat(lineBreaks(text, edit.start, edit.end));
    at = edit.end;
  }
  return out + text.slice(at);
}

function lineBreaks(text: string, start: number, end: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', start); at >= 0 && at < end; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
