// The import graph of src/, read with TypeScript's own pre-processor (static, type-only, re-exports and
// import() alike), so the layout rules of DESIGN.md section 2 can be checked by a test.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  /** The importing file, relative to src/ with forward slashes (`mcp/tools/site-info.ts`). */
  from: string;
  /** A file of src/ (relative, `.ts`), or the bare specifier of a package or builtin (`node:fs`, `zod`). */
  to: string;
  /** True when `to` is a package or builtin, not a file of src/. */
  external: boolean;
}

function sourceFiles(folder: string, root: string, into: string[] = []): string[] {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) sourceFiles(path, root, into);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) into.push(relative(root, path).split(sep).join('/'));
  }
  return into;
}

/** Every import of every .ts file below `srcRoot`; relative specifiers resolved to src/ paths. */
export function readImportGraph(srcRoot: string): { files: string[]; edges: ImportEdge[] } {
  const files = sourceFiles(srcRoot, srcRoot).sort();
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(join(srcRoot, file), 'utf8'), true, true);
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) {
        edges.push({ from: file, to: fileName, external: true });
        continue;
      }
      const target = posix.normalize(posix.join(posix.dirname(file), fileName)).replace(/\.js$/, '.ts');
      edges.push({ from: file, to: target, external: false });
    }
  }
  return { files, edges };
}

/** The folder a src/ file lives in (`.` for the top of src/). */
export function folderOf(file: string): string {
  return dirname(file).split(sep).join('/');
}

/** Every cycle's members, found as strongly connected components of more than one node (or a self-loop). */
export function findCycles(nodes: Iterable<string>, next: (node: string) => Iterable<string>): string[][] {
  // Tarjan's algorithm, iterative-free for clarity: the graphs here have a few hundred nodes.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    let selfLoop = false;
    for (const target of next(node)) {
      if (target === node) selfLoop = true;
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.push(member);
    } while (member !== node);
    if (members.length > 1 || selfLoop) cycles.push(members.sort());
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return cycles;
}
