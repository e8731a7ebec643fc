// The content store's side of the change feed (src/feed/): what this process changes is recorded there,
// what other processes recorded is applied to this index, and the changes found on disk (an editor, git,
// rsync) are recorded by the one process that holds the finder's lease (feed/finder-lease.ts).
//
// A change seen in the index is explained when it came from a write of this process (recorded by
// write(), inside the entry's lock) or from an event read in the feed; any other is a change made on
// disk. The finder records those: it takes the entry's lock (so a writer in another process has appended its
// event), reads the feed up to now, and records the change only when no event explained it meanwhile
// (as disk-change.ts words it; entry-file-changes.ts records them).
import { withFileLock } from '../../lib/file-lock.js';
import type { ChangeEvent, ChangeVia, NewChange } from '../../feed/change-event.js';
import { ChangeFeed } from '../../feed/change-feed.js';
import { FeedFollower } from '../../feed/feed-follower.js';
import { FinderLease } from '../../feed/finder-lease.js';
import { entryFacts, factsChange, kindOfWrite, mediaOfWrite, publicView, type EntryFacts } from './change-facts.js';
import { EntryFileChanges, RETRY_UNRECORDED_MS } from './entry-file-changes.js';
import { entryLockPath } from './entry-lock.js';
import type { ChangeTarget, ContentChangesOptions, MediaChange, RecordedWrite } from './change-seams.js';
export type { ChangeTarget, ContentChangesOptions, MediaChange, RecordedWrite } from './change-seams.js';
import { SiteFileChanges } from './site-file-changes.js';
import { MEDIA_KINDS, MediaFileChanges } from './media-file-changes.js';
import { recordSiteParts } from './site-parts.js';
import type { Entry } from '../entries/types.js';
import { join } from 'node:path';


export class ContentChanges {
  readonly feed: ChangeFeed;
  private target: ChangeTarget | null = null;
  private follower: FeedFollower | null = null;
  private lease: FinderLease | null = null;
  /** Entries whose index changes are explained (a write of this process, an event being applied). */
  private readonly explaining = new Set<string>();
  /** What the write under way recorded, per entry (writes nest: create, then the new entry). */
  private readonly writes = new Map<string, RecordedWrite[]>();
  /** Entries changed on disk: recorded by the finder unless an event explains them (or by a full pass: recordReindexed). */
  private readonly entryFiles: EntryFileChanges;
  /** The seqs of the events this process appended lately (the follower reads them back). */
  private readonly own = new Set<number>();
  /** site.yaml changed on disk: recorded by the finder unless a `site.changed` event explains it. */
  private readonly siteFile: SiteFileChanges;
  /** Media files changed on disk: recorded by the finder unless an event of the entry's media explains them (or by a full pass: recordMediaReindexed). */
  private readonly mediaFiles: MediaFileChanges;

  constructor(private readonly options: ContentChangesOptions) {
    this.feed = new ChangeFeed({ dir: join(options.dataDir, 'feed'), lockPath: join(options.dataDir, 'locks', 'feed.lock'), trustedFolders: options.trusted, clock: options.clock, log: options.log });
    this.siteFile = new SiteFileChanges({ isFinder: () => this.lease?.holding === true, catchUp: () => this.catchUp(), append: (change) => this.append(change), log: options.log });
    this.mediaFiles = new MediaFileChanges({
      underLock: (id, record) => withFileLock(options.trusted, entryLockPath(options.dataDir, id), record), catchUp: () => this.catchUp(),
      indexed: (id) => this.target?.indexed(id), append: (change) => this.append(change), allRecorded: () => this.target?.mediaAllRecorded(), log: options.log,
    });
    this.entryFiles = new EntryFileChanges({
      target: () => this.target, explained: (id) => this.explaining.has(id), isFinder: () => this.lease?.holding === true,
      underLock: (id, record) => withFileLock(options.trusted, entryLockPath(options.dataDir, id), record), catchUp: () => this.catchUp(),
      append: (change) => this.append(change), log: options.log,
    });
  }

  /** A server's start: the theme and plugins it read, recorded when they differ from what the feed heard of (site-parts.ts). */
  recordSiteParts(root: string): void {
    try {
      recordSiteParts(this.options.trusted, root, this.options.dataDir, (change) => this.append(change));
    } catch (error) {
      this.options.log(`svc: could not compare the theme and plugins with what the change feed last heard of: ${(error as Error)?.message ?? error}`);
    }
  }

  /** This process took new settings from site.yaml: a change on disk unless an event explains it. */
  settingsTaken(): void {
    this.siteFile.settingsTaken();
  }

  /** Files of an entry's media folder found changed on disk by this process's sweep (it holds the lease). */
  mediaFound(change: MediaChange): void {
    if (this.lease?.holding === true) this.mediaFiles.found(change);
  }

  /** Whether every media change this process found is recorded (the sweep keeps its stamps only then: a stop would lose one waiting). */
  get mediaSettled(): boolean {
    return this.mediaFiles.settled;
  }

  /** The last seq this process applied (0 before it follows). */
  get seq(): number {
    return this.follower?.seq ?? 0;
  }

  /** Begins following the feed from its end, and asking for the lease. */
  start(target: ChangeTarget): void {
    this.target = target;
    this.follower = new FeedFollower({ feed: this.feed, log: this.options.log, onEvents: (events, resync) => this.apply(events, resync) });
    this.follower.start();
    const { dataDir, clock, log } = this.options;
    this.lease = new FinderLease({ feedDir: this.feed.dir, trustedFolders: this.options.trusted, lockPath: join(dataDir, 'locks', 'finder.lock'), clock, log, onChange: (holding) => target.setFinder(holding) });
    this.lease.start();
  }

  /** Follows from `seq` on instead: an index kept from an earlier start held the feed up to there. */
  followFrom(seq: number): void {
    this.follower?.followFrom(seq);
  }

  stop(): void {
    this.siteFile.stop();
    this.mediaFiles.stop();
    this.follower?.stop();
    this.lease?.stop();
    this.follower = null;
    this.lease = null;
  }

  /** Before a read: what other processes recorded is applied first. */
  catchUpBeforeRead(): void {
    this.follower?.catchUpBeforeRead();
  }

  /** Applies what other processes recorded, now. */
  catchUp(): void {
    this.follower?.catchUp();
  }

  /**
   * Runs a write to one entry (inside its lock) and records it in the feed after, from what it recorded in
   * the history and how the entry differs: the entry is read from disk before, so the paths it showed at are
   * those of the files it changes.
   */
  write<T>(id: string | null, readEntry: (id: string) => Entry | undefined, action: () => T): T {
    if (id === null) {
      const recorded: RecordedWrite[] = [];
      this.writes.set('', recorded);
      try { return action(); } finally { this.writes.delete(''); this.recordWrite(null, entryFacts(undefined), entryFacts(undefined), recorded); }
    }
    const before = entryFacts(readEntry(id));
    const recorded: RecordedWrite[] = [];
    this.writes.set(id, recorded);
    this.explaining.add(id);
    try {
      return action();
    } finally {
      this.writes.delete(id);
      const after = entryFacts(readEntry(id));
      this.explaining.delete(id);
      if (recorded.length > 0) this.recordWrite(id, before, after, recorded);
    }
  }

  /** A history line of the write under way for `id` (null: a change to no entry, such as approval mode). */
  noteWrite(id: string | null, write: RecordedWrite): void {
    this.writes.get(id ?? '')?.push(write);
  }

  private recordWrite(id: string | null, before: EntryFacts, after: EntryFacts, recorded: RecordedWrite[]): void {
    if (recorded.length === 0) return;
    const first = recorded[0]!;
    const change = factsChange(before, after);
    const kind = kindOfWrite(first);
    const languages = new Set(change?.languages ?? []);
    for (const write of recorded) if (write.language !== null) languages.add(write.language);
    const appended = this.append({
      kind, entry: id, languages: [...languages].sort(),
      paths: change?.paths ?? [...after.translations.values()].map((translation) => translation.path),
      before: change?.before ?? [], via: first.via, person: first.person, token: first.token,
      ...(first.detail === undefined ? {} : { detail: first.detail }),
      ...(kind === 'entry.media' ? { media: mediaOfWrite(first) } : {}),
      ...(id === null ? {} : { public: publicView(before, after, [...languages]) }),
    });
    // Not recorded (a full disk, a read-only data/): the change stands, and is recorded as found on disk once
    // the feed can be written again. The finder finds it so; when this process is the finder, its own index
    // already holds the change, so it is noticed here and tried again a moment later.
    if (!appended && id !== null && this.lease?.holding === true) this.entryFiles.notice(id, before, RETRY_UNRECORDED_MS);
    // Media changed but unrecorded: answers showing them are made again all the same (append() does so when recorded).
    if (!appended && id !== null && MEDIA_KINDS.has(kind)) this.target?.mediaChanged(id, false);
  }

  /**
   * Its own events come back to this process through the follower too: they are known by their seq and
   * passed over there. (Read as another's, an event of this process recording an entry added would count
   * as the reason for the entry's removal found a moment later, which would then go unrecorded.)
   */
  private append(change: NewChange): boolean {
    const event = this.feed.append(change);
    if (event === null) return false;
    if (event.kind === 'site.changed') this.siteFile.noteEvent();
    if (event.entry !== null && MEDIA_KINDS.has(event.kind)) this.mediaTouched(event.entry, event.kind === 'entry.media' && event.via === 'disk');
    this.own.add(event.seq);
    if (this.own.size > 1_000) this.own.delete(this.own.values().next().value!);
    return true;
  }

  /** An event of the entry's media, appended or read, explains what was found before it; answers showing them are made again (`found`: done already). */
  private mediaTouched(id: string, found: boolean): void {
    this.mediaFiles.noteEvent(id);
    if (!found) this.target?.mediaChanged(id, true);
  }

  /** The index changed for `id`: a change made on disk unless this process explains it (entry-file-changes.ts). */
  indexChanged(id: string, before: Entry | undefined): void {
    this.entryFiles.indexChanged(id, before);
  }

  /** Events from other processes: each entry named is read again; lost events read everything again. */
  private apply(events: ChangeEvent[], resync: boolean): void {
    const target = this.target;
    if (!target) return;
    if (resync) target.readEverything();
    for (const event of events) {
      if (this.own.delete(event.seq)) continue;
      if (event.kind === 'site.reindexed') target.readEverything();
      if (event.kind === 'site.changed') this.siteFile.noteEvent();
      if (event.entry === null) continue;
      this.entryFiles.noteEvent(event.entry);
      this.explaining.add(event.entry);
      try { target.readAgain(event.entry); } finally { this.explaining.delete(event.entry); }
      if (MEDIA_KINDS.has(event.kind)) this.mediaTouched(event.entry, false);
    }
  }

  /**
   * A full pass asked for (`svc reindex`, the panel's Site check): the entries found changed on disk are
   * recorded now, whichever process holds the lease (entry-file-changes.ts). `before`: each as the index had it.
   */
  recordReindexed(found: ReadonlyMap<string, Entry | undefined>, detail: string): { recorded: number; unrecorded: number } {
    return this.entryFiles.recordReindexed(found, detail);
  }

  /** The same for one entry's media files found changed by a full pass (media-file-changes.ts). */
  recordMediaReindexed(change: MediaChange): 'recorded' | 'none' | 'unrecorded' {
    return this.mediaFiles.recordNow(change);
  }

  /** Every entry was read again without one to compare with: consumers must assume anything changed. */
  recordEverythingRead(via: ChangeVia, detail: string): void {
    this.append({ kind: 'site.reindexed', entry: null, languages: [], paths: [], before: [], via, person: null, token: null, detail });
  }
}
