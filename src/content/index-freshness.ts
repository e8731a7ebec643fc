import type { Clock } from '../lib/clock.js';
import type { EntryIndex } from './entry-index.js';
import type { EntryReader } from './entry-reader.js';
import type { IndexScanner } from './index-scanner.js';
import type { ScheduledChanges } from './scheduled-changes.js';
import type { SiteSettings } from './site-settings.js';

/** How often the index looks at the disk at most, and how long one look may take. */
const MIN_CHECK_INTERVAL_MS = 5;
const SWEEP_BUDGET_MS = 2;
/** The pause after a check, as a multiple of what the check took: 50 keeps checking near 2 % of the time. */
const CHECK_INTERVAL_FACTOR = 50;

export interface IndexFreshnessParts {
  clock: Clock;
  settings: SiteSettings;
  reader: EntryReader;
  scanner: IndexScanner;
  index: EntryIndex;
  schedule: ScheduledChanges;
}

/**
 * Keeps the index fresh without a watcher: at most every few milliseconds it checks site.yaml and the
 * type folders (new or removed entries), then re-checks the stamps of as many entries as fit in a
 * small time budget, continuing where it stopped last time, and waits fifty times as long as the check
 * took before the next one. A small site is checked whole every few milliseconds; a 10,000-entry site is
 * swept every few seconds, never blocking a request for more than a couple of milliseconds. The index is
 * built on first use: a stdio process answering site_info needs only settings and counts.
 */
export class IndexFreshness {
  private indexed = false;
  private lastCheck = -Infinity;
  /** Grows with what a check costs, so keeping fresh never takes more than about 2 % of the time. */
  private checkInterval = MIN_CHECK_INTERVAL_MS;
  private sweep: string[] = [];
  private cursor = 0;
  private fullScanPending = false;

  constructor(private readonly parts: IndexFreshnessParts) {}

  /** Whether the index has been built. */
  get ready(): boolean {
    return this.indexed;
  }

  /** Has the next refresh read the whole tree again (files written that the index cannot name). */
  requestFullScan(): void {
    this.fullScanPending = true;
  }

  refreshIfStale(): void {
    const now = this.parts.clock();
    if (!this.indexed || this.fullScanPending) {
      this.indexed = true;
      this.fullScanPending = false;
      this.lastCheck = now;
      this.reloadSettings();
      this.fullScan();
      return;
    }
    if (now - this.lastCheck < this.checkInterval && now >= this.lastCheck) return;
    this.lastCheck = now;
    if (this.reloadSettings()) { this.fullScan(); return; }
    this.parts.scanner.checkTypeFolders();
    this.sweepSome(SWEEP_BUDGET_MS);
    if (this.parts.schedule.isDue(now)) this.parts.schedule.apply(this.parts.index, now);
  }

  /** Before the index is built: only site.yaml is looked at (settings and counts need no more). */
  refreshSettingsOnly(): void {
    const now = this.parts.clock();
    if (now - this.lastCheck < MIN_CHECK_INTERVAL_MS && now >= this.lastCheck) return;
    this.lastCheck = now;
    this.reloadSettings();
  }

  /** New settings change every derived path: the reader parses every file again. */
  private reloadSettings(): boolean {
    if (!this.parts.settings.reload()) return false;
    this.parts.reader.forgetStamps();
    return true;
  }

  private fullScan(): void {
    this.parts.scanner.fullScan();
    this.sweep = [];
    this.cursor = 0;
  }

  private sweepSome(budgetMs: number): void {
    const started = performance.now();
    if (this.cursor >= this.sweep.length) { this.sweep = this.parts.index.ids(); this.cursor = 0; }
    while (this.cursor < this.sweep.length) {
      this.parts.scanner.checkEntry(this.sweep[this.cursor++]!);
      if ((this.cursor & 15) === 0 && performance.now() - started > budgetMs) break;
    }
    this.checkInterval = Math.max(MIN_CHECK_INTERVAL_MS, (performance.now() - started) * CHECK_INTERVAL_FACTOR);
  }
}
