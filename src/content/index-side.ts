// The content store's index side (store.ts): the list engine's parts (list-engine/), put together when an
// entry is first needed, and every use the store makes of them. Each read is answered from an index brought
// in line with the disk first (list-engine/index-freshness.ts). The store loads this module on demand, and
// the list engine with it: a stdio session that only asks site_info needs neither. What each read gives is
// said where its callers look, on ContentStore's method of the same name.
import { giveBackFreedPages } from '../process-tuning/heap-tuning.js';
import { buildIndexParts, reindexEntries, type IndexParts, type IndexPartsOptions, type ListIndex, type PathTarget, type ReindexBy, type Reindexed } from './list-engine/list-engine.js';
import { parseEntryId } from './entries/entry-id.js';
import type { ContentChanges } from './changes/content-changes.js';
import type { Entry } from './entries/types.js';

export class IndexSide {
  private readonly parts: IndexParts;
  /** Where the index is kept between starts (data/cache), or undefined. */
  private readonly cacheDir: string | undefined;
  /** settled()'s one settling of an index read from every file, once asked for. */
  private settling: Promise<void> | undefined;

  constructor(options: IndexPartsOptions) {
    this.parts = buildIndexParts(options);
    this.cacheDir = options.cacheDir;
  }

  /** The change feed's side, or null for a store without a data folder. */
  get changes(): ContentChanges | null {
    return this.parts.changes;
  }

  /** Stops keeping the index fresh and persisted. */
  close(): Promise<void> {
    return this.parts.freshness.close();
  }

  /** Writes the index to data/cache now (nothing without a cache folder); true when the write gave back freed pages. */
  async persistIndex(): Promise<boolean> {
    const { freshness, persistence } = this.parts;
    freshness.refreshIfStale();
    return await persistence?.write() ?? false;
  }

  /** Once the index is at rest after a first start (ContentStore.settled() says what that takes). */
  async settled(): Promise<void> {
    const { freshness } = this.parts;
    freshness.refreshIfStale();
    if (this.cacheDir === undefined || !freshness.readEveryFile) return;
    // One settling, which every caller waits for: the server's start asks first, and the search build
    // must not begin its thread before the pages are given back.
    this.settling ??= this.persistIndex().then((gaveBack) => {
      // What the reading made is garbage now: its pages are given back rather than kept for reuse
      // (heap-tuning.ts), by the write when the index is large (index-persistence.ts), else here.
      if (!gaveBack) giveBackFreedPages();
    });
    await this.settling;
  }

  get generation(): number {
    const { freshness, index } = this.parts;
    freshness.refreshIfStale();
    return index.generation;
  }

  get mediaGeneration(): number {
    return this.parts.index.mediaGeneration;
  }

  /** Whether the index has been built. */
  get ready(): boolean {
    return this.parts.freshness.ready;
  }

  /** What the store's site() looks at: everything once the index is built, site.yaml alone before. */
  refreshForSite(): void {
    if (this.parts.freshness.ready) this.parts.freshness.refreshIfStale();
    else this.parts.freshness.refreshSettingsOnly();
  }

  lists(): ListIndex {
    const { freshness, index } = this.parts;
    freshness.refreshIfStale();
    return index.lists;
  }

  atPath(path: string): PathTarget | undefined {
    const { freshness, index } = this.parts;
    freshness.refreshIfStale();
    return index.paths.find(path);
  }

  entries(): Entry[] {
    const { freshness, index } = this.parts;
    freshness.refreshIfStale();
    return index.all();
  }

  entryIds(): string[] {
    const { freshness, index } = this.parts;
    freshness.refreshIfStale();
    return index.ids();
  }

  passingEntry(id: string): Entry | undefined {
    const { freshness, index } = this.parts;
    freshness.refreshIfStale();
    return index.passing(id);
  }

  /** The entry with this id (its `segments`, checked by the caller), its folder read again first. */
  entry(id: string, segments: string[]): Entry | undefined {
    const { freshness, scanner, index } = this.parts;
    freshness.refreshIfStale();
    scanner.readAgain(id, segments, false);
    return index.get(id);
  }

  indexed(id: string): Entry | undefined {
    const { freshness, index } = this.parts;
    freshness.refreshIfStale();
    return index.get(id);
  }

  indexedAll(ids: readonly string[]): Array<Entry | undefined> {
    const { freshness, index } = this.parts;
    freshness.refreshIfStale();
    return ids.map((id) => index.get(id));
  }

  /** Entries per type key, as the index has them. */
  countByType(): Map<string, number> {
    const { freshness, index } = this.parts;
    freshness.refreshIfStale();
    return index.countByType();
  }

  /** With an id, that entry is read again now; without one, the whole tree is read again by the next refresh. */
  invalidate(id?: string): void {
    if (id === undefined) { this.parts.freshness.requestFullScan(); return; }
    this.parts.scanner.readAgain(id, parseEntryId(id), true);
  }

  reindex(by: ReindexBy, id?: string): Promise<Reindexed> {
    return reindexEntries(this.parts, by, id);
  }
}
