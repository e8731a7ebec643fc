// A public page made self-contained for the entry preview view: the site's media (cover, images, url() in
// the entry's style.css) put in as data: addresses, and every other address taken out — links, the feed and
// canonical links, the Open Graph tags, scripts, forms — so the document loads nothing from anywhere and
// leads nowhere. The theme's CSS and the entry's style.css are inline in the page already.
import { join } from 'node:path';
import { readFileNoFollow, statNoFollow } from '../../lib/no-follow.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif' };
/** Past this many bytes of images in one preview, further images show their alternative text instead. */
export const PREVIEW_IMAGE_BUDGET = 8 * 1024 * 1024;
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The file behind a `/media/<entry id>/<file>` address of the site and its entry's id, or null for anything else. */
export function mediaFile(contentDir: string, siteUrl: string, address: string): { path: string; entryId: string } | null {
  let path = address.startsWith(siteUrl) ? address.slice(siteUrl.length) : address;
  if (path.startsWith('media/')) path = `/${path}`;
  if (!path.startsWith('/media/')) return null;
  const segments = path.slice('/media/'.length).split('/');
  if (segments.length < 2 || !segments.every((segment) => SEGMENT.test(segment) && !segment.includes('..'))) return null;
  const extension = segments.at(-1)!.split('.').pop()!.toLowerCase();
  if (!IMAGE_TYPES[extension]) return null;
  return { path: join(contentDir, 'media', ...segments), entryId: segments.slice(0, -1).join('/') };
}

/** The media addresses the page uses (img src and srcset, url() in CSS). */
export function mediaAddresses(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/\s(?:src|srcset)="([^"]*)"/g)) for (const part of match[1]!.split(',')) found.add(part.trim().split(/\s+/)[0]!);
  for (const match of html.matchAll(/url\(\s*(['"]?)([^'")]*)\1\s*\)/g)) found.add(match[2]!);
  return [...found].filter((address) => address.includes('/media/') || address.startsWith('media/'));
}

/** What makes the media part of a preview's stamp: each file's size and modification time. */
export function mediaStamp(trusted: TrustedFolders, contentDir: string, siteUrl: string, addresses: readonly string[]): string {
  return addresses.map((address) => {
    const file = mediaFile(contentDir, siteUrl, address);
    const stat = file ? statNoFollow(trusted, file.path) : undefined;
    return `${address}:${stat?.isFile() ? `${stat.size}:${stat.mtimeMs}` : '-'}`;
  }).join('\n');
}

/**
 * The page with its media inlined and every other address removed. `mayInline`: whether the files of an
 * entry may go into the document, which is kept by its address and read by everyone who may see the entry
 * previewed, so it may not depend on who asks: the previewed entry's own files and those of entries with a
 * published translation (a draft's text that shows another draft's image gets its alternative text).
 */
export function selfContained(trusted: TrustedFolders, html: string, contentDir: string, siteUrl: string, mayInline: (entryId: string) => boolean): string {
  let budget = PREVIEW_IMAGE_BUDGET;
  const inline = (address: string): string | null => {
    const file = mediaFile(contentDir, siteUrl, address);
    if (!file || !mayInline(file.entryId)) return null;
    try {
      const bytes = readFileNoFollow(trusted, file.path);
      if (bytes.length > budget) return null;
      budget -= bytes.length;
      return `data:${IMAGE_TYPES[file.path.split('.').pop()!.toLowerCase()]};base64,${bytes.toString('base64')}`;
    } catch {
      return null;
    }
  };
  return html
    .replace(/<script\b[^]*?<\/script>/gi, '')
    .replace(/<(?:link|base)\b[^>]*>/gi, '')
    .replace(/<meta\b(?![^>]*\b(?:charset|name="(?:viewport|color-scheme|robots|description)"))[^>]*>/gi, '')
    .replace(/<img\b[^>]*>/gi, (tag) => imageTag(tag, inline))
    // Only in CSS: a paragraph that mentions url(...) keeps its words.
    .replace(/<style\b[^>]*>[^]*?<\/style>|\sstyle="[^"]*"/gi, (css) => css.replace(/url\(\s*(['"]?)([^'")]*)\1\s*\)/g, (_all, _quote, address: string) =>
      `url('${address.startsWith('data:') ? address : inline(address) ?? 'data:,'}')`))
    .replace(/\s(href|action|formaction|poster|src|srcset)="([^"]*)"/gi, (all, name: string, value: string) =>
      (name.toLowerCase() === 'href' && value.startsWith('#')) || value.startsWith('data:') ? all : '');
}

/** An image with one inlined source: the srcset's widest candidate up to 1400 pixels, or its src. */
function imageTag(tag: string, inline: (address: string) => string | null): string {
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
  const candidates = (attribute('srcset') ?? '').split(',').map((part) => part.trim().split(/\s+/)).filter((part) => part[0])
    .map(([address, width]) => ({ address: address!, width: Number.parseInt(width ?? '0', 10) || 0 }))
    .sort((a, b) => a.width - b.width);
  const fitting = candidates.filter((candidate) => candidate.width <= 1400).at(-1) ?? candidates[0];
  const source = fitting?.address ?? attribute('src');
  const data = source ? inline(source) : null;
  const rest = tag.replace(/\s(?:src|srcset|sizes)="[^"]*"/gi, '');
  return data ? rest.replace(/^<img\b/i, `<img src="${data}"`) : rest;
}
