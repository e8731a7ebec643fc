// One module of tsc's output, read with the TypeScript compiler API and rewritten by exact text edits into
// the body of a bundle function: its links (imports, exports) are read and their statements removed, its
// body rewritten to use the bundle's registry. Every form not understood stops the build (BundleError).
import { ModuleSource } from './module-source.js';
import { readLinks, type ExportBinding, type ImportSource } from './read-links.js';
import { rewriteBody } from './rewrite-body.js';
import { applyEdits } from './text-edits.js';

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

/** Reads `file` (shown as `shownAs` in errors); `idOf` names a file of ours in the bundle's registry. */
export function scanModule(file: string, shownAs: string, idOf: (file: string) => string): ScannedModule {
  const source = new ModuleSource(file, shownAs);
  // A shebang is only allowed at the very start of a file; the bundle keeps the entry's own.
  if (source.text.startsWith('#!')) {
    const lineEnd = source.text.indexOf('\n');
    source.edits.push({ start: 0, end: lineEnd < 0 ? source.text.length : lineEnd, text: '' });
  }
  const links = readLinks(source);
  const facts = rewriteBody(source, links, idOf);
  return {
    file,
    sources: links.sources,
    exports: links.exports,
    stars: links.stars,
    importedNames: links.importedNames,
    lazyFiles: facts.lazyFiles,
    body: applyEdits(source.text, source.edits),
    usesMetaUrl: facts.usesMetaUrl,
    renamesDefaultFunction: links.renamesDefaultFunction,
  };
}
