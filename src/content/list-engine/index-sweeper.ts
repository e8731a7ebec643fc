// Runs the stamp sweep (stamp-sweep.ts) for the index and has the entry folders it finds changed read
// again: on the event loop in slices of a couple of milliseconds for a small site, in a worker thread for a
// large one (a pass over 100,000 entries is some 300,000 stat calls). File-system events, where there are
// good ones (content-watch.ts), name folders sooner. Reading again happens on the event loop, a few
// milliseconds at a time, so a `git pull` of thousands of files never holds up a request for long.
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { debuglog } from 'node:util';
import type { Worker } from 'node:worker_threads';
import { startTunedWorker } from '../../process-tuning/tuned-worker.js';
import { EntryWatches, watchContent } from './content-watch.js';
import { isNetworkFolder } from '../../lib/network-folder.js';
import { RECENT_CHECK_MS, RECENT_ENTRIES, RecentEntries } from './recent-entries.js';
import { pauseAfterPass, StampSweep, type SweepBaseline, type SweepSetup } from './stamp-sweep.js';
// What index-freshness.ts loads with the sweep's code, from one module.
export { changedOnDisk, sweepBaseline, sweepSetup } from './sweep-baseline.js';
import type { SweepWorkerData, SweepWorkerMessage } from './stamp-sweep-worker.js';

export interface IndexSweeperOptions {
  setup: SweepSetup;
  /** The index's stamps as they are now (made when the sweep starts, and again if its worker fails). */
  baseline: () => SweepBaseline;
  inWorker: boolean;
  /**
   * Sweep on and on, and watch (this process records changes found on disk); otherwise one pass, which
   * brings an index kept from an earlier start in line, and nothing after (the change feed tells the rest).
   */
  follow: boolean;
  /** Reads one entry folder again (added, changed or removed). */
  readAgain: (id: string) => void;
  log: (line: string) => void;
}

/** The longest the event loop is held by one slice of sweeping or of reading again. */
const SLICE_MS = 3;
/** A site of at most this many entry folders (a pass of a millisecond or two) is swept whole before a read when due... */
const BEFORE_READ_MAX_FOLDERS = 500;
/** ...but not more often than this. */
const MIN_BEFORE_READ_MS = 5;
/** An event comes as a file is made; the folder is read once its writer is likely done. */
const EVENT_DELAY_MS = 50;
/** NODE_DEBUG=svc-index tells how long each pass took and what it found. */
const debug = debuglog('svc-index');

export class IndexSweeper {
  private readonly pending = new Set<string>();
  private draining = false;
  private stopped = false;
  private worker: Worker | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopWatching: () => void = () => {};
  /** The last pass's duration, for debugging and the bench (ms). */
  lastPassMs = 0;
  private lastPassEnd = -Infinity;
  /** The sweep on the event loop (a small site), its pass under way and the time that pass took so far. */
  private inline: StampSweep | null = null;
  private pass: Generator<void, string[]> | null = null;
  private passMs = 0;
  /**
   * The most recently changed entries: watched where the kernel tells of changes, else (a network file
   * system) looked at every RECENT_CHECK_MS, on the event loop or in the worker.
   */
  private readonly recent: RecentEntries;
  private readonly pollRecent: boolean;
  private recentTimer: NodeJS.Timeout | null = null;
  private readonly newestWatches: EntryWatches;

  constructor(private readonly options: IndexSweeperOptions) {
    this.recent = new RecentEntries(options.setup);
    this.pollRecent = options.follow && isNetworkFolder(options.setup.contentDir);
    this.newestWatches = new EntryWatches(options.setup.contentDir, (id) => this.readAfterEvent(id));
  }

  start(): void {
    const { setup } = this.options;
    if (this.options.follow) {
      this.stopWatching = watchContent(setup.contentDir, setup.folders, setup.maxDepth, (id) => this.readAfterEvent(id));
    }
    if (this.options.inWorker) this.startWorker();
    else this.startInline(new StampSweep(setup, this.options.baseline()));
  }

  stop(): void {
    this.stopped = true;
    this.stopWatching();
    this.newestWatches.close();
    if (this.timer) clearTimeout(this.timer);
    if (this.recentTimer) clearInterval(this.recentTimer);
    void this.worker?.terminate();
    this.worker = null;
  }

  /** An event comes as a file is made; the folder is read once its writer is likely done. */
  private readAfterEvent(id: string): void {
    setTimeout(() => this.readSoon([id]), EVENT_DELAY_MS).unref();
  }

  /** The newest entries as the last pass saw them are watched from now on (or looked at, see `recent`). */
  private watchNewest(ids: readonly string[]): void {
    if (!this.stopped) this.newestWatches.update(ids);
  }

  /**
   * Before a read, on a small site: the whole site swept at once when a pass is due, as it takes a
   * millisecond or two, so a change on disk shows in the very next answer (a larger site's sweep runs only
   * in slices beside the requests, or in its worker). An entry added or removed makes it due at once.
   */
  sweepBeforeRead(): void {
    if (!this.inline || this.stopped || this.inline.folders > BEFORE_READ_MAX_FOLDERS) return;
    // Due by time (at most some 2 % of the time), or at once when an entry came or went (a few stats).
    const due = performance.now() - this.lastPassEnd >= Math.max(MIN_BEFORE_READ_MS, this.lastPassMs * 50);
    if (due || this.inline.typeFoldersMoved()) {
      if (this.timer) clearTimeout(this.timer);
      const started = performance.now();
      // The pass under way, if any, is finished first: what it has not looked at yet it looks at now.
      const pass = this.pass ?? this.inline.pass();
      this.pass = null;
      let step = pass.next();
      while (!step.done) step = pass.next();
      this.endInlinePass(this.passMs + performance.now() - started, step.value);
      for (const id of step.value) this.pending.add(id);
    }
    // Found by an earlier pass or an event and not read yet: read now, before this read.
    for (const id of this.pending) {
      this.pending.delete(id);
      this.readNow(id);
    }
  }

  private startInline(sweep: StampSweep): void {
    this.inline = sweep;
    if (this.pollRecent) {
      this.recentTimer = setInterval(() => this.readSoon(this.recent.check()), RECENT_CHECK_MS);
      this.recentTimer.unref();
    }
    this.sliceInline();
  }

  /** The inline sweep's next slice of a few milliseconds; the pause after a whole pass. */
  private sliceInline(): void {
    if (this.stopped || !this.inline) return;
    this.pass ??= this.inline.pass();
    const started = performance.now();
    let step = this.pass.next();
    while (!step.done && performance.now() - started < SLICE_MS) step = this.pass.next();
    this.passMs += performance.now() - started;
    if (!step.done) { this.readSoon(this.inline.takeFound()); this.scheduleInline(0); return; }
    this.pass = null;
    this.endInlinePass(this.passMs, step.value);
    this.readSoon(step.value);
  }

  private endInlinePass(passMs: number, changed: readonly string[]): void {
    this.lastPassMs = passMs;
    this.lastPassEnd = performance.now();
    this.passMs = 0;
    debug('sweep pass on the event loop: %d ms, %d changed', Math.round(passMs), changed.length);
    if (!this.options.follow) { this.inline = null; return; }
    const newest = this.inline!.newestEntries(RECENT_ENTRIES);
    if (this.pollRecent) this.recent.watch(newest);
    else this.watchNewest(newest.map((entry) => entry.id));
    this.scheduleInline(pauseAfterPass(passMs));
  }

  private scheduleInline(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.sliceInline(), ms);
    this.timer.unref();
  }

  private startWorker(): void {
    const { setup } = this.options;
    const baseline = this.options.baseline();
    // Built, the worker is a .js module beside this one; run from source (the tests, through tsx), a .ts.
    const here = fileURLToPath(import.meta.url);
    const url = new URL(`./stamp-sweep-worker${extname(here)}`, import.meta.url);
    // A small young generation: the sweep makes some 300,000 short-lived stat results a pass, and a default
    // one grew to tens of MB of resident memory for them (the worker's part: ~60 MB at 100,000 entries, ~30 MB so).
    const worker = startTunedWorker(url, {
      workerData: { setup, baseline, follow: this.options.follow, pollRecent: this.pollRecent } satisfies SweepWorkerData,
      transferList: [baseline.stamps.buffer as ArrayBuffer, baseline.ids.buffer as ArrayBuffer],
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    });
    this.worker = worker;
    worker.unref();
    worker.on('message', (message: SweepWorkerMessage) => {
      if (message.passMs !== undefined) {
        this.lastPassMs = message.passMs;
        debug('sweep pass in the worker: %d ms', Math.round(message.passMs));
      }
      if (message.changed.length > 0) debug('the sweep\'s worker found %d changed', message.changed.length);
      if (message.newest) this.watchNewest(message.newest);
      this.readSoon(message.changed);
    });
    worker.on('error', (error) => {
      if (this.stopped || !this.options.follow) return;
      this.options.log(`svc: the index sweep stopped in its worker (${error.message}); sweeping on the main thread instead.`);
      this.worker = null;
      this.lastPassMs = Infinity;
      this.startInline(new StampSweep(setup, this.options.baseline()));
    });
  }

  private readNow(id: string): void {
    try {
      this.options.readAgain(id);
    } catch (error) {
      this.options.log(`svc: could not read ${id} again: ${(error as Error).message}`);
    }
  }

  /** Queues folders to read again, then reads them a slice at a time. */
  private readSoon(ids: readonly string[]): void {
    if (this.stopped) return;
    for (const id of ids) this.pending.add(id);
    if (this.draining || this.pending.size === 0) return;
    this.draining = true;
    const drain = () => {
      if (this.stopped) return;
      const started = performance.now();
      for (const id of this.pending) {
        this.pending.delete(id);
        this.readNow(id);
        if (performance.now() - started > SLICE_MS) break;
      }
      if (this.pending.size > 0) setImmediate(drain);
      else this.draining = false;
    };
    setImmediate(drain);
  }
}
