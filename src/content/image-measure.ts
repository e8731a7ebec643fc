import { closeSync, constants, readSync } from 'node:fs';
import { imageSize } from 'image-size';
import { openNoFollow, readFileNoFollow, statNoFollow } from '../lib/no-follow.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

export interface MeasuredImage {
  width: number;
  height: number;
  /** Bytes on disk. */
  size: number;
}

interface Kept extends MeasuredImage { stamp: string }
const measured = new Map<string, Kept>();

/**
 * The width and height of an image file below content/, read once per version of the file (its mtime and
 * size), or null when it is not a readable image. Never through a symbolic link (lib/no-follow.ts). The
 * entry page's media list and the media library ask for the same files again and again.
 */
export function measureImageFile(trusted: TrustedFolders, file: string): MeasuredImage | null {
  const stat = statNoFollow(trusted, file);
  if (!stat?.isFile()) return null;
  const stamp = `${stat.mtimeMs}:${stat.size}`;
  const cached = measured.get(file);
  if (cached && cached.stamp === stamp) return cached;
  try {
    const found = sizeOfHead(trusted, file, stat.size) ?? imageSize(readFileNoFollow(trusted, file));
    if (!found.width || !found.height) return null;
    const value = { stamp, width: Math.round(found.width), height: Math.round(found.height), size: stat.size };
    if (measured.size > 20_000) measured.clear();
    measured.set(file, value);
    return value;
  } catch {
    return null;
  }
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
