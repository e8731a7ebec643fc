// Runs the stamp sweep (stamp-sweep.ts) for the index and has the entry folders it finds changed read
// again: on the event loop in slices of a couple of milliseconds for a small site, in a worker thread for a
// large one (a pass over 100,000 entries is some 300,000 stat calls). File-system events, where there are
// good ones (content-watch.ts), name folders sooner. Reading again happens on the event loop, a few
// milliseconds at a time, so a `git pull` of thousands of files never holds up a request for long.
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { debuglog } from 'node:util';
import { Worker } from 'node:worker_threads';
import { watchContent } from './content-watch.js';
import { MAX_PAGE_DEPTH } from './entry-folders.js';
import { pauseAfterPass, StampSweep, type SweepBaseline, type SweepSetup } from './stamp-sweep.js';
import type { SweepWorkerData, SweepWorkerMessage } from './stamp-sweep-worker.js';
import type { Entry, SiteConfig } from './types.js';

export interface IndexSweeperOptions {
  setup: SweepSetup;
  /** The index's stamps as they are now (made when the sweep starts, and again if its worker fails). */
  baseline: () => SweepBaseline;
  inWorker: boolean;
  /** Reads one entry folder again (added, changed or removed). */
  readAgain: (id: string) => void;
  log: (line: string) => void;
}

/** The longest the event loop is held by one slice of sweeping or of reading again. */
const SLICE_MS = 3;
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

  constructor(private readonly options: IndexSweeperOptions) {}

  start(): void {
    const { setup } = this.options;
    this.stopWatching = watchContent(setup.contentDir, setup.folders, setup.maxDepth, (id) => {
      setTimeout(() => this.readSoon([id]), EVENT_DELAY_MS).unref();
    });
    if (this.options.inWorker) this.startWorker();
    else this.startInline(new StampSweep(setup, this.options.baseline()));
  }

  stop(): void {
    this.stopped = true;
    this.stopWatching();
    if (this.timer) clearTimeout(this.timer);
    void this.worker?.terminate();
    this.worker = null;
  }

  private startInline(sweep: StampSweep): void {
    let pass = sweep.pass();
    let passMs = 0;
    const slice = () => {
      if (this.stopped) return;
      const started = performance.now();
      let step = pass.next();
      while (!step.done && performance.now() - started < SLICE_MS) step = pass.next();
      passMs += performance.now() - started;
      if (!step.done) { this.timer = setTimeout(slice, 0); this.timer.unref(); return; }
      this.readSoon(step.value);
      this.lastPassMs = passMs;
      debug('sweep pass on the event loop: %d ms, %d changed', Math.round(passMs), step.value.length);
      this.timer = setTimeout(slice, pauseAfterPass(passMs));
      this.timer.unref();
      pass = sweep.pass();
      passMs = 0;
    };
    slice();
  }

  private startWorker(): void {
    const { setup } = this.options;
    const baseline = this.options.baseline();
    // Built, the worker is a .js module beside this one; run from source (the tests, through tsx), a .ts.
    const here = fileURLToPath(import.meta.url);
    const url = new URL(`./stamp-sweep-worker${extname(here)}`, import.meta.url);
    const worker = new Worker(url, { workerData: { setup, baseline } satisfies SweepWorkerData, transferList: [baseline.stamps.buffer as ArrayBuffer] });
    this.worker = worker;
    worker.unref();
    worker.on('message', (message: SweepWorkerMessage) => {
      this.lastPassMs = message.passMs;
      debug('sweep pass in the worker: %d ms, %d changed', Math.round(message.passMs), message.changed.length);
      this.readSoon(message.changed);
    });
    worker.on('error', (error) => {
      if (this.stopped) return;
      this.options.log(`svc: the index sweep stopped in its worker (${error.message}); sweeping on the main thread instead.`);
      this.worker = null;
      this.startInline(new StampSweep(setup, this.options.baseline()));
    });
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
        try {
          this.options.readAgain(id);
        } catch (error) {
          this.options.log(`svc: could not read ${id} again: ${(error as Error).message}`);
        }
        if (performance.now() - started > SLICE_MS) break;
      }
      if (this.pending.size > 0) setImmediate(drain);
      else this.draining = false;
    };
    setImmediate(drain);
  }
}

/** What the sweep looks at for these settings: every type folder, and the files that make an entry. */
export function sweepSetup(contentDir: string, site: SiteConfig): SweepSetup {
  return {
    contentDir,
    folders: site.types.map((type) => ({ folder: type.folder, nested: type.key === 'page' })),
    maxDepth: MAX_PAGE_DEPTH,
    files: [...Object.keys(site.languages).map((language) => `${language}.md`), 'style.css'],
  };
}

/** The index's entries as the sweep's baseline: each folder's mtime and the stamps of its files as read. */
export function sweepBaseline(entries: readonly Entry[], setup: SweepSetup): SweepBaseline {
  const width = 1 + 2 * setup.files.length;
  const languages = setup.files.slice(0, -1).map((file) => file.slice(0, -3));
  const stamps = new Float64Array(entries.length * width).fill(-1);
  const ids = new Array<string>(entries.length);
  entries.forEach((entry, at) => {
    ids[at] = entry.id;
    const base = at * width;
    stamps[base] = entry.folderMtimeMs;
    languages.forEach((language, file) => {
      const translation = entry.translations.get(language);
      if (translation) { stamps[base + 1 + 2 * file] = translation.mtimeMs; stamps[base + 2 + 2 * file] = translation.size; }
    });
    stamps[width - 2 + base] = entry.styleMtimeMs;
    stamps[width - 1 + base] = entry.styleSize;
  });
  return { ids, stamps };
}
