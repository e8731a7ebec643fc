import { TrustedFolders } from '../lib/trusted-folders.js';
import { FolderCounts } from './entries/entry-folders.js';
import { parseEntryId } from './entries/entry-id.js';
import type { ListIndex, PathTarget, ReindexBy, Reindexed } from './list-engine/list-engine.js';
import type { IndexSide } from './index-side.js';
import { SiteSettings } from './settings/site-settings.js';
import type { ContentType, Entry, SiteConfig, Translation } from './entries/types.js';
import { OncePerTurn } from '../lib/event-loop-turn.js';
import type { ContentChanges } from './changes/content-changes.js';
import { requireLater } from '../lib/on-demand.js';
import type { SiteSearch } from './search/site-search.js';
import { join } from 'node:path';
import type { ContentStoreOptions } from './store-options.js';

export type { ContentStoreOptions } from './store-options.js';

// The index side (index-side.ts over list-engine/: reading entries, the index, its snapshots and sweep) is
// loaded when an entry is first needed: a stdio session that only asks site_info needs the settings and the
// entry folders' count.
const indexSideModule = requireLater<typeof import('./index-side.js')>('./index-side.js', import.meta.url);
// Media folders are never needed for a stdio session's first answer, whose modules are counted.
const mediaFolders = requireLater<typeof import('./media-folder.js')>('./media-folder.js', import.meta.url);
// Full-text search (node:sqlite with it) is loaded by the first search, or the server's start of its index.
const searchModule = requireLater<typeof import('./search/site-search.js')>('./search/site-search.js', import.meta.url);

/**
 * The flat-file content store: an in-memory index over `content/`, kept between starts in data/cache. It
 * learns what other svc processes changed from the change feed (changes/), and hand edits from file-system
 * events where the kernel gives them and a stamp sweep (mtime + size) bounded by its budget: the freshness
 * side of the list engine (list-engine/index-freshness.ts). Only changed files are parsed again. One broken
 * file is skipped with a warning; the rest of the site keeps serving.
 *
 * Its parts: the settings (site-settings.ts), and the index side, built on first need (index-side.ts over
 * list-engine/).
 */
export class ContentStore {
  readonly root: string;
  readonly contentDir: string;
  /** The site's folders below which no link is followed: content/ and the data folder (lib/trusted-folders.ts). */
  readonly trustedFolders: TrustedFolders;
  private readonly settings: SiteSettings;
  private built: IndexSide | undefined;
  private searchIndex: SiteSearch | undefined;
  private readonly folderCounts: FolderCounts;
  /** The entries entryOncePerTurn() looked at in this turn of the event loop. */
  private readonly lookedAt = new OncePerTurn<string>();

  constructor(private readonly options: ContentStoreOptions) {
    this.root = options.root;
    this.contentDir = join(options.root, 'content');
    // content/ and the data folder may be reached through links (a root at /var/www -> /srv); nothing below
    // them is followed. The site's value is never widened; one of the store's own when none is given.
    this.trustedFolders = options.trustedFolders ?? new TrustedFolders(options.dataDir === undefined ? [this.contentDir] : [this.contentDir, options.dataDir]);
    this.settings = new SiteSettings(this.trustedFolders, join(this.contentDir, 'site.yaml'), options.log);
    this.folderCounts = new FolderCounts(this.trustedFolders, this.contentDir, options.cacheDir, options.countsFromIndexAbove);
  }

  /** The change feed's side (content-changes.ts), when the store was given a data folder; built with the index side. */
  get changes(): ContentChanges | null {
    return this.options.dataDir === undefined ? null : this.indexSide.changes;
  }

  /** The index side, put together on first use (the index itself is built by its first refresh). */
  private get indexSide(): IndexSide {
    const { clock, log, onScheduledDue, cacheDir, readInThreadsFrom, dataDir } = this.options;
    return (this.built ??= new (indexSideModule().IndexSide)({
      root: this.root, contentDir: this.contentDir, trusted: this.trustedFolders, clock, log, settings: this.settings, onScheduledDue,
      cacheDir, readInThreadsFrom, dataDir,
    }));
  }

  /**
   * Stops keeping the index fresh and persisted (a store a test is done with, a process that stops);
   * resolves once a write of the kept index under way has ended.
   */
  close(): Promise<void> {
    const written = this.built?.close();
    this.searchIndex?.close();
    return written ?? Promise.resolve();
  }

  /** Full-text search (content/search/): its index in data/cache/search.sqlite, opened on first use. */
  get search(): SiteSearch {
    const { cacheDir, dataDir, clock, log } = this.options;
    return (this.searchIndex ??= new (searchModule().SiteSearch)({
      source: this, file: cacheDir === undefined ? ':memory:' : join(cacheDir, 'search.sqlite'), feed: this.changes?.feed ?? null, trustedFolders: this.trustedFolders,
      locksDir: dataDir === undefined ? null : join(dataDir, 'locks'), dataDir, clock, log,
    }));
  }

  /** Writes the index to data/cache now, rather than a moment after the last change; nothing without a cache folder. */
  async persistIndex(): Promise<void> {
    await this.indexSide.persistIndex();
  }

  /**
   * Resolves once the index is at rest after a first start: when it was built by reading every file, it is
   * written to data/cache now and taken back packed (index-persistence.ts), which lets go of the objects the
   * reading made (some 150 MB at 100,000 entries). Work that can wait and needs memory of its own, the search
   * index's first build, waits for this rather than add its own on top (docs/decisions.md "Full-text search").
   */
  async settled(): Promise<void> {
    await this.indexSide.settled();
  }

  now(): number {
    return this.options.clock();
  }

  /** Increases whenever anything in the index changed; caches (ETags, rendered pages) key on it. */
  get generation(): number {
    return this.indexSide.generation;
  }

  /**
   * Increases whenever an entry's media files changed (by hand or through svc; generation moves with it):
   * what is kept of a picture beside the generation's caches (a cover's size and srcset) is looked at again.
   */
  get mediaGeneration(): number {
    return this.built?.mediaGeneration ?? 0;
  }

  /** Whether the index has been built (callers that only cache answers skip caching before it is). */
  get ready(): boolean {
    return this.built?.ready ?? false;
  }

  site(): SiteConfig {
    if (this.built) {
      this.built.refreshForSite();
    } else {
      // No index yet: site.yaml alone is looked at (one stat), as settings and counts need no more.
      this.settings.reload();
    }
    return this.settings.withUrl(this.options.baseUrl?.());
  }

  typeByKey(key: string): ContentType | undefined {
    return this.site().types.find((type) => type.key === key);
  }

  /** The sorted lists (per type, language, status, tag, category) that list queries read (query.ts). */
  lists(): ListIndex {
    return this.indexSide.lists();
  }

  /** The translation at a public path (drafts too: the caller decides who may see it), as the index has it. */
  atPath(path: string): PathTarget | undefined {
    return this.indexSide.atPath(path);
  }

  entries(): Entry[] {
    return this.indexSide.entries();
  }

  /** Every entry's id, in the index's order (a long pass takes these and looks each up: passingEntry). */
  entryIds(): string[] {
    return this.indexSide.entryIds();
  }

  /**
   * The entry as the index has it, for a pass over many that reads and lets go: after a start from the
   * persisted index, an entry nobody asked for is made for the pass alone and left to the collector.
   */
  passingEntry(id: string): Entry | undefined {
    return this.indexSide.passingEntry(id);
  }

  /**
   * The entry with this id, read again from disk first (so a change made by another process a moment ago
   * is seen); undefined when none. Throws for a malformed id.
   */
  entry(id: string): Entry | undefined {
    const segments = parseEntryId(id);
    return this.indexSide.entry(id, segments);
  }

  /**
   * The entry as entry() gives it, its folder looked at once per turn of the event loop: requests answered
   * in one turn had all arrived when it began, so each is answered as fresh as with a look of its own, and a
   * request sent after a change looks again (lib/event-loop-turn.ts). For what is read on every view (a
   * page, its media, `/entry`), where a look per request cost three stat calls; writers use entry().
   */
  entryOncePerTurn(id: string): Entry | undefined {
    return this.lookedAt.first(id) ? this.entry(id) : this.indexed(id);
  }

  /**
   * The entry as the index has it, without reading its folder again: as fresh as the lists (what a list
   * shows beside each row, such as a tag's title). Throws for a malformed id.
   */
  indexed(id: string): Entry | undefined {
    parseEntryId(id);
    return this.indexSide.indexed(id);
  }

  /** The entries with these ids as the index has them (SearchSource): ids from the search index, never made into paths. */
  indexedAll(ids: readonly string[]): Array<Entry | undefined> {
    return this.indexSide.indexedAll(ids);
  }

  /** Entries per type. The first time, before the index exists, entry folders are counted without reading a file. */
  counts(): Record<string, number> {
    const site = this.site();
    if (!this.ready) {
      const fromFolders = this.folderCounts.once(site);
      if (fromFolders) return fromFolders;
    }
    const counts: Record<string, number> = {};
    for (const type of site.types) counts[type.key] = 0;
    for (const [key, count] of this.indexSide.countByType()) counts[key] = count;
    return counts;
  }

  translation(entry: Entry, language: string): Translation | undefined {
    return entry.translations.get(language);
  }

  /**
   * Makes the next read see files written just now. With an id only that entry is read again (what a
   * writer in this process knows); without one the whole tree is checked.
   */
  invalidate(id?: string): void {
    // Without an index there is nothing to update: the first scan reads everything.
    if (!this.ready) return;
    this.indexSide.invalidate(id);
  }

  /** A full pass at once, what changed recorded in the change feed (reindex.ts). */
  async reindex(by: ReindexBy, id?: string): Promise<Reindexed> {
    return this.indexSide.reindex(by, id);
  }

  absoluteUrl(path: string): string {
    return this.site().url + path;
  }

  mediaDir(entryId: string): string {
    return mediaFolders().mediaFolder(this.contentDir, entryId);
  }

  /** File names in the entry's media folder, sorted (media-folder.ts says which are left out). */
  mediaFiles(entryId: string): string[] {
    return mediaFolders().listMediaFiles(this.trustedFolders, this.mediaDir(entryId), this.options.clock());
  }
}
