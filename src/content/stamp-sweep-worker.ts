// The stamp sweep (stamp-sweep.ts) in a worker thread, for large sites: a pass over 100,000 entries makes
// some 300,000 stat calls, which would hold up requests on the event loop; here they run beside it. Each
// pass sends the ids of the entry folders it finds changed as it finds them, and at its end how long it took.
import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { RECENT_CHECK_MS, RECENT_ENTRIES, RecentEntries } from './recent-entries.js';
import { pauseAfterPass, StampSweep, type SweepBaseline, type SweepSetup } from './stamp-sweep.js';

export interface SweepWorkerData { setup: SweepSetup; baseline: SweepBaseline }
/** Changed entry folders; `passMs` (how long the pass took) when a pass ended. */
export interface SweepWorkerMessage { changed: string[]; passMs?: number }

// Started by lib/tuned-worker.ts, which hands the data on as workerData.data. The baseline (an id and
// stamps per entry: some 10 MB at 100,000 entries) is needed by the first pass only, which lets go of it:
// so nothing else here may hold it, workerData included.
const handed = workerData as { data: SweepWorkerData | null };
const { setup } = handed.data!;

// Requests first: on Linux this thread runs at the lowest priority (a thread's id is a pid to setpriority),
// so on a busy machine the sweep takes the CPU that is left and slows down rather than the answers.
// Elsewhere it runs as any thread.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), constants.priority.PRIORITY_LOW);
} catch {
  // No /proc, or not allowed: the normal priority.
}

const sweep = new StampSweep(setup, handed.data!.baseline);
handed.data = null;
const recent = new RecentEntries(setup);
let recentChecked = performance.now();

function send(changed: string[], passMs?: number): void {
  if (changed.length > 0 || passMs !== undefined) parentPort!.postMessage({ changed, passMs } satisfies SweepWorkerMessage);
}

function lookAtRecent(): void {
  recentChecked = performance.now();
  send(recent.check());
}

// What a pass finds is sent as it is found, and between its steps and during the pause the most recently
// changed entries are looked at every RECENT_CHECK_MS.
function runPass(): void {
  const started = performance.now();
  const pass = sweep.pass();
  let step = pass.next();
  while (!step.done) {
    send(sweep.takeFound());
    if (performance.now() - recentChecked >= RECENT_CHECK_MS) lookAtRecent();
    step = pass.next();
  }
  const passMs = performance.now() - started;
  send(step.value, passMs);
  recent.watch(sweep.newestEntries(RECENT_ENTRIES));
  pauseUntil(performance.now() + pauseAfterPass(passMs));
}

function pauseUntil(end: number): void {
  const left = end - performance.now();
  if (left <= 0) { runPass(); return; }
  setTimeout(() => {
    if (performance.now() - recentChecked >= RECENT_CHECK_MS) lookAtRecent();
    pauseUntil(end);
  }, Math.min(left, RECENT_CHECK_MS));
}

runPass();
