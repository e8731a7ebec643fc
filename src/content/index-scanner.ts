import { join } from 'node:path';
import { statNoFollow } from '../lib/no-follow.js';
import { folderMtime, MAX_PAGE_DEPTH, subfolders } from './entry-folders.js';
import type { EntryIndex } from './entry-index.js';
import type { EntryReader } from './entry-reader.js';
import type { ScheduledChanges } from './scheduled-changes.js';
import type { ContentType, Entry, SiteConfig } from './types.js';

export interface IndexScannerParts {
  contentDir: string;
  index: EntryIndex;
  reader: EntryReader;
  schedule: ScheduledChanges;
  site: () => SiteConfig;
}

/**
 * Brings the index in line with the disk: everything at once (a full scan), one entry read again, an entry
 * folder met for the first time, and the type folders (entries added or removed at the top level). Each
 * tells the index once when anything changed, and the schedule of the entries it read.
 */
export class IndexScanner {
  /** mtime of each type folder, to notice entries added or removed at the top level. */
  private readonly folderStamps = new Map<string, number>();

  constructor(private readonly parts: IndexScannerParts) {}

  /** Reads every entry folder, reusing what did not change; the result replaces the index. */
  fullScan(): void {
    const { contentDir, index, reader, schedule } = this.parts;
    const next = new Map<string, Entry>();
    const seen = new Set<string>();
    for (const type of this.parts.site().types) {
      const folder = join(contentDir, type.folder);
      this.folderStamps.set(folder, folderMtime(folder));
      for (const slug of subfolders(folder)) this.scanTree(type, [type.folder, slug], null, next, index, seen);
    }
    reader.endFullScan(seen);
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
    if (!statNoFollow(entry.dir)?.isDirectory()) {
      index.deleteWithChildren(id);
      index.changed();
      return;
    }
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
  }

  /** Entry folders added to or removed from a type folder whose mtime changed. */
  checkTypeFolders(): void {
    const { contentDir, index } = this.parts;
    for (const type of this.parts.site().types) {
      const folder = join(contentDir, type.folder);
      const mtime = folderMtime(folder);
      if (this.folderStamps.get(folder) === mtime) continue;
      this.folderStamps.set(folder, mtime);
      const slugs = new Set(subfolders(folder));
      for (const slug of slugs) if (!index.has(`${type.folder}/${slug}`)) this.scanNewEntry(type, [type.folder, slug]);
      let removed = false;
      for (const id of index.ids()) {
        const [folderName, slug] = id.split('/');
        if (folderName === type.folder && !slugs.has(slug!)) { index.delete(id); removed = true; }
      }
      if (removed) index.changed();
    }
  }

  /** An entry folder this index does not know yet (made by another process or a writer just now). */
  private scanNewEntry(type: ContentType, segments: string[]): void {
    const { contentDir, index, schedule } = this.parts;
    if (!statNoFollow(join(contentDir, ...segments))?.isDirectory()) return;
    const parentId = segments.length > 2 ? index.nearestParent(segments) : null;
    const found = new Map<string, Entry>();
    this.scanTree(type, segments, parentId, found, index);
    if (found.size === 0) return;
    for (const entry of found.values()) index.set(entry);
    schedule.note(found.values());
    index.changed();
  }

  private scanTree(type: ContentType, segments: string[], parentId: string | null, into: Map<string, Entry>, previous: Pick<EntryIndex, 'get'>, seen?: Set<string>): void {
    const { entry, children } = this.parts.reader.read(type, segments, parentId, previous.get(segments.join('/')), seen);
    if (entry) into.set(entry.id, entry);
    if (type.key === 'page' && segments.length <= MAX_PAGE_DEPTH) {
      for (const child of children) this.scanTree(type, [...segments, child], entry ? entry.id : parentId, into, previous, seen);
    }
  }
}
