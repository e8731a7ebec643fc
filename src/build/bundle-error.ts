// The one failure the bundler reports: a sentence naming the file (and the place in it) and what it could not
// bundle. The build stops on it; a bundle is never written with a form the bundler does not understand.
import type ts from 'typescript';

export class BundleError extends Error {
  override readonly name = 'BundleError';
}

/** `dist/mcp/server-info.js:10:32: <problem>` for a node of a parsed file. */
export function bundleErrorAt(file: string, sourceFile: ts.SourceFile, node: ts.Node, problem: string): BundleError {
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
  return new BundleError(`${file}:${line + 1}:${character + 1}: ${problem}`);
}
