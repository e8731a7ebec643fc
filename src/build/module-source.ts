// One file of tsc's output as the bundler reads it: its syntax tree, a checker that knows which declaration
// each name refers to, and the text edits made to it. One small program per file: imports stay unresolved
// aliases (noResolve), which is all the checker needs to tell a use of an imported name from a local of the
// same name. No lib files are read.
import ts from 'typescript';
import { bundleErrorAt, type BundleError } from './bundle-error.js';
import type { Edit } from './text-edits.js';

const OPTIONS: ts.CompilerOptions = {
  allowJs: true, noResolve: true, noLib: true, types: [], noEmit: true,
  target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.ESNext, moduleDetection: ts.ModuleDetectionKind.Force,
};

export class ModuleSource {
  readonly sourceFile: ts.SourceFile;
  readonly checker: ts.TypeChecker;
  readonly edits: Edit[] = [];

  /** `file` is read; `shownAs` names it in errors. */
  constructor(readonly file: string, readonly shownAs: string) {
    const program = ts.createProgram({ rootNames: [file], options: OPTIONS });
    const sourceFile = program.getSourceFile(file);
    if (!sourceFile) throw new Error(`${shownAs}: cannot be read`);
    const [syntaxError] = program.getSyntacticDiagnostics(sourceFile);
    if (syntaxError) throw bundleErrorAt(shownAs, sourceFile, sourceFile, `does not parse: ${ts.flattenDiagnosticMessageText(syntaxError.messageText, ' ')}`);
    this.sourceFile = sourceFile;
    this.checker = program.getTypeChecker();
  }

  get text(): string {
    return this.sourceFile.text;
  }

  /** The declaration `node` (a name) refers to; for `{ name }` the value's, not the property's. */
  symbolOf(node: ts.Identifier): ts.Symbol | undefined {
    const parent = node.parent;
    if (ts.isShorthandPropertyAssignment(parent) && parent.name === node) return this.checker.getShorthandAssignmentValueSymbol(parent);
    return this.checker.getSymbolAtLocation(node);
  }

  replace(node: ts.Node, text: string): void {
    this.edits.push({ start: node.getStart(this.sourceFile), end: node.end, text });
  }

  insert(at: number, text: string): void {
    this.edits.push({ start: at, end: at, text });
  }

  /** `dist/x.js:3:10`. */
  where(node: ts.Node): string {
    const { line, character } = this.sourceFile.getLineAndCharacterOfPosition(node.getStart(this.sourceFile));
    return `${this.shownAs}:${line + 1}:${character + 1}`;
  }

  errorAt(node: ts.Node, problem: string): BundleError {
    return bundleErrorAt(this.shownAs, this.sourceFile, node, problem);
  }
}
