import { runInNewContext } from 'node:vm';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** The flags this process set (a worker thread it starts sets them again: keepHeapTuned). */
const applied: string[] = [];

/**
 * svc is made for small shared hosting, where a process's resident memory is what the host counts. V8's
 * defaults are made for big servers: the young generation grows to 32 MB and the old generation to a
 * multiple of what is alive. The flags set here are read at every collection (or whenever the memory
 * reducer is scheduled) rather than once at start, so they can be set from the program: the young
 * generation's growth first thing, the memory reducer's delay as a server starts, the old generation's
 * growth once the index is built. `SVC_HEAP_TUNING=off` leaves V8's defaults.
 *
 * The young generation stays at its starting size (1-2 MB). This must come first thing in the process
 * (dist/server.js, `svc serve`): loading the modules alone grows it to 16 MB within 200 ms, and a young
 * generation once grown is never given back. Measured on a 10,000-entry site under load: some 30 MB less
 * resident memory than when it was set after the index was built.
 */
export function keepYoungGenerationSmall(env: NodeJS.ProcessEnv = process.env): void {
  if (env.SVC_HEAP_TUNING !== 'off') apply(YOUNG_SMALL);
}

const YOUNG_SMALL = '--semi-space-growth-factor=1';

/**
 * V8's memory reducer never starts in a server. When a thread has been quiet for 8 s the reducer makes a
 * few full collections, and after them the answers that follow stay slower for the rest of the process's
 * life: the MCP endpoint's resources/read (test/bench/apps.bench.ts, where the server waits some 15 s while
 * the floor is measured) answered 14,300-16,500 a second instead of 21,500-23,800 with the same core busy
 * (user time 40 µs a request instead of 25; perf showed the inline caches' generic paths, LoadIC and
 * MigrateToMap, that were not there before). Any full collection in the quiet spell did it: the reducer's
 * own, the reducer's made ordinary (--no-memory-reducer-favors-memory), an explicit `last-resort` one; what
 * --trace-generalization shows after it is field types re-learned for maps the collection let go. The
 * reducer is made once per heap, so `--no-memory-reducer` from here is too late; its start delay is read
 * whenever it is scheduled, so a delay of 24 days keeps it from starting. The one moment pages must be given
 * back, after a first start has read every file, giveBackFreedPages says so itself, while the thread is busy.
 */
export function turnMemoryReducerOff(env: NodeJS.ProcessEnv = process.env): void {
  if (env.SVC_HEAP_TUNING !== 'off') apply('--gc-memory-reducer-start-delay-ms=2147483647');
}

/**
 * The old generation grows by 15 % over what is alive instead of several times that. This comes once the
 * content index is built: taking a 100,000-entry index under it took a full collection every 15 % of growth
 * (seconds instead of a fraction of one).
 */
export function keepOldGenerationClose(env: NodeJS.ProcessEnv = process.env): void {
  if (env.SVC_HEAP_TUNING === 'off') return;
  apply('--heap-growing-percent=15');
  collectOnce(youngGrown ? { type: 'major', execution: 'sync', flavor: 'last-resort' } : undefined);
  youngGrown = false;
}

/** Whether the young generation was let grow (growYoungGeneration) since the last keepOldGenerationClose. */
let youngGrown = false;

/**
 * Lets the main thread's young generation grow while a burst of long-lived objects is made (the first
 * start's content index: with 1-2 MB, collecting it took 4 s of its main thread's 7 at 100,000 posts),
 * until it reaches `capMb` (stopYoungGrowthAt, called as the burst goes on). keepOldGenerationClose's
 * collection then gives the grown part back: one that reduces memory (V8's "last resort"), the only kind
 * that shrinks the young generation (some 260 ms at 100,000 posts, once, after the first answer, against
 * 50 ms for the plain one; a 32 MB young generation kept would be 30 MB more resident for good).
 */
export function growYoungGeneration(env: NodeJS.ProcessEnv = process.env): void {
  if (env.SVC_HEAP_TUNING === 'off' || !applied.includes(YOUNG_SMALL)) return;
  youngGrown = true;
  setFlagsFromString('--semi-space-growth-factor=2');
}

/** Stops the growth once the young generation holds `capMb` (and for good, with `now`). */
export function stopYoungGrowthAt(capMb: number, now = false): void {
  if (!youngGrown || !applied.includes(YOUNG_SMALL)) return;
  const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  if (now || (young?.space_size ?? Infinity) >= capMb * 1024 * 1024) setFlagsFromString(YOUNG_SMALL);
}

/**
 * One full collection, now. The flag above counts from the next full collection on, but the limit in force
 * was set by the last one, before the index was made, from a few MB alive at V8's default growth (about
 * four times): without this, the heap grew to that limit first (to 46 MB for 27 MB alive at 10,000 posts, a
 * committed size V8 kept for good; to 80 MB and some 250 MB of resident memory for seconds at 100,000).
 * The collection takes some 10-50 ms, once, as the server starts. Node gives a program no call for it but
 * `gc`, which V8 puts only into contexts made while --expose-gc is set: one such context is made, used and
 * dropped, and the flag is taken back so that no later context has `gc`.
 */
function collectOnce(options?: object): void {
  setFlagsFromString('--expose-gc');
  try {
    const gc = runInNewContext('gc') as (options?: object) => void;
    // Called with no argument when none is given: V8 reads an argument, even undefined, as options whose
    // execution is asynchronous by default, and the limit above would then be set after the heap grew.
    if (options === undefined) gc();
    else gc(options);
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

/**
 * A full collection that also gives back the pages it frees. V8 keeps freed pages resident for reuse (the
 * "pooled" figure of --trace-gc) until its memory reducer runs, which waits for a quiet thread: after a
 * first start let go of the objects its reading made (some 100 MB at 100,000 entries) they stayed resident
 * for as long as requests or work kept the thread busy, for good under a steady load. The `last-resort`
 * kind (the one V8 runs under memory pressure) releases them; it takes two or more full collections (160 ms
 * for 290 MB freed with little alive, on Node 24), so it is for the moment after such a drop, once. A V8 that does not know the kind
 * makes an ordinary full collection of it.
 */
export function giveBackFreedPages(env: NodeJS.ProcessEnv = process.env): void {
  if (env.SVC_HEAP_TUNING === 'off') return;
  // A collection that reduces memory also flushes the bytecode of functions not run lately, and their
  // feedback with it: the answers that follow ran 25-40 % slower for good (100,000 posts, the Content list
  // 540-620 pages a second instead of 807-885, the panel's search 103-116 instead of 156-174). With the
  // bytecode kept, the rows ran as fast as without the collection (863 and 863, 171 and 171).
  const keptByUser = process.execArgv.includes(KEEP_BYTECODE) || (env.NODE_OPTIONS ?? '').includes(KEEP_BYTECODE);
  setFlagsFromString(KEEP_BYTECODE);
  try {
    collectOnce({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  } finally {
    if (!keptByUser) setFlagsFromString('--flush-bytecode');
  }
}

/** V8's flag that keeps a collection from flushing the bytecode it judges old (on by default). */
const KEEP_BYTECODE = '--no-flush-bytecode';

/** The flags set so far, for a worker thread of this process to set again (keepHeapTuned). */
export function heapFlags(): string[] {
  return [...applied];
}

/**
 * Sets the flags again, from a worker thread. V8 configures every new isolate (a worker thread's) by
 * resetting the young generation's growth factor, process-wide, to at least 2 (Node 20): without this the
 * main thread's young generation grows to 32 MB as soon as a worker starts.
 */
export function keepHeapTuned(flags: readonly string[]): void {
  for (const flag of flags) setFlagsFromString(flag);
}

function apply(flag: string): void {
  setFlagsFromString(flag);
  if (!applied.includes(flag)) applied.push(flag);
}

/**
 * The young generation a thread whose isolate is made from now on starts with (and keeps: its growth factor
 * is 1, keepYoungGenerationSmall), in MB; 0 is V8's default again. Isolates made before keep theirs: V8
 * reads the flag when it makes a heap. For short-lived threads that make many objects (the first start's
 * reader threads): with the default 1 MB, a fifth of their time went to collecting it.
 */
export function youngGenerationOfNewThreads(mb: number): void {
  setFlagsFromString(`--min-semi-space-size=${mb}`);
}
