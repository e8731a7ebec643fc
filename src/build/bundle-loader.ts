// The bundle's entry, as text: a small ES module that reads the modules file, compiles its code as one
// vm.Script (with the code cache when one fits, code-cache-runtime.ts) and runs the entry module. The code is
// a classic script, not a module, because only a script's compiled code can be cached and given back to V8 on
// Node 20; the texts of the modules loaded on demand follow the code in the same file, outside what V8 parses
// (scanning them as string literals cost a start ~1.5 ms).
import { CODE_CACHE_RUNTIME } from './code-cache-runtime.js';

export interface ModulesFile {
  /** The modules file and its code cache, relative to the entry. */
  file: string;
  cache: string;
  /** Names this build's modules file (a hash of it): a cache made for another build is never used. */
  buildId: string;
  /** Where the code ends and the texts begin (UTF-16 units, as the file reads into a string). */
  codeLength: number;
  /** The registry id of the module to run. */
  entry: string;
}

export const LOADER_RUNTIME = `${CODE_CACHE_RUNTIME}
/** import() as the entry's own: packages resolve from the entry's folder, as from the file they came from. */
function __svc_importModule(specifier, options) {
  return options === undefined ? import(specifier) : import(specifier, options);
}

function __svc_start(modules) {
  const fs = process.getBuiltinModule('node:fs');
  const file = new URL(modules.file, import.meta.url);
  // One open file for its identity and its text, so the cache's key describes the text compiled.
  const fd = fs.openSync(file, 'r');
  let stat;
  let text;
  try {
    stat = fs.fstatSync(fd);
    text = fs.readFileSync(fd, 'utf8');
  } finally {
    fs.closeSync(fd);
  }
  const cacheFile = new URL(modules.cache, import.meta.url);
  const key = __svc_codeCacheKey(modules.buildId, stat);
  const cachedData = __svc_readCodeCache(cacheFile, key);
  const script = new (process.getBuiltinModule('node:vm').Script)(text.slice(0, modules.codeLength), { filename: file.href, cachedData });
  // V8 refuses a cache made under other flags (--max-semi-space-size, ...): then this start's cache replaces it.
  if (cachedData === undefined || script.cachedDataRejected) __svc_keepCodeCache(cacheFile, key, script);
  __svc_codeCacheDebug('code cache %s: %s', cachedData === undefined ? 'none fits' : script.cachedDataRejected ? 'rejected by V8' : 'used', cacheFile.href);
  const textAt = (start, end) => text.slice(modules.codeLength + start, modules.codeLength + end);
  script.runInThisContext()(import.meta, __svc_importModule, textAt)(modules.entry);
}
`;

/** The call that starts the bundle, given its modules file. */
export function startCall(modules: ModulesFile): string {
  return `__svc_start(${JSON.stringify(modules)});`;
}
