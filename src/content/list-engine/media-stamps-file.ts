// What the media sweep knows (media-sweep.ts), kept in data/cache/media-stamps.json between starts, so that
// a media file changed while no svc process ran (a picture replaced by rsync over the night) is found and
// recorded like one changed while svc ran. The content index kept beside it holds no media: pictures are
// not content the lists are made of. One JSON document: each media folder's mtime, files (with mtime and
// size each) and child folders, for the content folder it was made of. Written whole and atomically by the
// process that records changes found on disk, after a whole media pass that found anything new. One that
// is damaged, another content folder's or of another version is set aside with a line on stderr: the sweep
// then takes the folders as they are, as without it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { readTextNoFollow, statNoFollow } from '../../lib/no-follow.js';
import { writeFileAtomic } from '../../lib/atomic-write.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';
import type { KeptMedia, KnownMedia } from './media-sweep.js';
import type { MediaFollowOptions } from './media-follow.js';

export const MEDIA_STAMPS_FILE = 'media-stamps.json';
const FORMAT = 'svc media stamps';
const VERSION = 1;

/** A folder as the file holds it: [id, mtime, names, stamps (mtime, size per name; null for an unknown one), children]. */
type FolderLine = [string, number, string[], Array<number | null>, string[]];

/** The media sweep's place to keep what it knows in `cacheDir` (data/cache). */
export function keptMediaIn(trusted: TrustedFolders, cacheDir: string, contentDir: string, log: (line: string) => void): NonNullable<MediaFollowOptions['kept']> {
  const file = join(cacheDir, MEDIA_STAMPS_FILE);
  return {
    load: () => loadKnownMedia(trusted, file, contentDir, log),
    save: (known) => {
      mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
      saveKnownMedia(trusted, file, contentDir, known);
    },
  };
}

export function saveKnownMedia(trusted: TrustedFolders, file: string, contentDir: string, known: KeptMedia): void {
  const folders: FolderLine[] = [];
  for (const [id, folder] of known) {
    folders.push([id, folder.mtime, folder.names, Array.from(folder.stamps, (n) => (Number.isFinite(n) ? n : null)), folder.children]);
  }
  writeFileAtomic(trusted, file, JSON.stringify({ format: FORMAT, version: VERSION, content: contentDir, folders }) + '\n', 0o600);
}

/** What an earlier process knew, or undefined when there is no such file or it cannot be used (said in `log`). */
export function loadKnownMedia(trusted: TrustedFolders, file: string, contentDir: string, log: (line: string) => void): KnownMedia | undefined {
  if (statNoFollow(trusted, file) === undefined) return undefined;
  try {
    const value = JSON.parse(readTextNoFollow(trusted, file)) as { format?: unknown; version?: unknown; content?: unknown; folders?: unknown };
    if (value.format !== FORMAT || value.version !== VERSION || value.content !== contentDir || !Array.isArray(value.folders)) throw new Error('not this site\'s media stamps of this version');
    const known = new Map<string, { mtime: number; names: string[]; stamps: Float64Array; children: string[] }>();
    for (const line of value.folders as unknown[]) {
      if (!isFolderLine(line)) throw new Error('a folder\'s line is damaged');
      const [id, mtime, names, stamps, children] = line;
      known.set(id, { mtime, names, stamps: Float64Array.from(stamps, (n) => n ?? NaN), children });
    }
    return known;
  } catch (error) {
    log(`svc: ${file} could not be used (${(error as Error).message}); media files changed while svc was not running are not recorded this time.`);
    return undefined;
  }
}

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

function isFolderLine(line: unknown): line is FolderLine {
  if (!Array.isArray(line) || line.length !== 5) return false;
  const [id, mtime, names, stamps, children] = line as unknown[];
  return typeof id === 'string' && typeof mtime === 'number' && isStrings(names) && isStrings(children)
    && Array.isArray(stamps) && stamps.length === names.length * 2 && stamps.every((n) => n === null || typeof n === 'number');
}
