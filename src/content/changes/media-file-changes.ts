// Files of an entry's media folder changed on disk (a cover replaced by `cp`, a picture added by rsync or
// SFTP, one deleted by hand) are a change like any other: the finder records them once, as the panel's
// media changes are recorded (`entry.media`, the entry's paths, what anyone may see of it), with `via: disk`
// and the files named in `detail`, as site-file-changes.ts records a hand-edited site.yaml.
//
// A change svc made itself is in the feed already, as an event of the entry that touched its media
// (`entry.media`, or `entry.added` / `entry.removed`, which bring or take its media folder): such an event,
// appended or read by this process, explains what was found of that entry's media before it. One from
// another process may still be on its way when the change is found: it is recorded under the entry's lock,
// after reading the feed up to now, as entry-file-changes.ts records the entries' changes found on disk.
import { mediaChangeOf, type ChangeKind, type NewChange } from '../../feed/change-event.js';
import type { Entry } from '../entries/types.js';
import { entryFacts, publicView } from './change-facts.js';
import type { MediaChange, MediaHow } from './change-seams.js';
import { SoonestRun } from './soonest-run.js';

/** The kinds of event that change an entry's media: each explains what was found of them before it. */
export const MEDIA_KINDS: ReadonlySet<ChangeKind> = new Set<ChangeKind>(['entry.media', 'entry.added', 'entry.removed']);
/** A change the feed could not take (a full disk) is tried again this long after. */
const RETRY_MS = 5_000;
/** Files named in an event's detail at most (the feed keeps 300 characters of it). */
const NAMED_FILES = 8;

export interface MediaFileChangesOptions {
  /** Runs `record` under the entry's lock (its writers in every process append inside it). */
  underLock: <T>(id: string, record: () => T) => T;
  /** Applies what other processes recorded, now. */
  catchUp: () => void;
  /** The entry as the index has it. */
  indexed: (id: string) => Entry | undefined;
  /** Appends an event; false when the feed could not take it. */
  append: (change: NewChange) => boolean;
  /** Every change found is recorded now (none waits, none to try again): what the sweep knows may be kept. */
  allRecorded: () => void;
  log: (line: string) => void;
}

interface Waiting { files: Map<string, MediaHow>; explained: boolean }

export class MediaFileChanges {
  private readonly waiting = new Map<string, Waiting>();
  /** The change being checked against the feed, under its entry's lock. */
  private checking: { id: string; waiting: Waiting } | null = null;
  private readonly run = new SoonestRun(() => this.recordFound());

  constructor(private readonly options: MediaFileChangesOptions) {}

  /** Files found changed on disk: recorded in `delayMs` unless an event explains them meanwhile. */
  found(change: MediaChange, delayMs = 0): void {
    let waiting = this.waiting.get(change.id);
    if (!waiting) this.waiting.set(change.id, (waiting = { files: new Map(), explained: false }));
    for (const [name, how] of change.files) {
      const merged = mergeHow(waiting.files.get(name), how);
      if (merged === null) waiting.files.delete(name);
      else waiting.files.set(name, merged);
    }
    this.run.within(delayMs);
  }

  /** An event that changed the entry's media (MEDIA_KINDS), of this process or another. */
  noteEvent(id: string): void {
    const waiting = this.waiting.get(id);
    if (waiting) waiting.explained = true;
    if (this.checking?.id === id) this.checking.waiting.explained = true;
  }

  /** Whether no change found waits to be recorded (or tried again). */
  get settled(): boolean {
    return this.waiting.size === 0 && this.checking === null;
  }

  stop(): void {
    this.run.cancel();
  }

  private recordFound(): void {
    // Taken out all at once: one that cannot be recorded now is found again for a later try.
    const taken = [...this.waiting];
    this.waiting.clear();
    for (const [id, waiting] of taken) this.record(id, waiting);
    if (this.settled) this.options.allRecorded();
  }

  /**
   * Records files found changed by a full pass at once (`svc reindex`, the Site check), now and once:
   * 'unrecorded' when the feed could not take it (the kept stamps are then left as they were, for the next try).
   */
  recordNow(change: MediaChange): 'recorded' | 'none' | 'unrecorded' {
    const waiting: Waiting = { files: new Map(), explained: false };
    for (const [name, how] of change.files) waiting.files.set(name, how);
    return this.recordOnce(change.id, waiting);
  }

  private record(id: string, waiting: Waiting): void {
    if (this.recordOnce(id, waiting) === 'unrecorded') this.retry(id, waiting);
  }

  private recordOnce(id: string, waiting: Waiting): 'recorded' | 'none' | 'unrecorded' {
    try {
      return this.options.underLock(id, () => {
        this.checking = { id, waiting };
        try { this.options.catchUp(); } finally { this.checking = null; }
        if (waiting.explained || waiting.files.size === 0) return 'none';
        const entry = this.options.indexed(id);
        // A media folder of no entry: nothing of it is served (and an entry added with it is recorded as added).
        if (!entry) return 'none';
        const facts = entryFacts(entry);
        const recorded = this.options.append({
          kind: 'entry.media', entry: id, languages: [], paths: [...facts.translations.values()].map((translation) => translation.path).sort(), before: [],
          via: 'disk', person: null, token: null, detail: detailOf(id, waiting.files), media: mediaChangeOf(waiting.files.values()), public: publicView(facts, facts, []),
        });
        return recorded ? 'recorded' : 'unrecorded';
      });
    } catch (error) {
      this.options.log(`svc: could not record the change to the media of ${id} found on disk: ${(error as Error)?.message ?? error}`);
      return 'unrecorded';
    }
  }

  private retry(id: string, waiting: Waiting): void {
    this.found({ id, files: [...waiting.files] }, RETRY_MS);
  }
}

/** What a file's changes found one after the other amount to; null: nothing (added, then removed). */
function mergeHow(before: MediaHow | undefined, now: MediaHow): MediaHow | null {
  if (before === 'added') return now === 'removed' ? null : 'added';
  if (before === 'removed' && now === 'added') return 'changed';
  return now;
}

/** `content/media/<id>/cover.png changed`; several files: `content/media/<id>/: a.png changed, b.png added`. */
function detailOf(id: string, files: ReadonlyMap<string, MediaHow>): string {
  const folder = `content/media/${id}/`;
  const named = [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (named.length === 1) return `${folder}${named[0]![0]} ${named[0]![1]}`;
  const listed = named.slice(0, NAMED_FILES).map(([name, how]) => `${name} ${how}`).join(', ');
  return `${folder}: ${listed}${named.length > NAMED_FILES ? ` and ${named.length - NAMED_FILES} more` : ''}`;
}
