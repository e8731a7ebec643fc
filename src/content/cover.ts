import { join, dirname, basename, extname } from 'node:path';
import { listFolderNoFollow, statNoFollow } from '../lib/no-follow.js';
import { measureImageFile } from './image-measure.js';
import { mediaFolder, mediaReferenceParts } from './media-folder.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

export interface Cover {
  url: string;
  srcset: string;
  width: number;
  height: number;
}

/** An image with its size and width variants, as last read; `stamp` says whether that still holds. */
interface Described { stamp: string; width: number; height: number; variants: Array<{ name: string; width: number }> }
const described = new Map<string, Described>();

/**
 * The image's size and its `<stem>-<width>w<ext>` variants. Reading them means decoding the image's header
 * and listing its folder, which a list of twenty covers would do twenty times per answer; they are kept
 * instead while the image's stamp and its folder's mtime (which moves when a variant is added or removed)
 * stay the same: two stats per cover.
 */
function describe(trusted: TrustedFolders, file: string, stem: string, extension: string): Described | null {
  let stamp: string;
  try {
    // Never through a symbolic link (lib/no-follow.ts): a linked image or media folder is no cover.
    const stat = statNoFollow(trusted, file);
    const folder = statNoFollow(trusted, dirname(file));
    if (!stat?.isFile() || !folder) return null;
    stamp = `${stat.mtimeMs}:${stat.size}:${folder.mtimeMs}`;
  } catch {
    return null;
  }
  const cached = described.get(file);
  if (cached && cached.stamp === stamp) return cached;
  // Measured from the file's head, once per version of it, a file that is no image as well (image-measure.ts).
  const size = measureImageFile(trusted, file);
  if (!size) return null;
  const { width, height } = size;
  const variants: Described['variants'] = [];
  try {
    for (const { name } of listFolderNoFollow(trusted, dirname(file))) {
      if (!name.startsWith(`${stem}-`) || !name.endsWith(`w${extension}`)) continue;
      const variantWidth = Number(name.slice(stem.length + 1, -1 - extension.length));
      if (Number.isInteger(variantWidth) && variantWidth > 0 && variantWidth !== width) variants.push({ name, width: variantWidth });
    }
  } catch { /* no folder listing: the image alone */ }
  const value = { stamp, width, height, variants };
  if (described.size > 20_000) described.clear();
  described.set(file, value);
  return value;
}

/**
 * Resolves a `cover: media/<entry id>/<file>` reference to its address, size and a srcset built from the
 * image itself and its width variants beside it (`<name>-<width>w.<ext>`). Null when the reference is not a
 * media reference or the file is not a readable image.
 */
export function resolveCover(trusted: TrustedFolders, contentDir: string, baseUrl: string, reference: unknown): Cover | null {
  const parts = mediaReferenceParts(reference);
  if (!parts) return null;
  const extension = extname(parts.name);
  const image = describe(trusted, join(mediaFolder(contentDir, parts.entryId), parts.name), basename(parts.name, extension), extension);
  if (!image) return null;
  const url = `${baseUrl}/${reference as string}`;
  const folderUrl = `${baseUrl}/media/${parts.entryId}`;
  const candidates = [{ url, width: image.width }, ...image.variants.map((v) => ({ url: `${folderUrl}/${v.name}`, width: v.width }))];
  candidates.sort((a, b) => a.width - b.width);
  return { url, srcset: candidates.map((c) => `${c.url} ${c.width}w`).join(', '), width: image.width, height: image.height };
}
