import { closeSync, constants, readSync } from 'node:fs';
import { imageSize } from 'image-size';
import { openNoFollow, readFileNoFollow, statNoFollow } from '../lib/no-follow.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';
import { MAX_IMAGE_SIDE, MAX_MEDIA_FILE_BYTES } from './media.js';

export interface MeasuredImage {
  width: number;
  height: number;
  /** Bytes on disk. */
  size: number;
}

/** What was found for one version of a file (its mtime and size): its measure, or null when it is none. */
interface Kept { stamp: string; image: MeasuredImage | null }
const measured = new Map<string, Kept>();

/**
 * The width and height of an image file below content/, read once per version of the file (its mtime and
 * size), or null when it is not a readable image (or claims more than MAX_IMAGE_SIDE pixels a side, as no
 * upload may), which is remembered as well: a file that is no image (a
 * hand-placed 300 MB one named cover.png) is not read again at every page, list or library view. Never
 * through a symbolic link (lib/no-follow.ts). At most its first 256 KB are read, or the whole of a file up
 * to the largest an upload may be when they do not hold the size.
 */
export function measureImageFile(trusted: TrustedFolders, file: string): MeasuredImage | null {
  const stat = statNoFollow(trusted, file);
  if (!stat?.isFile()) return null;
  const stamp = `${stat.mtimeMs}:${stat.size}`;
  const cached = measured.get(file);
  if (cached && cached.stamp === stamp) return cached.image;
  let image: MeasuredImage | null = null;
  try {
    const found = sizeOfHead(trusted, file, stat.size) ?? (stat.size <= MAX_MEDIA_FILE_BYTES ? imageSize(readFileNoFollow(trusted, file)) : null);
    if (found?.width && found.height && found.width <= MAX_IMAGE_SIDE && found.height <= MAX_IMAGE_SIDE) image = { width: Math.round(found.width), height: Math.round(found.height), size: stat.size };
  } catch {
    image = null;
  }
  if (measured.size > 20_000) measured.clear();
  measured.set(file, { stamp, image });
  return image;
}

/** Headers hold the size; a library page of large photos need not read them whole. */
const HEAD_BYTES = 256 * 1024;

/** The size read from the file's first bytes, or null when they do not hold it (the caller reads the whole). */
function sizeOfHead(trusted: TrustedFolders, file: string, size: number): { width?: number; height?: number } | null {
  if (size <= HEAD_BYTES) return null;
  const head = Buffer.alloc(HEAD_BYTES);
  const fd = openNoFollow(trusted, file, constants.O_RDONLY);
  try {
    readSync(fd, head, 0, HEAD_BYTES, 0);
  } finally {
    closeSync(fd);
  }
  try {
    return imageSize(head);
  } catch {
    return null;
  }
}
