import { listFolderNoFollow, statNoFollow } from '../../lib/no-follow.js';
import { isSlug } from './entry-id.js';
import type { ContentType, SiteConfig } from './types.js';
import { join } from 'node:path';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

// The folders of content/: a type folder holds one folder per entry, named after its slug; pages nest
// their children as folders inside their own. A symbolic link anywhere below content/ is never followed
// (lib/no-follow.ts): a linked type or entry folder has no entries.

/** Nested pages go at most this many folders below `pages/` (the store reads no deeper). */
export const MAX_PAGE_DEPTH = 3;

/** The folders in `dir` whose names are slugs, sorted; none when it cannot be read or is a link. */
export function subfolders(trusted: TrustedFolders, dir: string): string[] {
  try {
    return listFolderNoFollow(trusted, dir).filter((item) => item.isDirectory() && isSlug(item.name)).map((item) => item.name).sort();
  } catch {
    return [];
  }
}

/** A folder's mtime (it changes when an entry folder is added or removed in it), or -1 without one. */
export function folderMtime(trusted: TrustedFolders, dir: string): number {
  return statNoFollow(trusted, dir)?.mtimeMs ?? -1;
}

/** Folders holding at least one translation file, nested pages included (what the index would list). */
export function countEntryFolders(trusted: TrustedFolders, type: ContentType, dir: string, depth: number, languages: readonly string[]): number {
  let count = 0;
  for (const slug of subfolders(trusted, dir)) {
    const folder = join(dir, slug);
    // An entry folder holds a `<language>.md`; asking for those names is cheaper than listing the folder.
    if (languages.some((language) => statNoFollow(trusted, join(folder, `${language}.md`))?.isFile())) count++;
    if (type.key === 'page' && depth < MAX_PAGE_DEPTH) count += countEntryFolders(trusted, type, folder, depth + 1, languages);
  }
  return count;
}

/** Past this size of kept index, restoring it (some 90 ms) is quicker than counting: an index takes some 380 bytes an entry. */
const KEPT_INDEX_COUNTS_FROM = 4 * 1024 * 1024;

/**
 * The entry counts a process gives before it has an index (store.ts counts()): a short-lived stdio session
 * answering site_info needs them and never the index. Entry folders are counted without reading a file,
 * once: asked again, the caller builds its index. Counting costs some 7 µs an entry (0.6-0.8 s at
 * 100,000), so beside a large kept index it is left to the index.
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
