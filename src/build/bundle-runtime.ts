// The registry at the top of a bundle's modules file, as text. Each bundled module is a function run on first
// need: the modules the entry loads on every start as functions of the modules file (V8 only preparses them
// until they run), the others (tools, statistics, OAuth, writing: loaded on demand) as their source text,
// stored after the code and compiled when first loaded, so a start does not even preparse them. A namespace
// object exists, empty, from the first time any module names it, and its module fills it with getters before
// its body runs, so bindings are live and an import cycle sees the functions of the module that started it as
// ES modules do. Packages and builtins are loaded with require() when the module importing them first runs:
// Node (>= 20.19) gives an ES module's namespace that way, the same instance import gives.
//
// The modules file is a classic script, compiled by the bundle's entry (bundle-loader.ts) with vm.Script so
// that V8 can take its compiled code from a code cache; a script has no import.meta and no import() of its
// own, so the entry passes its own (`__svc_meta`, `__svc_importModule`) and a reader of the stored texts.

/** The bundle's own names (runtime, module variables); a module using one stops the build. */
export const PREFIX = '__svc_';

/** The first comment line of every bundle; the bundler refuses to bundle a bundle. */
export const BUNDLE_MARK = '// svc-bundle:';

/** What a module kept as text is compiled with: `__svc_base` is the bundle's URL, the rest as in the bundle. */
export const TEXT_MODULE_PARAMETERS = [
  '__svc_self', '__svc_ns', '__svc_eval', '__svc_dynamic', '__svc_define', '__svc_external', '__svc_import', '__svc_filename', '__svc_dirname', '__svc_base',
];

/** What the modules file's function is called with by the entry: its import.meta, its import(), the texts. */
export const MODULES_PARAMETERS = ['__svc_meta', '__svc_importModule', '__svc_text'];

export const BUNDLE_RUNTIME = `const __svc_parameters = ${JSON.stringify(TEXT_MODULE_PARAMETERS)};
const __svc_require = process.getBuiltinModule('node:module').createRequire(__svc_meta.url);
const __svc_fileURLToPath = process.getBuiltinModule('node:url').fileURLToPath;
// NODE_DEBUG=svc-bundle names each bundled module as it is evaluated (what the ES module loader would load).
const __svc_debug = process.getBuiltinModule('node:util').debuglog('svc-bundle');
const __svc_records = new Map();
const __svc_externals = new Map();

function __svc_record(id) {
  let record = __svc_records.get(id);
  if (record === undefined) {
    record = { namespace: Object.create(null, { [Symbol.toStringTag]: { value: 'Module' } }), state: 0, error: undefined };
    __svc_records.set(id, record);
  }
  return record;
}

/** A module's namespace, not evaluated yet (ES module linking). */
function __svc_ns(id) {
  return __svc_record(id).namespace;
}

/** Runs a module once; a module that threw throws the same error again, as ES modules do. */
function __svc_eval(id) {
  const record = __svc_record(id);
  if (record.state === 0) {
    record.state = 1;
    if (__svc_debug.enabled) __svc_debug('evaluate %s', new URL(id, __svc_meta.url).href);
    const module = __svc_modules[id];
    const run = typeof module === 'function' ? module : __svc_compile(id, __svc_text(module[0], module[1]));
    try {
      run(record.namespace);
      record.state = 2;
    } catch (error) {
      record.state = 3;
      record.error = error;
      throw error;
    }
  } else if (record.state === 3) {
    throw record.error;
  }
  return record.namespace;
}

/**
 * A module kept as text (read from the modules file's end, where it starts and ends), compiled as a strict function of the bundle's helpers. Named by its own file's URL
 * and with its own line numbers, so its stack frames read as they would without the bundle.
 */
function __svc_compile(id, source) {
  const compiled = process.getBuiltinModule('node:vm').compileFunction(source, __svc_parameters, { filename: new URL(id, __svc_meta.url).href, lineOffset: -1 });
  return (namespace) => compiled(namespace, __svc_ns, __svc_eval, __svc_dynamic, __svc_define, __svc_external, __svc_import, __svc_filename, __svc_dirname, __svc_meta.url);
}

/** import('package'), resolved from the bundle (as from the file it came from: both are in dist/). */
function __svc_import(specifier, options) {
  return __svc_importModule(specifier, options);
}

/** import('./x.js'): evaluated in a later microtask, failures become a rejected promise. */
function __svc_dynamic(id) {
  return Promise.resolve(id).then(__svc_eval);
}

/** Export getters, [name, getter, ...] in namespace order; then the namespace takes no more names. */
function __svc_define(namespace, getters) {
  for (let at = 0; at < getters.length; at += 2) Object.defineProperty(namespace, getters[at], { enumerable: true, get: getters[at + 1] });
  Object.preventExtensions(namespace);
}

/**
 * What \`import { x } from specifier\` reads x from. The specifier is resolved with import's conditions (not
 * require's: zod has a separate CommonJS build). An ES module gives its namespace; CommonJS and builtins give
 * module.exports, which import sees as the default export with the names on it.
 */
function __svc_external(specifier) {
  let exports = __svc_externals.get(specifier);
  if (exports === undefined) {
    const url = specifier.startsWith('node:') ? specifier : __svc_meta.resolve(specifier);
    const loaded = __svc_require(url.startsWith('file:') ? __svc_fileURLToPath(url) : url);
    if (Object.prototype.toString.call(loaded) === '[object Module]') {
      exports = loaded;
    } else {
      exports = loaded !== null && (typeof loaded === 'object' || typeof loaded === 'function') ? Object.create(loaded) : {};
      Object.defineProperty(exports, 'default', { value: loaded });
    }
    __svc_externals.set(specifier, exports);
  }
  return exports;
}

function __svc_filename(url) {
  return __svc_fileURLToPath(url);
}

function __svc_dirname(url) {
  return process.getBuiltinModule('node:path').dirname(__svc_fileURLToPath(url));
}
`;
