// Runs the stamp sweep (stamp-sweep.ts) for the index and has the entry folders it finds changed read
// again, on the event loop in slices of a few milliseconds: a pass over 100,000 entries (some 300,000 stat
// calls, about 2 s) then holds a request up by one slice at most, once every four and a half minutes.
// It ran in a worker thread from 20,000 entries, whose own heap cost 20-28 MB of resident memory at
// 100,000 entries for a pass that took as long there (docs/decisions.md, the devices). File-system events,
// where there are good ones (content-watch.ts), name folders sooner. Reading again happens a few
// milliseconds at a time too, so a `git pull` of thousands of files never holds up a request for long.
// A process that follows sweeps the media folders too (media-sweep.ts), in the same passes and watched
// alike: the newest entries' media folders each, and one watch per type folder below content/media/.
import { debuglog } from '../../lib/node-builtins.js';
import { EntryWatches, watchContent } from './content-watch.js';
import { isNetworkFolder } from '../../lib/network-folder.js';
import { RECENT_CHECK_MS, RECENT_ENTRIES, RecentEntries } from './recent-entries.js';
import { mediaShareMs, pauseAfterPass, StampSweep, type SweepBaseline, type SweepSetup } from './stamp-sweep.js';
import { MediaFollow, type MediaFollowOptions } from './media-follow.js';
import type { MediaChange } from '../changes/change-seams.js';
// What index-freshness.ts loads with the sweep's code, from one module.
export { changedOnDisk, sweepBaseline, sweepSetup } from './sweep-baseline.js';

export interface IndexSweeperOptions {
  setup: SweepSetup;
  /** The index's stamps as they are now (made when the sweep starts). */
  baseline: () => SweepBaseline;
  /**
   * Sweep on and on, and watch (this process records changes found on disk); otherwise one pass, which
   * brings an index kept from an earlier start in line, and nothing after (the change feed tells the rest).
   */
  follow: boolean;
  /** Reads one entry folder again (added, changed or removed). */
  readAgain: (id: string) => void;
  /** site.yaml changed (told by the kernel where it tells, to a process that follows): its settings are read. */
  settingsChanged?: () => void;
  /** Files of an entry's media folder changed (found by a process that follows). */
  mediaChanged?: (change: MediaChange) => void;
  /** Whether every media change told is recorded (media-follow.ts keeps the stamps only then). */
  mediaSettled?: () => boolean;
  /** Where the media folders' stamps are kept between starts (media-follow.ts). */
  keptMedia?: MediaFollowOptions['kept'];
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
  private timer: NodeJS.Timeout | null = null;
  private stopWatching: () => void = () => {};
  /** The last pass's duration, for debugging and the bench (ms). */
  lastPassMs = 0;
  private lastPassEnd = -Infinity;
  /** The sweep, its pass under way and the time that pass took so far. */
  private sweep: StampSweep | null = null;
  private pass: Generator<void, string[]> | null = null;
  private passMs = 0;
  /**
   * The most recently changed entries: watched where the kernel tells of changes, else (a network file
   * system) looked at every RECENT_CHECK_MS.
   */
  private readonly recent: RecentEntries;
  private readonly pollRecent: boolean;
  private recentTimer: NodeJS.Timeout | null = null;
  private readonly newestWatches: EntryWatches;
  /** The media folders (media-follow.ts), in a process that follows. */
  private readonly media: MediaFollow | null;

  constructor(private readonly options: IndexSweeperOptions) {
    this.recent = new RecentEntries(options.setup);
    this.pollRecent = options.follow && isNetworkFolder(options.setup.contentDir);
    this.newestWatches = new EntryWatches(options.setup.contentDir, (id) => this.readAfterEvent(id));
    const changed = options.mediaChanged;
    this.media = options.follow && changed ? new MediaFollow({ setup: options.setup, polling: this.pollRecent, changed, log: options.log, ...(options.keptMedia ? { kept: options.keptMedia } : {}), ...(options.mediaSettled ? { settled: options.mediaSettled } : {}) }) : null;
  }

  start(): void {
    const { setup } = this.options;
    if (this.options.follow) {
      const settingsChanged = this.options.settingsChanged;
      this.stopWatching = watchContent(setup.contentDir, setup.folders, setup.maxDepth, {
        entry: (id) => this.readAfterEvent(id),
        settings: settingsChanged && (() => { setTimeout(() => { if (!this.stopped) settingsChanged(); }, EVENT_DELAY_MS).unref(); }),
        ...(this.media ? { media: (id: string) => this.media!.afterEvent(id) } : {}),
      });
    }
    this.startSweeping(new StampSweep(setup, this.options.baseline()));
  }

  stop(): void {
    this.stopped = true;
    this.stopWatching();
    this.newestWatches.close();
    this.media?.stop();
    if (this.timer) clearTimeout(this.timer);
    if (this.recentTimer) clearInterval(this.recentTimer);
  }

  /** An event comes as a file is made; the folder is read once its writer is likely done. */
  private readAfterEvent(id: string): void {
    setTimeout(() => this.readSoon([id]), EVENT_DELAY_MS).unref();
  }

  /** The newest entries as the last pass saw them are watched from now on (or looked at, see `recent`). */
  private watchNewest(ids: readonly string[]): void {
    if (this.stopped) return;
    if (!this.pollRecent) this.newestWatches.update(ids);
    this.media?.setNewest(ids);
  }

  /** svc changed the entry's media itself (the change is in the feed already): taken as it is, not reported. */
  absorbMedia(id: string): void {
    this.media?.absorb(id);
  }

  /** The media changes told are all recorded now: what the sweep knows of the media folders is kept. */
  keepMedia(): void {
    this.media?.keep();
  }

  /**
   * One pass of the entries' stamps, then a part of the media folders' pass (a process that follows): as
   * much of it as mediaShareMs leaves in the idle budget; the rest goes on after the next entries' pass.
   */
  private *passOf(sweep: StampSweep): Generator<void, string[]> {
    const entries = sweep.pass();
    let entriesMs = 0;
    for (;;) {
      const started = performance.now();
      const step = entries.next();
      entriesMs += performance.now() - started;
      if (step.done) {
        if (this.media) yield* this.media.passPart(mediaShareMs(entriesMs));
        return step.value;
      }
      yield;
    }
  }

  /**
   * Before a read, on a small site: the whole site swept at once when a pass is due, as it takes a
   * millisecond or two, so a change on disk shows in the very next answer (a larger site's sweep runs only
   * in slices beside the requests). An entry added or removed makes it due at once.
   */
  sweepBeforeRead(): void {
    if (!this.sweep || this.stopped || this.sweep.folders + (this.media?.size ?? 0) > BEFORE_READ_MAX_FOLDERS) return;
    // Due by time (at most some 2 % of the time), or at once when an entry came or went (a few stats).
    const due = performance.now() - this.lastPassEnd >= Math.max(MIN_BEFORE_READ_MS, this.lastPassMs * 50);
    if (due || this.sweep.typeFoldersMoved()) {
      if (this.timer) clearTimeout(this.timer);
      const started = performance.now();
      // The pass under way, if any, is finished first: what it has not looked at yet it looks at now.
      const pass = this.pass ?? this.passOf(this.sweep);
      this.pass = null;
      let step = pass.next();
      while (!step.done) step = pass.next();
      this.endPass(this.passMs + performance.now() - started, step.value);
      for (const id of step.value) this.pending.add(id);
      this.media?.report();
    }
    // Found by an earlier pass or an event and not read yet: read now, before this read.
    for (const id of this.pending) {
      this.pending.delete(id);
      this.readNow(id);
    }
  }

  private startSweeping(sweep: StampSweep): void {
    this.sweep = sweep;
    if (this.pollRecent) {
      this.recentTimer = setInterval(() => {
        this.readSoon(this.recent.check());
        this.media?.poll();
      }, RECENT_CHECK_MS);
      this.recentTimer.unref();
    }
    this.sweepSlice();
  }

  /** The sweep's next slice of a few milliseconds; the pause after a whole pass. */
  private sweepSlice(): void {
    if (this.stopped || !this.sweep) return;
    this.pass ??= this.passOf(this.sweep);
    const started = performance.now();
    let step = this.pass.next();
    while (!step.done && performance.now() - started < SLICE_MS) step = this.pass.next();
    this.passMs += performance.now() - started;
    this.media?.report();
    if (!step.done) { this.readSoon(this.sweep.takeFound()); this.scheduleSlice(0); return; }
    this.pass = null;
    this.endPass(this.passMs, step.value);
    this.readSoon(step.value);
  }

  private endPass(passMs: number, changed: readonly string[]): void {
    this.lastPassMs = passMs;
    this.lastPassEnd = performance.now();
    this.passMs = 0;
    debug('sweep pass on the event loop: %d ms, %d changed', Math.round(passMs), changed.length);
    if (!this.options.follow) { this.sweep = null; return; }
    const newest = this.sweep!.newestEntries(RECENT_ENTRIES);
    if (this.pollRecent) this.recent.watch(newest);
    this.watchNewest(newest.map((entry) => entry.id));
    this.scheduleSlice(pauseAfterPass(passMs));
  }

  private scheduleSlice(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.sweepSlice(), ms);
    this.timer.unref();
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
