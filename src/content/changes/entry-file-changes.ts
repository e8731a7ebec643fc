// An entry's files changed on disk (an editor, git, rsync) are a change like any other: the finder records
// them once, as disk-change.ts words them, as site-file-changes.ts records a hand-edited site.yaml and
// media-file-changes.ts an entry's media. content-changes.ts tells this part of each change of the index
// it does not explain (a write of this process, an event being applied) and of each event it appends or reads.
//
// A change found is noticed, then recorded a moment later under the entry's lock: a writer in another
// process appends its event inside that lock, so once the lock is taken and the feed read up to now, a
// change that no event explained meanwhile was made on disk. A full pass asked for (`svc reindex`, the
// panel's Site check) records what it found at once, whichever process holds the finder's lease.
import { SoonestRun } from './soonest-run.js';
import { debuglog } from '../../lib/node-builtins.js';
import type { NewChange } from '../../feed/change-event.js';
import { entryFacts, type EntryFacts } from './change-facts.js';
import { diskChange } from './disk-change.js';
import type { ChangeTarget } from './change-seams.js';
import type { Entry } from '../entries/types.js';
/** NODE_DEBUG=svc-feed tells what this process found changed and whether it recorded it. */
const debug = debuglog('svc-feed');

/** A change the feed could not take (a full disk) is tried again this long after. */
export const RETRY_UNRECORDED_MS = 5_000;

/** A change found on disk, waiting to be recorded: the entry as it was, and whether an event came since. */
interface Waiting { before: EntryFacts; explained: boolean }

export interface EntryFileChangesOptions {
  /** The index operations (none before the feed's side starts: nothing is recorded then). */
  target: () => ChangeTarget | null;
  /** Whether this process explains the entry's index changes now (a write of its own, an event being applied). */
  explained: (id: string) => boolean;
  /** Whether this process records changes found on disk now (it holds the finder's lease). */
  isFinder: () => boolean;
  /** Runs `record` under the entry's lock (its writers in every process append inside it). */
  underLock: <T>(id: string, record: () => T) => T;
  /** Applies what other processes recorded, now. */
  catchUp: () => void;
  /** Appends an event; false when the feed could not take it. */
  append: (change: NewChange) => boolean;
  log: (line: string) => void;
}

export class EntryFileChanges {
  /** Changes found on disk, waiting to be recorded: the entry as it was, and whether an event came since. */
  private readonly found = new Map<string, Waiting>();
  /**
   * One run of recordFound waits at a time: a timer per change that could not be recorded (the feed
   * unwritable) made each run's failures as many new runs, each failing as many again.
   */
  private readonly recordRun = new SoonestRun(() => this.recordFound());
  /** The change found on disk being checked against the feed, under its entry's lock. */
  private checking: { id: string; waiting: Waiting } | null = null;
  /** An entry is being read again to record it: the index change that reading makes is no new change. */
  private recording = false;

  constructor(private readonly options: EntryFileChangesOptions) {}

  /** The index changed for `id`: a change made on disk unless this process explains it. */
  indexChanged(id: string, before: Entry | undefined): void {
    debug('%s changed in the index (explained: %s, finder: %s)', id, this.options.explained(id) || this.recording, this.options.isFinder());
    if (this.options.explained(id) || this.recording || !this.options.isFinder()) return;
    this.notice(id, entryFacts(before), 0);
  }

  /** A change to record as found on disk, from `before`, in `delayMs` (or with the changes noticed sooner). */
  notice(id: string, before: EntryFacts, delayMs: number): void {
    if (!this.found.has(id)) this.found.set(id, { before, explained: false });
    this.recordRun.within(delayMs);
  }

  /** An event of the entry, read in the feed: it explains what was found of the entry before it. */
  noteEvent(id: string): void {
    const waiting = this.found.get(id);
    if (waiting) waiting.explained = true;
    if (this.checking?.id === id) this.checking.waiting.explained = true;
  }

  /** Records the changes found on disk that no event explains, each under its entry's lock. */
  private recordFound(): void {
    // Taken out all at once: one that cannot be recorded now (the feed unwritable) is noticed again for a
    // later try, and a loop over `found` itself would meet it again at once, for ever, holding the event loop.
    const waitingNow = [...this.found];
    this.found.clear();
    for (const [id, waiting] of waitingNow) {
      // What the index took in when the change was noticed is what was served since: recorded as it is, not
      // read again (an entry added and removed a moment later is recorded twice, as a cache may have kept it).
      this.recordFromDisk(id, waiting, false);
    }
  }

  /**
   * A full pass asked for (`svc reindex`, the panel's Site check): the entries found changed on disk are
   * recorded now, whichever process holds the lease. `before`: each as the index had it.
   */
  recordReindexed(found: ReadonlyMap<string, Entry | undefined>, detail: string): { recorded: number; unrecorded: number } {
    let recorded = 0, unrecorded = 0;
    for (const [id, before] of found) {
      // A change the sweep noticed a moment ago is recorded once, from the entry as it was before it.
      const noticed = this.found.get(id);
      this.found.delete(id);
      const outcome = this.recordFromDisk(id, noticed ?? { before: entryFacts(before), explained: false }, true, detail);
      if (outcome === 'recorded') recorded++;
      else if (outcome === 'unrecorded') unrecorded++;
    }
    return { recorded, unrecorded };
  }

  /**
   * Records one entry's change found on disk, from `waiting.before` to the index now (after reading the
   * entry again when `readFirst`): 'none' when an event explains it or nothing changed after all,
   * 'unrecorded' when the feed could not take it (tried again later in this process).
   */
  private recordFromDisk(id: string, waiting: Waiting, readFirst: boolean, detail?: string): 'recorded' | 'none' | 'unrecorded' {
    const target = this.options.target();
    if (!target) return 'none';
    try {
      return this.options.underLock(id, () => {
        // Taken out of `found` already: an event read now must still mark it explained (noteEvent looks here too).
        this.checking = { id, waiting };
        try { this.options.catchUp(); } finally { this.checking = null; }
        if (waiting.explained) { debug('%s found on disk: an event explains it', id); return 'none'; }
        if (readFirst) {
          this.recording = true;
          try { target.readAgain(id); } finally { this.recording = false; }
        }
        const after = entryFacts(target.indexed(id));
        const change = diskChange(id, waiting.before, after, detail);
        debug('%s found on disk: %s (%j -> %j)', id, change ? 'recorded' : 'no change after all', [waiting.before.exists, [...waiting.before.translations]], [after.exists, [...after.translations]]);
        if (!change) return 'none';
        const recorded = this.options.append(change);
        if (!recorded) this.notice(id, waiting.before, RETRY_UNRECORDED_MS);
        return recorded ? 'recorded' : 'unrecorded';
      });
    } catch (error) {
      this.options.log(`svc: could not record the change to ${id} found on disk: ${(error as Error)?.message ?? error}`);
      this.notice(id, waiting.before, RETRY_UNRECORDED_MS);
      return 'unrecorded';
    }
  }
}
