import type { Clock } from '../../lib/clock.js';
import type { EntryIndex } from './entry-index.js';
import type { EntryReader } from '../entries/entry-reader.js';
import type { IndexPersistence } from './index-persistence.js';
import type { IndexScanner } from './index-scanner.js';
import { changedOnDisk, IndexSweeper, sweepBaseline, sweepSetup } from './index-sweeper.js';
import type { MediaFollowOptions } from './media-follow.js';
import type { ScheduledChanges } from './scheduled-changes.js';
import { SweepStart } from './sweep-start.js';
import { ScheduleWake } from './schedule-wake.js';
import type { SiteSettings } from '../settings/site-settings.js';
import type { ContentChanges } from '../changes/content-changes.js';
import type { Entry } from '../entries/types.js';

/** How often a read looks at site.yaml and the schedule at most. */
const MIN_CHECK_INTERVAL_MS = 5;

export interface IndexFreshnessParts {
  clock: Clock;
  log: (line: string) => void;
  contentDir: string;
  settings: SiteSettings;
  reader: EntryReader;
  scanner: IndexScanner;
  index: EntryIndex;
  schedule: ScheduledChanges;
  /** Where the index is kept between starts, or null. */
  persistence: IndexPersistence | null;
  /**
   * The change feed (content-changes.ts): followed after the first build, and the sweep runs on only while
   * this process is the one that records changes found on disk. Without it, the sweep always runs on.
   */
  changes: ContentChanges | null;
  /** Where the media folders' stamps are kept between starts (media-stamps-file.ts), or undefined. */
  keptMedia?: MediaFollowOptions['kept'];
}

/**
 * Keeps the index in line with the disk. Built on first use (a stdio process answering site_info needs
 * only settings and counts): from the persisted index when there is a valid one, else by reading every
 * entry folder. Then, off the path of the answer that built it, a sweep of file stamps (index-sweeper.ts)
 * finds what changed since (what a persisted index missed, what editors, git or other processes change)
 * and has it read again. Reads look at site.yaml (new settings: everything is read again) and at the
 * schedule (scheduled translations whose time came) every few milliseconds at most.
 */
export class IndexFreshness {
  private indexed = false;
  private lastCheck = -Infinity;
  private fullScanPending = false;
  private sweeper: IndexSweeper | null = null;
  /** When the sweep starts after a build: once the read waiting for it is answered (sweep-start.ts). */
  private readonly sweepStart = new SweepStart();
  private closed = false;
  /** Whether this process sweeps on (it records changes found on disk, or there is no feed to tell it). */
  private finder: boolean;
  private builtFromFiles = false;
  /** Wakes the finder at the next scheduled time; looked at then, however recently a read looked. */
  private readonly scheduleWake = new ScheduleWake(() => { this.lastCheck = -Infinity; this.refreshIfStale(); });

  constructor(private readonly parts: IndexFreshnessParts) {
    this.finder = parts.changes === null;
  }

  /** Whether the index has been built. */
  get ready(): boolean {
    return this.indexed;
  }

  /** How long the sweep's last pass took (ms; 0 before the first). */
  get lastSweepMs(): number {
    return this.sweeper?.lastPassMs ?? 0;
  }

  /** Has the next refresh read the whole tree again (files written that the index cannot name). */
  requestFullScan(): void {
    this.fullScanPending = true;
  }

  refreshIfStale(): void {
    const now = this.parts.clock();
    if (!this.indexed || this.fullScanPending) {
      const first = !this.indexed;
      this.indexed = true;
      this.fullScanPending = false;
      this.lastCheck = now;
      this.reloadSettings();
      this.build(first);
      this.wakeForSchedule(now);
      return;
    }
    // The read that was waiting while the index was built is answered now; the sweep's setup comes after it.
    this.sweepStart.noteRead();
    if (now - this.lastCheck < MIN_CHECK_INTERVAL_MS && now >= this.lastCheck) return;
    this.lastCheck = now;
    if (this.reloadSettings()) { this.parts.changes?.settingsTaken(); this.build(false); return; }
    // What other processes changed, as the feed says (a stat of one file at most every few ms).
    this.parts.changes?.catchUpBeforeRead();
    this.sweeper?.sweepBeforeRead();
    if (this.parts.schedule.isDue(now)) this.parts.schedule.apply(this.parts.index, now);
    this.wakeForSchedule(now);
  }

  /**
   * The entries whose folders differ on disk from what the index holds, by one whole pass now (`svc
   * reindex`, the panel's Site check), each with the entry as the index had it. Their folders are not read
   * again here: the caller records each change (changes/entry-file-changes.ts), which reads it.
   */
  async changedOnDisk(): Promise<Map<string, Entry | undefined>> {
    const { index, contentDir } = this.parts;
    const setup = sweepSetup(contentDir, this.parts.settings.current);
    const found = new Map<string, Entry | undefined>();
    for (const id of changedOnDisk(setup, sweepBaseline(index.values(), index.size, setup))) found.set(id, index.get(id));
    return found;
  }

  /** Whether the first build read every file (there was no kept index to start from). */
  get readEveryFile(): boolean {
    return this.builtFromFiles;
  }

  /** Before the index is built: only site.yaml is looked at (settings and counts need no more). */
  refreshSettingsOnly(): void {
    const now = this.parts.clock();
    if (now - this.lastCheck < MIN_CHECK_INTERVAL_MS && now >= this.lastCheck) return;
    this.lastCheck = now;
    this.reloadSettings();
  }

  /** The finder wakes at the next scheduled time (schedule-wake.ts); other processes need not. */
  private wakeForSchedule(now: number): void {
    this.scheduleWake.arm(this.finder && !this.closed ? this.parts.schedule.nextAt : Infinity, now);
  }

  /** Stops the sweep and the writing of the persisted index (a store no longer used); ends with a write under way. */
  close(): Promise<void> {
    this.closed = true;
    this.scheduleWake.cancel();
    this.parts.changes?.stop();
    this.sweepStart.cancel();
    this.sweeper?.stop();
    this.sweeper = null;
    return this.parts.persistence?.close() ?? Promise.resolve();
  }

  /** New settings change every derived path: the reader parses every file again. */
  private reloadSettings(): boolean {
    if (!this.parts.settings.reload()) return false;
    this.parts.reader.forgetStamps();
    return true;
  }

  /** The whole index: from the persisted one at the first build when it is valid, else from every file. */
  private build(first: boolean): void {
    const { scanner, persistence, index, schedule, clock, changes } = this.parts;
    // Followed from before the build reads the disk: a change recorded meanwhile is read again, not missed.
    if (first && changes) this.followChanges(changes);
    if (first && persistence?.restore()) {
      // What the feed recorded since the kept index was written is read again now.
      if (changes && persistence.restoredFeedSeq !== null) changes.followFrom(persistence.restoredFeedSeq);
      this.parts.reader.trustStamps();
      // Statuses were derived when it was written: a scheduled time that passed since is applied now; the
      // next one to come is found after this answer (restartSweep), which at 100,000 entries takes a while.
      if (schedule.hasOverdue(index)) schedule.apply(index, clock());
    } else {
      scanner.fullScan();
      if (first) this.builtFromFiles = true;
      if (first) persistence?.adoptWritten();
      persistence?.changed();
    }
    this.restartSweep();
  }

  /**
   * A new sweep from the index as it is now, set up after the next read in a later turn of the event loop
   * has been answered (sweep-start.ts says when, and why not at once).
   */
  private restartSweep(): void {
    this.sweeper?.stop();
    this.sweeper = null;
    this.sweepStart.afterNextRead(() => this.startSweep());
  }

  /** Follows the change feed, and sweeps on from when this process becomes the one that records changes on disk. */
  private followChanges(changes: ContentChanges): void {
    const { index, scanner } = this.parts;
    changes.start({
      indexed: (id) => index.get(id),
      readAgain: (id) => scanner.readAgain(id, id.split('/'), true),
      readEverything: () => this.requestFullScan(),
      mediaChanged: (id, recorded) => {
        index.mediaChanged();
        if (recorded) this.sweeper?.absorbMedia(id);
      },
      mediaAllRecorded: () => this.sweeper?.keepMedia(),
      setFinder: (finding) => {
        if (finding === this.finder) return;
        this.finder = finding;
        // A process that becomes the finder begins sweeping on; one that stops sweeps no more.
        if (this.indexed && !this.closed) this.restartSweep();
        this.wakeForSchedule(this.parts.clock());
      },
    });
  }

  private startSweep(): void {
    if (this.closed || this.sweeper) return;
    const { contentDir, index, scanner, schedule, clock, log } = this.parts;
    schedule.recompute(index.values());
    // A time that passed between the build and now (recompute looks ahead only).
    if (schedule.hasOverdue(index)) schedule.apply(index, clock());
    const setup = sweepSetup(contentDir, this.parts.settings.current);
    this.sweeper = new IndexSweeper({
      setup,
      // Every entry's stamps, read one entry at a time through objects made for it alone (entry-index.ts
      // values()): an array of them all was 100,000 objects promoted to the old generation at each start.
      baseline: () => sweepBaseline(index.values(), index.size, setup),
      follow: this.finder,
      readAgain: (id) => scanner.readAgain(id, id.split('/'), true),
      // A hand edit of the settings is taken (and recorded) with nobody reading, as an entry's is.
      settingsChanged: () => { if (!this.closed) this.refreshIfStale(); },
      // Files of a media folder changed on disk: every answer showing them is made again, and the change recorded.
      mediaChanged: (change) => {
        if (this.closed) return;
        index.mediaChanged();
        this.parts.changes?.mediaFound(change);
      },
      // What the sweep knows of the media is kept for the next start only while no change it found waits to be recorded.
      mediaSettled: () => this.parts.changes?.mediaSettled ?? true,
      ...(this.parts.keptMedia ? { keptMedia: this.parts.keptMedia } : {}),
      log,
    });
    this.sweeper.start();
    // The schedule's next time is known now (recompute above): the finder wakes for it with nobody reading.
    this.wakeForSchedule(clock());
  }

}
