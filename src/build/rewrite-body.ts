// The body of a module rewritten for the bundle: each use of an imported name reads the imported module's
// namespace (so bindings stay live, as in ES modules), import() and require() of our files go to the
// bundle's registry, import.meta.url is the module's own file URL. Forms the bundler cannot follow (a
// computed import(), top-level await, writing to an import) stop the build.
import ts from 'typescript';
import { PREFIX } from './bundle-runtime.js';
import { isWriteTarget, propertyAccess } from './js-syntax.js';
import type { ModuleSource } from './module-source.js';
import type { Binding, ModuleLinks } from './read-links.js';
import { resolveImport, resolveRequire } from './resolve-target.js';

export interface BodyFacts {
  /** Files loaded by import() or require(): bundled, evaluated only when first loaded. */
  lazyFiles: string[];
  usesMetaUrl: boolean;
}

/** Rewrites every statement but the import and export declarations (readLinks handles those). */
export function rewriteBody(source: ModuleSource, links: ModuleLinks, idOf: (file: string) => string): BodyFacts {
  const rewriter = new BodyRewriter(source, links, idOf);
  for (const statement of source.sourceFile.statements) {
    if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) continue;
    rewriter.visit(ts.isExportAssignment(statement) ? statement.expression : statement);
  }
  return rewriter.facts;
}

class BodyRewriter {
  readonly facts: BodyFacts = { lazyFiles: [], usesMetaUrl: false };

  constructor(private readonly source: ModuleSource, private readonly links: ModuleLinks, private readonly idOf: (file: string) => string) {}

  visit(node: ts.Node): void {
    if (ts.isIdentifier(node)) return this.visitIdentifier(node);
    if (ts.isMetaProperty(node) && node.keywordToken === ts.SyntaxKind.ImportKeyword) return this.visitImportMeta(node);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return this.visitDynamicImport(node);
    if (ts.isCallExpression(node) && this.isRequireCall(node) && this.rewriteRequire(node)) return;
    if ((ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier)) && !ts.findAncestor(node.parent, ts.isFunctionLike)) {
      throw this.source.errorAt(node, 'uses top-level await, which a bundled module (a function run on first use) cannot');
    }
    ts.forEachChild(node, (child) => this.visit(child));
  }

  private visitIdentifier(node: ts.Identifier): void {
    if (node.text.startsWith(PREFIX)) throw this.source.errorAt(node, `uses the name ${node.text}; names starting with ${PREFIX} are the bundle's own`);
    if (!this.links.watched.has(node.text)) return;
    const symbol = this.source.symbolOf(node);
    if (!symbol) return;
    const parent = node.parent;
    if (this.links.requireFunctions.has(symbol)) {
      // Calls with a path of ours were replaced before reaching here; what is left loads a package.
      if ((ts.isCallExpression(parent) && parent.expression === node) || (ts.isVariableDeclaration(parent) && parent.name === node)) return;
      throw this.source.errorAt(node, `uses ${node.text} (from createRequire) other than by calling it`);
    }
    const binding = this.links.bindings.get(symbol);
    if (!binding) return;
    if (isWriteTarget(node)) throw this.source.errorAt(node, `assigns to the imported binding ${node.text}`);
    const reference = this.reference(binding);
    if (ts.isShorthandPropertyAssignment(parent) && parent.name === node) {
      this.source.replace(node, `${node.text}: ${reference}`);
    } else if (binding.name !== '*' && ((ts.isCallExpression(parent) && parent.expression === node) || (ts.isTaggedTemplateExpression(parent) && parent.tag === node))) {
      // Called as a plain function (this === undefined), as an imported function is.
      this.source.replace(node, `(0, ${reference})`);
    } else {
      this.source.replace(node, reference);
    }
  }

  private visitImportMeta(node: ts.MetaProperty): void {
    const access = node.parent;
    if (!ts.isPropertyAccessExpression(access) || access.expression !== node || isWriteTarget(access)) {
      throw this.source.errorAt(node, 'uses import.meta other than to read import.meta.url, .filename or .dirname');
    }
    const property = access.name.text;
    this.facts.usesMetaUrl = true;
    if (property === 'url') this.source.replace(access, `${PREFIX}url`);
    else if (property === 'filename') this.source.replace(access, `${PREFIX}filename(${PREFIX}url)`);
    else if (property === 'dirname') this.source.replace(access, `${PREFIX}dirname(${PREFIX}url)`);
    else throw this.source.errorAt(node, `uses import.meta.${property}, which the bundle does not give each module`);
  }

  private visitDynamicImport(node: ts.CallExpression): void {
    const [argument, ...rest] = node.arguments;
    if (!argument || !ts.isStringLiteralLike(argument)) {
      throw this.source.errorAt(node, 'calls import() with something other than a string; the bundler cannot tell what it loads');
    }
    const target = resolveImport(argument.text, this.source.file);
    if (typeof target === 'string') throw this.source.errorAt(node, target);
    if (target.kind === 'external') {
      // Through the bundle's own import(): a module kept as text is compiled as a plain function, whose
      // import() would have no module to resolve from. Packages resolve from the bundle as from dist/.
      this.source.replace(node.expression, `${PREFIX}import`);
      for (const option of rest) this.visit(option);
      return;
    }
    if (rest.length > 0) throw this.source.errorAt(node, 'calls import() of a file of ours with options, which the bundle does not support');
    this.facts.lazyFiles.push(target.file);
    this.source.replace(node, `${PREFIX}dynamic(${JSON.stringify(this.idOf(target.file))})`);
  }

  /** A call of a require function, or of createRequire(import.meta.url) itself. */
  private isRequireCall(call: ts.CallExpression): boolean {
    const callee = call.expression;
    if (ts.isIdentifier(callee)) return this.links.watched.has(callee.text) && this.links.requireFunctions.has(this.source.symbolOf(callee)!);
    return ts.isCallExpression(callee) && ts.isIdentifier(callee.expression) && this.links.watched.has(callee.expression.text) &&
      this.links.createRequires.has(this.source.symbolOf(callee.expression)!);
  }

  /** require('./x.js') becomes the bundled module (its namespace, as require() of an ES module gives). */
  private rewriteRequire(call: ts.CallExpression): boolean {
    const [argument, ...rest] = call.arguments;
    if (!argument || rest.length > 0 || !ts.isStringLiteralLike(argument)) {
      throw this.source.errorAt(call, 'calls require() with something other than one string; the bundler cannot tell what it loads');
    }
    const target = resolveRequire(argument.text, this.source.file);
    if (typeof target === 'string') throw this.source.errorAt(call, target);
    if (target.kind === 'external') return false;
    this.facts.lazyFiles.push(target.file);
    this.source.replace(call, `${PREFIX}eval(${JSON.stringify(this.idOf(target.file))})`);
    return true;
  }

  private reference(binding: Binding): string {
    const variable = this.links.sources[binding.source]!.variable;
    return binding.name === '*' ? variable : `${variable}${propertyAccess(binding.name)}`;
  }
}
