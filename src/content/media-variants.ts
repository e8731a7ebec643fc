import { join } from 'node:path';
import { imageSize } from 'image-size';
import { listFolderNoFollow, readFileNoFollow } from '../lib/no-follow.js';
import { findTruncation, type ImageKind } from './media-complete.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

// Width variants: `<stem>-<width>w.<ext>` beside `<stem>.<ext>` is the same picture at another width (the
// cover's srcset lists them, cover.ts). The media library shows one item per picture with its variants inside,
// and replacing or deleting a picture takes its variants with it: an old variant would show the old picture.

/** The width of `name` as a variant of `original`, or null when it is not one of its variants. */
export function variantWidth(original: string, name: string): number | null {
  const dot = original.lastIndexOf('.');
  if (dot <= 0) return null;
  const stem = original.slice(0, dot);
  const extension = original.slice(dot);
  if (!name.startsWith(`${stem}-`) || !name.endsWith(`w${extension}`)) return null;
  const digits = name.slice(stem.length + 1, -1 - extension.length);
  return /^[1-9][0-9]{0,4}$/.test(digits) ? Number(digits) : null;
}

/**
 * Whether `name` could be read as a width variant of `original` by any reader: variantWidth's strict digits,
 * or cover.ts's srcset, which takes any positive whole number Number() reads between `<stem>-` and `w<ext>`.
 */
function readsAsVariant(original: string, name: string): boolean {
  const dot = original.lastIndexOf('.');
  if (dot <= 0) return false;
  const stem = original.slice(0, dot);
  const extension = original.slice(dot);
  if (name.length <= stem.length + extension.length + 2 || !name.startsWith(`${stem}-`) || !name.endsWith(`w${extension}`)) return false;
  const width = Number(name.slice(stem.length + 1, -1 - extension.length));
  return Number.isInteger(width) && width > 0;
}

/**
 * Whether a file saved as `name` beside `names` would be taken for the variant of one of them, or take one
 * of them for its own variant. Variants are made by hand (no encoder makes them here); an upload is one
 * picture that the person chose, so it is never saved under such a name (media.ts picks another): the
 * library would show it inside another picture, and deleting or replacing that one would take it along.
 */
export function groupsWithAny(name: string, names: Iterable<string>): boolean {
  for (const other of names) {
    if (other !== name && (readsAsVariant(other, name) || readsAsVariant(name, other))) return true;
  }
  return false;
}

/**
 * Groups a folder's file names into pictures and their variants. A name is a variant only when its
 * original is there too: `map-2w.png` alone is a picture of its own.
 */
export function groupVariants(names: readonly string[]): Array<{ name: string; variants: string[] }> {
  const present = new Set(names);
  const originalOf = (name: string): string | null => {
    const match = /^(.+)-[1-9][0-9]{0,4}w(\.[A-Za-z0-9]+)$/.exec(name);
    const original = match ? `${match[1]}${match[2]}` : null;
    return original && present.has(original) ? original : null;
  };
  const groups = new Map<string, string[]>();
  for (const name of names) if (originalOf(name) === null) groups.set(name, []);
  for (const name of names) {
    const original = originalOf(name);
    if (original === null) continue;
    // A variant of a variant (`a-480w-2w.png`) stays a picture of its own rather than vanish.
    const group = groups.get(original);
    if (group) group.push(name);
    else groups.set(name, []);
  }
  return [...groups].map(([name, variants]) => ({ name, variants: variants.sort((a, b) => (variantWidth(name, a) ?? 0) - (variantWidth(name, b) ?? 0)) }));
}

/**
 * What keeps an uploaded picture from being complete, as `svc check` and the demo's format check both judge
 * it: the picture is a whole image of an accepted type (media_upload's checks), and each width variant
 * beside it is one too, of the width its name says, narrower than the picture. Variants are optional:
 * uploads (the panel's and media_upload's alike) have none, and a cover without them lists the picture alone.
 */
export function pictureProblems(trusted: TrustedFolders, folder: string, name: string): string[] {
  const measure = (file: string): { width: number; kind: string } | string => {
    let bytes: Buffer;
    try { bytes = readFileNoFollow(trusted, join(folder, file)); } catch { return `${file} cannot be read`; }
    let size: { type?: string; width?: number };
    try { size = imageSize(bytes); } catch { return `${file} is not an image of an accepted type`; }
    const kind = size.type as ImageKind | undefined;
    if (!kind || !['png', 'jpg', 'gif', 'webp', 'avif'].includes(kind) || !size.width) return `${file} is not an image of an accepted type`;
    const truncated = findTruncation(kind, bytes);
    return truncated ? `${file} is incomplete: ${truncated}` : { width: size.width, kind };
  };
  const picture = measure(name);
  if (typeof picture === 'string') return [picture];
  const problems: string[] = [];
  const names = listFolderNoFollow(trusted, folder).filter((item) => item.isFile()).map((item) => item.name);
  for (const variant of groupVariants(names).find((group) => group.name === name)?.variants ?? []) {
    const measured = measure(variant);
    const width = variantWidth(name, variant);
    if (typeof measured === 'string') problems.push(measured);
    else if (measured.kind !== picture.kind) problems.push(`${variant} is a ${measured.kind.toUpperCase()} image beside a ${picture.kind.toUpperCase()} picture`);
    else if (measured.width !== width) problems.push(`${variant} is ${measured.width} pixels wide, not the ${width} its name says`);
    else if (measured.width >= picture.width) problems.push(`${variant} is not narrower than ${name} (${picture.width} pixels)`);
  }
  return problems;
}
