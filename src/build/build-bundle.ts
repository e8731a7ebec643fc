// A bundle of an entry of tsc's output and every module of ours it can load: statically, by import() of a
// path, or by createRequire(import.meta.url)(path). All of them go in, so a module loaded late still shares
// its imports with the rest (one instance per module). Packages and builtins stay outside the bundle. What
// every start runs is written as functions; what is loaded on demand as text, compiled when first loaded
// (a start then neither runs nor parses it: about 2 ms of the stdio server's first answer). Two files: the
// entry, a small ES module (bundle-loader.ts), and the modules file it compiles as a script, so that V8 can
// take the compiled code from a cache (code-cache-runtime.ts); the ES module loader still reads one file.
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, posix, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script, compileFunction } from 'node:vm';
import { escapeNonAscii } from './ascii-only.js';
import { BundleError } from './bundle-error.js';
import { LOADER_RUNTIME, startCall, type ModulesFile } from './bundle-loader.js';
import { BUNDLE_MARK, BUNDLE_RUNTIME, MODULES_PARAMETERS, PREFIX, TEXT_MODULE_PARAMETERS } from './bundle-runtime.js';
import { propertyAccess } from './js-syntax.js';
import { ModuleExports, type NamespaceName } from './module-exports.js';
import type { ExportBinding } from './read-links.js';
import { scanModule, type ScannedModule } from './scan-module.js';

export interface Bundle {
  /** The entry (an ES module), to be written at `out`. */
  text: string;
  /** The modules file, to be written beside it under `name` (which names its build). */
  modules: { name: string; text: string };
  /** The bundled files, the entry first. */
  files: string[];
}

/** Whether `text` was made by this bundler (its mark is on the first or second line). */
export function isBundle(text: string): boolean {
  return text.split('\n', 2).some((line) => line.startsWith(BUNDLE_MARK));
}

export interface BundleOptions {
  /**
   * tsc's entry kept beside the bundle: what a Node that cannot require() ES modules (started with
   * --no-experimental-require-module) runs instead, unbundled, as before. Without it such a Node fails on
   * the first package that is an ES module.
   */
  fallback?: string;
  /**
   * Files (relative to the entry's folder) loaded on demand that nearly every start needs soon anyway, with
   * what they import: kept as plain functions like the modules every start loads, since compiling a module
   * kept as text costs more than V8's lazy parse of a function that is there from the start.
   */
  warm?: string[];
}

/** Bundles `entry` for a bundle file written at `out`; each module's import.meta.url stays its own file's. */
export function buildBundle(entry: string, out: string, options: BundleOptions = {}): Bundle {
  const base = pathToFileURL(realpathSync(dirname(resolve(out))) + sep).pathname;
  // Registry ids are URLs relative to the bundle: new URL(id, import.meta.url) is the module's own URL.
  const idOf = (file: string) => {
    const path = posix.relative(base, pathToFileURL(file).pathname);
    return path.startsWith('../') ? path : `./${path}`;
  };
  const shownAs = (file: string) => relative(process.cwd(), file) || file;

  const entryFile = realpathSync(entry);
  const modules = new Map<string, ScannedModule>();
  const queue = [entryFile];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (modules.has(file)) continue;
    const module = scanModule(file, shownAs(file), idOf);
    modules.set(file, module);
    for (const source of module.sources) if (source.target.kind === 'file') queue.push(source.target.file);
    queue.push(...module.lazyFiles);
  }

  // What every start loads: the entry, what it imports, and what it loads itself by import() or require().
  // Everything else is loaded on demand (a tool, statistics, OAuth) and is kept as text until then.
  const atStart = new Set<string>();
  const addWithImports = (file: string): void => {
    if (atStart.has(file)) return;
    atStart.add(file);
    for (const source of modules.get(file)!.sources) if (source.target.kind === 'file') addWithImports(source.target.file);
  };
  addWithImports(entryFile);
  for (const file of modules.get(entryFile)!.lazyFiles) addWithImports(file);
  for (const name of options.warm ?? []) {
    const file = realpathSync(resolve(dirname(entryFile), name));
    if (!modules.has(file)) throw new BundleError(`${shownAs(file)} is to be kept warm, but ${shownAs(entryFile)} never loads it.`);
    addWithImports(file);
  }

  const exports = new ModuleExports(modules, shownAs);
  const functions: string[] = [];
  // Texts of modules loaded on demand, after the code: each module's entry in the registry is where its starts and ends.
  let texts = '';
  for (const [file, module] of modules) {
    exports.checkImports(file);
    const id = idOf(file);
    const prologue = modulePrologue(id, module, exports.namespaceOf(file), idOf, atStart.has(file) ? `${PREFIX}meta.url` : `${PREFIX}base`);
    const body = escapeNonAscii(module.body);
    if (atStart.has(file)) {
      // A plain function expression, not wrapped in parentheses, so V8 compiles it only when it first runs.
      functions.push(`${JSON.stringify(id)}: function (${PREFIX}self) {\n${prologue.join('\n')}\n${body}\n},`);
    } else {
      // The prologue on the first line, so the body keeps the line numbers of its file (lineOffset -1).
      const source = `'use strict'; ${prologue.join(' ')}\n${body}`;
      checkCompiles(source, shownAs(file));
      functions.push(`${JSON.stringify(id)}: [${texts.length}, ${texts.length + source.length}],`);
      texts += source;
    }
  }

  const summary = `${shownAs(entryFile)} and the ${modules.size - 1} modules of ours it can load`;
  const code = [
    `${BUNDLE_MARK} the modules of ${summary}, read and compiled as one script by the bundle's entry.`,
    "// Made from tsc's output by dist/build/bundle-entry.js (src/build/bundle-entry.ts) during `make build`.",
    `(function (${MODULES_PARAMETERS.join(', ')}) {`,
    "'use strict';",
    BUNDLE_RUNTIME,
    `const ${PREFIX}modules = {`,
    ...functions,
    '};',
    `return ${PREFIX}eval;`,
    '})',
    '',
  ].join('\n');
  checkScript(code, shownAs(entryFile));
  const buildId = createHash('sha256').update(code).update(texts).digest('hex').slice(0, 12);
  const name = `${basename(out, '.js')}.${buildId}`;
  const modulesFile: ModulesFile = { file: `./${name}.modules.js`, cache: `./${name}.code-cache`, buildId, codeLength: code.length, entry: idOf(entryFile) };

  const shebang = readFileSync(entryFile, 'utf8').split('\n', 1)[0]!;
  const lines = [
    ...(shebang.startsWith('#!') ? [shebang] : []),
    `${BUNDLE_MARK} ${summary}: this entry and ${modulesFile.file}, so that`,
    "// Node's ES module loader reads one file at start-up. Modules loaded on demand are kept as text until then.",
    "// Made from tsc's output by dist/build/bundle-entry.js (src/build/bundle-entry.ts) during `make build`.",
    LOADER_RUNTIME,
    ...(options.fallback === undefined
      ? [startCall(modulesFile)]
      : [
        'if (process.features.require_module) {',
        `  ${startCall(modulesFile)}`,
        '} else {',
        `  await import(${JSON.stringify(idOf(resolve(options.fallback)))});`,
        '}',
      ]),
    '',
  ];
  return { text: lines.join('\n'), modules: { name: `${name}.modules.js`, text: code + texts }, files: [...modules.keys()] };
}

/**
 * What runs before a module's body: its URL, the namespaces of its imports (linking), its export getters,
 * then its imports evaluated in source order. `base` is the bundle's URL as the module can name it.
 */
function modulePrologue(id: string, module: ScannedModule, namespace: NamespaceName[], idOf: (file: string) => string, base: string): string[] {
  const lines: string[] = [];
  if (module.usesMetaUrl) lines.push(`const ${PREFIX}url = new URL(${JSON.stringify(id)}, ${base}).href;`);
  for (const source of module.sources) {
    if (source.target.kind === 'file') lines.push(`const ${source.variable} = ${PREFIX}ns(${JSON.stringify(idOf(source.target.file))});`);
  }
  const getters = namespace.map(({ name, viaStar }) => {
    const read = viaStar === undefined
      ? bindingRead(module, module.exports.get(name)!)
      : `${module.sources[viaStar]!.variable}${propertyAccess(name)}`;
    return `${JSON.stringify(name)}, () => ${read}`;
  });
  lines.push(`${PREFIX}define(${PREFIX}self, [${getters.join(', ')}]);`);
  if (module.renamesDefaultFunction) lines.push(`Object.defineProperty(${PREFIX}default, 'name', { value: 'default' });`);
  for (const source of module.sources) {
    if (source.target.kind === 'file') lines.push(`${PREFIX}eval(${JSON.stringify(idOf(source.target.file))});`);
    else lines.push(`const ${source.variable} = ${PREFIX}external(${JSON.stringify(source.target.specifier)});`);
  }
  return lines;
}

/** A module kept as text is compiled here as at run time (by V8, the same call), so it cannot fail later. */
function checkCompiles(source: string, shownAs: string): void {
  try {
    compileFunction(source, TEXT_MODULE_PARAMETERS, { filename: shownAs, lineOffset: -1 });
  } catch (error) {
    throw new BundleError(`${shownAs}: its bundled text does not compile: ${(error as Error).message}`);
  }
}

/** The modules file's code, checked as V8 will compile it at the start, so that it cannot fail then. */
function checkScript(code: string, shownAs: string): void {
  try {
    new Script(code, { filename: `modules of ${shownAs}` });
  } catch (error) {
    throw new BundleError(`the modules file of ${shownAs} does not compile: ${(error as Error).message}`);
  }
}

function bindingRead(module: ScannedModule, binding: ExportBinding): string {
  if (binding.kind === 'local') return binding.local;
  const variable = module.sources[binding.source]!.variable;
  return binding.kind === 'namespace' ? variable : `${variable}${propertyAccess(binding.name)}`;
}
