import { join, dirname, basename, extname } from 'node:path';
import { imageSize } from 'image-size';
import { listFolderNoFollow, readFileNoFollow, statNoFollow } from '../lib/no-follow.js';
import { parseEntryId } from './entry-id.js';

export interface Cover {
  url: string;
  srcset: string;
  width: number;
  height: number;
}

interface Measured { stamp: string; width: number; height: number }
const measured = new Map<string, Measured>();

function measure(file: string): { width: number; height: number } | null {
  let stamp: string;
  try {
    const stat = statNoFollow(file);
    if (!stat?.isFile()) return null;
    stamp = `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return null;
  }
  const cached = measured.get(file);
  if (cached && cached.stamp === stamp) return cached;
  try {
    const size = imageSize(readFileNoFollow(file));
    if (!size.width || !size.height) return null;
    const value = { stamp, width: Math.round(size.width), height: Math.round(size.height) };
    if (measured.size > 20_000) measured.clear();
    measured.set(file, value);
    return value;
  } catch {
    return null;
  }
}

/**
 * Resolves a `cover: media/<entry id>/<file>` reference to its address, size and a srcset built from the
 * image itself and its width variants beside it (`<name>-<width>w.<ext>`). Null when the reference is not a
 * media reference or the file is not a readable image.
 */
export function resolveCover(contentDir: string, baseUrl: string, reference: unknown): Cover | null {
  if (typeof reference !== 'string' || !reference.startsWith('media/')) return null;
  const parts = reference.split('/');
  const fileName = parts.pop()!;
  try {
    parseEntryId(parts.slice(1).join('/'));
  } catch {
    return null;
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(fileName) || fileName.includes('..')) return null;
  const file = join(contentDir, ...parts, fileName);
  const size = measure(file);
  if (!size) return null;
  const url = `${baseUrl}/${reference}`;
  const extension = extname(fileName);
  const stem = basename(fileName, extension);
  const candidates: { url: string; width: number }[] = [{ url, width: size.width }];
  try {
    for (const { name } of listFolderNoFollow(dirname(file))) {
      if (!name.startsWith(`${stem}-`) || !name.endsWith(`w${extension}`)) continue;
      const width = Number(name.slice(stem.length + 1, -1 - extension.length));
      if (!Number.isInteger(width) || width <= 0 || width === size.width) continue;
      candidates.push({ url: `${baseUrl}/${parts.join('/')}/${name}`, width });
    }
  } catch { /* no folder listing: the image alone */ }
  candidates.sort((a, b) => a.width - b.width);
  return { url, srcset: candidates.map((c) => `${c.url} ${c.width}w`).join(', '), width: size.width, height: size.height };
}
