import { readdirSync } from 'node:fs';
import { join, dirname, basename, extname } from 'node:path';
import { parseEntryId } from './entry-id.js';
import { measureImageFile } from './image-measure.js';

export interface Cover {
  url: string;
  srcset: string;
  width: number;
  height: number;
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
  const size = measureImageFile(file);
  if (!size) return null;
  const url = `${baseUrl}/${reference}`;
  const extension = extname(fileName);
  const stem = basename(fileName, extension);
  const candidates: { url: string; width: number }[] = [{ url, width: size.width }];
  try {
    for (const name of readdirSync(dirname(file))) {
      if (!name.startsWith(`${stem}-`) || !name.endsWith(`w${extension}`)) continue;
      const width = Number(name.slice(stem.length + 1, -1 - extension.length));
      if (!Number.isInteger(width) || width <= 0 || width === size.width) continue;
      candidates.push({ url: `${baseUrl}/${parts.join('/')}/${name}`, width });
    }
  } catch { /* no folder listing: the image alone */ }
  candidates.sort((a, b) => a.width - b.width);
  return { url, srcset: candidates.map((c) => `${c.url} ${c.width}w`).join(', '), width: size.width, height: size.height };
}
