import { join } from 'node:path';
import { listFolderNoFollow, statNoFollow } from '../lib/no-follow.js';
import { isSlug } from './entries/entry-id.js';
import { ACCEPTED_EXTENSIONS } from './media.js';
import { measureImageFile } from './image-measure.js';

// The files of the media folders (`content/media/<entry id>/<file>`) as the panel lists them: per entry on
// its page, and all of them in the media library. Only plain files with names the site serves are listed
// (site/media-files.ts serves no other); symbolic links (lib/no-follow.ts), dot files and temp files of
// interrupted writes never are.

export interface MediaItem {
  entryId: string;
  name: string;
  /** `media/<entry id>/<name>`: what bodies, covers and image fields refer to. */
  reference: string;
  /** Bytes on disk. */
  size: number;
  /** Pixels, for images of the accepted types; null for other files or an image that cannot be read. */
  width: number | null;
  height: number | null;
}

const SERVED_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
/** Entry ids have two to four segments (entry-id.ts). */
const MAX_ID_SEGMENTS = 4;

export function isImageName(name: string): boolean {
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(name.slice(name.lastIndexOf('.') + 1).toLowerCase());
}

/** Size and, for an image, its dimensions; null when the file went away. */
export function describeMedia(mediaRoot: string, entryId: string, name: string): MediaItem | null {
  const file = join(mediaRoot, ...entryId.split('/'), name);
  if (isImageName(name)) {
    const measured = measureImageFile(file);
    if (measured) return { entryId, name, reference: `media/${entryId}/${name}`, size: measured.size, width: measured.width, height: measured.height };
  }
  const stat = statNoFollow(file);
  return stat?.isFile() ? { entryId, name, reference: `media/${entryId}/${name}`, size: stat.size, width: null, height: null } : null;
}

/** The plain files of one folder that the site serves, sorted by name. */
function filesIn(folder: string): string[] {
  try {
    return listFolderNoFollow(folder)
      .filter((item) => item.isFile() && SERVED_NAME.test(item.name) && !item.name.includes('..'))
      .map((item) => item.name)
      .sort();
  } catch {
    return [];
  }
}

/** One entry's media, sorted by name. */
export function entryMedia(mediaRoot: string, entryId: string): MediaItem[] {
  const folder = join(mediaRoot, ...entryId.split('/'));
  return filesIn(folder).map((name) => describeMedia(mediaRoot, entryId, name)).filter((item): item is MediaItem => item !== null);
}

/**
 * Every media file under `mediaRoot` (content/media), entry by entry in id order, for the library; names
 * only (describeMedia measures the few shown). `keep` decides per entry id whether its files are listed.
 */
export function allMedia(mediaRoot: string, keep: (entryId: string) => boolean): Array<{ entryId: string; name: string }> {
  const found: Array<{ entryId: string; name: string }> = [];
  const walk = (segments: string[]) => {
    const folder = join(mediaRoot, ...segments);
    if (segments.length >= 2) {
      const entryId = segments.join('/');
      if (keep(entryId)) for (const name of filesIn(folder)) found.push({ entryId, name });
    }
    if (segments.length >= MAX_ID_SEGMENTS) return;
    let folders: string[];
    try {
      folders = listFolderNoFollow(folder).filter((item) => item.isDirectory() && isSlug(item.name)).map((item) => item.name).sort();
    } catch {
      return;
    }
    for (const name of folders) walk([...segments, name]);
  };
  walk([]);
  return found;
}
