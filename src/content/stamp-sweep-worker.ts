// The stamp sweep (stamp-sweep.ts) in a worker thread, for large sites: a pass over 100,000 entries makes
// some 300,000 stat calls, which would hold up requests on the event loop; here they run beside it. Each
// pass ends with one message: the ids of the entry folders that changed, and how long it took.
import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { pauseAfterPass, StampSweep, type SweepBaseline, type SweepSetup } from './stamp-sweep.js';

export interface SweepWorkerData { setup: SweepSetup; baseline: SweepBaseline }
export interface SweepWorkerMessage { changed: string[]; passMs: number }

// Started by lib/tuned-worker.ts, which hands the data on as workerData.data.
const { setup, baseline } = (workerData as { data: SweepWorkerData }).data;

// Requests first: on Linux this thread runs at the lowest priority (a thread's id is a pid to setpriority),
// so on a busy machine the sweep takes the CPU that is left and slows down rather than the answers.
// Elsewhere it runs as any thread.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), constants.priority.PRIORITY_LOW);
} catch {
  // No /proc, or not allowed: the normal priority.
}

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
