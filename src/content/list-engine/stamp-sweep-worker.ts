// The stamp sweep (stamp-sweep.ts) in a worker thread, for large sites: a pass over 100,000 entries makes
// some 300,000 stat calls, which would hold up requests on the event loop; here they run beside it. Each
// pass sends the ids of the entry folders it finds changed as it finds them, and at its end how long it took.
import { parentPort, workerData } from 'node:worker_threads';
import { RECENT_CHECK_MS, RECENT_ENTRIES, RecentEntries } from './recent-entries.js';
import { pauseAfterPass, StampSweep, type SweepBaseline, type SweepSetup } from './stamp-sweep.js';

/** `follow`: pass after pass (else one, and the thread ends); `pollRecent`: look at the newest entries here. */
export interface SweepWorkerData { setup: SweepSetup; baseline: SweepBaseline; follow: boolean; pollRecent: boolean }
/**
 * Changed entry folders; `passMs` (how long the pass took) when a pass ended, and then the newest entries
 * for the main thread to watch (unless they are looked at here).
 */
export interface SweepWorkerMessage { changed: string[]; passMs?: number; newest?: string[] }

// Started by process-tuning/tuned-worker.ts, which hands the data on as workerData.data. The baseline (an id and
// stamps per entry: some 10 MB at 100,000 entries) is needed by the first pass only, which lets go of it:
// so nothing else here may hold it, workerData included.
const handed = workerData as { data: SweepWorkerData | null };
const { setup, follow, pollRecent } = handed.data!;

const sweep = new StampSweep(setup, handed.data!.baseline);
handed.data = null;
const recent = new RecentEntries(setup);
let recentChecked = performance.now();

function send(changed: string[], passMs?: number, newest?: string[]): void {
  if (changed.length > 0 || passMs !== undefined) parentPort!.postMessage({ changed, passMs, ...(newest ? { newest } : {}) } satisfies SweepWorkerMessage);
}

function lookAtRecent(): void {
  recentChecked = performance.now();
  send(recent.check());
}

// What a pass finds is sent as it is found; where the newest entries cannot be watched (a network file
// system), they are looked at every RECENT_CHECK_MS between its steps and during the pause.
function runPass(): void {
  const started = performance.now();
  const pass = sweep.pass();
  let step = pass.next();
  while (!step.done) {
    send(sweep.takeFound());
    if (pollRecent && performance.now() - recentChecked >= RECENT_CHECK_MS) lookAtRecent();
    step = pass.next();
  }
  const passMs = performance.now() - started;
  if (!follow) {
    send(step.value, passMs);
    parentPort!.close();
    return;
  }
  const newest = sweep.newestEntries(RECENT_ENTRIES);
  send(step.value, passMs, pollRecent ? undefined : newest.map((entry) => entry.id));
  if (pollRecent) recent.watch(newest);
  pauseUntil(performance.now() + pauseAfterPass(passMs));
}

function pauseUntil(end: number): void {
  const left = end - performance.now();
  if (left <= 0) { runPass(); return; }
  setTimeout(() => {
    if (pollRecent && performance.now() - recentChecked >= RECENT_CHECK_MS) lookAtRecent();
    pauseUntil(end);
  }, pollRecent ? Math.min(left, RECENT_CHECK_MS) : left);
}

runPass();
