// Node's compile cache for the stdio server: V8 keeps the compiled code of each module in Node's own folder
// for it (NODE_COMPILE_CACHE, else node-compile-cache in the OS temp folder; NODE_DISABLE_COMPILE_CACHE turns
// it off), so later starts compile less. Measured on 2 cores (medians of interleaved starts): the first
// site_info answer ~4 ms sooner on Node 24 (~6%) and ~8 ms on Node 22; the first content_list, which loads
// zod, ~22 ms sooner on Node 24. Measured again (Node 24, a busy 2-core machine, medians of 11 and 21
// interleaved starts beside a bare process): the first site_info 202 and 235 ms with it, 245 and 271 ms
// without (a bare process 57 and 100 ms), some 15-20 % of the answer.
import nodeModule from 'node:module';
import type { Writable } from 'node:stream';

/** The two functions of node:module used here (@types/node 20 does not know them). */
export interface CompileCacheApi {
  enableCompileCache?: () => unknown;
  flushCompileCache?: () => void;
}

/**
 * Turns the cache on for the modules loaded from now on, and writes what is new after every write to
 * `output` (an answer). Node itself writes only at a normal exit, and assistants usually end their server
 * with a signal, so a short session would otherwise leave nothing. A write with nothing new compiled since
 * the last one costs well under a microsecond. (The default import of node:module links on every Node, so
 * the entry that imports this file still reaches its version check on an older one.)
 */
export function useCompileCache(output: Writable, api: CompileCacheApi = nodeModule as CompileCacheApi): void {
  if (!api.enableCompileCache) return;
  api.enableCompileCache();
  const flush = api.flushCompileCache;
  if (!flush) return;
  const write = output.write;
  output.write = function (this: Writable, ...args: Parameters<Writable['write']>): boolean {
    const written = write.apply(this, args);
    flush();
    return written;
  } as Writable['write'];
}
