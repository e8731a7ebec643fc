import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { readFileNoFollow } from '../lib/no-follow.js';
import { mediaFolder, mediaReferenceParts } from './media-folder.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

// The alt text of each image, kept beside the images in their media folder (`.alt.yaml`: file name -> text),
// so it travels with them (a copied, trashed or restored folder keeps it). A dot file: the site never serves
// it and no media list shows it. One text per image, as WordPress keeps one per attachment; the Markdown
// inserted for an image and the cover on the public page use it.

export const ALT_FILE = '.alt.yaml';
/** A sentence or two: screen readers read it whole, so more than this is a caption, not an alt text. */
export const MAX_ALT_LENGTH = 300;

/** The alt texts of one media folder; an unreadable or malformed file counts as none. */
export function readAltTexts(trusted: TrustedFolders, mediaDir: string): Record<string, string> {
  try {
    const data = parse(readFileNoFollow(trusted, join(mediaDir, ALT_FILE)).toString('utf8')) as unknown;
    if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
    // Without a prototype: a file named toString or constructor (a name /media serves) found a function
    // where its alt text was looked up, and the media library, the editor and its public page answered 500.
    return Object.assign(Object.create(null) as Record<string, string>, Object.fromEntries(Object.entries(data as Record<string, unknown>).filter((pair): pair is [string, string] => typeof pair[1] === 'string')));
  } catch {
    return {};
  }
}

/** The file's new contents with `name`'s text set (an empty text removes it). */
export function altFileWith(current: Record<string, string>, name: string, alt: string): string {
  const next = { ...current };
  if (alt === '') delete next[name];
  else next[name] = alt;
  const sorted = Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b)));
  return Object.keys(sorted).length === 0 ? '' : stringify(sorted);
}

/** A person's alt text made safe to keep and to put in Markdown: one line, no brackets that end it. */
export function cleanAltText(text: string): string {
  // Line breaks and tabs become spaces first, so words on two lines stay two words.
  return [...text.normalize('NFC').replace(/\s+/g, ' ')].filter((c) => c >= ' ' && c !== '\u007f').join('').replace(/[[\]]/g, '').replace(/ +/g, ' ').trim();
}

/** The alt text of `media/<entry id>/<file>`, or '' when it has none (or the reference is not one). */
export function altTextOf(trusted: TrustedFolders, contentDir: string, reference: string): string {
  const parts = mediaReferenceParts(reference);
  return parts === null ? '' : readAltTexts(trusted, mediaFolder(contentDir, parts.entryId))[parts.name] ?? '';
}

/** `![alt](reference)`, the alt text as kept, or from the file name as media_upload answers it. */
export function imageMarkdown(reference: string, alt: string): string {
  const name = reference.slice(reference.lastIndexOf('/') + 1);
  const fallback = name.slice(0, Math.max(0, name.lastIndexOf('.')) || name.length).replaceAll('-', ' ');
  // A backslash would escape what follows it (at the end, the `]` that closes the text), and a hand-edited
  // .alt.yaml may hold brackets: each is written escaped, so the text reads as written and ends where it should.
  return `![${(alt || fallback).replace(/[\\[\]]/g, '\\$&')}](${reference})`;
}
