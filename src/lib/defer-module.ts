// Modules loaded when first needed rather than at start, for code that needs them synchronously (a getter,
// a constructor, a method that is not async). Every module on the start path of the stdio server costs its
// first answer ~0.3 ms on Node 20 (resolve, read, compile, link), more for large ones, and a session that
// only asks site_info never needs the statistics, OAuth, writing or entry-reading code.
//
// Node 20.19+ and 22.12+ can require() an ES module: the module instance is the one import() would give,
// so nothing is loaded twice. A Node 22 older than 22.12 cannot; there preloadDeferredModules() imports
// every module declared so far, and the composition root calls it at start.

const declared: Array<() => Promise<void>> = [];

/**
 * `specifier` (relative to `parentUrl`, the caller's import.meta.url) as a function that loads it on its
 * first call and returns the module. Call at the top of a module, so preloadDeferredModules() knows it.
 */
export function deferModule<T>(specifier: string, parentUrl: string): () => T {
  let loaded: T | undefined;
  declared.push(async () => {
    loaded ??= (await import(new URL(specifier, parentUrl).href)) as T;
  });
  return () => (loaded ??= process.getBuiltinModule('node:module').createRequire(parentUrl)(specifier) as T);
}

/** Whether this Node loads deferred modules on first use (else they must be preloaded). */
export const canDeferModules: boolean = process.features.require_module === true;

/** Imports every module declared so far: for a Node that cannot require() one, or a process that wants all up front. */
export async function preloadDeferredModules(): Promise<void> {
  await Promise.all(declared.map((load) => load()));
}

/**
 * `specifier` (relative to `parentUrl`) loaded now. Where Node can require() an ES module, synchronously:
 * import() reads each module of the graph through the thread pool and links it through a chain of promises,
 * which cost the stdio server's first answer some 4-5 ms for its 31 start modules on Node 20 (test/bench/mcp.bench.ts).
 * A graph with a top-level await cannot be required, and is imported instead.
 */
export async function loadModule<T>(specifier: string, parentUrl: string): Promise<T> {
  if (!canDeferModules) return (await import(new URL(specifier, parentUrl).href)) as T;
  try {
    return process.getBuiltinModule('node:module').createRequire(parentUrl)(specifier) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException)?.code !== 'ERR_REQUIRE_ASYNC_MODULE') throw error;
    return (await import(new URL(specifier, parentUrl).href)) as T;
  }
}
