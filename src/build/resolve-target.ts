// Where a specifier in tsc's output points: one of our own ES module files (it goes into the bundle) or a
// package or builtin (left to Node, loaded when the importing module first runs). Our files are resolved the
// way Node would, to their real path, so two spellings of one file give one module instance.
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type Target = { kind: 'file'; file: string } | { kind: 'external'; specifier: string };

/** `./x.js`, `../x.js`, `/abs/x.js`, `file:` URLs: a file of ours. Anything else Node finds elsewhere. */
export function isPathSpecifier(specifier: string): boolean {
  return (
    specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../') ||
    specifier.startsWith('/') || specifier.startsWith('file:')
  );
}

/**
 * The target of `import ... from specifier` / `import(specifier)` in `fromFile`, resolved like Node's ES
 * module resolver (URL-relative, no extension guessing). Returns a sentence for what cannot be bundled.
 */
export function resolveImport(specifier: string, fromFile: string): Target | string {
  if (!isPathSpecifier(specifier)) return externalTarget(specifier);
  let url: URL;
  try {
    url = new URL(specifier, pathToFileURL(fromFile));
  } catch {
    return `the specifier '${specifier}' is not a valid URL`;
  }
  if (url.protocol !== 'file:') return `the specifier '${specifier}' is not a file`;
  // A query or fragment makes Node load a second instance of the same file; the bundle has one per file.
  if (url.search || url.hash) return `the specifier '${specifier}' has a query or fragment`;
  return ownFile(specifier, fileURLToPath(url));
}

/** The target of `createRequire(import.meta.url)(specifier)` in `fromFile`, resolved like require() for paths. */
export function resolveRequire(specifier: string, fromFile: string): Target | string {
  if (!isPathSpecifier(specifier)) return externalTarget(specifier);
  if (specifier.startsWith('file:')) return `require() does not take the URL '${specifier}'`;
  return ownFile(specifier, resolve(dirname(fromFile), specifier));
}

function externalTarget(specifier: string): Target | string {
  // Package imports (#x) map to files of the package itself: they would be a second copy beside the bundle.
  if (specifier.startsWith('#')) return `the package import '${specifier}' is not supported; use a relative path`;
  if (URL.canParse(specifier) && !specifier.startsWith('node:')) return `the URL specifier '${specifier}' is not supported`;
  return { kind: 'external', specifier };
}

function ownFile(specifier: string, path: string): Target | string {
  if (!existsSync(path) || !statSync(path).isFile()) return `'${specifier}' is not a file (resolved to ${path})`;
  const file = realpathSync(path);
  if (!file.endsWith('.js')) return `'${specifier}' is not a .js file; only ES modules of ours are bundled`;
  if (packageTypeOf(dirname(file)) !== 'module') return `'${specifier}' is not an ES module (no "type": "module" in the nearest package.json)`;
  return { kind: 'file', file };
}

const typeByDir = new Map<string, string | undefined>();

/** The "type" of the nearest package.json above `dir`: what decides whether a .js file is an ES module. */
function packageTypeOf(dir: string): string | undefined {
  if (typeByDir.has(dir)) return typeByDir.get(dir);
  let type: string | undefined;
  const manifest = join(dir, 'package.json');
  if (existsSync(manifest)) {
    const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { type?: unknown };
    type = typeof parsed.type === 'string' ? parsed.type : 'commonjs';
  } else {
    const parent = dirname(dir);
    type = parent === dir ? undefined : packageTypeOf(parent);
  }
  typeByDir.set(dir, type);
  return type;
}
