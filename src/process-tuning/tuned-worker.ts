import { Worker, type WorkerOptions } from 'node:worker_threads';
import { heapFlags, keepHeapTuned } from './heap-tuning.js';

// The thread's first lines: the heap flags set again before anything else is loaded, then the module. Run
// from source (src/ through tsx, as a benchmark may start it; a thread does not inherit the loader on Node 20),
// the module is TypeScript: the thread registers that loader first, found from the module's own folder.
const BOOT = `
const { workerData } = require('node:worker_threads');
for (const flag of workerData.heapFlags) require('node:v8').setFlagsFromString(flag);
let loader = Promise.resolve();
if (workerData.module.endsWith('.ts')) {
  const { dirname, join } = require('node:path');
  const tsx = require('node:module').createRequire(workerData.module).resolve('tsx/package.json');
  const api = join(dirname(tsx), require(tsx).exports['./esm/api'].import.default);
  loader = import(require('node:url').pathToFileURL(api).href).then((module) => module.register());
}
loader.then(() => import(workerData.module));
`;

/**
 * A worker thread running the module at `url`, that keeps the process's heap tuning (process-tuning/heap-tuning.ts):
 * a new thread's isolate, as it is made, resets the young generation's growth factor process-wide, and
 * until it is set again the main thread's young generation may grow, for good. The thread sets the flags
 * before it loads its module, but its isolate is made some 20 ms before that line runs; a server under
 * load collects its young generation several times in that while, and grew it from 2 MB to 16 MB (12 MB
 * of resident memory at 100,000 entries, where the sweep's worker, since removed, started as the first
 * answers went out). So the main thread sets them again at every turn of its event loop until the thread is
 * online (its isolate made): at most one turn's collections see the reset. `workerData` reaches the module
 * as `workerData.data`.
 */
export function startTunedWorker(url: URL, options: Omit<WorkerOptions, 'eval' | 'workerData'> & { workerData: unknown }): Worker {
  const flags = heapFlags();
  const worker = new Worker(BOOT, { ...options, eval: true, workerData: { heapFlags: flags, module: url.href, data: options.workerData } });
  let made = false;
  const hold = () => {
    keepHeapTuned(flags);
    if (!made) setImmediate(hold);
  };
  setImmediate(hold);
  const isMade = () => {
    made = true;
    keepHeapTuned(flags);
  };
  worker.once('online', isMade).once('error', isMade).once('exit', isMade);
  return worker;
}
