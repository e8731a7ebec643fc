// The server's heap tuning (process-tuning/heap-tuning.ts) holds for the whole process: V8 resets the young
// generation's growth factor whenever a worker thread starts, so a thread started by startTunedWorker (the
// search index's build, the first start's readers, the statistics' counts, the webhooks) sets the flags
// again. Each case runs in a child process of its own (the flags are process-wide), with the built
// tuned-worker.ts and a one-line module in the thread, and reports the main thread's young generation after
// enough short-lived objects to grow an untuned one to its most.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeTestSite } from '../helpers/test-site.ts';
import { waitFor } from '../helpers/wait-for.ts';

const DIST = resolve(import.meta.dirname, '..', '..', 'dist');

/**
 * MB of the main thread's young generation after a tuned worker started and a burst of allocation: after
 * its module ran, or (`whileStarting`) in turns of the event loop from the moment it is asked for, as a
 * server under load does while the thread boots.
 */
function youngGenerationAfterWorker(whileStarting = false): number {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { startTunedWorker } from ${JSON.stringify(pathToFileURL(join(DIST, 'process-tuning/tuned-worker.js')).href)};
    import { keepYoungGenerationSmall } from ${JSON.stringify(pathToFileURL(join(DIST, 'process-tuning/heap-tuning.js')).href)};
    keepYoungGenerationSmall({});
    let kept = [];
    const allocate = (count) => {
      for (let i = 0; i < count; i++) { kept.push({ i, text: 'x' + i }); if (kept.length > 100000) kept = []; }
    };
    // A module that says it ran.
    const module = 'data:text/javascript,' + encodeURIComponent("import { parentPort } from 'node:worker_threads'; parentPort.postMessage('ran');");
    const worker = startTunedWorker(new URL(module), { execArgv: [], workerData: null });
    let passed = false;
    // The worker's code ran.
    const firstPass = new Promise((done) => worker.once('message', () => { passed = true; done(); }));
    if (${whileStarting}) {
      const turn = () => { allocate(20000); if (!passed) setImmediate(turn); };
      turn();
    }
    await firstPass;
    allocate(3e6);
    await worker.terminate();
    const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
    process.stdout.write(String(young.space_size / 1048576));
  `;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH } }));
}

// Started as a plain Worker this is 32 MB on Node 20; untuned, 128 MB on Node 24, where tuned it is 2 MB and
// now and then a few MB more (a scavenge that runs as the worker's isolate is made).
test('a tuned process keeps its young generation small after it starts a worker thread', () => {
  const mb = youngGenerationAfterWorker();
  assert.ok(mb < 16, `young generation of ${mb} MB`);
});

// Untuned, this is 128 MB on Node 24 (2 MB tuned on a quiet machine; up to 9.75 MB seen while the whole suite
// ran on 2 cores, as the worker's isolate boots beside the allocation). On Node 20, with the flags set again
// only once the thread was online, it was 16 MB.
test('a tuned process keeps its young generation small while allocating as the worker thread starts', () => {
  for (let run = 0; run < 3; run++) {
    const mb = youngGenerationAfterWorker(true);
    assert.ok(mb < 16, `young generation of ${mb} MB`);
  }
});

test('SVC_HEAP_TUNING=off leaves V8 its defaults', () => {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { heapFlags, keepOldGenerationClose, keepYoungGenerationSmall } from ${JSON.stringify(pathToFileURL(join(DIST, 'process-tuning/heap-tuning.js')).href)};
    keepYoungGenerationSmall({ SVC_HEAP_TUNING: 'off' });
    keepOldGenerationClose({ SVC_HEAP_TUNING: 'off' });
    let kept = [];
    for (let i = 0; i < 3e6; i++) { kept.push({ i, text: 'x' + i }); if (kept.length > 100000) kept = []; }
    const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
    process.stdout.write(JSON.stringify({ flags: heapFlags(), mb: young.space_size / 1048576 }));
  `;
  const { flags, mb } = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as { flags: string[]; mb: number };
  assert.deepEqual(flags, []);
  assert.ok(mb > 4);
});

// The old generation's limit in force when the index is made was set from the few MB alive before it; a
// collection then makes the 15 % count from what is alive with the index. Without it (Node 20) the heap
// grew to some 1.6 times what was alive before the next full collection.
test('once the index is made, the heap grows by little more than 15 % over what is alive', () => {
  const script = `
    import { getHeapStatistics } from 'node:v8';
    import { keepOldGenerationClose, keepYoungGenerationSmall } from ${JSON.stringify(pathToFileURL(join(DIST, 'process-tuning/heap-tuning.js')).href)};
    keepYoungGenerationSmall({});
    // A stand-in for the content index: some 60 MB that stay.
    const index = [];
    for (let i = 0; i < 400_000; i++) index.push({ id: 'entry-' + i, title: 'A title ' + i, n: i });
    keepOldGenerationClose({});
    const alive = getHeapStatistics().used_heap_size;
    // Then answers: objects that live long enough to leave the young generation, and die.
    let most = 0, recent = [];
    for (let i = 0; i < 4e6; i++) {
      recent.push({ i, text: 'x' + i });
      if (recent.length > 20_000) recent = [];
      if ((i & 0xffff) === 0) most = Math.max(most, getHeapStatistics().total_heap_size);
    }
    process.stdout.write(JSON.stringify({ kept: index.length, ratio: most / alive }));
  `;
  const { kept, ratio } = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH } })) as { kept: number; ratio: number };
  assert.equal(kept, 400_000);
  // Node 24: 1.43-1.47 tuned, 4.9-5.2 with SVC_HEAP_TUNING=off (five runs each on a quiet machine).
  assert.ok(ratio < 1.6, `the heap grew to ${ratio.toFixed(2)} times what was alive`);
});

test('the collection leaves no gc() behind for later contexts', () => {
  const script = `
    import { runInNewContext } from 'node:vm';
    import { keepOldGenerationClose } from ${JSON.stringify(pathToFileURL(join(DIST, 'process-tuning/heap-tuning.js')).href)};
    keepOldGenerationClose({});
    process.stdout.write(JSON.stringify([typeof globalThis.gc, runInNewContext('typeof gc')]));
  `;
  assert.deepEqual(JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH } })), ['undefined', 'undefined']);
});

// A first start lets go of the objects its reading made (some 150 MB at 100,000 entries) for the packed
// index; V8 keeps the freed pages resident for reuse until its memory reducer runs, which a busy thread
// never lets it. Measured on Node 24 and 22 with this script: some 250 MB allocated and dropped, 230-260 MB
// still resident after an ordinary full collection, 15 MB more than before the allocation once given back.
test('the pages a full collection freed are given back at once, and with SVC_HEAP_TUNING=off kept', () => {
  const run = (env: Record<string, string>) => {
    const script = `
      import { giveBackFreedPages } from ${JSON.stringify(pathToFileURL(join(DIST, 'process-tuning/heap-tuning.js')).href)};
      import { setFlagsFromString } from 'node:v8';
      import { runInNewContext } from 'node:vm';
      const rss = () => process.memoryUsage().rss / 1048576;
      const before = rss();
      let made = [];
      for (let i = 0; i < 1_500_000; i++) made.push({ text: 'x' + i, list: [i] });
      const full = rss();
      made = null;
      setFlagsFromString('--expose-gc');
      runInNewContext('gc')();
      giveBackFreedPages(${JSON.stringify(env)});
      process.stdout.write(JSON.stringify({ allocated: full - before, kept: rss() - before }));
    `;
    return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH } })) as { allocated: number; kept: number };
  };
  const given = run({});
  assert.ok(given.allocated > 150, `${given.allocated} MB allocated`);
  assert.ok(given.kept < given.allocated / 3, `${given.kept.toFixed(0)} of ${given.allocated.toFixed(0)} MB still resident`);
  const kept = run({ SVC_HEAP_TUNING: 'off' });
  assert.ok(kept.kept > kept.allocated / 2, `${kept.kept.toFixed(0)} of ${kept.allocated.toFixed(0)} MB still resident without the tuning`);
});

// The first start lets the main thread's young generation grow while it makes a large index from its reader
// threads' batches (content/list-engine/first-scan-reads.ts), up to a cap; the collection after the build
// gives it back. Without that collection being a memory-reducing one, the grown young generation stayed.
test('a young generation let grow for a build stays near its cap and is given back after it', () => {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { growYoungGeneration, keepOldGenerationClose, keepYoungGenerationSmall, stopYoungGrowthAt } from ${JSON.stringify(pathToFileURL(join(DIST, 'process-tuning/heap-tuning.js')).href)};
    const youngMb = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size / 1048576;
    keepYoungGenerationSmall({});
    growYoungGeneration({});
    const index = [];
    let most = 0;
    for (let batch = 0; batch < 200; batch++) {
      for (let i = 0; i < 2000; i++) index.push({ id: 'entry-' + batch + '-' + i, title: 'A title ' + i, n: i });
      stopYoungGrowthAt(8);
      most = Math.max(most, youngMb());
    }
    stopYoungGrowthAt(0, true);
    keepOldGenerationClose({});
    process.stdout.write(JSON.stringify({ kept: index.length, most, after: youngMb() }));
  `;
  const { kept, most, after } = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH } })) as { kept: number; most: number; after: number };
  assert.equal(kept, 400_000);
  assert.ok(most >= 8 && most <= 32, `the young generation grew to ${most} MB`);
  assert.ok(after <= 4, `the young generation was ${after} MB after the collection`);
});

// V8's memory reducer, once the server has been quiet for a while, makes full collections after which the
// answers stayed slower for good (heap-tuning.ts turnMemoryReducerOff). It wakes 8 s after a full
// collection: the built server on a test site makes one (gc(), as a loaded server's own come), answers 100
// pages and is left alone for 12 s. The collection comes once the server printed its address (gc() on
// SIGUSR2), with its tuning surely in place, not at a time counted from the process's start, which a
// loaded machine (CI) stretches. Untuned, --trace-memory-reducer shows the reducer awake in that time
// (waiting for the allocation to stop, or collecting); tuned, it never wakes. Only the main thread's lines
// count: it answers the requests, and a worker thread's isolate (the search index's build) has a reducer of
// its own. V8 prefixes each line with its isolate's address; the main thread's is the one whose collection
// gc() asked for (--trace-gc's reason "testing": no worker calls it).
test("a tuned server's memory reducer never wakes", async () => {
  const site = await makeTestSite();
  const children: ChildProcess[] = [];
  const reducerLines = async (env: NodeJS.ProcessEnv) => {
    const gcOnSignal = 'data:text/javascript,process.on("SIGUSR2", () => gc())';
    const child = spawn(process.execPath, ['--trace-memory-reducer', '--trace-gc', '--expose-gc', '--import', gcOnSignal, join(DIST, 'server.js'), `--root=${site.root}`, '--port=0'], { env: { PATH: process.env.PATH, SVC_RATE_LIMITS: 'off', ...env }, stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(child);
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => (out += text));
    const port = await waitFor(() => Number(/http:\/\/127\.0\.0\.1:(\d+)\/svc\/mcp/.exec(out)![1]));
    child.kill('SIGUSR2');
    for (let i = 0; i < 100; i++) await (await fetch(`http://127.0.0.1:${port}/`)).text();
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    const lines = out.split('\n');
    const isolate = (line: string) => /^\[\d+:(0x[0-9a-f]+)[\]:]/.exec(line)?.[1];
    const mainIsolate = isolate(lines.find((line) => line.includes('Mark-Compact') && line.includes('testing')) ?? '');
    assert.ok(mainIsolate, `the main thread's collection is not in the trace:\n${out.slice(0, 2000)}`);
    const main = lines.filter((line) => isolate(line) === mainIsolate);
    // The main thread's full collections and the threads started, to tell what woke a reducer that did.
    const trace = lines.filter((line) => !line.includes('Scavenge') && (isolate(line) === mainIsolate || !line.startsWith('['))).join('\n');
    return { reducer: main.filter((line) => line.includes('Memory reducer')), trace };
  };
  try {
    const [untuned, tuned] = await Promise.all([reducerLines({ SVC_HEAP_TUNING: 'off' }), reducerLines({})]);
    assert.ok(untuned.reducer.length > 0, "the untuned server's reducer never woke: the case shows nothing");
    assert.deepEqual(tuned.reducer, [], `the tuned server's main thread:\n${tuned.trace}`);
  } finally {
    // Each server is waited for: one still stopping writes into the site while it is removed (ENOTEMPTY).
    await Promise.all(children.map((child) => new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill();
    })));
    site.cleanup();
  }
});
