// The first start's reads in reader threads (first-scan-worker.ts). A start with no kept index reads every
// entry folder: at 100,000 posts 8.9 s on a quiet machine, all of it on the main thread, 62 % of it in
// system calls. Two threads now read and parse; the main thread makes the entries of what they hand it.
// Measured at 100,000 posts on 2 busy cores (load 6-12, Node 24): the main thread's CPU 2.4-3.0 s instead
// of 8.8-12.5 s, the process's 8.1-10.5 s instead of 9.5-13.5 s; so some 4.5 s where nothing else runs,
// which is what the two cores can do with the system calls left (about 12 an entry, 3.3 s of CPU: each file
// is opened checked against links, lib/no-follow.ts).
// The build stays synchronous (a read waits for the index, index-freshness.ts): the main thread waits for
// each batch with Atomics.wait and takes it with receiveMessageOnPort, not through its event loop.
import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import { growYoungGeneration, heapFlags, keepHeapTuned, stopYoungGrowthAt, youngGenerationOfNewThreads } from '../../process-tuning/heap-tuning.js';
import { startTunedWorker } from '../../process-tuning/tuned-worker.js';
import type { FolderFiles } from '../entries/folder-files.js';
import type { FirstScanWorkerData, ReadBatch, ReadBatchMessage } from './first-scan-worker.js';

/**
 * From this many entry folders a full scan with no index to reuse reads in threads. Below, a thread's start
 * (some 30 ms, more under load) is not won back.
 */
export const READ_IN_THREADS_FROM = 5_000;
/** Entry folders per batch handed over. */
const BATCH = 256;
/** Batches a thread reads ahead of the main thread at most. */
const AHEAD = 16;
/** The reader threads' young generation (MB): they end with the scan, and it with them. */
const THREAD_YOUNG_MB = 16;
/** The main thread's young generation may grow to this (MB) while it makes the entries: given back after. */
const MAIN_YOUNG_MB = 32;
/**
 * A thread that reads no entry folder for this long is given up (one that never started, say): the main
 * thread reads the rest itself. An entry folder takes some 50 µs; a thread's start, well under a second.
 */
const STALL_MS = 10_000;
/** Counters per thread in the shared array (see FirstScanWorkerData.counters). */
const COUNTERS = 3;

/** A type folder's entry folders to read (`folder` relative to content/). */
export interface FolderWork { folder: string; slugs: readonly string[] }

interface Thread { worker: Worker; port: MessagePort; first: number }

/**
 * Hands out the entry folders of `work`, read in `threads` reader threads, in the order of `work`. take()
 * answers undefined once a thread failed or stalled: the caller then reads the folder itself.
 */
export class FolderReadsInThreads {
  private readonly threads: Thread[] = [];
  private readonly counters: Int32Array;
  private readonly batches: ReadBatch[] = [];
  private next = 0;
  private current: FolderFiles[] = [];
  private at = 0;
  private failed = false;
  /** Threads whose isolate may not be made yet (their first batch not taken). */
  private unmade: number;

  constructor(contentDir: string, languages: string[], work: readonly FolderWork[], private readonly log: (line: string) => void, private readonly threadCount = readerThreads()) {
    this.counters = new Int32Array(new SharedArrayBuffer(4 * COUNTERS * threadCount));
    for (const { folder, slugs } of work) {
      for (let i = 0; i < slugs.length; i += BATCH) this.batches.push({ folder, slugs: slugs.slice(i, i + BATCH) });
    }
    const here = fileURLToPath(import.meta.url);
    const url = new URL(`./first-scan-worker${extname(here)}`, import.meta.url);
    youngGenerationOfNewThreads(THREAD_YOUNG_MB);
    this.unmade = threadCount;
    for (let slot = 0; slot < this.threadCount; slot++) {
      const { port1, port2 } = new MessageChannel();
      const data: FirstScanWorkerData = {
        contentDir, languages, batches: this.batches.filter((_, i) => i % this.threadCount === slot),
        port: port2, counters: this.counters.buffer as SharedArrayBuffer, first: slot * COUNTERS, ahead: AHEAD,
      };
      const worker = startTunedWorker(url, { workerData: data, transferList: [port2] });
      worker.unref();
      // Reported when the main thread's event loop runs again (then take() has long gone on without it).
      worker.on('error', () => {});
      this.threads.push({ worker, port: port1, first: slot * COUNTERS });
    }
  }

  /** The next entry folder of `work` as read by a thread; undefined when this one is the caller's to read. */
  take(slug: string): FolderFiles | undefined {
    if (this.failed) return undefined;
    if (this.at === this.current.length) {
      const problem = this.receive();
      if (problem !== null) return this.fail(problem);
    }
    const found = this.current[this.at++]!;
    return found.slug === slug ? found : this.fail(`a reader thread handed ${found.slug} for ${slug}`);
  }

  /**
   * A thread handed its first batch, so its isolate is made: which reset the heap flags process-wide
   * (tuned-worker.ts), set again now; once all are made, threads made later get the default young generation.
   */
  private threadMade(): void {
    keepHeapTuned(heapFlags());
    if (--this.unmade > 0) return;
    youngGenerationOfNewThreads(0);
    growYoungGeneration();
  }

  /** Ends the threads (those done have ended already). */
  close(): void {
    if (this.unmade > 0) youngGenerationOfNewThreads(0);
    this.unmade = 0;
    stopYoungGrowthAt(0, true);
    for (const { worker, port } of this.threads) {
      port.close();
      void worker.terminate();
    }
    this.threads.length = 0;
  }

  /** Waits for the next batch, from the thread that reads it; what went wrong, or null. */
  private receive(): string | null {
    const index = this.next++;
    if (index >= this.batches.length) return 'more entry folders were asked for than handed out';
    const thread = this.threads[index % this.threadCount]!;
    const sent = thread.first;
    const read = thread.first + 2;
    const ordinal = Math.floor(index / this.threadCount);
    let lastRead = Atomics.load(this.counters, read);
    let movedAt = performance.now();
    let message: { message: ReadBatchMessage } | undefined;
    while ((message = receiveMessageOnPort(thread.port)) === undefined) {
      const now = performance.now();
      const reads = Atomics.load(this.counters, read);
      if (reads !== lastRead) { lastRead = reads; movedAt = now; }
      if (now - movedAt > STALL_MS) return `a reader thread read nothing for ${STALL_MS / 1000} s`;
      // Sent but not here yet: a millisecond's wait (the counter does not move meanwhile).
      const count = Atomics.load(this.counters, sent);
      Atomics.wait(this.counters, sent, count, count <= ordinal ? 500 : 1);
    }
    if (index < this.threadCount) this.threadMade();
    else stopYoungGrowthAt(MAIN_YOUNG_MB);
    Atomics.add(this.counters, sent + 1, 1);
    Atomics.notify(this.counters, sent + 1);
    if ('error' in message.message) return `a reader thread stopped (${message.message.error})`;
    this.current = JSON.parse(message.message.json) as FolderFiles[];
    this.at = 0;
    return null;
  }

  private fail(why: string): undefined {
    this.log(`svc: ${why}; the main thread reads the rest of the entry folders itself.`);
    this.failed = true;
    this.close();
    return undefined;
  }
}

/** Two threads where there are two cores or more: with the main thread's part, that keeps both busy. */
function readerThreads(): number {
  return Math.max(1, Math.min(2, availableParallelism()));
}
