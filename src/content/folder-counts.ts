// The entry counts a process gives before it has an index (store.ts counts()): a short-lived stdio session
// answering site_info needs them and never the index.
import { join } from 'node:path';
import { statNoFollow } from '../lib/no-follow.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';
import { countEntryFolders } from './entries/entry-folders.js';
import type { SiteConfig } from './entries/types.js';

/** Past this size of kept index, restoring it (some 90 ms) is quicker than counting; even at some 10,000 entries, at 380 bytes an entry. */
const KEPT_INDEX_COUNTS_FROM = 4 * 1024 * 1024;

/**
 * Counts entry folders without reading a file, once: asked again, the caller builds its index. Counting
 * costs some 7 µs an entry (0.6-0.8 s at 100,000), so beside a large kept index it is left to the index.
 */
export class FolderCounts {
  private used = false;

  constructor(
    private readonly trusted: TrustedFolders,
    private readonly contentDir: string,
    private readonly cacheDir: string | undefined,
    private readonly fromIndexAbove = KEPT_INDEX_COUNTS_FROM,
  ) {}

  /** Entries per type from the folders, or null when the index should count (used once, or a large index kept). */
  once(site: SiteConfig): Record<string, number> | null {
    if (this.used || this.hasLargeKeptIndex()) return null;
    this.used = true;
    const languages = Object.keys(site.languages);
    const counts: Record<string, number> = {};
    for (const type of site.types) counts[type.key] = countEntryFolders(this.trusted, type, join(this.contentDir, type.folder), 1, languages);
    return counts;
  }

  /** Whether data/cache holds a persisted index past `fromIndexAbove` bytes (index-persistence.ts names the file). */
  private hasLargeKeptIndex(): boolean {
    if (this.cacheDir === undefined) return false;
    return (statNoFollow(this.trusted, join(this.cacheDir, 'content-index.bin'))?.size ?? 0) > this.fromIndexAbove;
  }
}
