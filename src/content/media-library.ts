import { join } from 'node:path';
import { listFolderNoFollow, statNoFollow } from '../lib/no-follow.js';
import { isSlug } from './entries/entry-id.js';
import { ACCEPTED_EXTENSIONS } from './media.js';
import { measureImageFile } from './image-measure.js';
import { readAltTexts } from './media-alt.js';
import { isServedMediaName } from './media-folder.js';
import { groupVariants, variantWidth } from './media-variants.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

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
  /** The alt text kept for the image (media-alt.ts), '' without one. */
  alt: string;
  /** Its width variants (`<stem>-<width>w.<ext>`), narrowest first. */
  variants: MediaVariant[];
}

export interface MediaVariant { name: string; width: number | null; size: number }

/** What describeMedia adds to a file's own facts: its alt text and its variants' names. */
export interface MediaExtras { alt?: string; variants?: readonly string[] }

/** Entry ids have two to four segments (entry-id.ts). */
const MAX_ID_SEGMENTS = 4;

export function isImageName(name: string): boolean {
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(name.slice(name.lastIndexOf('.') + 1).toLowerCase());
}

/** Size and, for an image, its dimensions (and its variants' sizes); null when the file went away. */
export function describeMedia(trusted: TrustedFolders, mediaRoot: string, entryId: string, name: string, extras: MediaExtras = {}): MediaItem | null {
  const folder = join(mediaRoot, ...entryId.split('/'));
  const file = join(folder, name);
  const variants = (extras.variants ?? []).flatMap((variant) => {
    const stat = statNoFollow(trusted, join(folder, variant));
    return stat?.isFile() ? [{ name: variant, width: variantWidth(name, variant), size: stat.size }] : [];
  });
  const known = { entryId, name, reference: `media/${entryId}/${name}`, alt: extras.alt ?? '', variants };
  if (isImageName(name)) {
    const measured = measureImageFile(trusted, file);
    if (measured) return { ...known, size: measured.size, width: measured.width, height: measured.height };
  }
  const stat = statNoFollow(trusted, file);
  return stat?.isFile() ? { ...known, size: stat.size, width: null, height: null } : null;
}

/** The plain files of one folder that the site serves, sorted by name. */
function filesIn(trusted: TrustedFolders, folder: string): string[] {
  try {
    return listFolderNoFollow(trusted, folder)
      .filter((item) => item.isFile() && isServedMediaName(item.name))
      .map((item) => item.name)
      .sort();
  } catch {
    return [];
  }
}

/** One entry's media, one item per picture (its width variants inside), sorted by name. */
export function entryMedia(trusted: TrustedFolders, mediaRoot: string, entryId: string): MediaItem[] {
  const folder = join(mediaRoot, ...entryId.split('/'));
  const alts = readAltTexts(trusted, folder);
  return groupVariants(filesIn(trusted, folder)).map(({ name, variants }) => describeMedia(trusted, mediaRoot, entryId, name, { alt: alts[name] ?? '', variants }))
    .filter((item): item is MediaItem => item !== null);
}

/**
 * Every picture under `mediaRoot` (content/media), entry by entry in id order, for the library (one per
 * picture, its variants' names with it); names only (describeMedia measures the few shown). `keep`
 * decides per entry id whether its files are listed.
 */
export function allMedia(trusted: TrustedFolders, mediaRoot: string, keep: (entryId: string) => boolean): Array<{ entryId: string; name: string; variants: string[] }> {
  const found: Array<{ entryId: string; name: string; variants: string[] }> = [];
  const walk = (segments: string[]) => {
    const folder = join(mediaRoot, ...segments);
    if (segments.length >= 2) {
      const entryId = segments.join('/');
      if (keep(entryId)) for (const picture of groupVariants(filesIn(trusted, folder))) found.push({ entryId, ...picture });
    }
    if (segments.length >= MAX_ID_SEGMENTS) return;
    let folders: string[];
    try {
      folders = listFolderNoFollow(trusted, folder).filter((item) => item.isDirectory() && isSlug(item.name)).map((item) => item.name).sort();
    } catch {
      return;
    }
    for (const name of folders) walk([...segments, name]);
  };
  walk([]);
  return found;
}
