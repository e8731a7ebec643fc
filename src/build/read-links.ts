// What a module imports and exports (its top-level import and export statements), read from tsc's output:
// the sources in evaluation order, which local names are imports, the export names and what each reads.
// The statements themselves are removed or stripped of `export`; the bundle links modules instead. The
// createRequire(import.meta.url) functions are found here too: their calls load modules as imports do.
import ts from 'typescript';
import { PREFIX } from './bundle-runtime.js';
import { boundNames, isAnonymousFunctionDefinition, isImportMetaUrl, specifierText } from './js-syntax.js';
import type { ModuleSource } from './module-source.js';
import { resolveImport, type Target } from './resolve-target.js';

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

/** An imported local: its source and the name imported ('default', a named export, or '*' for the namespace). */
export interface Binding {
  source: number;
  name: string;
}

export interface ModuleLinks {
  sources: ImportSource[];
  bindings: Map<ts.Symbol, Binding>;
  /** Names worth asking the checker about in the body: imported locals and require functions. */
  watched: Set<string>;
  /** createRequire as imported from node:module. */
  createRequires: Set<ts.Symbol>;
  /** `const require = createRequire(import.meta.url)`: functions whose calls load modules. */
  requireFunctions: Set<ts.Symbol>;
  /** Export names given in this module (not those of `export *`), each with what it reads. */
  exports: Map<string, ExportBinding>;
  /** Sources of `export * from`. */
  stars: number[];
  /** Names imported from modules of ours, checked against their exports once the whole graph is read. */
  importedNames: { source: number; name: string; where: string }[];
  /** `export default function () {}`: declared as __svc_default, renamed to "default" by the bundle. */
  renamesDefaultFunction: boolean;
}

export const DEFAULT_LOCAL = `${PREFIX}default`;

export function readLinks(source: ModuleSource): ModuleLinks {
  return new LinkReader(source).read();
}

class LinkReader {
  private readonly links: ModuleLinks = {
    sources: [], bindings: new Map(), watched: new Set(), createRequires: new Set(), requireFunctions: new Set(),
    exports: new Map(), stars: [], importedNames: [], renamesDefaultFunction: false,
  };
  private readonly sourceIndex = new Map<string, number>();

  constructor(private readonly source: ModuleSource) {}

  read(): ModuleLinks {
    const statements = this.source.sourceFile.statements;
    // Sources are numbered in the order their module requests appear: the order ES modules evaluate them.
    for (const statement of statements) {
      if (ts.isImportDeclaration(statement)) this.readImport(statement);
      else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) this.sourceFor(statement.moduleSpecifier, statement);
    }
    for (const statement of statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) this.findRequireFunctions(statement);
    }
    for (const statement of statements) {
      if (ts.isExportDeclaration(statement)) this.readExportDeclaration(statement);
      else if (ts.isExportAssignment(statement)) this.readExportDefault(statement);
      else if (!ts.isImportDeclaration(statement)) this.readExportedDeclaration(statement);
    }
    return this.links;
  }

  private readImport(node: ts.ImportDeclaration): void {
    this.refuseAttributes(node, node.attributes);
    const source = this.sourceFor(node.moduleSpecifier, node);
    this.source.replace(node, '');
    const clause = node.importClause;
    if (!clause) return;
    if (clause.isTypeOnly) throw this.source.errorAt(node, 'has a type-only import, which JavaScript cannot contain');
    if (clause.name) this.bind(clause.name, source, 'default');
    const named = clause.namedBindings;
    if (named && ts.isNamespaceImport(named)) {
      if (this.links.sources[source]!.target.kind === 'external') {
        throw this.source.errorAt(node, `imports the namespace of '${specifierText(node.moduleSpecifier)}'; the bundle cannot give a package's namespace object as import * does: import the names used`);
      }
      this.bind(named.name, source, '*');
    } else if (named) {
      for (const element of named.elements) {
        if (element.isTypeOnly) throw this.source.errorAt(element, 'has a type-only import, which JavaScript cannot contain');
        this.bind(element.name, source, (element.propertyName ?? element.name).text);
      }
    }
  }

  private bind(local: ts.Identifier, source: number, name: string): void {
    const symbol = this.source.checker.getSymbolAtLocation(local);
    if (!symbol) throw this.source.errorAt(local, `the import ${local.text} has no symbol`);
    this.links.bindings.set(symbol, { source, name });
    this.links.watched.add(local.text);
    const target = this.links.sources[source]!.target;
    if (target.kind === 'file' && name !== '*') this.links.importedNames.push({ source, name, where: this.source.where(local) });
    if (target.kind === 'external' && (target.specifier === 'node:module' || target.specifier === 'module')) {
      if (name === 'createRequire') this.links.createRequires.add(symbol);
      else if (name === 'default' || name === '*') {
        throw this.source.errorAt(local, 'imports node:module as a whole; import createRequire by name so the bundler can follow what it loads');
      }
    }
  }

  /** `const require = createRequire(import.meta.url)`, or createRequire(import.meta.url)(...) called at once. */
  private findRequireFunctions(node: ts.Node): void {
    if (ts.isIdentifier(node) && this.links.watched.has(node.text) && this.links.createRequires.has(this.source.symbolOf(node)!)) {
      const call = node.parent;
      if (!(ts.isCallExpression(call) && call.expression === node && call.arguments.length === 1 && isImportMetaUrl(call.arguments[0]!))) {
        throw this.source.errorAt(node, 'uses createRequire other than as createRequire(import.meta.url)');
      }
      const holder = call.parent;
      if (ts.isVariableDeclaration(holder) && holder.initializer === call && ts.isIdentifier(holder.name) && holder.parent.flags & ts.NodeFlags.Const) {
        this.links.requireFunctions.add(this.source.checker.getSymbolAtLocation(holder.name)!);
        this.links.watched.add(holder.name.text);
      } else if (!(ts.isCallExpression(holder) && holder.expression === call)) {
        throw this.source.errorAt(node, 'keeps createRequire(import.meta.url) other than in a const or calls it other than directly');
      }
    }
    ts.forEachChild(node, (child) => this.findRequireFunctions(child));
  }

  private readExportedDeclaration(node: ts.Statement): void {
    const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) ?? [] : [];
    const keywords = modifiers.filter((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword || modifier.kind === ts.SyntaxKind.DefaultKeyword);
    if (!keywords.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) return;
    const isDefault = keywords.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword);
    if (ts.isVariableStatement(node)) {
      for (const declaration of node.declarationList.declarations) {
        for (const name of boundNames(declaration.name)) this.addExport(name.text, { kind: 'local', local: name.text }, name);
      }
    } else if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) && node.name) {
      this.addExport(isDefault ? 'default' : node.name.text, { kind: 'local', local: node.name.text }, node);
    } else if (ts.isFunctionDeclaration(node) && isDefault) {
      // Hoisted like the original; named "default" as ES modules name it.
      this.source.insert(node.parameters.pos - 1, ` ${DEFAULT_LOCAL}`);
      this.links.renamesDefaultFunction = true;
      this.addExport('default', { kind: 'local', local: DEFAULT_LOCAL }, node);
    } else if (ts.isClassDeclaration(node) && isDefault) {
      // An object property gives the anonymous class the name "default", as `export default class {}` does.
      const start = keywords[0]!.getStart(this.source.sourceFile);
      this.source.edits.push({ start, end: keywords.at(-1)!.end, text: `const ${DEFAULT_LOCAL} = { default:` });
      this.source.insert(node.end, ' }.default;');
      this.addExport('default', { kind: 'local', local: DEFAULT_LOCAL }, node);
      return;
    } else {
      throw this.source.errorAt(node, `has an export the bundler does not know (${ts.SyntaxKind[node.kind]})`);
    }
    for (const keyword of keywords) this.source.replace(keyword, '');
  }

  /** `export default <expression>` becomes a const the getter reads (the body rewrite visits the expression). */
  private readExportDefault(node: ts.ExportAssignment): void {
    if (node.isExportEquals) throw this.source.errorAt(node, 'uses export =, which is not JavaScript');
    const anonymous = isAnonymousFunctionDefinition(node.expression);
    const start = node.expression.getStart(this.source.sourceFile);
    this.source.edits.push({ start: node.getStart(this.source.sourceFile), end: start, text: `const ${DEFAULT_LOCAL} = ${anonymous ? '{ default: ' : ''}` });
    if (anonymous) this.source.insert(node.expression.end, ' }.default');
    this.addExport('default', { kind: 'local', local: DEFAULT_LOCAL }, node);
  }

  private readExportDeclaration(node: ts.ExportDeclaration): void {
    if (node.isTypeOnly) throw this.source.errorAt(node, 'has a type-only export, which JavaScript cannot contain');
    this.refuseAttributes(node, node.attributes);
    this.source.replace(node, '');
    const clause = node.exportClause;
    if (!node.moduleSpecifier) {
      if (!clause || !ts.isNamedExports(clause)) throw this.source.errorAt(node, 'has an export the bundler does not know');
      for (const element of clause.elements) this.readLocalExport(element);
      return;
    }
    const source = this.sourceFor(node.moduleSpecifier, node);
    const external = this.links.sources[source]!.target.kind === 'external';
    const specifier = specifierText(node.moduleSpecifier);
    if (!clause) {
      if (external) throw this.source.errorAt(node, `re-exports everything of the package '${specifier}', whose names are not known when bundling`);
      this.links.stars.push(source);
    } else if (ts.isNamespaceExport(clause)) {
      if (external) throw this.source.errorAt(node, `re-exports the namespace of '${specifier}', which the bundle cannot give`);
      this.addExport(clause.name.text, { kind: 'namespace', source }, node);
    } else {
      for (const element of clause.elements) {
        const name = (element.propertyName ?? element.name).text;
        if (external && name === 'createRequire') throw this.source.errorAt(element, 're-exports createRequire, whose uses elsewhere the bundler could not follow');
        if (!external) this.links.importedNames.push({ source, name, where: this.source.where(element) });
        this.addExport(element.name.text, { kind: 'import', source, name }, element);
      }
    }
  }

  /** `export { a, b as c }`: a local, or an import passed on. */
  private readLocalExport(element: ts.ExportSpecifier): void {
    if (element.isTypeOnly) throw this.source.errorAt(element, 'has a type-only export, which JavaScript cannot contain');
    const localName = (element.propertyName ?? element.name).text;
    const local = this.source.checker.getExportSpecifierLocalTargetSymbol(element);
    if (!local) throw this.source.errorAt(element, `exports ${localName}, which is not declared`);
    if (this.links.requireFunctions.has(local)) throw this.source.errorAt(element, `exports ${localName} (from createRequire), whose calls elsewhere the bundler could not follow`);
    if (this.links.createRequires.has(local)) throw this.source.errorAt(element, 're-exports createRequire, whose uses elsewhere the bundler could not follow');
    const binding = this.links.bindings.get(local);
    const exported: ExportBinding = !binding
      ? { kind: 'local', local: localName }
      : binding.name === '*' ? { kind: 'namespace', source: binding.source } : { kind: 'import', source: binding.source, name: binding.name };
    this.addExport(element.name.text, exported, element);
  }

  private addExport(name: string, binding: ExportBinding, node: ts.Node): void {
    if (this.links.exports.has(name)) throw this.source.errorAt(node, `exports ${name} twice`);
    this.links.exports.set(name, binding);
  }

  private sourceFor(specifierNode: ts.Expression, node: ts.Node): number {
    const target = resolveImport(specifierText(specifierNode), this.source.file);
    if (typeof target === 'string') throw this.source.errorAt(node, target);
    const key = target.kind === 'file' ? `file:${target.file}` : `external:${target.specifier}`;
    let index = this.sourceIndex.get(key);
    if (index === undefined) {
      index = this.links.sources.length;
      this.links.sources.push({ target, variable: `${PREFIX}${index}` });
      this.sourceIndex.set(key, index);
    }
    return index;
  }

  private refuseAttributes(node: ts.Node, attributes: ts.ImportAttributes | undefined): void {
    if (attributes) throw this.source.errorAt(node, 'has import attributes (with { ... }), which the bundle does not support');
  }
}
