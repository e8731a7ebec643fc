// The media side of the sweep in a process that follows the disk (index-sweeper.ts): the media folders'
// stamps (media-sweep.ts) looked at in the sweep's passes, and sooner where something says to look: a
// file-system event naming a media folder, a watch on each of the newest entries' media folders (an edit
// in place of a cover shows within two seconds, as an edit of the entry's text does), or on a network
// file system, where no watch sees another machine's writes, a look at those folders every
// RECENT_CHECK_MS. Only folders that exist are watched or looked at: most entries have none.
import { sep } from 'node:path';
import { EntryWatches } from './content-watch.js';
import { MediaSweep, type KeptMedia, type KnownMedia } from './media-sweep.js';
import type { MediaChange } from '../changes/change-seams.js';
import type { SweepSetup } from './stamp-sweep.js';

/** An event comes as a file is made; the folder is looked at once its writer is likely done (ms). */
const EVENT_DELAY_MS = 50;

export interface MediaFollowOptions {
  setup: SweepSetup;
  /** Watches cannot be had (a network file system): the newest media folders are looked at by poll() instead. */
  polling: boolean;
  /** What changed, found by a pass, an event or a poll. */
  changed: (change: MediaChange) => void;
  /** Where what the sweep knows is kept between starts (media-stamps-file.ts). */
  kept?: { load: () => KnownMedia | undefined; save: (known: KeptMedia) => void };
  /**
   * Whether every change told is recorded. The stamps are kept only then: kept with a change still waiting
   * (its recording delayed, or the feed full), a stop would lose it, as the next start would not find it again.
   */
  settled?: () => boolean;
  log: (line: string) => void;
}

export class MediaFollow {
  private readonly sweep: MediaSweep;
  private readonly watches: EntryWatches;
  /** The newest entries as the last pass saw them, and those of them with a media folder. */
  private newest = new Set<string>();
  private newestWithMedia: string[] = [];
  /** The pass over every media folder under way (passPart). */
  private pass: Generator<void, void> | null = null;
  private stopped = false;

  constructor(private readonly options: MediaFollowOptions) {
    this.sweep = new MediaSweep(options.setup, options.kept?.load());
    this.watches = new EntryWatches(options.setup.contentDir + sep + 'media', (id) => this.afterEvent(id));
  }

  /** Media folders known. */
  get size(): number {
    return this.sweep.size;
  }

  /**
   * Goes on with the pass over every media folder for at most `ms` of work (a part of the sweep's pass: a
   * pass may span several of the entries' passes); report() tells what it found.
   */
  *passPart(ms: number): Generator<void, void> {
    this.pass ??= this.wholePass();
    for (let spent = 0; spent < ms;) {
      const started = performance.now();
      const step = this.pass.next();
      spent += performance.now() - started;
      if (step.done) { this.pass = null; return; }
      yield;
    }
  }

  private *wholePass(): Generator<void, void> {
    yield* this.sweep.pass();
    this.keep();
  }

  /** Tells what passes, events and polls found since last told. */
  report(): void {
    if (this.stopped) return;
    for (const change of this.sweep.takeFound()) {
      try {
        this.options.changed(change);
      } catch (error) {
        this.options.log(`svc: could not take the change to the media of ${change.id}: ${(error as Error).message}`);
      }
    }
    // What was told is kept at once where it is recorded already, else once it is (keep() is called again
    // then): a stop before the pass ends would otherwise find it again at the next start.
    this.keep();
  }

  /** Keeps what the sweep knows for the next start, when it changed and all it found is recorded. */
  keep(): void {
    if (!this.options.kept || this.stopped || this.options.settled?.() === false) return;
    const known = this.sweep.knownIfMoved();
    if (known === null) return;
    try {
      this.options.kept.save(known);
    } catch (error) {
      this.options.log(`svc: could not keep the media folders' stamps for the next start: ${(error as Error).message}`);
    }
  }

  /** A file-system event named the entry's media folder. */
  afterEvent(id: string): void {
    setTimeout(() => {
      if (this.stopped) return;
      const known = this.sweep.has(id);
      this.sweep.check(id);
      this.report();
      // A media folder new to one of the newest entries is watched from now on, not from the next pass.
      if (!known && this.sweep.has(id) && this.newest.has(id)) this.watchNewest();
    }, EVENT_DELAY_MS).unref();
  }

  /** svc changed the entry's media itself (the change is in the feed already): taken as it is, not reported. */
  absorb(id: string): void {
    this.sweep.absorb(id);
  }

  /**
   * The newest entries after a pass: their media folders are watched (or polled) from now on. Those new
   * among them that the media pass has not reached yet (it may span several of the entries' passes) are
   * looked at now, a stat or two each, so that they are watched at once rather than once the pass gets to
   * them; the others were looked at when they became newest.
   */
  setNewest(ids: readonly string[]): void {
    const before = this.newest;
    this.newest = new Set(ids);
    for (const id of ids) if (!before.has(id) && !this.sweep.has(id)) this.sweep.check(id);
    this.report();
    this.watchNewest();
  }

  /** Where nothing can be watched: the newest entries' media folders looked at now. */
  poll(): void {
    for (const id of this.newestWithMedia) this.sweep.check(id);
    this.report();
  }

  stop(): void {
    this.stopped = true;
    this.watches.close();
  }

  private watchNewest(): void {
    if (this.stopped) return;
    this.newestWithMedia = [...this.newest].filter((id) => this.sweep.has(id));
    if (!this.options.polling) this.watches.update(this.newestWithMedia);
  }
}
