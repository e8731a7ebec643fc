import { readFileSync, statSync } from 'node:fs';
import { imageSize } from 'image-size';

export interface MeasuredImage {
  width: number;
  height: number;
  /** Bytes on disk. */
  size: number;
}

interface Kept extends MeasuredImage { stamp: string }
const measured = new Map<string, Kept>();

/**
 * The width and height of an image file, read once per version of the file (its mtime and size), or null
 * when it is not a readable image. Covers, the entry page's media list and the media library ask for the
 * same files again and again.
 */
export function measureImageFile(file: string): MeasuredImage | null {
  let stamp: string;
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return null;
    stamp = `${stat.mtimeMs}:${stat.size}`;
    size = stat.size;
  } catch {
    return null;
  }
  const cached = measured.get(file);
  if (cached && cached.stamp === stamp) return cached;
  try {
    const found = imageSize(readFileSync(file));
    if (!found.width || !found.height) return null;
    const value = { stamp, width: Math.round(found.width), height: Math.round(found.height), size };
    if (measured.size > 20_000) measured.clear();
    measured.set(file, value);
    return value;
  } catch {
    return null;
  }
}
