// The checked site.yaml kept as JSON in data/cache/, keyed by the file's inode, mtime and size and by the
// code that built it, so a process starting on an unchanged site needs neither the YAML parser nor the
// checks. Without it, the stdio server's first site_info answer came ~35 ms later on Node 24 and ~45-50 ms
// on Node 20 (medians of interleaved starts, 2 cores; ~55-65 ms with it). The entry point names the folder
// (useSiteConfigCache); without one, nothing is cached.
import { readTextNoFollow, statNoFollow } from '../../lib/no-follow.js';
import type { SiteConfig } from '../entries/types.js';
import * as atomicWrite from '../../lib/atomic-write.js';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TrustedFolders } from '../../lib/trusted-folders.js';
// The writing code is loaded only when the kept copy is out of date, not on every start.

/** A file changed this recently may change again within the same mtime tick: its result is not kept. */
const SETTLED_MS = 2_000;

let cacheFile: string | null = null;
/** The site's folders the cache file is read and written by (those the entry point named with the folder). */
let cacheFolders: TrustedFolders | null = null;

/** Keep checked site settings in `dir` (data/cache) of the site `trusted` are the folders of, or nowhere (null). */
export function useSiteConfigCache(trusted: TrustedFolders | null, dir: string | null = null): void {
  cacheFile = trusted === null || dir === null ? null : join(dir, 'site-config.json');
  cacheFolders = cacheFile === null ? null : trusted;
}

export type CacheLookup = { config: SiteConfig; stamp?: undefined } | { config?: undefined; stamp: string | null };

/** The cached settings for `file` when its stamp and the code's are unchanged; else the stamp to store under. */
export function readCachedSiteConfig(trusted: TrustedFolders, file: string, codeUrl: string): CacheLookup {
  if (cacheFile === null) return { stamp: null };
  let stamp: string;
  try {
    const site = statNoFollow(trusted, file);
    if (!site) return { stamp: null };
    if (Date.now() - site.mtimeMs < SETTLED_MS) return { stamp: null };
    const code = statSync(fileURLToPath(codeUrl));
    stamp = `${file}|${site.ino}:${site.mtimeMs}:${site.size}|${code.mtimeMs}:${code.size}|${process.version}`;
  } catch {
    return { stamp: null };
  }
  try {
    const kept = JSON.parse(readTextNoFollow(cacheFolders ?? trusted, cacheFile)) as { stamp?: unknown; config?: SiteConfig };
    if (kept.stamp === stamp && typeof kept.config?.title === 'string' && Array.isArray(kept.config.types) && typeof kept.config.navigation === 'object') return { config: kept.config };
  } catch {
    // No cache yet, or an unreadable one: it is rebuilt below.
  }
  return { stamp };
}

/** Stores checked settings; a read-only or full data folder only costs the next start its parse. */
export function writeCachedSiteConfig(trusted: TrustedFolders, stamp: string | null, config: SiteConfig): void {
  if (cacheFile === null || stamp === null) return;
  try {
    atomicWrite.writeFileAtomic(cacheFolders ?? trusted, cacheFile, JSON.stringify({ stamp, config }) + '\n', 0o600);
  } catch {
    // Not kept; the next start parses site.yaml again.
  }
}
