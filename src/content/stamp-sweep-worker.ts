// The stamp sweep (stamp-sweep.ts) in a worker thread, for large sites: a pass over 100,000 entries makes
// some 300,000 stat calls, which would hold up requests on the event loop; here they run beside it. Each
// pass ends with one message: the ids of the entry folders that changed, and how long it took.
import { parentPort, workerData } from 'node:worker_threads';
import { pauseAfterPass, StampSweep, type SweepBaseline, type SweepSetup } from './stamp-sweep.js';

export interface SweepWorkerData { setup: SweepSetup; baseline: SweepBaseline }
export interface SweepWorkerMessage { changed: string[]; passMs: number }

const { setup, baseline } = workerData as SweepWorkerData;
const sweep = new StampSweep(setup, baseline);

function runPass(): void {
  const started = performance.now();
  const pass = sweep.pass();
  let step = pass.next();
  while (!step.done) step = pass.next();
  const passMs = performance.now() - started;
  parentPort!.postMessage({ changed: step.value, passMs } satisfies SweepWorkerMessage);
  setTimeout(runPass, pauseAfterPass(passMs));
}

runPass();
