// The search index built in a worker thread (build-worker.ts), so that what the build takes goes away when it
// ends: the texts of 100,000 entries read and cut into words, their garbage, SQLite's page cache and FTS5's
// buffers of the writing connection. On the server's thread all that stayed: its heap grew with the build's
// garbage, and the pages V8 freed after it were kept for reuse while the build kept the thread busy (at
// 100,000 posts some 110 MB of resident memory after a first start, docs/decisions.md "Full-text search").
// This thread hands out the ids a batch at a time (never 100,000 entries copied across), says how far the
// build is, and answers requests meanwhile; the thread reads the entries from disk itself.
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { startTunedWorker } from '../../process-tuning/tuned-worker.js';
import type { SiteConfig } from '../entries/types.js';
import type { BuildProgress } from './build-progress.js';
import type { BuildThreadSetup, FromBuildThread, ToBuildThread } from './build-worker.js';

/** Entries per batch, each one transaction in the thread (some tens of milliseconds of work). */
const BATCH_ENTRIES = 200;
/** Batches handed out ahead of the thread's work, so that it never waits for a busy event loop here. */
const AHEAD = 2;
/** How long a stop waits for the thread to end its batch before it is ended. */
const STOP_WAIT_MS = 5_000;

export interface ThreadBuildInput {
  /** The index file, made and emptied (a thread cannot reach an index held in memory). */
  file: string;
  root: string;
  contentDir: string;
  dataDir: string;
  /** The entries' ids as the content index has them when the build begins. */
  ids: readonly string[];
  site: SiteConfig;
  /** The feed's last seq before `ids` were taken. */
  startSeq: number;
  /** The store's time, handed with each batch (what is scheduled and due is read as published, D2). */
  now: () => number;
  progress: BuildProgress;
  /** False once the build is no longer wanted (a newer build, a file replaced): it stops at the next batch. */
  wanted: () => boolean;
  /** Entries per batch (tests hand them out one at a time). */
  batchEntries?: number;
  /** Tests: called before a batch is handed out, with the ids handed out so far and the thread. */
  beforeBatch?: (handedOut: number, thread: Worker) => void | Promise<void>;
}

export interface ThreadBuild {
  /** true: built to the end; false: stopped. Rejects when the thread failed (an `errcode` from SQLite). */
  done: Promise<boolean>;
  /** Stops the build after the batch in hand (the thread is ended if it does not stop within STOP_WAIT_MS). */
  stop(): void;
}

/** Starts a build in a thread of its own. */
export function buildInThread(input: ThreadBuildInput): ThreadBuild {
  const { ids, progress } = input;
  const batchEntries = input.batchEntries ?? BATCH_ENTRIES;
  const setup: BuildThreadSetup = {
    file: input.file, root: input.root, contentDir: input.contentDir, dataDir: input.dataDir, site: input.site, total: ids.length, startSeq: input.startSeq,
  };
  // Built, the thread's module is a .js beside this one; run from source (src/ through tsx), a .ts.
  const url = new URL(`./build-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);
  const worker = startTunedWorker(url, { workerData: setup });
  // It never keeps a process alive by itself (a stop ends it: stop()).
  worker.unref();
  let handedOut = 0;
  let unanswered = 0;
  let begun = false;
  let ended = false;
  let stopped = false;
  let pumping = false;
  let failure: Error | null = null;
  const send = (message: ToBuildThread) => worker.postMessage(message);

  const stop = () => {
    if (stopped || ended) return;
    stopped = true;
    send({ kind: 'stop' });
    setTimeout(() => void worker.terminate(), STOP_WAIT_MS).unref();
  };

  /** Hands out batches until AHEAD are unanswered; the end once every id is handed out. */
  const pump = async () => {
    if (pumping || !begun) return;
    pumping = true;
    try {
      while (!stopped && !ended && unanswered < AHEAD) {
        if (!input.wanted()) { stop(); return; }
        if (handedOut === ids.length) {
          ended = true;
          send({ kind: 'end' });
          return;
        }
        await input.beforeBatch?.(handedOut, worker);
        if (stopped) return;
        const batch = ids.slice(handedOut, handedOut + batchEntries);
        handedOut += batch.length;
        unanswered++;
        send({ kind: 'batch', ids: batch, now: input.now() });
      }
    } finally {
      pumping = false;
    }
  };

  const done = new Promise<boolean>((resolve, reject) => {
    worker.on('message', (message: FromBuildThread) => {
      if (message.kind === 'begun') {
        begun = true;
      } else if (message.kind === 'indexed') {
        unanswered--;
        progress.reached(message.done);
      } else if (message.kind === 'built') {
        progress.end();
        resolve(true);
        return;
      } else {
        failure = Object.assign(new Error(message.message), message.errcode === undefined ? {} : { errcode: message.errcode });
        return;
      }
      void pump().catch((error: unknown) => { failure ??= error as Error; void worker.terminate(); });
    });
    worker.on('error', (error) => { failure ??= error; });
    worker.on('exit', (code) => {
      // After 'built' the promise is settled already; a stop is no failure.
      if (stopped && failure === null) resolve(false);
      reject(failure ?? new Error(`its thread ended (exit code ${code})`));
    });
  });
  return { done, stop };
}
