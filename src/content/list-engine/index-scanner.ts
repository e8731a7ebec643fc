import { statNoFollow } from '../../lib/no-follow.js';
import { MAX_PAGE_DEPTH, subfolders } from '../entries/entry-folders.js';
import type { EntryIndex } from './entry-index.js';
import type { EntryReader } from '../entries/entry-reader.js';
import type { ScheduledChanges } from './scheduled-changes.js';
import type { ContentType, Entry, SiteConfig } from '../entries/types.js';
import { ScanProgress } from './scan-progress.js';
import { FolderReadsInThreads, READ_IN_THREADS_FROM } from './first-scan-reads.js';
import { join } from 'node:path';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

export interface IndexScannerParts {
  contentDir: string;
  /** The site's folders below which no link is followed (lib/trusted-folders.ts). */
  trusted: TrustedFolders;
  index: EntryIndex;
  reader: EntryReader;
  schedule: ScheduledChanges;
  site: () => SiteConfig;
  /** Where a long full scan says how far it is (the process log). */
  log: (line: string) => void;
  /** How often it says so (default PROGRESS_EVERY_MS; a test passes 0). */
  progressEveryMs?: number;
  /** From how many entry folders a scan with nothing to reuse reads in threads (default READ_IN_THREADS_FROM). */
  readInThreadsFrom?: number;
}

/**
 * Brings the index in line with the disk: everything at once (a full scan), one entry read again, an entry
 * folder met for the first time. Each tells the index once when anything changed, and the schedule of the
 * entries it read.
 */
export class IndexScanner {
  /** Told of each entry an entry's read changed, with the entry as it was (the change feed's side). */
  private onEntryChanged: (id: string, before: Entry | undefined) => void = () => {};

  constructor(private readonly parts: IndexScannerParts) {}

  observe(listener: (id: string, before: Entry | undefined) => void): void {
    this.onEntryChanged = listener;
  }

  /** Reads every entry folder, reusing what did not change; the result replaces the index. */
  fullScan(): void {
    const { contentDir, index, reader, schedule } = this.parts;
    const next = new Map<string, Entry>();
    const folders = this.parts.site().types.map((type) => ({ type, slugs: subfolders(this.parts.trusted, join(contentDir, type.folder)) }));
    const total = folders.reduce((sum, { slugs }) => sum + slugs.length, 0);
    const progress = new ScanProgress(total, this.parts.log, this.parts.progressEveryMs);
    // Nothing to reuse (a first start): the posts' folders are read and parsed in threads (first-scan-reads.ts).
    // Pages, which nest, are read here as before, meanwhile.
    const flat = folders.filter(({ type }) => type.key !== 'page');
    const threads = index.size === 0 && total >= (this.parts.readInThreadsFrom ?? READ_IN_THREADS_FROM)
      ? new FolderReadsInThreads(contentDir, Object.keys(this.parts.site().languages), flat.map(({ type, slugs }) => ({ folder: type.folder, slugs })), this.parts.log)
      : null;
    try {
      for (const { type, slugs } of folders) {
        const threaded = threads !== null && type.key !== 'page';
        for (const slug of slugs) {
          const found = threaded ? threads.take(slug) : undefined;
          if (found) {
            const entry = reader.assemble(type, [type.folder, slug], null, found);
            if (entry) next.set(entry.id, entry);
          } else {
            this.scanTree(type, [type.folder, slug], null, next, index);
          }
          progress.step();
        }
      }
    } finally {
      threads?.close();
    }
    progress.end();
    reader.endFullScan();
    index.replaceAll(next);
    schedule.recompute(index.values());
    index.changed();
  }

  /**
   * Reads the entry with this id again, or its folder for the first time. An id the index does not know is
   * looked for below a type folder as a post-like `<folder>/<slug>` or a nested page, or at any depth with
   * `anyDepth` (a writer in this process names what it wrote).
   */
  readAgain(id: string, segments: string[], anyDepth: boolean): void {
    if (this.parts.index.has(id)) { this.checkEntry(id); return; }
    const type = this.parts.site().types.find((t) => t.folder === segments[0]);
    if (type && (anyDepth || segments.length === 2 || type.key === 'page')) this.scanNewEntry(type, segments);
  }

  /** Reads one entry folder again; removes the entry (and, when its folder is gone, its children). */
  checkEntry(id: string): void {
    const { index, reader, schedule } = this.parts;
    const entry = index.get(id);
    if (!entry) return;
    const segments = id.split('/');
    const folder = statNoFollow(this.parts.trusted, entry.dir);
    if (!folder?.isDirectory()) {
      index.deleteWithChildren(id);
      index.changed();
      this.onEntryChanged(id, entry);
      return;
    }
    // A page asks for its entry on every view: a few stats say whether the folder must be listed and read.
    if (reader.isUnchanged(entry, folder.mtimeMs)) return;
    const before = index.generation;
    let dirty = false;
    const { entry: fresh, children, changed } = reader.read(entry.type, segments, entry.parentId, entry);
    if (!fresh) { index.delete(id); dirty = true; }
    else if (changed) { index.set(fresh); schedule.note([fresh]); dirty = true; }
    if (entry.type.key === 'page' && segments.length <= MAX_PAGE_DEPTH) {
      for (const child of children) {
        if (!index.has(`${id}/${child}`)) this.scanNewEntry(entry.type, [...segments, child]);
      }
    }
    if (dirty && index.generation === before) index.changed();
    if (dirty) this.onEntryChanged(id, entry);
  }

  /** An entry folder this index does not know yet (made by another process or a writer just now). */
  private scanNewEntry(type: ContentType, segments: string[]): void {
    const { contentDir, index, schedule } = this.parts;
    if (!statNoFollow(this.parts.trusted, join(contentDir, ...segments))?.isDirectory()) return;
    const parentId = segments.length > 2 ? index.nearestParent(segments) : null;
    const found = new Map<string, Entry>();
    this.scanTree(type, segments, parentId, found, index);
    if (found.size === 0) return;
    for (const entry of found.values()) index.set(entry);
    schedule.note(found.values());
    index.changed();
    for (const id of found.keys()) this.onEntryChanged(id, undefined);
  }

  private scanTree(type: ContentType, segments: string[], parentId: string | null, into: Map<string, Entry>, previous: Pick<EntryIndex, 'get'>): void {
    const { entry, children } = this.parts.reader.read(type, segments, parentId, previous.get(segments.join('/')));
    if (entry) into.set(entry.id, entry);
    if (type.key === 'page' && segments.length <= MAX_PAGE_DEPTH) {
      for (const child of children) this.scanTree(type, [...segments, child], entry ? entry.id : parentId, into, previous);
    }
  }
}
